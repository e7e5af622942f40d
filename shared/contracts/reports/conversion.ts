import { z } from 'zod';
import { crmModuleSchema } from './pipeline-stages';
import { countSchema, reportFiltersBodySchema } from './report-filters';

/**
 * The contact-lead conversion report's single call (spec: dashboards 2.7; its method,
 * path and payload are "not shown", so we chose):
 *
 *   POST workspaces/{id}/reports/conversion
 *   body: the report filters (type rjPclc = snapshot, intakePCLC = conversion perspective)
 *         plus contactsLimit, the most rows each contact list carries.
 *
 * It answers the counts and the positional contact lists of spec 3 in one response.
 */
export const CONVERSION_CONTACTS_DEFAULT_LIMIT = 10_000;
export const CONVERSION_CONTACTS_MAX_LIMIT = 50_000;

export const conversionRequestSchema = z
  .object({
    contactsLimit: z
      .number()
      .int()
      .min(1)
      .max(CONVERSION_CONTACTS_MAX_LIMIT)
      .default(CONVERSION_CONTACTS_DEFAULT_LIMIT),
  })
  .and(reportFiltersBodySchema);
export type ConversionRequest = z.input<typeof conversionRequestSchema>;

/**
 * The positional contact row of spec 3: [case type, lead source, name, new-lead flag
 * ('true' or 'false'), status, campaign, id, module]. Unknown values are ''.
 */
export const conversionContactRowSchema = z.tuple([
  z.string(),
  z.string(),
  z.string(),
  z.string(),
  z.string(),
  z.string(),
  z.string(),
  crmModuleSchema,
]);
export type ConversionContactRow = z.infer<typeof conversionContactRowSchema>;

/** Index of each field in a ConversionContactRow. */
export const CONVERSION_ROW = {
  caseType: 0,
  leadSource: 1,
  name: 2,
  newLead: 3,
  status: 4,
  campaign: 5,
  id: 6,
  module: 7,
} as const;

/** Statuses of the rows, per list (spec: dashboards 4 collection filter, 9 exports). */
export const CONVERSION_STATUSES = {
  leads: ['New Lead', 'Qualified', 'Unqualified'],
  shows: ['Qualified', 'Unqualified'],
  hires: ['Hired'],
  noHires: ['Not Hired'],
  filed: ['Filed'],
} as const;

/**
 * LEADSCONTACTS holds every contact with a lead transition (new lead, qualified,
 * unqualified at lead) in the report; its new-lead flag is 'true' for the new leads, and
 * LEADS counts exactly those rows. SHOWSCONTACTS, HIRESCONTACTS, FILEDCONTACTS and
 * NOHIRESCONTACTS hold exactly SHOWS, HIRES, FILED and NOHIRES rows. Each list is cut at
 * contactsLimit rows (sorted by name); TRUNCATED says whether any list was cut.
 */
export const conversionDataSchema = z.object({
  LEADS: countSchema,
  SHOWS: countSchema,
  HIRES: countSchema,
  FILED: countSchema,
  NOHIRES: countSchema,
  LEADSCONTACTS: z.array(conversionContactRowSchema),
  SHOWSCONTACTS: z.array(conversionContactRowSchema),
  HIRESCONTACTS: z.array(conversionContactRowSchema),
  FILEDCONTACTS: z.array(conversionContactRowSchema),
  NOHIRESCONTACTS: z.array(conversionContactRowSchema),
  TRUNCATED: z.boolean(),
});
export type ConversionData = z.infer<typeof conversionDataSchema>;
export const conversionResponseSchema = z.object({ data: conversionDataSchema });
export type ConversionResponse = z.infer<typeof conversionResponseSchema>;
