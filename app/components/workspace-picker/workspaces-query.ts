import type { ApiClient } from '@/shared/api/client';
import { listWorkspaces } from '@/shared/api/workspaces';
import type { Workspace } from '@/shared/contracts/workspace';
import { compareLabels } from '@/shared/domain/sorting';
import { withSignal } from '@/shared/query/api-with-signal';
import type { DataQueryOptions } from '@/shared/query/data-query';
import type { QueryScope } from '@/shared/query/query-scope';

/**
 * The workspaces the system user chooses from in a `WorkspacePicker` (GET workspaces
 * answers them all), by name. A screen that lists only some of them filters this list
 * itself (Cash Flow: those with QuickBooks connected).
 */
export function pickerWorkspacesQuery(
  scope: QueryScope,
  api: ApiClient,
): DataQueryOptions<Workspace[]> {
  return {
    queryKey: [...scope, 'workspace-picker', 'workspaces'],
    queryFn: async ({ signal }) =>
      [...(await listWorkspaces(withSignal(api, signal)))].sort((a, b) =>
        compareLabels(a.attributes.name, b.attributes.name),
      ),
    staleTime: 60_000,
    retry: false,
  };
}
