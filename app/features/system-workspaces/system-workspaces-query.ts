import { fetchLookup } from '@/shared/api/lookups';
import type { ApiClient } from '@/shared/api/client';
import { listSystemWorkspaces } from '@/shared/api/system-workspaces';
import type { Timezone } from '@/shared/contracts/lookups';
import type { SystemWorkspace } from '@/shared/contracts/system-workspaces';
import { withSignal } from '@/shared/query/api-with-signal';
import type { DataQueryOptions } from '@/shared/query/data-query';
import type { QueryScope } from '@/shared/query/query-scope';
import { compareLabels } from '@/shared/domain/sorting';

export const systemWorkspacesKey = (scope: QueryScope) =>
  [...scope, 'system', 'workspaces', 'health'] as const;

/** GET system/workspaces: every workspace with its CRM and health, by name. */
export function systemWorkspacesQuery(
  scope: QueryScope,
  api: ApiClient,
): DataQueryOptions<SystemWorkspace[]> {
  return {
    queryKey: systemWorkspacesKey(scope),
    queryFn: async ({ signal }) =>
      [...(await listSystemWorkspaces(withSignal(api, signal)))].sort((a, b) =>
        compareLabels(a.workspace.attributes.name, b.workspace.attributes.name),
      ),
    // Health (sessions, last record) changes: a visit shows it fresh.
    staleTime: 0,
    retry: false,
  };
}

/** GET timezones (a global lookup; the system user has no workspace for useLookup). */
export function timezonesQuery(scope: QueryScope, api: ApiClient): DataQueryOptions<Timezone[]> {
  return {
    queryKey: [...scope, 'system', 'timezones'],
    queryFn: ({ signal }) => fetchLookup(withSignal(api, signal), 'timezones', ''),
    staleTime: 24 * 60 * 60 * 1000,
    retry: false,
  };
}
