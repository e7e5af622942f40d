import { describe, expect, it } from 'vitest';
import {
  findByPhone,
  formatInternationalUs,
  isDialableInUs,
  isValidDialNumber,
  NON_US_NUMBER_WARNING,
  PHONE_MIN_LENGTH,
  phoneDigits,
  phoneMatchKey,
  phonesMatch,
  toUsE164,
} from '@/shared/domain/phone-dialing';

describe('tolerant phone matching (issue #13: digits only, last 10 digits)', () => {
  it('reads only the digits', () => {
    expect(phoneDigits('+1 (415) 555-0134 ext')).toBe('14155550134');
  });

  it('treats a number written with or without country code and punctuation as one', () => {
    for (const written of ['+1 (415) 555-0134', '415.555.0134', '14155550134', '415 555 0134']) {
      expect(phonesMatch(written, '4155550134')).toBe(true);
    }
    expect(phoneMatchKey('+1 (415) 555-0134')).toBe('4155550134');
  });

  it('compares short numbers whole and never matches a number without digits', () => {
    expect(phoneMatchKey('555-0134')).toBe('5550134');
    expect(phonesMatch('555-0134', '415-555-0134')).toBe(false);
    expect(phoneMatchKey('unknown')).toBeNull();
    expect(phonesMatch('', '')).toBe(false);
  });

  it('tells different numbers apart', () => {
    expect(phonesMatch('415 555 0134', '415 555 0135')).toBe(false);
  });

  it('finds every record with a matching phone, so the agent can pick among several', () => {
    const contacts = [
      { id: 'a', phones: ['(415) 555-0134', null] },
      { id: 'b', phones: ['212-555-0100'] },
      { id: 'c', phones: [undefined, '+1 415 555 0134'] },
    ];
    const found = findByPhone(contacts, '14155550134', (c) => c.phones);
    expect(found.map((c) => c.id)).toEqual(['a', 'c']);
    expect(findByPhone(contacts, 'no digits', (c) => c.phones)).toEqual([]);
  });
});

describe('tracking numbers in international US format (spec: session 2 Call number picker)', () => {
  it('shows a US number as +1 XXX-XXX-XXXX, however it is stored', () => {
    expect(formatInternationalUs('+13125550142')).toBe('+1 312-555-0142');
    expect(formatInternationalUs('(312) 555-0142')).toBe('+1 312-555-0142');
  });

  it('shows any other number as written, without formatting', () => {
    expect(formatInternationalUs('+44 20 7946 0958')).toBe('+442079460958');
  });

  it('stores a US number in E.164 and refuses others', () => {
    expect(toUsE164('1-312-555-0142')).toBe('+13125550142');
    expect(toUsE164('+44 20 7946 0958')).toBeNull();
  });
});

describe('custom dial number (spec: session 5, 9 phone minimum length 10)', () => {
  it('needs at least 10 characters', () => {
    expect(PHONE_MIN_LENGTH).toBe(10);
    expect(isValidDialNumber('415555013')).toBe(false);
    expect(isValidDialNumber('4155550134')).toBe(true);
  });

  it('takes digits with an optional leading plus, nothing else', () => {
    expect(isValidDialNumber('+14155550134')).toBe(true);
    expect(isValidDialNumber('14155550134+')).toBe(false);
    expect(isValidDialNumber('++4155550134')).toBe(false);
    expect(isValidDialNumber('415-555-0134')).toBe(false);
    expect(isValidDialNumber('415 555 0134')).toBe(false);
    expect(isValidDialNumber('41555501ab')).toBe(false);
  });

  it('ignores spaces around a pasted number', () => {
    expect(isValidDialNumber('  4155550134 ')).toBe(true);
  });
});

describe('non-US numbers (spec: session 5 "Phone validation uses the US")', () => {
  it('says the phone system cannot dial outside the United States', () => {
    expect(NON_US_NUMBER_WARNING).toBe(
      'This is not a United States phone number. Your phone system does not allow dialing outside of the United States.',
    );
  });

  it('dials US numbers only', () => {
    expect(isDialableInUs('+1 415 555 0134')).toBe(true);
    expect(isDialableInUs('+44 20 7946 0958')).toBe(false);
  });
});
