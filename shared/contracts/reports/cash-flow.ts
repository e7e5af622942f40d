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
 * - books: the QuickBooks company the figures were read from, and when (issue #33).
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

/**
 * Where the figures come from when the workspace is connected to QuickBooks Online (issue
 * #33): its company, when the copy kept here was last read whole (null: not yet), and
 * what stands in the way of a fresh reading ('reconnect': the grant ended; 'sync-failed':
 * the last reading failed), the figures being those of the last reading meanwhile.
 */
export const cashFlowBooksSchema = z.object({
  vendor: z.literal('quickbooks'),
  companyName: z.string().nullable(),
  readAt: z.string().nullable(),
  problem: z.enum(['reconnect', 'sync-failed']).nullable(),
});
export type CashFlowBooks = z.infer<typeof cashFlowBooksSchema>;

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
  /** The QuickBooks company read; absent for the workspace's own (demo) books. */
  books: cashFlowBooksSchema.optional(),
});
export type CashFlowData = z.infer<typeof cashFlowDataSchema>;
export const cashFlowResponseSchema = z.object({ data: cashFlowDataSchema });
export type CashFlowResponse = z.infer<typeof cashFlowResponseSchema>;
