import { useDataQuery, useQueryScope } from '@/app/query/use-data-query';
import { useHost } from '@/app/host/host';
import type { ReportFilterState } from '@/shared/domain/report-filter-state';
import { conversionQuery } from '@/shared/query/report-queries';

/** The conversion report's single call (spec: dashboards 2.7, 7 "not shown"; see the contract). */
export function useConversionReport(filters: ReportFilterState | null) {
  const { api, session } = useHost();
  const scope = useQueryScope();
  const workspaceId = session.workspace?.id ?? null;
  return useDataQuery(
    filters && workspaceId ? conversionQuery(scope, api, workspaceId, filters) : null,
  );
}
