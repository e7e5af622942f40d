import { describe, expect, it } from 'vitest';
import { countOf } from '@/app/reports/table/report-format';

describe('countOf (issue #15: plural rules for every count text)', () => {
  it('says one thing in the singular and every other count in the plural, with separators', () => {
    expect(countOf(1, 'contact')).toBe('1 contact');
    expect(countOf(0, 'contact')).toBe('0 contacts');
    expect(countOf(2, 'contact')).toBe('2 contacts');
    expect(countOf(12_345, 'call')).toBe('12,345 calls');
    expect(countOf(3, 'other agent')).toBe('3 other agents');
    expect(countOf(1, 'more', 'more')).toBe('1 more');
  });
});
