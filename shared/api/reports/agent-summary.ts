import {
  agentSummaryResponseSchema,
  type AgentSummary,
  type AgentSummaryQuery,
} from '@/shared/contracts/reports/agent-summary';
import type { ApiClient } from '../client';
import { callForData } from '../client';

/**
 * GET workspaces/{id}/agents/me/summary — the signed-in agent's day or week (the Agent
 * dashboard, docs/agent-dashboard.md); owners and admins may name another agent.
 */
export async function fetchAgentSummary(
  api: ApiClient,
  workspaceId: string,
  query: AgentSummaryQuery,
): Promise<AgentSummary> {
  const params: Record<string, string> = { period: query.period ?? 'day' };
  if (query.agent) params.agent = query.agent;
  return callForData(api, agentSummaryResponseSchema, {
    method: 'GET',
    path: `workspaces/${encodeURIComponent(workspaceId)}/agents/me/summary`,
    query: params,
  });
}
