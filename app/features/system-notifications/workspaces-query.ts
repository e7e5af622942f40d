import type { ApiClient } from '@/shared/api/client';
import { listWorkspaces } from '@/shared/api/workspaces';
import type { Workspace } from '@/shared/contracts/workspace';
import { withSignal } from '@/shared/query/api-with-signal';
import type { DataQueryOptions } from '@/shared/query/data-query';
import type { QueryScope } from '@/shared/query/query-scope';
import { compareLabels } from '@/shared/domain/sorting';

/** Every workspace (a system user's GET workspaces answers them all), by name. */
export function allWorkspacesQuery(
  scope: QueryScope,
  api: ApiClient,
): DataQueryOptions<Workspace[]> {
  return {
    queryKey: [...scope, 'system', 'workspaces'],
    queryFn: async ({ signal }) =>
      [...(await listWorkspaces(withSignal(api, signal)))].sort((a, b) =>
        compareLabels(a.attributes.name, b.attributes.name),
      ),
    staleTime: 60_000,
    retry: false,
  };
}
