import { useCallback } from 'react';
import type { Host } from '@/app/host/host';
import { useReportQuery } from '@/app/reports/filters/use-report-query';
import { fetchLeadsByLeadSource } from '@/shared/api/reports/leads';
import { reportFiltersQuery, type ReportFilterState } from '@/shared/domain/report-filter-state';
import {
  isTotalLeadsEmpty,
  totalLeadsChart,
  type TotalLeadsChart,
} from '@/shared/domain/total-leads';

/** The Total Leads card's data: the leads-by-lead-source report as top 3 + Other (spec 2.6). */
export function useTotalLeads(host: Host, filters: ReportFilterState | null, key: string | null) {
  const workspaceId = host.session.workspace?.id ?? null;
  const load = useCallback(async (): Promise<TotalLeadsChart> => {
    if (!filters || !workspaceId) throw new Error('No workspace');
    const rows = await fetchLeadsByLeadSource(host.api, workspaceId, reportFiltersQuery(filters));
    return totalLeadsChart(rows);
  }, [host.api, workspaceId, filters]);
  return useReportQuery(
    key && workspaceId ? `${workspaceId}:${key}` : null,
    load,
    isTotalLeadsEmpty,
  );
}
