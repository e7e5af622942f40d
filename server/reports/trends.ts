import {
  TREND_SERIES,
  type TrendPerspective,
  type TrendsData,
  type TrendStat,
  type TrendTimeFrame,
  trendSeriesName,
} from '@/shared/contracts/reports/trends';
import { trendBuckets } from '@/shared/domain/trend-buckets';
import type { Db } from '../db/database';
import { emptyStageCounts, groupedCounts, type StageCounts } from './pipeline-counts';
import type { ReportScope } from './report-scope';

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
 * ignored: the period is the time frame's (up to today; later buckets hold 0). The
 * buckets are the app's own (shared/domain/trend-buckets.ts), so the chart's partial and
 * future marks fall on the buckets counted here.
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
