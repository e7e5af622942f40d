import { describe, expect, it } from 'vitest';
import { centsToDollars } from '@/shared/domain/money';

describe('centsToDollars (spec: dashboards 1 — money is shown in USD)', () => {
  it('turns stored cents into dollars, rounded to the cent', () => {
    expect(centsToDollars(123456)).toBe(1234.56);
    expect(centsToDollars(-250)).toBe(-2.5);
    expect(centsToDollars(1000 / 3)).toBe(3.33);
  });

  it('reads the text a database sum gives, and nothing as zero', () => {
    expect(centsToDollars('98765')).toBe(987.65);
    expect(centsToDollars(null)).toBe(0);
    expect(centsToDollars(undefined)).toBe(0);
  });
});
