import { useMemo } from 'react';
import {
  screenLoadOf,
  useDataQuery,
  useQueryScope,
  type ScreenLoad,
} from '@/app/query/use-data-query';
import { useRowWrite } from '@/app/query/use-mutate-and-invalidate';
import { useHost } from '@/app/host/host';
import type { WorkspaceUser } from '@/shared/contracts/users-administration';
import { workspaceUsersKey, workspaceUsersQuery } from '@/shared/query/settings-queries';

export type UsersLoad = ScreenLoad<WorkspaceUser[]>;

/** The workspace's users (GET workspaces/{id}/users), from the host's query cache. */
export function useWorkspaceUsers(workspaceId: string) {
  const { api } = useHost();
  const scope = useQueryScope();
  const query = useDataQuery(workspaceUsersQuery(scope, api, workspaceId));
  const { status, data } = query;
  const load = useMemo(() => screenLoadOf({ status, data }), [status, data]);
  return { load, retry: query.retry };
}

/**
 * A write that answers with the changed user (invite, role, status, links, new invitation
 * link): the answer goes in the list at once (a new user is added), then the list is
 * loaded again behind it, so no row stays stale.
 */
export function useWorkspaceUserWrite(workspaceId: string) {
  const scope = useQueryScope();
  const key = workspaceUsersKey(scope, workspaceId);
  return useRowWrite((write: () => Promise<WorkspaceUser>) => write(), {
    list: key,
    isRow: (row: WorkspaceUser, user) => row.id === user.id,
    addWhenMissing: true,
    invalidates: () => [key],
  });
}
