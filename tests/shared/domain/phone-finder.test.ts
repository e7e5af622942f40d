import { describe, expect, it } from 'vitest';
import { canClickToCall } from '@/shared/domain/click-to-call';
import { findPhoneNumbers, formatFoundPhone, personNameFrom } from '@/shared/domain/phone-finder';
import { makeWorkspace } from './fixtures';

const nationals = (text: string) => findPhoneNumbers(text).map((phone) => phone.national);

describe('findPhoneNumbers (issue #13: phone numbers on CRM pages become call buttons)', () => {
  it('finds a number in the ways CRMs write them, with where it is in the text', () => {
    const text = 'Phone: (555) 010-2000, mobile 312.555.0142';
    const found = findPhoneNumbers(text);
    expect(found).toEqual([
      { start: 7, end: 21, text: '(555) 010-2000', national: '5550102000' },
      { start: 30, end: 42, text: '312.555.0142', national: '3125550142' },
    ]);
    expect(text.slice(found[1].start, found[1].end)).toBe('312.555.0142');
  });

  it('takes a +1 or 1 country code as part of the number', () => {
    expect(findPhoneNumbers('Caller +1 312-555-0187')[0]).toMatchObject({
      text: '+1 312-555-0187',
      national: '3125550187',
    });
    expect(nationals('1 (415) 555 0134')).toEqual(['4155550134']);
    expect(nationals('+13125550142')).toEqual(['3125550142']);
    expect(nationals('312 555 0142')).toEqual(['3125550142']);
  });

  it('takes a bare run of 10 digits only when it is a well-formed US number', () => {
    expect(nationals('3125550142')).toEqual(['3125550142']);
    // Exchange starting with 0: an id or an amount, not a phone, when written bare.
    expect(nationals('5550102000')).toEqual([]);
    // Area code starting with 1 or 0 is never a US number.
    expect(nationals('123-555-0142')).toEqual([]);
    expect(nationals('(012) 555-0142')).toEqual([]);
  });

  it('leaves out ids, dates, mixed separators and numbers inside longer ones', () => {
    expect(nationals('Record 4876876000000421001')).toEqual([]);
    expect(nationals('Contact ID 12345 · 2026-11-23')).toEqual([]);
    expect(nationals('312-555.0142')).toEqual([]);
    expect(nationals('312-555-0142-9')).toEqual([]);
    expect(nationals('A312-555-0142')).toEqual([]);
    expect(nationals('312-555-01423')).toEqual([]);
    expect(nationals('+44 20 7946 0958')).toEqual([]);
  });

  it('finds every number of a text once', () => {
    expect(nationals('Call from (555) 010-3000 · Tracking number (555) 010-9999')).toEqual([
      '5550103000',
      '5550109999',
    ]);
  });
});

describe('formatFoundPhone', () => {
  it('reads every number alike, whatever the page wrote', () => {
    const [first, second] = findPhoneNumbers('+1 312.555.0142 and 5125550147');
    expect(formatFoundPhone(first)).toBe('(312) 555-0142');
    expect(formatFoundPhone(second)).toBe('(512) 555-0147');
  });
});

describe('personNameFrom', () => {
  it('takes a header that reads as a name, spaces collapsed', () => {
    expect(personNameFrom('  John\n   Smith ')).toBe('John Smith');
    expect(personNameFrom("Mary-Kate O'Neil")).toBe("Mary-Kate O'Neil");
  });

  it('refuses empty text, digits (a heading with a number, an id) and long text', () => {
    expect(personNameFrom('')).toBeNull();
    expect(personNameFrom(null)).toBeNull();
    expect(personNameFrom('Call from (555) 010-3000')).toBeNull();
    expect(personNameFrom('x'.repeat(81))).toBeNull();
  });
});

describe('canClickToCall (who gets call buttons)', () => {
  const withCtm = makeWorkspace({ ctmSetting: true, ctmAccount: 'acct_1' });

  it('is the roles that take calls, in a workspace with call tracking', () => {
    expect(canClickToCall('operator', withCtm)).toBe(true);
    expect(canClickToCall('owner', withCtm)).toBe(true);
    expect(canClickToCall('admin', withCtm)).toBe(true);
    expect(canClickToCall('consultant', withCtm)).toBe(false);
    expect(canClickToCall('system', withCtm)).toBe(false);
    expect(canClickToCall(null, withCtm)).toBe(false);
  });

  it('is nobody without the call-tracking account or its setting', () => {
    expect(canClickToCall('operator', makeWorkspace({ ctmSetting: false, ctmAccount: 'a' }))).toBe(
      false,
    );
    expect(canClickToCall('operator', makeWorkspace({ ctmSetting: true, ctmAccount: null }))).toBe(
      false,
    );
    expect(canClickToCall('operator', null)).toBe(false);
  });
});
