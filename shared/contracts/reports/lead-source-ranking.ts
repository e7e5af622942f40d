import { z } from 'zod';
import { idSchema } from '../common';
import { leadGenGoalsSchema } from '../goals';
import { countSchema, dateRangeSchema, percentSchema, reportDaySchema } from './report-filters';

/**
 * Lead-source ranking (spec: dashboards 2.1 lead-source-ranking-v2, 3 Lead-source ranking
 * preferences, 7, 8 "Ranking report with no data: throws", 9 defaults).
 * Sources are ranked by leads (most first), ties by hires then label. Test sources never
 * appear. With no data the server answers 200 with an empty list: it is the client that
 * throws 'No Data' (spec 8); the server never invents an error for an honest empty result.
 */
export const RANKING_STATUSES = ['Active', 'Inactive', 'All'] as const;
export const RANKING_METRICS = ['leads', 'sets', 'shows', 'hires'] as const;
export type RankingMetric = (typeof RANKING_METRICS)[number];

/** POST workspaces/{id}/reports/leadsource-ranking-v2 */
export const leadSourceRankingV2RequestSchema = z.object({
  /** The last `months` months ending today. */
  months: z.number().int().min(1).max(36).default(1),
  status: z.enum(RANKING_STATUSES).default('Active'),
  /** 'all' or a case type (id, key or label). */
  practiceArea: z.string().min(1).max(200).default('all'),
  /** The metric compared with the same months a year earlier. */
  lastYearMetric: z.enum(RANKING_METRICS).default('leads'),
});
export type LeadSourceRankingV2Request = z.input<typeof leadSourceRankingV2RequestSchema>;

export const leadSourceRankingV2RowSchema = z.object({
  rank: z.number().int().min(1),
  leadSourceId: idSchema,
  leadSource: z.string(),
  medium: z.string().nullable(),
  active: z.boolean(),
  leads: countSchema,
  qualifiedLeads: countSchema,
  sets: countSchema,
  shows: countSchema,
  hires: countSchema,
  setRate: percentSchema,
  showRate: percentSchema,
  hireRate: percentSchema,
  lastYear: z.object({
    metric: z.enum(RANKING_METRICS),
    value: countSchema,
    /** Percent change from last year to now, 2 decimals; null when last year was 0. */
    change: z.number().nullable(),
  }),
  /**
   * The source's own weekly lead goal (Settings.leadGen) scaled to the period: days / 7,
   * rounded (spec: dashboards 9); null when the source has none.
   */
  goal: leadGenGoalsSchema.nullable(),
  /** leads < goal.leadsMin (false without a goal). */
  belowMinimum: z.boolean(),
});
export type LeadSourceRankingV2Row = z.infer<typeof leadSourceRankingV2RowSchema>;
export const leadSourceRankingV2ResponseSchema = z.object({
  data: z.object({
    startDate: reportDaySchema,
    endDate: reportDaySchema,
    months: z.number().int().min(1),
    rows: z.array(leadSourceRankingV2RowSchema),
  }),
});
export type LeadSourceRankingV2Response = z.infer<typeof leadSourceRankingV2ResponseSchema>;

/** POST workspaces/{id}/reports/leadsource-ranking — the older ranking, by date range. */
export const leadSourceRankingRequestSchema = dateRangeSchema;
export const leadSourceRankingRowSchema = z.object({
  RANK: z.number().int().min(1),
  LEADSOURCEID: idSchema,
  LEADSOURCE: z.string(),
  LEADS: countSchema,
  SETS: countSchema,
  SHOWS: countSchema,
  HIRES: countSchema,
  HIRERATE: percentSchema,
});
export const leadSourceRankingResponseSchema = z.object({
  data: z.array(leadSourceRankingRowSchema),
});
export type LeadSourceRankingResponse = z.infer<typeof leadSourceRankingResponseSchema>;
