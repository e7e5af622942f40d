import { z } from 'zod';
import { idSchema } from '../common';
import { reportDaySchema } from './report-filters';

/**
 * POST workspaces/{id}/reports/trends — Classic Trends (spec: dashboards 2.8, 3 Trends
 * data, 7, 9 Trends). Body: timeFrame and string-array filters.
 * - week: this calendar week, Monday to Sunday, 7 day labels ('Mon 11/16');
 * - month: this calendar month cut into Monday-to-Sunday weeks, up to 6 week-range labels
 *   ('11/01 - 11/01', '11/02 - 11/08', ...);
 * - year: this calendar year, 12 month labels ('Jan' ... 'Dec').
 * Days are the workspace's days; buckets after today hold 0.
 */
export const TREND_TIME_FRAMES = ['week', 'month', 'year'] as const;
export const trendTimeFrameSchema = z.enum(TREND_TIME_FRAMES);
export type TrendTimeFrame = z.infer<typeof trendTimeFrameSchema>;

const stringList = z.array(idSchema).max(500);
export const trendsRequestSchema = z.object({
  timeFrame: trendTimeFrameSchema.default('month'),
  leadSources: stringList.optional(),
  campaigns: stringList.optional(),
  offices: stringList.optional(),
  /** Case types (ids, keys or labels; 'unknown' = none set). */
  practiceAreas: stringList.optional(),
  subCaseTypes: stringList.optional(),
});
export type TrendsRequest = z.input<typeof trendsRequestSchema>;

/** The perspectives of the chart's control (spec: dashboards 4 Trends perspective). */
export const TREND_PERSPECTIVES = ['snapshot', 'intake'] as const;
export type TrendPerspective = (typeof TREND_PERSPECTIVES)[number];

/**
 * The series of spec 9, in order. The snapshot series carry the label; the product
 * ('intake', conversion perspective) variant is named `${label} (intake)`.
 * Qualified Leads = New Leads - Unqualified Leads; Qualified Shows = Shows - Unqualified
 * Shows, per bucket (spec: dashboards 2.5).
 */
export const TREND_SERIES = [
  { stat: 'newLeads', label: 'New Leads' },
  { stat: 'qualifiedLeads', label: 'Qualified Leads' },
  { stat: 'unqualifiedLeads', label: 'Unqualified Leads' },
  { stat: 'sets', label: 'Sets' },
  { stat: 'qualifiedShows', label: 'Qualified Shows' },
  { stat: 'unqualifiedShows', label: 'Unqualified Shows' },
  { stat: 'hires', label: 'Hires' },
  { stat: 'filed', label: 'Filed' },
] as const;
export type TrendStat = (typeof TREND_SERIES)[number]['stat'];

export function trendSeriesName(label: string, perspective: TrendPerspective): string {
  return perspective === 'snapshot' ? label : `${label} (intake)`;
}

export const trendSeriesInfoSchema = z.object({
  name: z.string(),
  stat: z.enum(TREND_SERIES.map((s) => s.stat) as [TrendStat, ...TrendStat[]]),
  perspective: z.enum(TREND_PERSPECTIVES),
});

export const trendsDataSchema = z.object({
  timeFrame: trendTimeFrameSchema,
  items: z.object({
    /** Series name -> one number per label. */
    data: z.record(z.string(), z.array(z.number().int().min(0))),
    labels: z.array(z.string()),
    /** What each series of `data` is, in chart order. */
    series: z.array(trendSeriesInfoSchema),
    time: z.object({ startTime: reportDaySchema, endTime: reportDaySchema }),
  }),
});
export type TrendsData = z.infer<typeof trendsDataSchema>;
export const trendsResponseSchema = z.object({ data: trendsDataSchema });
export type TrendsResponse = z.infer<typeof trendsResponseSchema>;
