import { z } from 'zod';
import { idSchema } from '../common';
import { countSchema, reportFiltersQuerySchema } from './report-filters';

/**
 * Call compliance from the call-tracking records (spec: dashboards 2.6, 3 Call-compliance
 * data, 7 ctm-call-compliance and ctm-call-compliance-by-agent, 9 compliance bar).
 * Only calls an agent took or was rung for count: a connected call is one the agent
 * talked on. PERCENT fields are CONNECTED / TOTAL as rounded whole percents (spec 9), 0
 * when TOTAL is 0.
 * Query: startDate, endDate (required); the other report filters are accepted too.
 */
export const callComplianceQuerySchema = reportFiltersQuerySchema;
export type CallComplianceQuery = z.input<typeof callComplianceQuerySchema>;

const percent = z.number().int().min(0).max(100);

export const callComplianceDataSchema = z.object({
  INBOUND_TOTAL: countSchema,
  INBOUND_CONNECTED: countSchema,
  INBOUND_PERCENT: percent,
  OUTBOUND_TOTAL: countSchema,
  OUTBOUND_CONNECTED: countSchema,
  OUTBOUND_PERCENT: percent,
});
export type CallComplianceData = z.infer<typeof callComplianceDataSchema>;
/** GET workspaces/{id}/reports/ctm-call-compliance. All zeros means no calls: 'No Data'. */
export const callComplianceResponseSchema = z.object({ data: callComplianceDataSchema });
export type CallComplianceResponse = z.infer<typeof callComplianceResponseSchema>;

export const agentComplianceRowSchema = z.object({
  /** null on the first row, the all-agent totals. */
  AGENT_ID: idSchema.nullable(),
  AGENT_NAME: z.string(),
  INBOUND_CONNECTED: countSchema,
  INBOUND_TOTAL: countSchema,
  INBOUND_PERCENT: percent,
  OUTBOUND_CONNECTED: countSchema,
  OUTBOUND_TOTAL: countSchema,
  OUTBOUND_PERCENT: percent,
});
export type AgentComplianceRow = z.infer<typeof agentComplianceRowSchema>;

/** The first row's AGENT_NAME. */
export const ALL_AGENTS_NAME = 'All Agents';

/**
 * GET workspaces/{id}/reports/ctm-call-compliance-by-agent. data is wrapped under
 * CTM_COMPLIANCE_BY_AGENTS_ZOHO.data (spec 3): the first element holds the all-agent
 * totals (equal to ctm-call-compliance and to the sum of the agent rows), the rest are the
 * agents with at least one call, sorted by AGENT_NAME. With no calls the list holds only
 * the zero totals row.
 */
export const callComplianceByAgentResponseSchema = z.object({
  data: z.object({
    CTM_COMPLIANCE_BY_AGENTS_ZOHO: z.object({
      data: z.array(agentComplianceRowSchema).min(1),
    }),
  }),
});
export type CallComplianceByAgentResponse = z.infer<typeof callComplianceByAgentResponseSchema>;
