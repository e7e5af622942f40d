import { useCallback } from 'react';
import type { Host } from '@/app/host/host';
import { useReportQuery } from '@/app/reports/filters/use-report-query';
import { fetchConversion } from '@/shared/api/reports/conversion';
import type { ConversionData } from '@/shared/contracts/reports/conversion';
import { reportFiltersBody, type ReportFilterState } from '@/shared/domain/report-filter-state';

/** The conversion report's single call (spec: dashboards 2.7, 7 "not shown"; see the contract). */
export function useConversionReport(
  host: Host,
  filters: ReportFilterState | null,
  key: string | null,
) {
  const workspaceId = host.session.workspace?.id ?? null;
  const load = useCallback(async (): Promise<ConversionData> => {
    if (!filters || !workspaceId) throw new Error('No workspace');
    return fetchConversion(host.api, workspaceId, reportFiltersBody(filters));
  }, [host.api, workspaceId, filters]);
  return useReportQuery(key && workspaceId ? `${workspaceId}:${key}` : null, load);
}
