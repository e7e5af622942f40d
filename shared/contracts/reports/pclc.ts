import { z } from 'zod';
import { idSchema, listResponseSchema } from '../common';
import { pipelineStageSchema, crmModuleSchema } from './pipeline-stages';
import {
  countSchema,
  percentSchema,
  rateBasisSchema,
  reportFiltersBodySchema,
  reportFiltersQuerySchema,
} from './report-filters';

/**
 * Each rate's numerator and denominator (issue #30; shared/domain/funnel-rates.ts), counts
 * of this answer: SETRATE SETS / QUALIFIEDLEADS, SHOWRATE SHOWS / SETS, HIRERATE HIRES /
 * QUALIFIEDSHOWS, FILEDRATE FILED / HIRES. Sent so a screen shows what a rate divides.
 */
export const funnelRateBasesSchema = z.object({
  SETRATE: rateBasisSchema,
  SHOWRATE: rateBasisSchema,
  HIRERATE: rateBasisSchema,
  FILEDRATE: rateBasisSchema,
});

/**
 * Funnel data, "pclcData" (spec: dashboards 3 Funnel data, 2.5 rate tooltips).
 * Counts are transitions in the range (snapshot, type rjPclc) or transitions of the
 * contacts that entered the pipeline in the range (conversion, type intakePCLC).
 * RATE fields are percents with 2 decimals, each its RATEBASES numerator / denominator
 * (0 when dividing by 0): within 0–100% in the conversion perspective, where every
 * numerator is part of its denominator; in the snapshot a later step can hold people
 * whose earlier step came before the range, so a rate can pass 100%.
 * QUALIFIED and QUALIFIEDLEADS (the variant names of spec 3) are both the qualified
 * transitions, counted like the other stages (the funnel's Qualified list, issue #30);
 * UNQUALIFIED is UNQUALIFIEDATLEAD plus UNQUALIFIEDATAPPT.
 */
export const pclcDataSchema = z.object({
  LEADS: countSchema,
  QUALIFIED: countSchema,
  QUALIFIEDLEADS: countSchema,
  UNQUALIFIED: countSchema,
  UNQUALIFIEDATLEAD: countSchema,
  SETS: countSchema,
  SETRATE: percentSchema,
  SHOWS: countSchema,
  QUALIFIEDSHOWS: countSchema,
  UNQUALIFIEDATAPPT: countSchema,
  SHOWRATE: percentSchema,
  HIRES: countSchema,
  HIRERATE: percentSchema,
  NOHIRES: countSchema,
  FILED: countSchema,
  FILEDRATE: percentSchema,
  RATEBASES: funnelRateBasesSchema,
});
export type PclcData = z.infer<typeof pclcDataSchema>;

/** POST workspaces/{id}/reports/pclc — body: report filters (dates required). */
export const pclcRequestSchema = reportFiltersBodySchema;
export type PclcRequest = z.input<typeof pclcRequestSchema>;
export const pclcResponseSchema = z.object({ data: pclcDataSchema });
export type PclcResponse = z.infer<typeof pclcResponseSchema>;

/** The stat cards whose contacts can be listed (spec: dashboards 2.5, 4). */
export const PCLC_STATS = ['LEADS', 'SETS', 'SHOWS', 'HIRES', 'FILED'] as const;
export const pclcStatSchema = z.enum(PCLC_STATS);
export type PclcStat = z.infer<typeof pclcStatSchema>;

/**
 * The toggle filters under a stat (spec: dashboards 2.5): leads New Leads / Qualified /
 * Unqualified; shows All Shows / Qualified / Unqualified; hires Hires / No Hires. Blank
 * (absent) is the default: every contact of the stat.
 */
export const PCLC_COLLECTIONS = {
  LEADS: ['NEW', 'QUALIFIED', 'UNQUALIFIED'],
  SETS: [],
  SHOWS: ['ALL', 'QUALIFIED', 'UNQUALIFIED'],
  HIRES: ['HIRES', 'NOHIRES'],
  FILED: [],
} as const satisfies Record<PclcStat, readonly string[]>;
export type PclcCollection = (typeof PCLC_COLLECTIONS)[PclcStat][number];

export const PCLC_CONTACTS_DEFAULT_LIMIT = 1000;
export const PCLC_CONTACTS_MAX_LIMIT = 5000;

