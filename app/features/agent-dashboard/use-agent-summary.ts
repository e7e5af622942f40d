import { useDataQuery, useQueryScope } from '@/app/query/use-data-query';
import { useHost } from '@/app/host/host';
import type { ApiClient } from '@/shared/api/client';
import { fetchAgentSummary } from '@/shared/api/reports/agent-summary';
import type { AgentSummary, AgentSummaryPeriod } from '@/shared/contracts/reports/agent-summary';
import { withSignal } from '@/shared/query/api-with-signal';
import { REPORT_GC_MS, REPORT_STALE_MS, type DataQueryOptions } from '@/shared/query/data-query';
import type { QueryScope } from '@/shared/query/query-scope';
import { reportsKey } from '@/shared/query/report-queries';

/**
 * The Agent dashboard's one call, keyed under the scope's reports (so a "reload
 * everything" resets it too). `agentId` null = the signed-in agent. Not retried by itself:
 * the error view's Try Again is the retry (spec: dashboards 8).
 */
export function agentSummaryQuery(
  scope: QueryScope,
  api: ApiClient,
  workspaceId: string,
  period: AgentSummaryPeriod,
  agentId: string | null,
): DataQueryOptions<AgentSummary> {
  return {
    queryKey: [...reportsKey(scope), 'agent-summary', workspaceId, period, agentId],
    queryFn: ({ signal }) =>
      fetchAgentSummary(withSignal(api, signal), workspaceId, {
        period,
        ...(agentId ? { agent: agentId } : {}),
      }),
    staleTime: REPORT_STALE_MS,
    gcTime: REPORT_GC_MS,
    retry: false,
  };
}

/** The summary for a period and agent; idle while `enabled` is false (no agent to show). */
export function useAgentSummary(
  period: AgentSummaryPeriod,
  agentId: string | null,
  enabled: boolean,
) {
  const { api, session } = useHost();
  const scope = useQueryScope();
  const workspaceId = session.workspace?.id ?? null;
  return useDataQuery(
    enabled && workspaceId ? agentSummaryQuery(scope, api, workspaceId, period, agentId) : null,
  );
}
