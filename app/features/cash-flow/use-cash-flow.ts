import { useReportQuery } from '@/app/reports/use-report-query';
import type { ApiClient } from '@/shared/api/client';
import { fetchCashFlow } from '@/shared/api/cockpit';
import type { DateRange } from '@/shared/domain/date-range';
import { isCashFlowHistoryEmpty, monthRanges, type CashFlowMonth } from './cash-flow-months';

/**
 * GET reports/quickbooks for one range (the Collections screen). No missed payment is
 * good news, not 'No Data': the screen shows the zeros and says so.
 */
export const useCashFlow = (range: DateRange | null) =>
  useReportQuery('quickbooks', range, fetchCashFlow);

async function loadHistory(
  api: ApiClient,
  workspaceId: string,
  input: { today: string; months: number },
): Promise<CashFlowMonth[]> {
  const ranges = monthRanges(input.today, input.months);
  // One call per month (the report answers one range); they run side by side.
  const answers = await Promise.all(ranges.map((range) => fetchCashFlow(api, workspaceId, range)));
  return ranges.map((range, i) => ({ ...range, data: answers[i]! }));
}

/** The last `months` calendar months, one Cash Flow reading each (the QuickBooks screen). */
export const useCashFlowHistory = (input: { today: string; months: number } | null) =>
  useReportQuery('quickbooks-history', input, loadHistory, isCashFlowHistoryEmpty);
