import { describe, expect, it } from 'vitest';
import {
  apportionProblem,
  formatDollars,
  hasAtMostTwoDecimals,
  toCents,
} from '@/shared/domain/campaign-apportion';

const share = (leadSourceId: string, month: string, amount: number) => ({
  leadSourceId,
  month,
  amount,
});

describe('campaign apportion', () => {
  it('accepts shares that add up to the spend exactly, to the cent, despite floating point', () => {
    // 0.1 + 0.2 !== 0.3 in floating point; in cents it adds up.
    expect(
      apportionProblem(0.3, [share('a', '2026-01', 0.1), share('b', '2026-01', 0.2)]),
    ).toBeNull();
    expect(apportionProblem(0, [])).toBeNull();
  });

  it('names both totals and the difference when the shares fall short or go over', () => {
    expect(
      apportionProblem(1500, [share('a', '2026-01', 1000), share('a', '2026-02', 199.5)]),
    ).toBe(
      "The shares add up to $1,199.50 but the campaign's spend is $1,500.00: $300.50 is not apportioned yet.",
    );
    expect(apportionProblem(10, [share('a', '2026-01', 10.01)])).toBe(
      "The shares add up to $10.01 but the campaign's spend is $10.00: they are $0.01 over.",
    );
  });

  it('refuses two shares for the same lead source and month', () => {
    expect(apportionProblem(20, [share('a', '2026-01', 10), share('a', '2026-01', 10)])).toContain(
      'appears twice for 2026-01',
    );
  });

  it('converts and formats money', () => {
    expect(toCents(1200.25)).toBe(120025);
    expect(toCents(19.99)).toBe(1999);
    expect(formatDollars(123456789)).toBe('$1,234,567.89');
    expect(formatDollars(5)).toBe('$0.05');
    expect(hasAtMostTwoDecimals(19.99)).toBe(true);
    expect(hasAtMostTwoDecimals(10.001)).toBe(false);
  });
});
