import type { ApiClient } from '@/shared/api/client';
import { listWorkspaces } from '@/shared/api/workspaces';
import type { Workspace } from '@/shared/contracts/workspace';
import { checkFeatureAccess } from '@/shared/domain/feature-access';
import { compareLabels } from '@/shared/domain/sorting';
import { withSignal } from '@/shared/query/api-with-signal';
import type { DataQueryOptions } from '@/shared/query/data-query';
import type { QueryScope } from '@/shared/query/query-scope';

/**
 * The system user's choices on the Cash Flow Pipeline screens: only the workspaces whose
 * Cash Flow report the server answers — those with the accounting vendor (QuickBooks)
 * connected (spec: dashboards 2.2; the server refuses the others with 403, the same
 * `checkFeatureAccess` rule) — by name. Listing the others would only lead to an error.
 */
export function cashFlowWorkspaceChoices(workspaces: readonly Workspace[]): Workspace[] {
  return workspaces
    .filter((item) => checkFeatureAccess('cashFlow', 'system', item).allowed)
    .sort((a, b) => compareLabels(a.attributes.name, b.attributes.name));
}

/** GET workspaces (the system user is answered them all), as the picker's choices. */
export function cashFlowWorkspacesQuery(
  scope: QueryScope,
  api: ApiClient,
): DataQueryOptions<Workspace[]> {
  return {
    queryKey: [...scope, 'cash-flow', 'workspaces'],
    queryFn: async ({ signal }) =>
      cashFlowWorkspaceChoices(await listWorkspaces(withSignal(api, signal))),
    staleTime: 60_000,
    retry: false,
  };
}
