import { z } from 'zod';
import { countSchema, moneySchema, percentSchema } from './report-filters';

/**
 * Marketing intelligence (spec: dashboards 7, 9 defaults practiceArea 2, category
 * channels, source 1, months 12).
 * - practiceArea: 'all', a case type (id, key or label), or a number n = the workspace's
 *   n-th practice area (1-based, in its order; spec default 2), matched to the case type
 *   of the same name.
 * - category: rows per channel (lead-source medium), per source, or per campaign.
 * - source: 'all' or '1' (spec default) = every lead source, else a lead-source id.
 * - months: the last n calendar months including this one.
 */
export const MARKETING_CATEGORIES = ['channels', 'sources', 'campaigns'] as const;
export const marketingIntelligenceQuerySchema = z.object({
  practiceArea: z.string().min(1).max(200).default('2'),
  category: z.enum(MARKETING_CATEGORIES).default('channels'),
  source: z.string().min(1).max(64).default('1'),
  months: z.coerce.number().int().min(1).max(36).default(12),
});
export type MarketingIntelligenceQuery = z.input<typeof marketingIntelligenceQuerySchema>;

export const marketingRowSchema = z.object({
  key: z.string(),
  label: z.string(),
  /** One number per month of `months`. */
  leads: z.array(countSchema),
  hires: z.array(countSchema),
  spend: z.array(moneySchema),
  totalLeads: countSchema,
  totalHires: countSchema,
  totalSpend: moneySchema,
  costPerLead: moneySchema.nullable(),
  costPerHire: moneySchema.nullable(),
});
export const marketingIntelligenceResponseSchema = z.object({
  data: z.object({
    category: z.enum(MARKETING_CATEGORIES),
    practiceArea: z.string(),
    /** 'YYYY-MM', oldest first. */
    months: z.array(z.string().regex(/^\d{4}-\d{2}$/)),
    rows: z.array(marketingRowSchema),
  }),
});
export type MarketingIntelligenceResponse = z.infer<typeof marketingIntelligenceResponseSchema>;

/** GET workspaces/{id}/reports/marketing-intelligence/overview?practiceArea= — 12 months. */
export const marketingOverviewQuerySchema = z.object({
  practiceArea: z.string().min(1).max(200).default('2'),
});
export const marketingOverviewResponseSchema = z.object({
  data: z.object({
    practiceArea: z.string(),
    months: z.number().int(),
    leads: countSchema,
    hires: countSchema,
    hireRate: percentSchema,
    spend: moneySchema,
    costPerHire: moneySchema.nullable(),
    channels: z.array(
      z.object({
        key: z.string(),
        label: z.string(),
        leads: countSchema,
        hires: countSchema,
        /** Share of all leads, percent with 2 decimals. */
        share: percentSchema,
      }),
    ),
  }),
});
export type MarketingOverviewResponse = z.infer<typeof marketingOverviewResponseSchema>;
