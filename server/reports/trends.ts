import {
  TREND_SERIES,
  type TrendPerspective,
  type TrendsData,
  type TrendStat,
  type TrendTimeFrame,
  trendSeriesName,
} from '@/shared/contracts/reports/trends';
import type { Db } from '../db/database';
import { addDays, daysInMonth, weekdayIndex } from '../records/workspace-days';
import { emptyStageCounts, groupedCounts, type StageCounts } from './pipeline-counts';
import type { ReportScope } from './report-scope';

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const mmdd = (day: string) => `${day.slice(5, 7)}/${day.slice(8, 10)}`;

export interface TrendBucket {
  label: string;
  startDate: string;
  endDate: string;
}

/** The buckets of a time frame around today (spec: dashboards 9 Trends). */
export function trendBuckets(timeFrame: TrendTimeFrame, today: string): TrendBucket[] {
  if (timeFrame === 'week') {
    const monday = addDays(today, -weekdayIndex(today));
    return WEEKDAYS.map((name, i) => {
      const day = addDays(monday, i);
      return { label: `${name} ${mmdd(day)}`, startDate: day, endDate: day };
    });
  }
  if (timeFrame === 'month') {
    const month = today.slice(0, 7);
    const first = `${month}-01`;
    const last = `${month}-${String(daysInMonth(month)).padStart(2, '0')}`;
    const buckets: TrendBucket[] = [];
    let start = first;
    while (start <= last) {
      const sunday = addDays(start, 6 - weekdayIndex(start));
      const end = sunday < last ? sunday : last;
      buckets.push({ label: `${mmdd(start)} - ${mmdd(end)}`, startDate: start, endDate: end });
      start = addDays(end, 1);
    }
    return buckets;
  }
  const year = today.slice(0, 4);
  return MONTHS.map((name, i) => {
    const month = `${year}-${String(i + 1).padStart(2, '0')}`;
    return {
      label: name,
      startDate: `${month}-01`,
      endDate: `${month}-${String(daysInMonth(month)).padStart(2, '0')}`,
    };
  });
}

/** A series' value; qualified leads and shows as the funnel counts them (issue #30). */
function statValue(stat: TrendStat, c: StageCounts): number {
  switch (stat) {
    case 'newLeads':
      return c.new_lead;
    case 'qualifiedLeads':
      return c.qualified;
    case 'unqualifiedLeads':
      return c.unqualified_at_lead;
    case 'sets':
      return c.set;
    case 'qualifiedShows':
      return Math.max(0, c.show - c.unqualified_at_appt);
    case 'unqualifiedShows':
      return c.unqualified_at_appt;
    case 'hires':
      return c.hire;
    case 'filed':
      return c.filed;
  }
}

/**
 * Classic Trends: every series per bucket, in both perspectives. The scope's dates are
 * ignored: the period is the time frame's (up to today; later buckets hold 0).
 */
export async function trends(
  db: Db,
  scope: ReportScope,
  timeFrame: TrendTimeFrame,
): Promise<TrendsData> {
  const buckets = trendBuckets(timeFrame, scope.today);
  const startDate = buckets[0].startDate;
  const periodEnd = buckets[buckets.length - 1].endDate;
  const range = { startDate, endDate: periodEnd < scope.today ? periodEnd : scope.today };
  const perspectives: { perspective: TrendPerspective; stored: 'snapshot' | 'conversion' }[] = [
    { perspective: 'snapshot', stored: 'snapshot' },
    { perspective: 'intake', stored: 'conversion' },
  ];
  const byPerspective = await Promise.all(
    perspectives.map(({ stored }) =>
      groupedCounts(db, scope, { groupBy: 'day', range, perspective: stored }),
    ),
  );
  const data: Record<string, number[]> = {};
  const series: TrendsData['items']['series'] = [];
  perspectives.forEach(({ perspective }, p) => {
    const perBucket = buckets.map(() => emptyStageCounts());
    for (const { keys, counts } of byPerspective[p]) {
      const index = buckets.findIndex((b) => keys[0] >= b.startDate && keys[0] <= b.endDate);
      if (index < 0) continue;
      for (const stage of Object.keys(counts) as (keyof StageCounts)[])
        perBucket[index][stage] += counts[stage];
    }
    for (const { stat, label } of TREND_SERIES) {
      const name = trendSeriesName(label, perspective);
      data[name] = perBucket.map((counts) => statValue(stat, counts));
      series.push({ name, stat, perspective });
    }
  });
  return {
    timeFrame,
    items: {
      data,
      labels: buckets.map((b) => b.label),
      series,
      time: { startTime: startDate, endTime: periodEnd },
    },
  };
}
