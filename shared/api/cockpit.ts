import { type CashFlowData, cashFlowResponseSchema } from '@/shared/contracts/reports/cash-flow';
import {
  type CockpitCardRequest,
  type CommunicationsData,
  communicationsResponseSchema,
  type SalesPerformanceData,
  salesPerformanceResponseSchema,
} from '@/shared/contracts/reports/cockpit-cards';
import type { ApiClient } from './client';
import { callForData } from './client';

/**
 * The cockpit cards' report calls (spec: dashboards 7 "POST reports/cid/communications;
 * POST reports/cid/salesperformance", "GET reports/quickbooks"). Lead Flow uses the
 * leads-by-lead-source report (shared/api/reports/leads.ts).
 */

const reports = (workspaceId: string, path: string) =>
  `workspaces/${encodeURIComponent(workspaceId)}/reports/${path}`;

/** The cockpit's filter: its date range and lead sources (empty = all). */
export interface CockpitFilter {
  startDate: string;
  endDate: string;
  leadSources: string[];
}

function cardBody(filter: CockpitFilter): CockpitCardRequest {
  return {
    startDate: filter.startDate,
    endDate: filter.endDate,
    leadSources: filter.leadSources,
  };
}

export async function fetchSalesPerformance(
  api: ApiClient,
  workspaceId: string,
  filter: CockpitFilter,
): Promise<SalesPerformanceData> {
  return callForData(api, salesPerformanceResponseSchema, {
    method: 'POST',
    path: reports(workspaceId, 'cid/salesperformance'),
    body: cardBody(filter),
  });
}

export async function fetchCommunications(
  api: ApiClient,
  workspaceId: string,
  filter: CockpitFilter,
): Promise<CommunicationsData> {
  return callForData(api, communicationsResponseSchema, {
    method: 'POST',
    path: reports(workspaceId, 'cid/communications'),
    body: cardBody(filter),
  });
}

/** GET reports/quickbooks takes the dates only (spec: dashboards 7). */
export async function fetchCashFlow(
  api: ApiClient,
  workspaceId: string,
  filter: Pick<CockpitFilter, 'startDate' | 'endDate'>,
): Promise<CashFlowData> {
  return callForData(api, cashFlowResponseSchema, {
    method: 'GET',
    path: reports(workspaceId, 'quickbooks'),
    query: { startDate: filter.startDate, endDate: filter.endDate },
  });
}

/** The leads-by-lead-source query of the Lead Flow card (the report filters as a query). */
export function leadFlowQuery(filter: CockpitFilter): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {
    startDate: filter.startDate,
    endDate: filter.endDate,
  };
  if (filter.leadSources.length > 0) query.leadSources = filter.leadSources;
  return query;
}
