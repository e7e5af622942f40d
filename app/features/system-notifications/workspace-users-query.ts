import type { ApiClient } from '@/shared/api/client';
import { listWorkspaceUsers } from '@/shared/api/users-administration';
import type { WorkspaceUser } from '@/shared/contracts/users-administration';
import { withSignal } from '@/shared/query/api-with-signal';
import type { DataQueryOptions } from '@/shared/query/data-query';
import type { QueryScope } from '@/shared/query/query-scope';

/** GET workspaces/{id}/users (the system user reads any workspace's): the picker's list. */
export function workspaceUsersQuery(
  scope: QueryScope,
  api: ApiClient,
  workspaceId: string,
): DataQueryOptions<WorkspaceUser[]> {
  return {
    queryKey: [...scope, 'system', 'workspaces', workspaceId, 'users'],
    queryFn: ({ signal }) => listWorkspaceUsers(withSignal(api, signal), workspaceId),
    staleTime: 60_000,
    retry: false,
  };
}
