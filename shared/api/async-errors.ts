import {
  asyncErrorPaths,
  type AsyncFailureList,
  type AsyncFailureStatus,
  asyncFailureListResponseSchema,
  asyncFailureResponseSchema,
  type AsyncRecordFailure,
  type RetryAllResult,
  retryAllResponseSchema,
  simulatedCrmResponseSchema,
} from '@/shared/contracts/async-errors';
import type { ApiClient, CallOptions } from './client';
import { callForData } from './client';

// Settings > Async error resolution (issue #16): the calls of shared/contracts/
// async-errors.ts, each answer checked by its contract.

export interface AsyncFailurePage {
  status: AsyncFailureStatus;
  limit: number;
  offset: number;
}

/** GET workspaces/{id}/async-errors: one page of one status, newest first, with counts. */
export async function listAsyncFailures(
  api: ApiClient,
  workspaceId: string,
  page: AsyncFailurePage,
  options?: CallOptions,
): Promise<AsyncFailureList> {
  return api.call(
    asyncFailureListResponseSchema,
    {
      method: 'GET',
      path: asyncErrorPaths.list(workspaceId),
      query: { status: page.status, 'page[limit]': page.limit, 'page[offset]': page.offset },
    },
    options,
  );
}

/** A POST on one failure (retry, dismiss), answered with the record as it now stands. */
function failureAction(path: (workspaceId: string, failureId: string) => string) {
  return (
    api: ApiClient,
    workspaceId: string,
    failureId: string,
    options?: CallOptions,
  ): Promise<AsyncRecordFailure> =>
    callForData(
      api,
      asyncFailureResponseSchema,
      { method: 'POST', path: path(workspaceId, failureId), body: {} },
      options,
    );
}

/** POST workspaces/{id}/async-errors/{failureId}/retry: the record after the new attempt. */
export const retryAsyncFailure = failureAction(asyncErrorPaths.retry);

/** POST workspaces/{id}/async-errors/{failureId}/dismiss: the record, now dismissed. */
export const dismissAsyncFailure = failureAction(asyncErrorPaths.dismiss);

/** POST workspaces/{id}/async-errors/retry-all: how many were tried, synced, still failing. */
export async function retryAllAsyncFailures(
  api: ApiClient,
  workspaceId: string,
  options?: CallOptions,
): Promise<RetryAllResult> {
  return callForData(
    api,
    retryAllResponseSchema,
    { method: 'POST', path: asyncErrorPaths.retryAll(workspaceId), body: {} },
    options,
  );
}

/** PUT workspaces/{id}/simulated-crm (system user): switches the simulated CRM's outage. */
export async function setSimulatedCrmOutage(
  api: ApiClient,
  workspaceId: string,
  outage: boolean,
): Promise<{ outage: boolean; since: string | null }> {
  return callForData(api, simulatedCrmResponseSchema, {
    method: 'PUT',
    path: asyncErrorPaths.simulatedCrm(workspaceId),
    body: { outage },
  });
}
