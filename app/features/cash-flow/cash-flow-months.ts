import type { CashFlowData } from '@/shared/contracts/reports/cash-flow';
import { isValidDateRange, type DateRange } from '@/shared/domain/date-range';

/** The months the QuickBooks screen can look back over. */
export const CASH_FLOW_MONTH_CHOICES = [3, 6, 12, 24] as const;
export const DEFAULT_CASH_FLOW_MONTHS = 12;

export interface MonthRange extends DateRange {
  /** 'YYYY-MM'. */
  month: string;
}

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * The last `count` calendar months up to `today` (an ISO day), oldest first: each from its
 * first day to its last, the current one to today (the report refuses days after today).
 */
export function monthRanges(today: string, count: number): MonthRange[] {
  const [year, month] = today.split('-').map(Number) as [number, number];
  return Array.from({ length: count }, (_, i) => {
    const index = year * 12 + (month - 1) - (count - 1 - i);
    const y = Math.floor(index / 12);
    const m = (index % 12) + 1;
    const lastDay = new Date(Date.UTC(y, m, 0)).getUTCDate();
    const monthKey = `${y}-${pad(m)}`;
    const end = `${monthKey}-${pad(lastDay)}`;
    return { month: monthKey, startDate: `${monthKey}-01`, endDate: end > today ? today : end };
  });
}

export interface CashFlowMonth extends MonthRange {
  data: CashFlowData;
}

/** A workspace whose accounting records hold nothing in these months: 'No Data' (spec 8). */
export function isCashFlowHistoryEmpty(months: readonly CashFlowMonth[]): boolean {
  return months.every(
    ({ data }) =>
      data.collected === 0 &&
      data.missedPaymentsTotal === 0 &&
      data.partialPaymentTotal === 0 &&
      data.operatingAccount === 0 &&
      data.profitAccount === 0 &&
      data.activePaymentPlans === 0,
  );
}

/** The range a link carried (`?startDate=&endDate=`), when it is a valid report range. */
export function linkedRange(search: string, today: Date): DateRange | null {
  const params = new URLSearchParams(search);
  const startDate = params.get('startDate');
  const endDate = params.get('endDate');
  if (!startDate || !endDate) return null;
  const range = { startDate, endDate };
  return isValidDateRange(range, today) ? range : null;
}
