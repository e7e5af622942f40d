import {
  pclcByLeadSourceResponseSchema,
  totalPipelineResponseSchema,
} from '@/shared/contracts/reports/pclc';
import type { ApiClient } from '../client';
import { callForData } from '../client';

const reports = (workspaceId: string) => `workspaces/${encodeURIComponent(workspaceId)}/reports`;

/**
 * GET workspaces/{id}/reports/total-pipeline — the contacts that entered the pipeline in
 * the range by the stage they are in now. `query` is the report filters as a query
 * (shared/domain/report-filter-state reportFiltersQuery).
 */
export async function fetchTotalPipeline(
  api: ApiClient,
  workspaceId: string,
  query: Record<string, string | string[]>,
) {
  return callForData(api, totalPipelineResponseSchema, {
    method: 'GET',
    path: `${reports(workspaceId)}/total-pipeline`,
    query,
  });
}

/** GET workspaces/{id}/reports/pclc-by-leadsource — one funnel per lead source (spec: dashboards 7). */
export async function fetchPclcByLeadSource(
  api: ApiClient,
  workspaceId: string,
  query: Record<string, string | string[]>,
) {
  return callForData(api, pclcByLeadSourceResponseSchema, {
    method: 'GET',
    path: `${reports(workspaceId)}/pclc-by-leadsource`,
    query,
  });
}