/**
 * POST workspaces/{id}/reports/pclc/contacts — the contacts behind one stat card:
 * the report filters plus the stat, an optional collection and paging.
 * The number of rows (meta.total) equals the stat's count in the pclc answer for the same
 * filters; for SHOWS/UNQUALIFIED it equals UNQUALIFIEDATAPPT, for SHOWS/QUALIFIED it
 * equals QUALIFIEDSHOWS, for HIRES/NOHIRES it equals NOHIRES.
 */
export const pclcContactsRequestSchema = z
  .object({
    stat: pclcStatSchema,
    collection: z.string().max(32).optional(),
    limit: z
      .number()
      .int()
      .min(1)
      .max(PCLC_CONTACTS_MAX_LIMIT)
      .default(PCLC_CONTACTS_DEFAULT_LIMIT),
    offset: z.number().int().min(0).max(10_000_000).default(0),
  })
  .superRefine((value, ctx) => {
    if (value.collection === undefined || value.collection === '') return;
    const allowed: readonly string[] = PCLC_COLLECTIONS[value.stat];
    if (!allowed.includes(value.collection)) {
      ctx.addIssue({
        code: 'custom',
        path: ['collection'],
        message:
          allowed.length === 0
            ? `${value.stat} has no collections`
            : `must be one of ${allowed.join(', ')} for ${value.stat}`,
      });
    }
  })
  .and(reportFiltersBodySchema);
export type PclcContactsRequest = z.input<typeof pclcContactsRequestSchema>;

/**
 * A contact row of the funnel report (spec: dashboards 3 Contact row, 2.5 columns; the
 * CRM link needs id and module, spec 9). status is the row's state for the stat
 * (Qualified / Unqualified / New Lead for leads, Qualified / Unqualified for shows,
 * Hired / Not Hired, Set, Filed).
 */
export const pclcContactRowSchema = z.object({
  id: z.string(),
  module: crmModuleSchema,
  name: z.string(),
  leadSource: z.string().nullable(),
  campaign: z.string().nullable(),
  caseType: z.string().nullable(),
  status: z.string(),
});
export type PclcContactRow = z.infer<typeof pclcContactRowSchema>;
/** `{data: rows, meta: {total, limit, offset}}`, rows sorted by name then id. */
export const pclcContactsResponseSchema = listResponseSchema(pclcContactRowSchema);
export type PclcContactsResponse = z.infer<typeof pclcContactsResponseSchema>;

/** GET workspaces/{id}/reports/pclc-by-leadsource — one funnel per visible lead source. */
export const pclcByLeadSourceQuerySchema = reportFiltersQuerySchema;
export const pclcByLeadSourceRowSchema = pclcDataSchema.extend({
  /** null for contacts without a lead source. */
  LEADSOURCEID: idSchema.nullable(),
  LEADSOURCE: z.string(),
});
export type PclcByLeadSourceRow = z.infer<typeof pclcByLeadSourceRowSchema>;
/** Sources with at least one transition in the range, sorted by label; empty when none. */
export const pclcByLeadSourceResponseSchema = z.object({
  data: z.array(pclcByLeadSourceRowSchema),
});
export type PclcByLeadSourceResponse = z.infer<typeof pclcByLeadSourceResponseSchema>;

/** GET system/reports/pclc (system role) — the snapshot funnel of every workspace. */
export const systemPclcRowSchema = pclcDataSchema.extend({
  WORKSPACEID: idSchema,
  WORKSPACENAME: z.string(),
});
export type SystemPclcRow = z.infer<typeof systemPclcRowSchema>;
export const systemPclcResponseSchema = z.object({ data: z.array(systemPclcRowSchema) });
export type SystemPclcResponse = z.infer<typeof systemPclcResponseSchema>;

/**
 * GET workspaces/{id}/reports/total-pipeline — the contacts that entered the pipeline in
 * the range, by the stage they are in now (their last transition).
 */
export const totalPipelineQuerySchema = reportFiltersQuerySchema;
export const totalPipelineStageSchema = z.object({
  stage: pipelineStageSchema,
  label: z.string(),
  count: countSchema,
});
export const totalPipelineResponseSchema = z.object({
  data: z.object({
    total: countSchema,
    /** Every stage in funnel order, zero counts included. */
    stages: z.array(totalPipelineStageSchema),
  }),
});
export type TotalPipelineResponse = z.infer<typeof totalPipelineResponseSchema>;
