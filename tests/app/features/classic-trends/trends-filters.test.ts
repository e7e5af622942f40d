import { describe, expect, it } from 'vitest';
import {
  TREND_PERSPECTIVE_LABELS,
  trendsExportRows,
  viewPerspectives,
  visibleTrendSeries,
} from '@/app/features/classic-trends/trends-filters';
import { trendSeriesName, type TrendsData } from '@/shared/contracts/reports/trends';
import { PERSPECTIVE_LABELS } from '@/shared/domain/report-filter-state';
import { trendBuckets, trendBucketStates } from '@/shared/domain/trend-buckets';

const LABELS = trendBuckets('month', '2026-11-01').map((b) => b.label);
const series: TrendsData['items']['series'] = [
  { name: trendSeriesName('New Leads', 'snapshot'), stat: 'newLeads', perspective: 'snapshot' },
  { name: trendSeriesName('New Leads', 'intake'), stat: 'newLeads', perspective: 'intake' },
];
const data: TrendsData = {
  timeFrame: 'month',
  items: {
    labels: LABELS,
    series,
    data: { [series[0]!.name]: [3, 40, 41, 39, 30, 0], [series[1]!.name]: [2, 30, 31, 29, 20, 0] },
    time: { startTime: '2026-11-01', endTime: '2026-11-30' },
  },
};

describe('Classic Trends perspectives and export (issue #30)', () => {
  it('names the product perspective as the filter panel does: Conversion', () => {
    expect(TREND_PERSPECTIVE_LABELS).toEqual({
      snapshot: PERSPECTIVE_LABELS.rjPclc,
      intake: PERSPECTIVE_LABELS.intakePCLC,
    });
    expect(TREND_PERSPECTIVE_LABELS.intake).toBe('Conversion');
  });

  it('shows one perspective per view, both only when asked', () => {
    expect(visibleTrendSeries(series, viewPerspectives('snapshot'))).toEqual([series[0]]);
    expect(visibleTrendSeries(series, viewPerspectives('intake'))).toEqual([series[1]]);
    expect(visibleTrendSeries(series, viewPerspectives('both'))).toEqual(series);
  });

  it('exports the series as the screen names them, a bucket not begun blank', () => {
    const states = trendBucketStates('month', trendBuckets('month', '2026-11-01'), '2026-11-28');
    expect(trendsExportRows(data, [series[1]!], states)).toEqual([
      ['Series', ...LABELS],
      ['New Leads', '2', '30', '31', '29', '20', ''],
    ]);
    expect(trendsExportRows(data, series, states).map((row) => row[0])).toEqual([
      'Series',
      'New Leads (Snapshot)',
      'New Leads (Conversion)',
    ]);
  });
});
