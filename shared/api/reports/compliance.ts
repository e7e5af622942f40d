import {
  callComplianceByAgentResponseSchema,
  callComplianceResponseSchema,
  type AgentComplianceRow,
  type CallComplianceData,
} from '@/shared/contracts/reports/call-compliance';
import type { ApiClient } from '../client';
import { callForData } from '../client';

const reports = (workspaceId: string) => `workspaces/${encodeURIComponent(workspaceId)}/reports`;

/** GET workspaces/{id}/reports/ctm-call-compliance (spec: dashboards 2.6, 7). */
export async function fetchCallCompliance(
  api: ApiClient,
  workspaceId: string,
  query: Record<string, string | string[]>,
): Promise<CallComplianceData> {
  return callForData(api, callComplianceResponseSchema, {
    method: 'GET',
    path: `${reports(workspaceId)}/ctm-call-compliance`,
    query,
  });
}

/**
 * GET workspaces/{id}/reports/ctm-call-compliance-by-agent, unwrapped from
 * CTM_COMPLIANCE_BY_AGENTS_ZOHO.data: the all-agent totals first, then the agents (spec 3).
 */
export async function fetchCallComplianceByAgent(
  api: ApiClient,
  workspaceId: string,
  query: Record<string, string | string[]>,
): Promise<AgentComplianceRow[]> {
  const response = await api.call(callComplianceByAgentResponseSchema, {
    method: 'GET',
    path: `${reports(workspaceId)}/ctm-call-compliance-by-agent`,
    query,
  });
  return response.data.CTM_COMPLIANCE_BY_AGENTS_ZOHO.data;
}
