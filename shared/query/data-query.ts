/**
 * The shape of one query of the data layer, without React: a key, a function that loads
 * through the host's API with the query's AbortSignal, and the caching rules. The app's
 * hooks (app/query) hand these to TanStack Query; the type is structurally what its
 * `useQuery` takes, so shared code needs no React and no query library at run time.
 */
export type QueryKey = readonly unknown[];

export interface DataQueryOptions<T> {
  queryKey: QueryKey;
  queryFn: (context: { signal: AbortSignal }) => Promise<T>;
  /** How long an answer counts as fresh (a remount within it fetches nothing). */
  staleTime?: number | ((query: { state: { dataUpdatedAt: number } }) => number);
  /** How long an answer no screen shows stays in the cache. */
  gcTime?: number;
  /** Automatic retries after a failure (false: none; the error view's Try Again is the retry). */
  retry?: number | false;
  retryDelay?: number;
}

/**
 * A query that asks again on its own while its screen is open (a status page, a live call):
 * every `refetchInterval` ms after the last answer, never while the page is hidden
 * (`refetchIntervalInBackground: false`), and at once on coming back when the answer is
 * older than `staleTime` (`refetchOnWindowFocus: true`).
 */
export interface PollingQueryOptions<T> extends DataQueryOptions<T> {
  refetchInterval: number;
  refetchIntervalInBackground: false;
  refetchOnWindowFocus: boolean;
  /** 'always': opening the screen asks at once even if a fresh answer is cached. */
  refetchOnMount?: boolean | 'always';
}

/** The polling options of a query asked every `intervalMs` while its page is visible. */
export function pollEvery(intervalMs: number) {
  return {
    refetchInterval: intervalMs,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: true,
    staleTime: intervalMs,
  } as const;
}

/**
 * A report answer stays fresh this long: a screen opened again within it (the panel
 * re-opened, a route visited again) shows the cached answer without asking; after it,
 * the cached answer shows at once and a new one is fetched behind it.
 */
export const REPORT_STALE_MS = 30_000;

/** Answers no screen shows are kept this long (the default of TanStack Query). */
export const REPORT_GC_MS = 5 * 60_000;
