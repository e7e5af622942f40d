import {
  fetchExecutionHistory,
  fetchProcessDefinition,
  callerCrmRecords,
  listCrmRecords,
  listExecutionHistories,
  listParkedExecutions,
  listProcesses,
  type PageRequest,
} from '@/shared/api/call-flow';
import type { ApiClient } from '@/shared/api/client';
import { quietly } from '@/shared/api/quiet-api';
import { fetchOwnAgentParameters } from '@/shared/api/users-parameters';
import type { ProcessDefinition } from '@/shared/contracts/call-flow';
import type {
  CrmRecord,
  CrmRecordListResponse,
  ExecutionHistoryDetail,
  ExecutionHistoryListResponse,
  ParkedExecution,
  ProcessListResponse,
} from '@/shared/contracts/call-flow-api';
import type { ListMeta } from '@/shared/contracts/common';
import type { AgentParameters } from '@/shared/contracts/users-parameters';
import { TransportError } from '@/shared/transport/transport';
import { withSignal } from '@/shared/query/api-with-signal';
import type { DataQueryOptions } from '@/shared/query/data-query';
import type { QueryScope } from '@/shared/query/query-scope';

// The Call Flows area's reads as queries of the shared data layer (app/query useDataQuery):
// keyed by the signed-in scope, loaded with the query's signal. Histories and CRM records
// change with every call, so they are never served stale from the cache without asking;
// the process list changes only when a definition is saved.

/** Process definitions change rarely: a list seen a minute ago is still right. */
const PROCESSES_STALE_MS = 60_000;

const callFlowsKey = (scope: QueryScope) => [...scope, 'call-flows'] as const;

function query<T>(
  queryKey: readonly unknown[],
  api: ApiClient,
  load: (client: ApiClient) => Promise<T>,
  staleTime = 0,
): DataQueryOptions<T> {
  return {
    queryKey,
    queryFn: ({ signal }) => load(withSignal(api, signal)),
    staleTime,
    // The error view's Try again is the retry (spec: dashboards 8).
    retry: false,
  };
}

/** The agents' list of a workspace's processes (a publish or an archive in the designer changes it). */
export const processesKey = (scope: QueryScope, workspaceId: string) =>
  [...callFlowsKey(scope), 'processes', workspaceId] as const;

export function processesQuery(
  scope: QueryScope,
  api: ApiClient,
  workspaceId: string,
): DataQueryOptions<ProcessListResponse> {
  return query(
    processesKey(scope, workspaceId),
    api,
    (client) => listProcesses(client, workspaceId),
    PROCESSES_STALE_MS,
  );
}

export function executionHistoriesQuery(
  scope: QueryScope,
  api: ApiClient,
  workspaceId: string,
  page: PageRequest,
): DataQueryOptions<ExecutionHistoryListResponse> {
  return query(
    [...callFlowsKey(scope), 'histories', workspaceId, page.limit, page.offset],
    api,
    (client) => listExecutionHistories(client, workspaceId, { page }),
  );
}

/** The key of the agent's parked walk-ins (issue #28): parking and resuming refresh it. */
export const parkedExecutionsKey = (scope: QueryScope) =>
  [...callFlowsKey(scope), 'parked'] as const;

/** The signed-in agent's parked walk-ins in a workspace, newest first (issue #28). */
export function parkedExecutionsQuery(
  scope: QueryScope,
  api: ApiClient,
  workspaceId: string,
): DataQueryOptions<ParkedExecution[]> {
  return query([...parkedExecutionsKey(scope), workspaceId], api, (client) =>
    listParkedExecutions(client, workspaceId),
  );
}

export interface ExecutionHistoryWithDefinition {
  /** The history with one page of its step histories (issue #29: they are paged). */
  history: ExecutionHistoryDetail;
  /** Which steps the page holds, of how many. */
  meta: ListMeta;
  /** For field labels; null when the process is gone or could not be read. */
  definition: ProcessDefinition | null;
}

/** One page of an execution history's steps, with the definition its labels come from. */
export function executionHistoryQuery(
  scope: QueryScope,
  api: ApiClient,
  workspaceId: string,
  historyId: string,
  page: PageRequest,
): DataQueryOptions<ExecutionHistoryWithDefinition> {
  return query(
    [...callFlowsKey(scope), 'history', historyId, page.limit, page.offset],
    api,
    async (client) => {
      const { history, meta } = await fetchExecutionHistory(client, historyId, page);
      const definition = await fetchProcessDefinition(client, workspaceId, history.process).catch(
        () => null,
      );
      return { history, meta, definition };
    },
  );
}

export function crmRecordsQuery(
  scope: QueryScope,
  api: ApiClient,
  workspaceId: string,
  page: PageRequest,
): DataQueryOptions<CrmRecordListResponse> {
  return query(
    [...callFlowsKey(scope), 'crm-records', workspaceId, page.limit, page.offset],
    api,
    (client) => listCrmRecords(client, workspaceId, { page }),
  );
}

/**
 * How long a caller's lookup is reused: the card is shown again and again during one call
 * and as it ends (the panel and the wizard re-render it), and each lookup of a connected
 * Zoho CRM spends the firm's API credits. The next call, seconds later at the earliest,
 * asks again (a contact made during the last call counts).
 */
export const CALLER_LOOKUP_STALE_MS = 15_000;

/**
 * The records the active call's card looks through for the caller's phone (issue #13):
 * the connected Zoho CRM's contacts with that phone (issue #33), else the simulated CRM's
 * newest contacts. Read quietly: a failed lookup only hides the card's offer.
 */
export function callerContactsQuery(
  scope: QueryScope,
  api: ApiClient,
  workspaceId: string,
  phone: string,
): DataQueryOptions<CrmRecord[]> {
  return query(
    [...callFlowsKey(scope), 'caller-contacts', workspaceId, phone],
    api,
    async (client) => (await callerCrmRecords(quietly(client), workspaceId, phone)).data,
    CALLER_LOOKUP_STALE_MS,
  );
}

/** The signed-in agent's own parameters change only when a manager saves them. */
const OWN_PARAMETERS_STALE_MS = 5 * 60_000;

/**
 * GET workspaces/{id}/users-parameters/me (issue #16, docs/users-parameters.md): the
 * signed-in agent's consultant and practice areas, which the call flows use as defaults.
 * Silent and never failing: a user without an agent record (404), or any failure, answers
 * null = "no defaults" (nothing preselected, the flows in their usual order).
 */
export function ownAgentParametersQuery(
  scope: QueryScope,
  api: ApiClient,
  workspaceId: string,
): DataQueryOptions<AgentParameters | null> {
  return query(
    [...scope, 'users-parameters', 'me', workspaceId],
    api,
    async (client) => {
      try {
        return await fetchOwnAgentParameters(client, workspaceId, { silent: true });
      } catch (error) {
        // A cancelled load is not an answer: the query layer drops it.
        if (error instanceof TransportError && error.cancelled) throw error;
        return null;
      }
    },
    OWN_PARAMETERS_STALE_MS,
  );
}
