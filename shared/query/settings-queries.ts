import type { ApiClient } from '@/shared/api/client';
import { listAsyncFailures, type AsyncFailurePage } from '@/shared/api/async-errors';
import { getCallTrackingConnection } from '@/shared/api/call-tracking-connection';
import { getCrmConnection, getZohoFieldMapping } from '@/shared/api/crm-connection';
import { fetchCockpitGoalSettings } from '@/shared/api/goals';
import { fetchLookup, type LookupItem } from '@/shared/api/lookups';
import { listWorkspaceUsers } from '@/shared/api/users-administration';
import { fetchUsersParameters } from '@/shared/api/users-parameters';
import { getWorkspaceMail } from '@/shared/api/workspace-mail';
import { getAccountingConnection } from '@/shared/api/accounting-connection';
import type { AsyncFailureList } from '@/shared/contracts/async-errors';
import { withSignal } from './api-with-signal';
import type { DataQueryOptions } from './data-query';
import type { QueryScope } from './query-scope';

// The queries of the settings screens (issue #31 item 3): one key and one loader each, the
// request cancelled when no screen waits for it. None retries by itself: the screen's
// error view has Try Again. A write drops the key it changes (useMutateAndInvalidate).

/**
 * One workspace's settings screen, read whole: its key and its loader (the request
 * cancelled when no screen waits for it). A failure is logged once, by the host's query
 * client (create-host-query-client.ts).
 */
function workspaceSettingsQuery<T>(
  name: string,
  load: (api: ApiClient, workspaceId: string) => Promise<T>,
) {
  const key = (scope: QueryScope, workspaceId: string) => [...scope, name, workspaceId] as const;
  const query = (scope: QueryScope, api: ApiClient, workspaceId: string): DataQueryOptions<T> => ({
    queryKey: key(scope, workspaceId),
    queryFn: ({ signal }) => load(withSignal(api, signal), workspaceId),
    retry: false,
  });
  return { key, query };
}

/** GET workspaces/{id}/users: Settings → Users administration. */
const workspaceUsers = workspaceSettingsQuery('workspace-users', listWorkspaceUsers);
export const workspaceUsersKey = workspaceUsers.key;
export const workspaceUsersQuery = workspaceUsers.query;

/** GET workspaces/{id}/users-parameters: Settings → Users parameters. */
const usersParameters = workspaceSettingsQuery('users-parameters', fetchUsersParameters);
export const usersParametersKey = usersParameters.key;
export const usersParametersQuery = usersParameters.query;

/** GET workspaces/{id}/cockpit-goals: Settings → Cockpit Goals. */
const cockpitGoalSettings = workspaceSettingsQuery(
  'cockpit-goal-settings',
  fetchCockpitGoalSettings,
);
export const cockpitGoalSettingsKey = cockpitGoalSettings.key;
export const cockpitGoalSettingsQuery = cockpitGoalSettings.query;

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

/** GET workspaces/{id}/call-tracking/connection: the CTM connection and its health (issue #32). */
const callTrackingConnection = workspaceSettingsQuery(
  'call-tracking-connection',
  (api: ApiClient, workspaceId: string) => getCallTrackingConnection(api, workspaceId),
);
export const callTrackingConnectionKey = callTrackingConnection.key;
export const callTrackingConnectionQuery = callTrackingConnection.query;

/** GET workspaces/{id}/crm/connection: the CRM connection and its health (issue #33). */
const crmConnection = workspaceSettingsQuery(
  'crm-connection',
  (api: ApiClient, workspaceId: string) => getCrmConnection(api, workspaceId),
);
export const crmConnectionKey = crmConnection.key;
export const crmConnectionQuery = crmConnection.query;

/** GET workspaces/{id}/mail: the SMTP account its e-mails go out with (issue #33). */
const workspaceMail = workspaceSettingsQuery(
  'workspace-mail',
  (api: ApiClient, workspaceId: string) => getWorkspaceMail(api, workspaceId),
);
export const workspaceMailKey = workspaceMail.key;
export const workspaceMailQuery = workspaceMail.query;

/** GET workspaces/{id}/accounting/connection: its QuickBooks company (issue #33). */
const accountingConnection = workspaceSettingsQuery(
  'accounting-connection',
  (api: ApiClient, workspaceId: string) => getAccountingConnection(api, workspaceId),
);
export const accountingConnectionKey = accountingConnection.key;
export const accountingConnectionQuery = accountingConnection.query;

/** GET workspaces/{id}/crm/field-mapping: where its fields go in Zoho CRM (issue #33). */
const zohoFieldMapping = workspaceSettingsQuery('zoho-field-mapping', getZohoFieldMapping);
export const zohoFieldMappingKey = zohoFieldMapping.key;
export const zohoFieldMappingQuery = zohoFieldMapping.query;
