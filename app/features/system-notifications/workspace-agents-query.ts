import type { ApiClient } from '@/shared/api/client';
import { listWorkspaceAgents } from '@/shared/api/workspaces';
import type { Agent } from '@/shared/contracts/lookups';
import { withSignal } from '@/shared/query/api-with-signal';
import type { DataQueryOptions } from '@/shared/query/data-query';
import type { QueryScope } from '@/shared/query/query-scope';

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
