import { useMemo } from 'react';
import { useHost } from '@/app/host/host';
import { useReportLookups } from '@/app/query/use-lookup';
import { useDropUnknownFilterIds } from '@/app/reports/filters/use-drop-unknown-filter-ids';
import { useReportFilters } from '@/app/reports/filters/use-report-filters';
import { reportFiltersQuery } from '@/shared/domain/report-filter-state';

/**
 * The filter panel's state for a pipeline screen: the applied filters persisted per
 * screen, the lists, ids the workspace no longer has dropped once the lists load, and the
 * report call's query for the applied filters (null while they are read).
 */
export function usePipelineFilters(storageKey: string) {
  const host = useHost();
  const filters = useReportFilters(host, { storageKey });
  const lookups = useReportLookups();
  useDropUnknownFilterIds(filters, lookups);
  const query = useMemo(
    () => (filters.applied ? reportFiltersQuery(filters.applied) : null),
    [filters.applied],
  );
  return { filters, lookups, query };
}
