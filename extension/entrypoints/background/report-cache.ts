import type { PortRequest } from '@/shared/transport/port-protocol';

/**
 * Stale-while-revalidate for the CRM tabs' report calls (issue #14): the last answer per
 * (sign-in, workspace, report, filters) stays here, in the worker's memory only; a new
 * tab's widget is answered from it at once, marked with the time it was fetched, while
 * the same call goes to the server again to replace it. Anything another user or
 * workspace could see is dropped on every sign-in change (`setOwner`), and an answer
 * fetched for an owner who has gone since is never stored.
 */
export interface ReportCache {
  /**
   * Who the entries are for (`user|workspace|server`; '' when signed out). Changing it
   * drops every entry and forgets the calls in flight.
   */
  setOwner(owner: string): void;
  /**
   * The answer for a content script's request: from the cache when there is one (with
   * `staleSince`, the time it was fetched, unless it is younger than the fresh window;
   * a revalidation then starts, shared by whoever asks meanwhile), else from the server.
   */
  answer(request: PortRequest, fetch: () => Promise<unknown>): Promise<CacheAnswer>;
  /**
   * A write went to the server: it may change any read (a notification marked read, a
   * setting saved), so every entry is dropped and no read already in flight is stored.
   */
  forget(): void;
  /** A fresh answer (the revalidation in flight, or a new call) that replaces the entry. */
  revalidate(request: PortRequest, fetch: () => Promise<unknown>): Promise<unknown>;
  /** Entries held (tests, diagnostics). */
  size(): number;
}

export interface CacheAnswer {
  data: unknown;
  /** When the answer given was fetched (epoch ms), if it came from the cache and is stale. */
  staleSince: number | null;
}

/**
 * Within this age an entry is answered without a new call: tabs opened together share
 * it, and a widget asking again right after its revalidation gets the fresh answer.
 */
export const FRESH_MS = 5_000;
/** Entries kept per owner; the oldest used goes first. */
export const MAX_ENTRIES = 200;
/**
 * What all entries may hold together, in JSON characters (the worker's memory stays
 * small); the oldest used go first. An answer larger than a quarter of it is not kept.
 */
export const MAX_TOTAL_CHARS = 4 * 1024 * 1024;
const MAX_ENTRY_CHARS = MAX_TOTAL_CHARS / 4;

/**
 * Which calls are reads whose answer can be shown again: GETs of the main API, and the
 * report queries that take their filters as a POST body (spec: dashboards 7).
 */
export function isCacheable(request: PortRequest): boolean {
  if ((request.base ?? 'api') !== 'api') return false;
  if (request.method === 'GET') return true;
  return request.method === 'POST' && /^workspaces\/[^/]+\/reports\//.test(request.path);
}

/** The same call always gives the same key, whatever order its query's keys came in. */
function stable(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stable).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, inner]) => inner !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, inner]) => `${JSON.stringify(key)}:${stable(inner)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

export function cacheKey(request: PortRequest): string {
  return stable([request.method, request.path, request.query ?? null, request.body ?? null]);
}

interface Entry {
  data: unknown;
  fetchedAt: number;
  size: number;
}

export function createReportCache(options: { now?: () => number } = {}): ReportCache {
  const now = options.now ?? Date.now;
  let owner = '';
  /** Bumped on every owner change: a call started before it never stores its answer. */
  let generation = 0;
  const entries = new Map<string, Entry>();
  let total = 0;
  const drop = (key: string) => {
    total -= entries.get(key)?.size ?? 0;
    entries.delete(key);
  };
  const inFlight = new Map<string, Promise<unknown>>();

  function store(key: string, data: unknown): void {
    let size = 0;
    try {
      size = JSON.stringify(data)?.length ?? 0;
    } catch {
      return;
    }
    drop(key);
    if (size > MAX_ENTRY_CHARS) return;
    entries.set(key, { data, fetchedAt: now(), size });
    total += size;
    while (entries.size > MAX_ENTRIES || total > MAX_TOTAL_CHARS) {
      const oldest = entries.keys().next().value;
      if (oldest === undefined) break;
      drop(oldest);
    }
  }

  function revalidate(request: PortRequest, fetch: () => Promise<unknown>): Promise<unknown> {
    const key = cacheKey(request);
    const running = inFlight.get(key);
    if (running) return running;
    const startedIn = generation;
    const call = fetch().then(
      (data) => {
        if (startedIn === generation) {
          inFlight.delete(key);
          if (owner) store(key, data);
        }
        return data;
      },
      (error: unknown) => {
        if (startedIn === generation) inFlight.delete(key);
        throw error;
      },
    );
    inFlight.set(key, call);
    return call;
  }

  function forget(): void {
    generation++;
    entries.clear();
    total = 0;
    inFlight.clear();
  }

  return {
    setOwner(next) {
      if (next === owner) return;
      owner = next;
      forget();
    },
    forget,
    async answer(request, fetch) {
      const key = cacheKey(request);
      const entry = owner ? entries.get(key) : undefined;
      if (!entry) return { data: await revalidate(request, fetch), staleSince: null };
      // Most recently used last: the oldest used is dropped first.
      entries.delete(key);
      entries.set(key, entry);
      if (now() - entry.fetchedAt < FRESH_MS) return { data: entry.data, staleSince: null };
      // The stale answer now; the fresh one replaces it here (a failure leaves it as it is).
      revalidate(request, fetch).catch(() => {});
      return { data: entry.data, staleSince: entry.fetchedAt };
    },
    revalidate,
    size: () => entries.size,
  };
}
