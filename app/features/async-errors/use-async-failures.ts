import { keepPreviousData, skipToken, useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useHost } from '@/app/host/host';
import { useQueryScope } from '@/app/query/use-data-query';
import type { AsyncFailureList, AsyncFailureStatus } from '@/shared/contracts/async-errors';
import { asyncFailuresQuery } from '@/shared/query/settings-queries';
import { TransportError } from '@/shared/transport/transport';

export const ASYNC_FAILURES_PAGE_SIZE = 25;

export type FailuresLoad =
  | { status: 'idle' }
  | { status: 'loading'; previous: AsyncFailureList | null }
  | { status: 'error'; detail: string | null }
  | { status: 'loaded'; list: AsyncFailureList };

/**
 * One page of the workspace's failed records of one status (newest first), reloaded
 * after every retry or dismiss. The last page stays on screen while the next one loads,
 * so the table does not jump.
 */
export function useAsyncFailures(
  workspaceId: string | null,
  filter: AsyncFailureStatus,
  offset: number,
) {
  const { api } = useHost();
  const scope = useQueryScope();
  const options = workspaceId
    ? asyncFailuresQuery(scope, api, workspaceId, {
        status: filter,
        limit: ASYNC_FAILURES_PAGE_SIZE,
        offset,
      })
    : null;
  const query = useQuery<AsyncFailureList>(
    options
      ? { ...options, queryKey: [...options.queryKey], placeholderData: keepPreviousData }
      : { queryKey: [...scope, 'async-failures', 'off'], queryFn: skipToken },
  );
  const { refetch } = query;
  const load: FailuresLoad = !options
    ? { status: 'idle' }
    : query.status === 'success' && !query.isPlaceholderData && query.fetchStatus === 'idle'
      ? { status: 'loaded', list: query.data }
      : query.status === 'error' && query.fetchStatus === 'idle'
        ? {
            status: 'error',
            // The server's own words (e.g. the role or the workspace setting it refused for).
            detail: query.error instanceof TransportError ? query.error.serverMessage : null,
          }
        : { status: 'loading', previous: query.data ?? null };
  const reload = useCallback(() => void refetch(), [refetch]);
  const list =
    load.status === 'loaded' ? load.list : load.status === 'loading' ? load.previous : null;
  return { load, list, reload };
}
