import { useDataQuery, useQueryScope } from '@/app/query/use-data-query';
import { useHost } from '@/app/host/host';
import type { ReportFilterState } from '@/shared/domain/report-filter-state';
import { callComplianceQuery } from '@/shared/query/report-queries';

/** The call-compliance card's data (spec: dashboards 2.6); see callComplianceQuery. */
export function useCallCompliance(filters: ReportFilterState | null) {
  const { api, session } = useHost();
  const scope = useQueryScope();
  const workspaceId = session.workspace?.id ?? null;
  return useDataQuery(
    filters && workspaceId ? callComplianceQuery(scope, api, workspaceId, filters) : null,
  );
}
