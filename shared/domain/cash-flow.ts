/**
 * The Cash Flow card's rules (spec: dashboards 2.3 Cash Flow card, 1 "Money is shown in
 * USD"): active payment plans = on plan + off plan; rates in percent to 2 decimals.
 */

export interface PaymentPlanRates {
  activePaymentPlans: number;
  /** Percent with 2 decimals. */
  onPlanRate: number;
  offPlanRate: number;
}

const twoDecimals = (value: number) => Math.round(value * 100) / 100;

export function paymentPlanRates(onPlan: number, offPlan: number): PaymentPlanRates {
  const active = onPlan + offPlan;
  if (active <= 0) return { activePaymentPlans: 0, onPlanRate: 0, offPlanRate: 0 };
  return {
    activePaymentPlans: active,
    onPlanRate: twoDecimals((onPlan / active) * 100),
    offPlanRate: twoDecimals((offPlan / active) * 100),
  };
}

/** 12.5 → '12.50%'. */
export function formatRate(percent: number): string {
  return `${percent.toFixed(2)}%`;
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** 1234.5 → '$1,234.50'; -20 → '-$20.00'. */
export function formatUsd(amount: number): string {
  return usd.format(Number.isFinite(amount) ? amount : 0);
}

/** spec: dashboards 2.3 — the 'Who Missed?' list's 'View All' item leads here. */
export const COLLECTIONS_PATH = '/app/cash-flow-pipeline/collections';

/** View All's target: the collections for the range the card shows (issue 15). */
export function collectionsPath(range: { startDate: string; endDate: string }): string {
  const query = new URLSearchParams({ startDate: range.startDate, endDate: range.endDate });
  return `${COLLECTIONS_PATH}?${query.toString()}`;
}
