import type { TrendTimeFrame } from '@/shared/contracts/reports/trends';

/**
 * Classic Trends' buckets and how complete each one is (spec: dashboards 2.8, 9 Trends;
 * issue #30). A time frame is cut into buckets — the days of this week, the Monday-to-Sunday
 * weeks of this month, the months of this year — and the report answers a number for every
 * bucket, 0 for those that have not begun. Drawn as they come, every line fell to 0 at
 * both ends of "This Month": a first week of one day (the month began on a Sunday) and a
 * week that had not started. So each bucket says what it holds:
 *
 * - `future`: it starts after today. It has no count yet: absent from the chart, not 0.
 * - `partial`: it holds fewer days than a whole one — cut by the month's start or end (a
 *   week of 1 to 6 days), or under way (today is in it) — so its count is not comparable
 *   with its neighbours' and the chart marks it.
 * - `complete`: every day of it is over.
 *
 * The server counts by these same buckets (server/reports/trends.ts calls trendBuckets),
 * from the period's first day: the answer carries it as items.time.startTime.
 */

export interface TrendBucket {
  label: string;
  /** First and last day, 'YYYY-MM-DD', both included. */
  startDate: string;
  endDate: string;
}

export type TrendBucketState = 'complete' | 'partial' | 'future';

export interface TrendBucketStatus extends TrendBucket {
  state: TrendBucketState;
  /** Days a whole bucket of its kind has: 1 (a day), 7 (a week), the month's days. */
  wholeDays: number;
  /** Days of the bucket inside the period (fewer than wholeDays when the month cuts a week). */
  days: number;
  /** Of those, the days over or under way by today (0 for a future bucket). */
  daysSoFar: number;
  /** Cut by the month's start or end. */
  cut: boolean;
  /** Today is one of its days. */
  underWay: boolean;
}

const DAY_MS = 86_400_000;
const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const dayMs = (day: string) => Date.parse(`${day}T00:00:00.000Z`);
const addDays = (day: string, days: number) =>
  new Date(dayMs(day) + days * DAY_MS).toISOString().slice(0, 10);
const daysFromTo = (from: string, to: string) => Math.round((dayMs(to) - dayMs(from)) / DAY_MS) + 1;
/** 0 = Monday ... 6 = Sunday. */
const weekdayIndex = (day: string) => (new Date(dayMs(day)).getUTCDay() + 6) % 7;
const daysInMonth = (month: string) => {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, m, 0)).getUTCDate();
};
const lastOfMonth = (month: string) => `${month}-${String(daysInMonth(month)).padStart(2, '0')}`;
const mmdd = (day: string) => `${day.slice(5, 7)}/${day.slice(8, 10)}`;

/**
 * The buckets of the time frame that holds `day` (any day of the period: the server's
 * today, or the answer's items.time.startTime).
 */
export function trendBuckets(timeFrame: TrendTimeFrame, day: string): TrendBucket[] {
  if (timeFrame === 'week') {
    const monday = addDays(day, -weekdayIndex(day));
    return WEEKDAYS.map((name, i) => {
      const date = addDays(monday, i);
      return { label: `${name} ${mmdd(date)}`, startDate: date, endDate: date };
    });
  }
  if (timeFrame === 'month') {
    const month = day.slice(0, 7);
    const last = lastOfMonth(month);
    const buckets: TrendBucket[] = [];
    for (let start = `${month}-01`; start <= last;) {
      const sunday = addDays(start, 6 - weekdayIndex(start));
      const end = sunday < last ? sunday : last;
      buckets.push({ label: `${mmdd(start)} - ${mmdd(end)}`, startDate: start, endDate: end });
      start = addDays(end, 1);
    }
    return buckets;
  }
  const year = day.slice(0, 4);
  return MONTHS.map((name, i) => {
    const month = `${year}-${String(i + 1).padStart(2, '0')}`;
    return { label: name, startDate: `${month}-01`, endDate: lastOfMonth(month) };
  });
}

