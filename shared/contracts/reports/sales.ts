import { z } from 'zod';
import { idSchema } from '../common';
import { crmModuleSchema } from './pipeline-stages';
import {
  countSchema,
  dateRangeSchema,
  moneySchema,
  percentSchema,
  reportFiltersBodySchema,
} from './report-filters';

/**
 * Sales reports (spec: dashboards 7: inbound, outbound, roi, objections, noShows).
 */

/** POST workspaces/{id}/reports/inbound and /outbound — body: startDate, endDate. */
export const salesCallsRequestSchema = dateRangeSchema;

/**
 * Inbound sales: sales-category inbound calls an agent was rung for, those connected, and
 * the sets the agent made from inbound calls. setRate = sets / connected.
 */
export const inboundSalesRowSchema = z.object({
  calls: countSchema,
  connected: countSchema,
  sets: countSchema,
  setRate: percentSchema,
});
export const inboundSalesResponseSchema = z.object({
  data: z.object({
    totals: inboundSalesRowSchema,
    agents: z.array(inboundSalesRowSchema.extend({ id: idSchema, name: z.string() })),
  }),
});
export type InboundSalesResponse = z.infer<typeof inboundSalesResponseSchema>;

/** Outbound sales: outbound sales calls, answered, sets from outbound calls. */
export const outboundSalesRowSchema = z.object({
  calls: countSchema,
  answered: countSchema,
  sets: countSchema,
  /** answered / calls */
  answerRate: percentSchema,
  /** sets / answered */
  setRate: percentSchema,
});
export const outboundSalesResponseSchema = z.object({
  data: z.object({
    totals: outboundSalesRowSchema,
    agents: z.array(
      outboundSalesRowSchema.extend({
        id: idSchema,
        name: z.string(),
        /**
         * The agent's weekly outbound minimums (Users parameters) scaled to the range's
         * days (x days / 7, rounded); null = none set. belowMinimum names the figures
         * under theirs (docs/users-parameters.md).
         */
        minimums: z
          .object({
            calls: countSchema.nullable(),
            answers: countSchema.nullable(),
            sets: countSchema.nullable(),
          })
          .optional(),
        belowMinimum: z.array(z.enum(['calls', 'answers', 'sets'])).optional(),
      }),
    ),
  }),
});
export type OutboundSalesResponse = z.infer<typeof outboundSalesResponseSchema>;

/**
 * POST workspaces/{id}/reports/roi — body: the report filters (dates, agents, leadSources,
 * offices, practiceAreas). Per lead source: marketing spend in the range (monthly spend
 * prorated by days), new leads and hires in the range, revenue = payments collected in the
 * range from that source's contacts. roi = (revenue - spend) / spend in percent, null
 * without spend.
 */
export const roiRequestSchema = reportFiltersBodySchema;
export const roiRowSchema = z.object({
  spend: moneySchema,
  leads: countSchema,
  hires: countSchema,
  revenue: moneySchema,
  costPerLead: moneySchema.nullable(),
  costPerHire: moneySchema.nullable(),
  roi: z.number().nullable(),
});
export const roiResponseSchema = z.object({
  data: z.object({
    totals: roiRowSchema,
    rows: z.array(roiRowSchema.extend({ leadSourceId: idSchema, leadSource: z.string() })),
  }),
});
export type RoiResponse = z.infer<typeof roiResponseSchema>;

/**
 * GET workspaces/{id}/reports/objections?startDate=&endDate=&order=&by= — why leads were
 * unqualified or not hired ("three calls": by objection, by agent, by lead source).
 * Rows sorted by count (order desc by default), percent of the total with 2 decimals.
 */
export const OBJECTION_GROUPS = ['objection', 'agent', 'leadSource'] as const;
export const objectionsQuerySchema = z
  .object({
    order: z.enum(['asc', 'desc']).default('desc'),
    by: z.enum(OBJECTION_GROUPS).default('objection'),
  })
  .and(dateRangeSchema);
export const objectionRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  count: countSchema,
  percent: percentSchema,
});
export const objectionsResponseSchema = z.object({
  data: z.object({ total: countSchema, rows: z.array(objectionRowSchema) }),
});
export type ObjectionsResponse = z.infer<typeof objectionsResponseSchema>;

/**
 * GET workspaces/{id}/reports/noShows?startDate=&endDate= — appointments scheduled in the
 * range whose contact did not show. noShowRate = noShows / (appointments that were due:
 * shown + no-show), percent with 2 decimals. contacts lists up to 1000 of them, latest
 * first; truncated says whether there were more.
 */
export const noShowsQuerySchema = dateRangeSchema;
export const noShowContactSchema = z.object({
  id: z.string(),
  module: crmModuleSchema,
  name: z.string(),
  leadSource: z.string().nullable(),
  campaign: z.string().nullable(),
  caseType: z.string().nullable(),
  appointmentAt: z.string(),
  consultant: z.string().nullable(),
});
export const noShowsResponseSchema = z.object({
  data: z.object({
    appointments: countSchema,
    noShows: countSchema,
    noShowRate: percentSchema,
    contacts: z.array(noShowContactSchema),
    truncated: z.boolean(),
  }),
});
export type NoShowsResponse = z.infer<typeof noShowsResponseSchema>;
