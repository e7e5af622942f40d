import { useCallback } from 'react';
import type { Host } from '@/app/host/host';
import { useReportQuery } from '@/app/reports/filters/use-report-query';
import { fetchCallComplianceByAgent } from '@/shared/api/reports/compliance';
import type { AgentComplianceRow } from '@/shared/contracts/reports/call-compliance';
import { isComplianceEmpty, splitAgentRows } from '@/shared/domain/compliance';
import { reportFiltersQuery, type ReportFilterState } from '@/shared/domain/report-filter-state';

export interface ComplianceReport {
  totals: AgentComplianceRow;
  agents: AgentComplianceRow[];
}

/**
 * The call-compliance card's data from ctm-call-compliance-by-agent alone: its first row is
 * the all-agent totals (equal to ctm-call-compliance, per the contract), so one call gives
 * both the bars and the per-agent list. No calls at all is 'No Data' (spec: dashboards 5).
 */
export function useCallCompliance(
  host: Host,
  filters: ReportFilterState | null,
  key: string | null,
  enabled: boolean,
) {
  const workspaceId = host.session.workspace?.id ?? null;
  const load = useCallback(async (): Promise<ComplianceReport> => {
    if (!filters || !workspaceId) throw new Error('No workspace');
    const rows = await fetchCallComplianceByAgent(
      host.api,
      workspaceId,
      reportFiltersQuery(filters),
    );
    const { totals, agents } = splitAgentRows(rows);
    if (!totals) throw new Error('No totals row');
    return { totals, agents };
  }, [host.api, workspaceId, filters]);
  return useReportQuery(
    enabled && key && workspaceId ? `${workspaceId}:${key}` : null,
    load,
    (report) => isComplianceEmpty(report.totals),
  );
}
