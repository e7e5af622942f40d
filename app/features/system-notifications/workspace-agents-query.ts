import type { ApiClient } from '@/shared/api/client';
import { listResponseSchema } from '@/shared/contracts/common';
import { type Agent, agentSchema } from '@/shared/contracts/lookups';
import { withSignal } from '@/shared/query/api-with-signal';
import type { DataQueryOptions } from '@/shared/query/data-query';
import type { QueryScope } from '@/shared/query/query-scope';

/** The most agents one workspace lists here (the lookups' page size). */
const AGENTS_LIMIT = 300;

/** GET workspaces/{id}/agents: one workspace's agents, active first, by name. */
export async function listWorkspaceAgents(api: ApiClient, workspaceId: string): Promise<Agent[]> {
  const answer = await api.call(listResponseSchema(agentSchema), {
    method: 'GET',
    path: `workspaces/${encodeURIComponent(workspaceId)}/agents`,
    query: { 'page[limit]': AGENTS_LIMIT },
  });
  return [...answer.data].sort(
    (a, b) => Number(b.active) - Number(a.active) || a.name.localeCompare(b.name),
  );
}

export function workspaceAgentsQuery(
  scope: QueryScope,
  api: ApiClient,
  workspaceId: string,
): DataQueryOptions<Agent[]> {
  return {
    queryKey: [...scope, 'system', 'workspaces', workspaceId, 'agents'],
    queryFn: ({ signal }) => listWorkspaceAgents(withSignal(api, signal), workspaceId),
    staleTime: 60_000,
    retry: false,
  };
}
