/**
 * The Cash Flow card read from a workspace's copy of its QuickBooks Online books (issue #33;
 * spec: dashboards 2.3 Cash Flow card, 3 Cash flow data). The sync files invoices and bank
 * accounts with these rules and the report (server/reports/quickbooks-cash-flow.ts) counts
 * with them, in SQL where it sums over many invoices. Money in cents, days 'YYYY-MM-DD'.
 *
 * - An invoice is one payment due on its due day of its total; its balance is still owed.
 *   Once due (due day on or before the workspace's today) with something owed, it is
 *   missed when nothing was paid (balance at least the total), partial when something was.
 *   Nothing owed: collected. Not yet due: scheduled.
 * - A bank account is the operating or the profit account by its name.
 * - A recurring invoice template is a payment plan: its installments fall from its next
 *   date (its start when QuickBooks gives none) every interval (Daily, Weekly, Monthly,
 *   Yearly; anything else is read as Monthly) times its count, until its end date, or for
 *   12 months when it has none. Month steps keep the day of month, clamped to the month's
 *   last day (Jan 31, Feb 28, Mar 31).
 */

export type InvoiceState = 'scheduled' | 'collected' | 'partial' | 'missed';

export interface InvoiceAmounts {
  dueDay: string;
  totalCents: number;
  balanceCents: number;
}

/** What an invoice is on the workspace's `today` (see the file's header). */
export function invoiceState(invoice: InvoiceAmounts, today: string): InvoiceState {
  if (invoice.balanceCents <= 0) return 'collected';
  if (invoice.dueDay > today) return 'scheduled';
  return invoice.balanceCents >= invoice.totalCents ? 'missed' : 'partial';
}

export type BalanceKind = 'operating' | 'profit' | 'other';

/** A bank account's kind by its name: "operat…" or "profit…" anywhere, any case. */
export function balanceKind(accountName: string): BalanceKind {
  const name = accountName.toLowerCase();
  if (name.includes('operat')) return 'operating';
  if (name.includes('profit')) return 'profit';
  return 'other';
}

export interface PlanSchedule {
  /** QuickBooks' IntervalType: Daily, Weekly, Monthly, Yearly. */
  intervalType: string;
  numInterval: number;
  startDay: string;
  endDay: string | null;
  nextDay: string | null;
  amountCents: number;
}

/** How long an open-ended plan is counted after the end date. */
export const OPEN_PLAN_MONTHS = 12;

type Step = { days: number } | { months: number };

function stepOf(plan: PlanSchedule): Step {
  const n = Number.isFinite(plan.numInterval) && plan.numInterval >= 1 ? plan.numInterval : 1;
  const count = Math.floor(n);
  switch (plan.intervalType) {
    case 'Daily':
      return { days: count };
    case 'Weekly':
      return { days: 7 * count };
    case 'Yearly':
      return { months: 12 * count };
    default:
      return { months: count };
  }
}

const DAY_MS = 86_400_000;

/** A 'YYYY-MM-DD' day's parts (month from 0). */
interface Ymd {
  year: number;
  month0: number;
  date: number;
}

function ymdOf(day: string): Ymd {
  return {
    year: Number(day.slice(0, 4)),
    month0: Number(day.slice(5, 7)) - 1,
    date: Number(day.slice(8, 10)),
  };
}

/** Days since 1970-01-01, and back to 'YYYY-MM-DD'. */
function dayNumber({ year, month0, date }: Ymd): number {
  return Date.UTC(year, month0, date) / DAY_MS;
}

function dayOfNumber(n: number): string {
  return new Date(n * DAY_MS).toISOString().slice(0, 10);
}

function daysInMonth(year: number, month0: number): number {
  if (month0 === 1) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month0]!;
}

/** The day number of `day` moved by whole months, clamped to the month's last day. */
function addMonthsNumber(day: Ymd, months: number): number {
  const index = day.year * 12 + day.month0 + months;
  const y = Math.floor(index / 12);
  const m = index - y * 12;
  return Date.UTC(y, m, Math.min(day.date, daysInMonth(y, m))) / DAY_MS;
}

/** `day` moved by whole months, its day of month clamped to the month's last day. */
export function addMonthsClamped(day: string, months: number): string {
  return dayOfNumber(addMonthsNumber(ymdOf(day), months));
}

/** The report's end date, parsed once for every plan. */
interface ReportEnd {
  ymd: Ymd;
  day: number;
  /** The last day counted for a plan without an end date. */
  openHorizon: number;
}

function reportEnd(endDate: string): ReportEnd {
  const ymd = ymdOf(endDate);
  return { ymd, day: dayNumber(ymd), openHorizon: addMonthsNumber(ymd, OPEN_PLAN_MONTHS) };
}

/**
 * Calls `visit` with the day number of each of a plan's installments after the report's
 * end date: from its next date (or start), every step, those after the end date and by its
 * own end date (or 12 months after the report's when it has none).
 */
function eachInstallment(plan: PlanSchedule, end: ReportEnd, visit: (day: number) => void) {
  const anchor = ymdOf(plan.nextDay ?? plan.startDay);
  const horizon = plan.endDay === null ? end.openHorizon : dayNumber(ymdOf(plan.endDay));
  const step = stepOf(plan);
  if ('days' in step) {
    const start = dayNumber(anchor);
    // The first step past the end date, without walking from a plan's distant start.
    const first = Math.max(0, Math.floor((end.day - start) / step.days) + 1);
    for (let day = start + first * step.days; day <= horizon; day += step.days) visit(day);
    return;
  }
  // Months are stepped from the anchor (each clamped on its own), from a step or two
  // before the end date's month.
  const monthsApart = (end.ymd.year - anchor.year) * 12 + (end.ymd.month0 - anchor.month0);
  for (let k = Math.max(0, Math.floor(monthsApart / step.months) - 1); ; k++) {
    const day = addMonthsNumber(anchor, k * step.months);
    if (day > horizon) return;
    if (day > end.day) visit(day);
  }
}

/** A plan's installment days after `endDate` (see eachInstallment). */
export function installmentDays(plan: PlanSchedule, endDate: string): string[] {
  const days: string[] = [];
  eachInstallment(plan, reportEnd(endDate), (day) => days.push(dayOfNumber(day)));
  return days;
}

/** Future cash flow: every plan's installments after `endDate`, in cents. */
export function futureCashFlowCents(plans: readonly PlanSchedule[], endDate: string): number {
  const end = reportEnd(endDate);
  let cents = 0;
  for (const plan of plans) eachInstallment(plan, end, () => (cents += plan.amountCents));
  return cents;
}
