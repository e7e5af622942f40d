import { describe, expect, it } from 'vitest';
import { formatPhoneForCrm, isUsPhone, stripPhone, usNationalDigits } from '@/shared/domain/phone';

describe('phone rules (spec 5)', () => {
  it('strips dashes, parentheses and spaces for sync', () => {
    expect(stripPhone('(415) 555-0134')).toBe('4155550134');
    expect(stripPhone('+1 415.555.0134')).toBe('+14155550134');
  });

  it('formats 10 digits as "(XXX) XXX-XXXX" for the CRM and sends anything else stripped', () => {
    expect(formatPhoneForCrm('415-555-0134')).toBe('(415) 555-0134');
    expect(formatPhoneForCrm('+1 (415) 555-0134')).toBe('+14155550134');
    expect(formatPhoneForCrm('555 0134')).toBe('5550134');
  });

  it('accepts US numbers with or without +1 and refuses others', () => {
    expect(usNationalDigits('+1 (415) 555-0134')).toBe('4155550134');
    expect(isUsPhone('415 555 0134')).toBe(true);
    expect(isUsPhone('1-415-555-0134')).toBe(true);
    expect(isUsPhone('+44 20 7946 0958')).toBe(false);
    expect(isUsPhone('115 555 0134')).toBe(false); // no area code starts with 1
    expect(isUsPhone('555-0134')).toBe(false);
  });
});
