import type { ApiClient } from '@/shared/api/client';
import { listWorkspaces } from '@/shared/api/workspaces';
import type { Workspace } from '@/shared/contracts/workspace';
import { compareLabels } from '@/shared/domain/sorting';
import { withSignal } from './api-with-signal';
import type { DataQueryOptions } from './data-query';
import type { QueryScope } from './query-scope';

/** The one key of GET workspaces: a write that adds, renames or removes one drops it. */
export const workspacesKey = (scope: QueryScope) => [...scope, 'workspaces'] as const;

/**
 * The System area's cached workspace lists (System > Workspaces with its health, a
 * workspace's agents in Send notification): a write that adds or changes a workspace drops
 * them along with workspacesKey.
 */
export const systemWorkspaceListsKey = (scope: QueryScope) =>
  [...scope, 'system', 'workspaces'] as const;

/**
 * GET workspaces (a system user's answer holds them all), by name: the one list behind
 * every picker and page that shows workspaces (WorkspacePicker, Send notification,
 * training videos). A screen that lists only some filters this list itself (Cash Flow:
 * those with QuickBooks connected).
 */
export function workspacesQuery(scope: QueryScope, api: ApiClient): DataQueryOptions<Workspace[]> {
  return {
    queryKey: workspacesKey(scope),
    queryFn: async ({ signal }) =>
      [...(await listWorkspaces(withSignal(api, signal)))].sort((a, b) =>
        compareLabels(a.attributes.name, b.attributes.name),
      ),
    staleTime: 60_000,
    retry: false,
  };
}
