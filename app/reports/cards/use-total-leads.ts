import { useDataQuery, useQueryScope } from '@/app/query/use-data-query';
import { useHost } from '@/app/host/host';
import type { ReportFilterState } from '@/shared/domain/report-filter-state';
import { totalLeadsQuery } from '@/shared/query/report-queries';

/** The Total Leads card's data: the leads-by-lead-source report as top 3 + Other (spec 2.6). */
export function useTotalLeads(filters: ReportFilterState | null) {
  const { api, session } = useHost();
  const scope = useQueryScope();
  const workspaceId = session.workspace?.id ?? null;
  return useDataQuery(
    filters && workspaceId ? totalLeadsQuery(scope, api, workspaceId, filters) : null,
  );
}
