import { useDataQuery, useQueryScope } from '@/app/query/use-data-query';
import { useHost } from '@/app/host/host';
import type { PclcStat } from '@/shared/contracts/reports/pclc';
import type { ReportFilterState } from '@/shared/domain/report-filter-state';
import { pclcContactsQuery, pclcQuery } from '@/shared/query/report-queries';

/** The funnel counts (POST reports/pclc) for the applied filters (spec: dashboards 2.5). */
export function useFunnelReport(filters: ReportFilterState | null) {
  const { api, session } = useHost();
  const scope = useQueryScope();
  const workspaceId = session.workspace?.id ?? null;
  return useDataQuery(filters && workspaceId ? pclcQuery(scope, api, workspaceId, filters) : null);
}

/**
 * The contacts behind the selected card and toggle (POST reports/pclc/contacts, every
 * page). Loads when the card, the toggle or the filters change; nothing while no card is
 * selected. A change cancels the pages still loading for the previous choice.
 */
export function useFunnelContacts(
  filters: ReportFilterState | null,
  stat: PclcStat | null,
  collection: string | null,
) {
  const { api, session } = useHost();
  const scope = useQueryScope();
  const workspaceId = session.workspace?.id ?? null;
  return useDataQuery(
    filters && workspaceId && stat
      ? pclcContactsQuery(scope, api, workspaceId, filters, stat, collection)
      : null,
  );
}
