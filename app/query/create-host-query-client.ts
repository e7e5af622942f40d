import { QueryCache, QueryClient } from '@tanstack/react-query';
import { NoDataError } from '@/shared/query/data-errors';
import { EmptyLookupError } from '@/shared/query/lookup-queries';
import type { QueryScope } from '@/shared/query/query-scope';
import { TransportError } from '@/shared/transport/transport';

/** Failures worth a line in the console: not 'No Data', not an empty lookup, not a cancel. */
function isLoggable(error: unknown): boolean {
  if (error instanceof NoDataError || error instanceof EmptyLookupError) return false;
  return !(error instanceof TransportError && error.cancelled);
}

/**
 * The one QueryClient of a host (the app's root, the page's widgets, the extension tab's
 * panel). Defaults keep the spec's loading rules: data is fetched again only when what a
 * screen asks for changes or on Try Again (spec: dashboards 4 "refetched only when filters
 * or date range changed"), never on window focus or reconnect; requests go out even when
 * the browser says it is offline, so a failure reaches the error view instead of waiting.
 */
export function createHostQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError(error, query) {
        // spec: dashboards 8 — a failed load is logged and its screen shows the error view.
        if (isLoggable(error)) console.warn('Data load failed', query.queryKey, error);
      },
    }),
    defaultOptions: {
      queries: {
        retry: false,
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
        networkMode: 'always',
      },
    },
  });
}

const startsWith = (key: readonly unknown[], scope: QueryScope) =>
  scope.every((part, index) => key[index] === part);

/**
 * Drops every cached answer that is not the given sign-in's (all of them when nobody is
 * signed in), cancelling what is still loading (spec: session 4 step 9 "empties the cached
 * lookups"): no answer of one user is ever shown to the next. Answers of the current
 * sign-in stay, so screens rendering for it keep theirs.
 */
export function forgetOtherSessions(client: QueryClient, scope: QueryScope | null): void {
  client.removeQueries({
    predicate: (query) => scope === null || !startsWith(query.queryKey, scope),
  });
}
