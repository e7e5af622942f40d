import type { ApiClient } from '@/shared/api/client';
import { fetchLookup, type LookupItem, type LookupName } from '@/shared/api/lookups';
import type { Campaign, CaseType, LeadSource, Office } from '@/shared/contracts/lookups';
import { visibleLeadSources } from '@/shared/domain/lead-sources';
import { compareLabels } from '@/shared/domain/sorting';
import { withSignal } from './api-with-signal';
import type { DataQueryOptions } from './data-query';
import type { QueryScope } from './query-scope';

// spec: session 4 Lookups / 9 — failed or empty lookups retry after 5 minutes, up to 5 times.
export const LOOKUP_RETRY_DELAY_MS = 5 * 60_000;
export const LOOKUP_MAX_RETRIES = 5;

/** A lookup answered with no items: retried like a failure (spec: session 4 Lookups). */
export class EmptyLookupError extends Error {
  constructor(readonly lookup: LookupName) {
    super(`The ${lookup} lookup is empty`);
    this.name = 'EmptyLookupError';
  }
}

/**
 * How long a lookup answered at `updatedAt` stays fresh: until the next local midnight
 * (spec: session 4 "Some daily caches expire on a new day"). The next screen that reads
 * it after that shows the cached list and fetches the day's list behind it.
 */
export function msUntilNextDay(updatedAt: number): number {
  const next = new Date(updatedAt);
  next.setHours(24, 0, 0, 0);
  return next.getTime() - updatedAt;
}

export const lookupsKey = (scope: QueryScope) => [...scope, 'lookup'] as const;

/**
 * One global lookup (spec: session 3 "Global lookups (cached)"): loaded when a screen first
 * needs it — not every list at every sign-in — and shared by every screen of the host.
 * Test lead sources are hidden (spec: dashboards 3). A failed or empty answer is retried
 * after 5 minutes, up to 5 times; meanwhile the list reads as empty (spec: session 8
 * "Failed lookups: empty list, then retry"). The calls are silent: no toast per list.
 */
export function lookupQuery<K extends LookupName>(
  scope: QueryScope,
  api: ApiClient,
  name: K,
  workspaceId: string,
): DataQueryOptions<LookupItem<K>[]> {
  return {
    queryKey: [...lookupsKey(scope), name, workspaceId],
    queryFn: async ({ signal }) => {
      let items = await fetchLookup(withSignal(api, signal), name, workspaceId);
      if (name === 'leadSources') {
        items = visibleLeadSources(items as LookupItem<'leadSources'>[]) as LookupItem<K>[];
      }
      if (items.length === 0) throw new EmptyLookupError(name);
      return items;
    },
    staleTime: (query) => msUntilNextDay(query.state.dataUpdatedAt),
    // Kept for the day while signed in; sign-out clears the whole cache.
    gcTime: 24 * 60 * 60_000,
    retry: LOOKUP_MAX_RETRIES,
    retryDelay: LOOKUP_RETRY_DELAY_MS,
  };
}

/** The lists behind the report filter panel (spec: dashboards 2.9). */
export interface ReportLookupLists {
  leadSources: LeadSource[];
  campaigns: Campaign[];
  offices: Office[];
  /** Case types (no parent). */
  caseTypes: CaseType[];
  /** Sub case types (their parent names a case type's key). */
  subCaseTypes: CaseType[];
}

const byLabel = <T extends { label: string }>(items: readonly T[]) =>
  [...items].sort((a, b) => compareLabels(a.label, b.label));

/**
 * The filter panel's lists from the raw lookups: sorted by label, offices without a
 * timezone skipped with a console warning (spec: dashboards 3), case types split from
 * their sub case types. An empty list hides its field (spec 2.9).
 */
export function reportLookupLists(raw: {
  leadSources: readonly LeadSource[];
  campaigns: readonly Campaign[];
  offices: readonly Office[];
  caseTypes: readonly CaseType[];
}): ReportLookupLists {
  const offices = raw.offices.filter((office) => {
    if (office.attributes.timezone) return true;
    console.warn(`Office ${office.label} has no timezone and is skipped.`);
    return false;
  });
  return {
    leadSources: visibleLeadSources(raw.leadSources),
    campaigns: byLabel(raw.campaigns),
    offices: byLabel(offices),
    caseTypes: byLabel(raw.caseTypes.filter((type) => type.parent === null)),
    subCaseTypes: byLabel(raw.caseTypes.filter((type) => type.parent !== null)),
  };
}
