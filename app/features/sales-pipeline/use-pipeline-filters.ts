import { useHost } from '@/app/host/host';
import { useReportLookups } from '@/app/query/use-lookup';
import { useDropUnknownFilterIds } from '@/app/reports/filters/use-drop-unknown-filter-ids';
import { useReportFilters } from '@/app/reports/filters/use-report-filters';

/**
 * The filter panel's state for a pipeline screen: the applied filters persisted per
 * screen, the lists, and ids the workspace no longer has dropped once the lists load.
 */
export function usePipelineFilters(storageKey: string) {
  const host = useHost();
  const filters = useReportFilters(host, { storageKey });
  const lookups = useReportLookups();
  useDropUnknownFilterIds(filters, lookups);
  return { filters, lookups };
}
