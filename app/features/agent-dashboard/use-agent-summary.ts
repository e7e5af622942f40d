import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useCallSnapshot } from '@/app/calls/use-active-call';
import { useDataQuery, useQueryScope } from '@/app/query/use-data-query';
import { useHost } from '@/app/host/host';
import { useLiveFeed, useLiveSnapshot } from '@/app/live/live-context';
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
export const agentSummaryKey = (scope: QueryScope) =>
  [...reportsKey(scope), 'agent-summary'] as const;

export function agentSummaryQuery(
  scope: QueryScope,
  api: ApiClient,
  workspaceId: string,
  period: AgentSummaryPeriod,
  agentId: string | null,
): DataQueryOptions<AgentSummary> {
  return {
    queryKey: [...agentSummaryKey(scope), workspaceId, period, agentId],
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

/**
 * The dashboard follows what the app already hears live (issue #30: after a hang-up it
 * read "IN 0" until reload): it asks for the summary again when one of this browser's
 * calls starts or ends (the call session), when the workspace's live call count moves
 * (`ctmcallsdata`: any agent's call, so a manager reading an agent's dashboard follows
 * it too) and when a notification arrives (a missed call). The server counts an ended
 * call in the reports before it says the call ended.
 */
export function useAgentSummaryFollowsLive(enabled: boolean): void {
  const { calls } = useHost();
  const scope = useQueryScope();
  const queryClient = useQueryClient();
  const snapshot = useCallSnapshot(calls);
  const live = useLiveSnapshot();
  const feed = useLiveFeed();
  const heard = [
    snapshot.call?.callId ?? '',
    snapshot.call?.endedAt ?? '',
    snapshot.waiting?.call.callId ?? '',
    live.liveCalls ?? '',
  ].join(':');
  const last = useRef(heard);

  useEffect(() => {
    if (last.current === heard) return;
    last.current = heard;
    if (enabled) void queryClient.invalidateQueries({ queryKey: agentSummaryKey(scope) });
  }, [enabled, heard, queryClient, scope]);

  useEffect(() => {
    if (!enabled || !feed) return;
    return feed.onArrival(
      () => void queryClient.invalidateQueries({ queryKey: agentSummaryKey(scope) }),
    );
  }, [enabled, feed, queryClient, scope]);
}
