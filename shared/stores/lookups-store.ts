import { create } from 'zustand';
import type { ApiClient } from '@/shared/api/client';
import { fetchLookup, LOOKUPS, type LookupItem, type LookupName } from '@/shared/api/lookups';
import type { Workspace } from '@/shared/contracts/workspace';
import { visibleLeadSources } from '@/shared/domain/lead-sources';

export type LookupLists = { [K in LookupName]: LookupItem<K>[] };

const emptyLists = (): LookupLists =>
  Object.fromEntries(Object.keys(LOOKUPS).map((name) => [name, []])) as unknown as LookupLists;

export interface LookupsState {
  lists: LookupLists;
  /** Lists still empty after their last try, with how many retries they had. */
  retries: Partial<Record<LookupName, number>>;
}

/** spec: session 3 Global lookups (cached). */
export const useLookupsStore = create<LookupsState>()(() => ({ lists: emptyLists(), retries: {} }));

export function resetLookups(): void {
  useLookupsStore.setState({ lists: emptyLists(), retries: {} });
}

// spec: session 4 Lookups / 9 — failed or empty lookups retry after 5 minutes, up to 5 times.
export const LOOKUP_RETRY_DELAY_MS = 5 * 60_000;
export const LOOKUP_MAX_RETRIES = 5;

/** Which lists a workspace has at all: no CRM users without the CRM, and so on. */
export function lookupsFor(workspace: Workspace): LookupName[] {
  const { attributes } = workspace;
  return (Object.keys(LOOKUPS) as LookupName[]).filter((name) => {
    if (name === 'zohoUsers') return attributes.isZoho;
    if (name === 'ctmUsers') return Boolean(attributes.vendors.callTrackingMetrics.account);
    return true;
  });
}

export interface LookupsLoader {
  /** Loads every list that is empty; schedules retries for the ones that stay empty. */
  load(): Promise<void>;
  /** Cancels pending retries (logout). */
  stop(): void;
}

export function createLookupsLoader(options: {
  api: ApiClient;
  workspace: Workspace;
  retryDelayMs?: number;
  maxRetries?: number;
}): LookupsLoader {
  const { api, workspace } = options;
  const retryDelayMs = options.retryDelayMs ?? LOOKUP_RETRY_DELAY_MS;
  const maxRetries = options.maxRetries ?? LOOKUP_MAX_RETRIES;
  const timers = new Set<ReturnType<typeof setTimeout>>();
  let stopped = false;

  async function loadOne(name: LookupName): Promise<boolean> {
    let items: unknown[];
    try {
      items = await fetchLookup(api, name, workspace.id);
    } catch {
      // spec: session 8 — a failed lookup is an empty list, then retried.
      items = [];
    }
    if (name === 'leadSources') items = visibleLeadSources(items as LookupItem<'leadSources'>[]);
    if (stopped) return true;
    useLookupsStore.setState((state) => ({ lists: { ...state.lists, [name]: items } }));
    return items.length > 0;
  }

  function scheduleRetry(name: LookupName): void {
    const done = useLookupsStore.getState().retries[name] ?? 0;
    if (stopped || done >= maxRetries) return;
    const timer = setTimeout(() => {
      timers.delete(timer);
      useLookupsStore.setState((state) => ({ retries: { ...state.retries, [name]: done + 1 } }));
      void loadOne(name).then((ok) => {
        if (!ok) scheduleRetry(name);
      });
    }, retryDelayMs);
    timers.add(timer);
  }

  return {
    async load() {
      const { lists } = useLookupsStore.getState();
      const missing = lookupsFor(workspace).filter((name) => lists[name].length === 0);
      const results = await Promise.all(
        missing.map(async (name) => [name, await loadOne(name)] as const),
      );
      for (const [name, ok] of results) if (!ok) scheduleRetry(name);
    },
    stop() {
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
  };
}
