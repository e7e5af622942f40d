import { describe, expect, it } from 'vitest';
import { LARGE_GRID_VARIABLES } from '@/shared/contracts/call-flow';
import { cleanHistoryVariables } from '@/shared/call-flow/history-payload';

describe('history payloads (spec 5)', () => {
  it('drops empty, null and undefined values', () => {
    expect(
      cleanHistoryVariables({
        name: 'Dana',
        empty: '',
        none: null,
        list: [],
        obj: {},
        zero: 0,
        no: false,
      }),
    ).toEqual({ name: 'Dana', zero: 0, no: false });
  });

  it('names 14 large grid variables in one constant and empties them', () => {
    expect(LARGE_GRID_VARIABLES).toHaveLength(14);
    expect(new Set(LARGE_GRID_VARIABLES).size).toBe(14);
    const rows = [{ provider: 'Mercy Hospital', amount: '1200' }];
    expect(
      cleanHistoryVariables({ medicalBillsGrid: rows, injuriesGrid: [], otherGrid: rows }),
    ).toEqual({
      medicalBillsGrid: [],
      otherGrid: rows,
    });
  });

  it('keeps an own __proto__ variable as data and answers a bag without a prototype', () => {
    const input = JSON.parse('{"__proto__": "x", "a": "1"}') as Record<string, string>;
    const cleaned = cleanHistoryVariables(input);
    expect(Object.getPrototypeOf(cleaned)).toBeNull();
    expect(Object.keys(cleaned)).toEqual(['__proto__', 'a']);
  });
});
