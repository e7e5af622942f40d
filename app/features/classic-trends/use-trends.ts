import { useCallback, useEffect, useState } from 'react';
import { useDataQuery, useQueryScope } from '@/app/query/use-data-query';
import type { ReportLookups } from '@/app/query/use-lookup';
import { useHost } from '@/app/host/host';
import type { ApiClient } from '@/shared/api/client';
import { fetchTrends } from '@/shared/api/reports/trends';
import type { TrendsData } from '@/shared/contracts/reports/trends';
import { withSignal } from '@/shared/query/api-with-signal';
import { requireData } from '@/shared/query/data-errors';
import { REPORT_GC_MS, REPORT_STALE_MS, type DataQueryOptions } from '@/shared/query/data-query';
import type { QueryScope } from '@/shared/query/query-scope';
import { reportsKey } from '@/shared/query/report-queries';
import {
  DEFAULT_TRENDS_FILTERS,
  isTrendsEmpty,
  parseStoredTrendsFilters,
  trendsRequestBody,
  withoutUnknownTrendsIds,
  type TrendsFilterState,
} from './trends-filters';

/**
 * POST reports/trends for the applied filters. Keyed by exactly what is sent, so equal
 * filters share one answer; no series with anything in it is 'No Data' (spec: dashboards
 * 5, 8); not retried by itself (the error view's Try Again is the retry).
 */
export function trendsQuery(
  scope: QueryScope,
  api: ApiClient,
  workspaceId: string,
  filters: TrendsFilterState,
): DataQueryOptions<TrendsData> {
  const body = trendsRequestBody(filters);
  return {
    queryKey: [...reportsKey(scope), 'trends', workspaceId, body],
    queryFn: async ({ signal }) =>
      requireData(await fetchTrends(withSignal(api, signal), workspaceId, body), isTrendsEmpty),
    staleTime: REPORT_STALE_MS,
    gcTime: REPORT_GC_MS,
    retry: false,
  };
}

export function useTrends(filters: TrendsFilterState | null) {
  const { api, session } = useHost();
  const scope = useQueryScope();
  const workspaceId = session.workspace?.id ?? null;
  return useDataQuery(
    filters && workspaceId ? trendsQuery(scope, api, workspaceId, filters) : null,
  );
}

const ids = (items: readonly { id: string }[]) => items.map((item) => item.id);

/**
 * The applied filters, persisted through the host's storage (spec: dashboards 4 "Filters
 * are persisted locally"): null while the stored ones are read. Once the lists have
 * loaded, ids the workspace no longer has are dropped.
 */
export function useTrendsFilters(storageKey: string, lookups: ReportLookups) {
  const { storage } = useHost();
  const [applied, setApplied] = useState<TrendsFilterState | null>(null);

  useEffect(() => {
    let cancelled = false;
    storage
      .get(storageKey)
      .catch(() => null)
      .then((text) => {
        if (!cancelled) setApplied(parseStoredTrendsFilters(text));
      });
    return () => {
      cancelled = true;
    };
  }, [storage, storageKey]);

  const apply = useCallback(
    (next: TrendsFilterState) => {
      setApplied(next);
      void storage.set(storageKey, JSON.stringify(next)).catch(() => undefined);
    },
    [storage, storageKey],
  );

  useEffect(() => {
    if (!applied || lookups.loading) return;
    const cleaned = withoutUnknownTrendsIds(applied, {
      leadSources: ids(lookups.leadSources),
      campaigns: ids(lookups.campaigns),
      offices: ids(lookups.offices),
      caseTypes: ids(lookups.caseTypes),
      subCaseTypes: ids(lookups.subCaseTypes),
    });
    if (cleaned !== applied) apply(cleaned);
  }, [applied, apply, lookups]);

  return { applied, apply, defaults: DEFAULT_TRENDS_FILTERS };
}
