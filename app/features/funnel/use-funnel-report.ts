import { useCallback } from 'react';
import type { Host } from '@/app/host/host';
import { useReportQuery } from '@/app/reports/filters/use-report-query';
import { fetchAllPclcContacts, fetchPclc } from '@/shared/api/reports/funnel';
import type { PclcData, PclcStat } from '@/shared/contracts/reports/pclc';
import { reportFiltersBody, type ReportFilterState } from '@/shared/domain/report-filter-state';

/** The funnel counts (POST reports/pclc) for the applied filters (spec: dashboards 2.5). */
export function useFunnelReport(host: Host, filters: ReportFilterState | null, key: string | null) {
  const workspaceId = host.session.workspace?.id ?? null;
  const load = useCallback(async (): Promise<PclcData> => {
    if (!filters || !workspaceId) throw new Error('No workspace');
    return fetchPclc(host.api, workspaceId, reportFiltersBody(filters));
  }, [host.api, workspaceId, filters]);
  return useReportQuery(key && workspaceId ? `${workspaceId}:${key}` : null, load);
}

/**
 * The contacts behind the selected card and toggle (POST reports/pclc/contacts, every
 * page). Loads when the card, the toggle or the filters change; nothing while no card is
 * selected.
 */
export function useFunnelContacts(
  host: Host,
  filters: ReportFilterState | null,
  key: string | null,
  stat: PclcStat | null,
  collection: string | null,
) {
  const workspaceId = host.session.workspace?.id ?? null;
  const load = useCallback(
    async (signal: AbortSignal) => {
      if (!filters || !workspaceId || !stat) throw new Error('Nothing selected');
      return fetchAllPclcContacts(
        host.api,
        workspaceId,
        reportFiltersBody(filters),
        stat,
        collection,
        signal,
      );
    },
    [host.api, workspaceId, filters, stat, collection],
  );
  return useReportQuery(
    key && workspaceId && stat ? `${workspaceId}:${key}:${stat}:${collection ?? ''}` : null,
    load,
  );
}
