import type { ApiClient } from '@/shared/api/client';
import { listAsyncFailures, type AsyncFailurePage } from '@/shared/api/async-errors';
import { fetchCockpitGoalSettings } from '@/shared/api/goals';
import { fetchLookup, type LookupItem } from '@/shared/api/lookups';
import { listWorkspaceUsers } from '@/shared/api/users-administration';
import { fetchUsersParameters } from '@/shared/api/users-parameters';
import type { AsyncFailureList } from '@/shared/contracts/async-errors';
import type { CockpitGoalSettings } from '@/shared/contracts/reports/cockpit-goals';
import type { WorkspaceUser } from '@/shared/contracts/users-administration';
import type { UsersParameters } from '@/shared/contracts/users-parameters';
import { withSignal } from './api-with-signal';
import type { DataQueryOptions } from './data-query';
import type { QueryScope } from './query-scope';

// The queries of the settings screens (issue #31 item 3): one key and one loader each, the
// request cancelled when no screen waits for it. None retries by itself: the screen's
// error view has Try Again. A write drops the key it changes (useMutateAndInvalidate).

/** GET workspaces/{id}/users: Settings → Users administration. */
export const workspaceUsersKey = (scope: QueryScope, workspaceId: string) =>
  [...scope, 'workspace-users', workspaceId] as const;

export function workspaceUsersQuery(
  scope: QueryScope,
  api: ApiClient,
  workspaceId: string,
): DataQueryOptions<WorkspaceUser[]> {
  return {
    queryKey: workspaceUsersKey(scope, workspaceId),
    queryFn: ({ signal }) => listWorkspaceUsers(withSignal(api, signal), workspaceId),
    retry: false,
  };
}

/** GET workspaces/{id}/users-parameters: Settings → Users parameters. */
export const usersParametersKey = (scope: QueryScope, workspaceId: string) =>
  [...scope, 'users-parameters', workspaceId] as const;

export function usersParametersQuery(
  scope: QueryScope,
  api: ApiClient,
  workspaceId: string,
): DataQueryOptions<UsersParameters> {
  return {
    queryKey: usersParametersKey(scope, workspaceId),
    queryFn: async ({ signal }) => {
      try {
        return await fetchUsersParameters(withSignal(api, signal), workspaceId);
      } catch (error) {
        if (!signal.aborted) console.error('Users parameters failed to load', error);
        throw error;
      }
    },
    retry: false,
  };
}

/** GET workspaces/{id}/cockpit-goals: Settings → Cockpit Goals. */
export const cockpitGoalSettingsKey = (scope: QueryScope, workspaceId: string) =>
  [...scope, 'cockpit-goal-settings', workspaceId] as const;

export function cockpitGoalSettingsQuery(
  scope: QueryScope,
  api: ApiClient,
  workspaceId: string,
): DataQueryOptions<CockpitGoalSettings> {
  return {
    queryKey: cockpitGoalSettingsKey(scope, workspaceId),
    queryFn: async ({ signal }) => {
      try {
        return await fetchCockpitGoalSettings(withSignal(api, signal), workspaceId);
      } catch (error) {
        if (!signal.aborted) console.error('Cockpit goals failed to load', error);
        throw error;
      }
    },
    retry: false,
  };
}

/** Every page of the workspace's failed records: what a retry or a dismiss drops. */
export const asyncFailuresKey = (scope: QueryScope, workspaceId: string) =>
  [...scope, 'async-failures', workspaceId] as const;

/** GET workspaces/{id}/async-errors: one page of one status (its refusal not toasted). */
export function asyncFailuresQuery(
  scope: QueryScope,
  api: ApiClient,
  workspaceId: string,
  page: AsyncFailurePage,
): DataQueryOptions<AsyncFailureList> {
  return {
    queryKey: [...asyncFailuresKey(scope, workspaceId), page.status, page.limit, page.offset],
    queryFn: ({ signal }) =>
      listAsyncFailures(withSignal(api, signal), workspaceId, page, { silent: true }),
    retry: false,
  };
}

/**
 * The CRM or call-tracking users of the Link dialog: asked each time the dialog opens and
 * never kept (the dialog shows who is linked right now, not this morning's lookup).
 */
export function linkListQuery<K extends 'zohoUsers' | 'ctmUsers'>(
  scope: QueryScope,
  api: ApiClient,
  name: K,
  workspaceId: string,
): DataQueryOptions<LookupItem<K>[]> {
  return {
    queryKey: [...scope, 'link-list', name, workspaceId],
    queryFn: ({ signal }) => fetchLookup(withSignal(api, signal), name, workspaceId),
    gcTime: 0,
    retry: false,
  };
}