/** How complete each bucket is on `today` (the workspace's day, 'YYYY-MM-DD'). */
export function trendBucketStates(
  timeFrame: TrendTimeFrame,
  buckets: readonly TrendBucket[],
  today: string,
): TrendBucketStatus[] {
  return buckets.map((bucket) => {
    const days = daysFromTo(bucket.startDate, bucket.endDate);
    const wholeDays = timeFrame === 'week' ? 1 : timeFrame === 'month' ? 7 : days;
    const cut = days < wholeDays;
    if (bucket.startDate > today) {
      return { ...bucket, state: 'future', wholeDays, days, daysSoFar: 0, cut, underWay: false };
    }
    const underWay = today <= bucket.endDate;
    const daysSoFar = underWay ? daysFromTo(bucket.startDate, today) : days;
    return {
      ...bucket,
      state: cut || underWay ? 'partial' : 'complete',
      wholeDays,
      days,
      daysSoFar,
      cut,
      underWay,
    };
  });
}

/**
 * The buckets of an answer and their states, or null when its labels are not the buckets
 * these rules give (an answer of another shape): then nothing is marked or left out.
 */
export function answerBucketStates(
  timeFrame: TrendTimeFrame,
  labels: readonly string[],
  periodStart: string,
  today: string,
): TrendBucketStatus[] | null {
  const buckets = trendBuckets(timeFrame, periodStart);
  if (
    buckets.length !== labels.length ||
    buckets.some((bucket, index) => bucket.label !== labels[index])
  ) {
    return null;
  }
  return trendBucketStates(timeFrame, buckets, today);
}

/** A series' points: a future bucket's 0 is no count at all (null: no point, no line). */
export function trendPoints(
  values: readonly number[],
  states: readonly TrendBucketStatus[] | null,
): (number | null)[] {
  return values.map((value, index) => (states?.[index]?.state === 'future' ? null : value));
}

const KIND: Record<TrendTimeFrame, string> = { week: 'day', month: 'week', year: 'month' };
const dayCount = (days: number) => `${days} ${days === 1 ? 'day' : 'days'}`;

/**
 * Why a partial bucket is partial, in words: "11/23 - 11/29: under way, 6 of 7 days so far",
 * "11/01 - 11/01: only 1 day of that week is in the month". Only a month's weeks are ever
 * cut (a day or a month is whole).
 */
export function partialBucketText(timeFrame: TrendTimeFrame, status: TrendBucketStatus): string {
  const inMonth = `only ${dayCount(status.days)} of that ${KIND[timeFrame]} ${
    status.days === 1 ? 'is' : 'are'
  } in the month`;
  if (!status.underWay) return `${status.label}: ${inMonth}`;
  if (timeFrame === 'week') return `${status.label}: today, still under way`;
  if (status.cut) return `${status.label}: under way, and ${inMonth}`;
  return `${status.label}: under way, ${status.daysSoFar} of ${status.days} days so far`;
}

/**
 * The chart's footnote: which buckets are partial and why, and which are not drawn yet.
 * Empty when every bucket is complete.
 */
export function trendBucketNotes(
  timeFrame: TrendTimeFrame,
  states: readonly TrendBucketStatus[] | null,
): { partial: string[]; future: string | null } {
  if (!states) return { partial: [], future: null };
  const partial = states
    .filter((status) => status.state === 'partial')
    .map((status) => partialBucketText(timeFrame, status));
  const future = states.filter((status) => status.state === 'future');
  const kind = KIND[timeFrame];
  return {
    partial,
    future:
      future.length === 0
        ? null
        : future.length === 1
          ? `${future[0]!.label} has not begun: not drawn.`
          : `${future[0]!.label} to ${future.at(-1)!.label}: ${future.length} ${kind}s not begun, not drawn.`,
  };
}
