import {
  leadsByLeadSourceResponseSchema,
  type LeadsByLeadSourceRow,
} from '@/shared/contracts/reports/leads-by-lead-source';
import type { ApiClient } from '../client';
import { callForData } from '../client';

/**
 * GET workspaces/{id}/reports/leadsByLeadSource — new leads per lead source (spec:
 * dashboards 3, 7; the Total Leads card). `query` is the report filters as a query
 * (shared/domain/report-filter-state reportFiltersQuery).
 */
export async function fetchLeadsByLeadSource(
  api: ApiClient,
  workspaceId: string,
  query: Record<string, string | string[]>,
): Promise<LeadsByLeadSourceRow[]> {
  return callForData(api, leadsByLeadSourceResponseSchema, {
    method: 'GET',
    path: `workspaces/${encodeURIComponent(workspaceId)}/reports/leadsByLeadSource`,
    query,
  });
}
