// lightFormat, not format: the two fixed numeric patterns below need no locale, and format
// with parse pull about 12 kB (min+gzip) of formatters, parsers and en-US into every
// widget (issue #6 "Speed": the extension's content-script budget).
import { addDays, differenceInCalendarDays, isValid, lightFormat, parseISO } from 'date-fns';

/** A report range as the API takes it: ISO calendar days, both ends included. */
export interface DateRange {
  startDate: string;
  endDate: string;
}

const ISO_DAY = 'yyyy-MM-dd';
/** spec: dashboards 9 — date format MM/DD/YYYY. */
export const DISPLAY_DAY = 'MM/dd/yyyy';

export function toIsoDay(date: Date): string {
  return lightFormat(date, ISO_DAY);
}

/** spec: dashboards 9 / session 9 — the default report range is the last 7 days (today included). */
export function defaultReportRange(today: Date = new Date()): DateRange {
  return { startDate: toIsoDay(addDays(today, -6)), endDate: toIsoDay(today) };
}

export function formatDisplayDay(isoDay: string): string {
  const date = parseISO(isoDay);
  return isValid(date) ? lightFormat(date, DISPLAY_DAY) : '';
}

const DISPLAY_DATE_TIME = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'medium',
  timeStyle: 'short',
});

/**
 * An instant as the settings and connection screens show it ("Nov 30, 2026, 10:32 AM", in
 * the browser's time zone); '' for anything that is not a time.
 */
export function formatDisplayDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : DISPLAY_DATE_TIME.format(date);
}

/** "03/07/2026" → "2026-03-07"; null for anything that is not a real calendar day. */
export function parseDisplayDay(text: string): string | null {
  const trimmed = text.trim();
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(trimmed);
  if (!match) return null;
  const [month, day, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1) return null; // there is no year 0 (as date-fns's parse had it)
  const date = new Date(0);
  date.setFullYear(year, month - 1, day); // setFullYear: years 0-99 stay what they say
  date.setHours(0, 0, 0, 0);
  // 02/30 rolls over into March: not a real calendar day.
  if (date.getFullYear() !== year || date.getMonth() !== month - 1 || date.getDate() !== day)
    return null;
  return toIsoDay(date);
}

/**
 * The widest report range (issue #9 item 4): five years, both ends included, from
 * 2000-01-01 on. One request for a range from 0001-01-01 took seconds and tens of MB;
 * the server answers 400 beyond these bounds and the date pickers say the same.
 */
export const MAX_REPORT_RANGE_DAYS = 1826;
export const EARLIEST_REPORT_DAY = '2000-01-01';

const DAY_MS = 86_400_000;
const isoDayMs = (isoDay: string) => Date.parse(`${isoDay}T00:00:00.000Z`);

/** Why a range is too wide or too early for a report, or null when it is within bounds. */
export function reportRangeProblem(range: DateRange): string | null {
  if (range.startDate < EARLIEST_REPORT_DAY || range.endDate < EARLIEST_REPORT_DAY) {
    return `Reports start on ${formatDisplayDay(EARLIEST_REPORT_DAY)}: choose a later date.`;
  }
  const days = Math.round((isoDayMs(range.endDate) - isoDayMs(range.startDate)) / DAY_MS) + 1;
  if (days > MAX_REPORT_RANGE_DAYS) {
    return `The date range may span at most 5 years (${MAX_REPORT_RANGE_DAYS} days).`;
  }
  return null;
}

export interface DateRangeErrors {
  startDate?: string;
  endDate?: string;
}

/**
 * spec: dashboards 5 — both dates required; start max = the chosen end; end min = the
 * start and max = today.
 */
export function validateDateRange(
  range: { startDate: string | null | undefined; endDate: string | null | undefined },
  today: Date = new Date(),
): DateRangeErrors {
  const errors: DateRangeErrors = {};
  const todayIso = toIsoDay(today);
  if (!range.startDate) errors.startDate = 'Start date is required.';
  if (!range.endDate) errors.endDate = 'End date is required.';
  else if (range.endDate > todayIso) errors.endDate = 'End date cannot be after today.';
  if (range.startDate && range.endDate && range.startDate > range.endDate) {
    errors.startDate = 'Start date cannot be after the end date.';
  } else if (range.startDate && range.endDate && !errors.endDate) {
    // The same bounds the server enforces (issue #9 item 4).
    const problem = reportRangeProblem({ startDate: range.startDate, endDate: range.endDate });
    if (problem) errors.startDate = problem;
  }
  return errors;
}

export function isValidDateRange(range: DateRange, today: Date = new Date()): boolean {
  return Object.keys(validateDateRange(range, today)).length === 0;
}

/** Days in a range, both ends included (goal scaling divides this by 7). */
export function daysInRange(range: DateRange): number {
  return differenceInCalendarDays(parseISO(range.endDate), parseISO(range.startDate)) + 1;
}
