/**
 * Campaign apportion (issue #16, Settings > Campaign apportion): a campaign's spend split
 * across lead sources and months. The shares must add up to the spend exactly, to the
 * cent; when they do not, the message names both totals and the difference.
 * Amounts travel as dollars with at most two decimals and are kept as integer cents, so
 * the sum is exact.
 */
export interface ApportionShare {
  leadSourceId: string;
  /** 'YYYY-MM' */
  month: string;
  /** Dollars. */
  amount: number;
}

/** Dollars (at most two decimals, checked by the contract) to integer cents. */
export function toCents(dollars: number): number {
  return Math.round(dollars * 100);
}

/** "$1,234.50" */
export function formatDollars(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const whole = Math.floor(abs / 100).toLocaleString('en-US');
  return `${sign}$${whole}.${String(abs % 100).padStart(2, '0')}`;
}

/** True when a dollar amount has at most two decimals (floating point tolerated). */
export function hasAtMostTwoDecimals(dollars: number): boolean {
  return Math.abs(dollars * 100 - Math.round(dollars * 100)) < 1e-6;
}

/**
 * Why the shares cannot be stored as they are, or null. Checks what needs the whole list:
 * one share per lead source and month, and the totals adding up.
 */
export function apportionProblem(
  spendDollars: number,
  shares: readonly ApportionShare[],
): string | null {
  const seen = new Set<string>();
  for (const share of shares) {
    const key = `${share.leadSourceId} ${share.month}`;
    if (seen.has(key)) {
      return `shares: lead source ${share.leadSourceId} appears twice for ${share.month}; give one share per lead source and month.`;
    }
    seen.add(key);
  }
  const spend = toCents(spendDollars);
  const total = shares.reduce((sum, share) => sum + toCents(share.amount), 0);
  if (total === spend) return null;
  const difference = formatDollars(Math.abs(spend - total));
  return total < spend
    ? `The shares add up to ${formatDollars(total)} but the campaign's spend is ${formatDollars(spend)}: ${difference} is not apportioned yet.`
    : `The shares add up to ${formatDollars(total)} but the campaign's spend is ${formatDollars(spend)}: they are ${difference} over.`;
}
