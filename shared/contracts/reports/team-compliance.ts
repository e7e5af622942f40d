import { z } from 'zod';
import { idSchema } from '../common';
import { countSchema, dateRangeSchema } from './report-filters';

/**
 * Team compliance: did each agent keep the promises due in the range (callbacks returned,
 * relationship and collection calls made)? (spec: dashboards 7 POST reports/compliance
 * and GET reports/staff-compliance, 9 "Staff compliance rates are rounded up").
 */

/** POST workspaces/{id}/reports/compliance — body: startDate, endDate, optional agent. */
export const complianceRequestSchema = z
  .object({ agent: idSchema.optional() })
  .and(dateRangeSchema);
export type ComplianceRequest = z.input<typeof complianceRequestSchema>;

/**
 * One agent with anything due in the range (or the one agent asked for), by name.
 * COMPLIANCE_PERCENT = everything done / everything due, rounded to a whole percent;
 * 100 when nothing was due.
 */
export const complianceRowSchema = z.object({
  AGENT_ID: idSchema,
  AGENT_NAME: z.string(),
  CALLBACKS_REQUESTED: countSchema,
  CALLBACKS_RETURNED: countSchema,
  RELATIONSHIP_DUE: countSchema,
  RELATIONSHIP_MADE: countSchema,
  COLLECTION_DUE: countSchema,
  COLLECTION_MADE: countSchema,
  COMPLIANCE_PERCENT: z.number().int().min(0).max(100),
});
export type ComplianceRow = z.infer<typeof complianceRowSchema>;
export const complianceResponseSchema = z.object({ data: z.array(complianceRowSchema) });
export type ComplianceResponse = z.infer<typeof complianceResponseSchema>;

/**
 * GET workspaces/{id}/reports/staff-compliance?startDate=&endDate=[&inactiveUsers=true]
 * (payload "not shown"; we take the date range and, like the people tabs, inactiveUsers:
 * without it only active agents are listed). Rates are whole percents rounded UP (spec
 * 9); null when the agent had nothing of that kind; overallRate over everything.
 */
export const staffComplianceQuerySchema = z
  .object({
    inactiveUsers: z.enum(['true', 'false']).optional(),
    /**
     * Only the agents of these offices (their Users parameters office; one value or
     * repeated keys). Unknown offices answer 400 (docs/users-parameters.md).
     */
    offices: z
      .union([idSchema, z.array(idSchema).max(500)])
      .transform((value) => (Array.isArray(value) ? value : [value]))
      .optional(),
  })
  .and(dateRangeSchema);
export type StaffComplianceQuery = z.input<typeof staffComplianceQuerySchema>;
const rate = z.number().int().min(0).max(100).nullable();
export const staffComplianceRowSchema = z.object({
  agentId: idSchema,
  agentName: z.string(),
  inboundRate: rate,
  outboundRate: rate,
  callbackRate: rate,
  relationshipRate: rate,
  collectionRate: rate,
  overallRate: rate,
  /**
   * The agent's minimum compliance percent (Users parameters; the workspace default
   * without one) and whether overallRate is under it (docs/users-parameters.md).
   */
  minimumPercent: z.number().int().min(0).max(100).optional(),
  belowMinimum: z.boolean().optional(),
});
export type StaffComplianceRow = z.infer<typeof staffComplianceRowSchema>;
export const staffComplianceResponseSchema = z.object({
  data: z.array(staffComplianceRowSchema),
});
export type StaffComplianceResponse = z.infer<typeof staffComplianceResponseSchema>;
