import { z } from 'zod';
import {
  countSchema,
  dateRangeSchema,
  moneySchema,
  percentSchema,
  reportDaySchema,
} from './report-filters';

/**
 * GET workspaces/{id}/reports/quickbooks?startDate=&endDate= — the Cash Flow card (spec:
 * dashboards 2.3 Cash Flow card, 3 Cash flow data). Money in USD with cents.
 * - collected: money received in the range (full and partial payments);
 * - missedPayments: payments due in the range and not paid, largest first (the card's
 *   'Who Missed?' list), missedPaymentsTotal their sum;
 * - partialPaymentTotal: the unpaid remainder of payments paid in part in the range;
 * - operatingAccount, profitAccount: the bank balances on the end date (latest before it);
 * - activePaymentPlans = onPlan + offPlan: plans running on the end date; a plan is off
 *   plan when one of its payments due in the range was missed; rates are percents with 2
 *   decimals;
 * - futureCashFlow: scheduled payments due after the end date on active plans.
 * A workspace without payment records answers zeros.
 */
export const cashFlowQuerySchema = dateRangeSchema;
export type CashFlowQuery = z.input<typeof cashFlowQuerySchema>;

export const missedPaymentSchema = z.object({
  id: z.string(),
  contactId: z.string(),
  name: z.string(),
  amount: moneySchema,
  dueDate: reportDaySchema,
});
export type MissedPayment = z.infer<typeof missedPaymentSchema>;

export const cashFlowDataSchema = z.object({
  collected: moneySchema,
  missedPayments: z.array(missedPaymentSchema),
  missedPaymentsTotal: moneySchema,
  partialPaymentTotal: moneySchema,
  operatingAccount: moneySchema,
  profitAccount: moneySchema,
  activePaymentPlans: countSchema,
  onPlan: countSchema,
  offPlan: countSchema,
  onPlanRate: percentSchema,
  offPlanRate: percentSchema,
  futureCashFlow: moneySchema,
  startDate: reportDaySchema,
  endDate: reportDaySchema,
});
export type CashFlowData = z.infer<typeof cashFlowDataSchema>;
export const cashFlowResponseSchema = z.object({ data: cashFlowDataSchema });
export type CashFlowResponse = z.infer<typeof cashFlowResponseSchema>;
