import { z } from 'zod';
import { idSchema } from '../common';
import { reportFiltersQuerySchema } from './report-filters';

/**
 * GET workspaces/{id}/reports/leadsByLeadSource (spec: dashboards 3 Leads by lead source,
 * 7; used by the Lead Flow and Total Leads cards). Query: the report filters.
 * One row per lead source with at least one new lead in the range (Test sources never
 * appear), most leads first, ties by label. LEADS is numeric text as spec 3 says.
 * The sum of LEADS equals the funnel's LEADS for the same filters. An empty list is an
 * honest answer; the client shows it as 'No Data' (spec: dashboards 5).
 */
export const leadsByLeadSourceQuerySchema = reportFiltersQuerySchema;
export type LeadsByLeadSourceQuery = z.input<typeof leadsByLeadSourceQuerySchema>;

export const leadsByLeadSourceRowSchema = z.object({
  /** null for leads without a lead source (LEADSOURCE 'Unknown'). */
  LEADSOURCEID: idSchema.nullable(),
  LEADSOURCE: z.string(),
  LEADS: z.string().regex(/^\d+$/, 'must be numeric text'),
});
export type LeadsByLeadSourceRow = z.infer<typeof leadsByLeadSourceRowSchema>;
export const leadsByLeadSourceResponseSchema = z.object({
  data: z.array(leadsByLeadSourceRowSchema),
});
export type LeadsByLeadSourceResponse = z.infer<typeof leadsByLeadSourceResponseSchema>;
