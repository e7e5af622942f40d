import type { ReportFiltersBody } from '@/shared/contracts/reports/report-filters';
import {
  inboundSalesResponseSchema,
  noShowsResponseSchema,
  objectionsResponseSchema,
  outboundSalesResponseSchema,
  roiResponseSchema,
  type OBJECTION_GROUPS,
} from '@/shared/contracts/reports/sales';
import type { DateRange } from '@/shared/domain/date-range';
import type { ApiClient } from '../client';

/**
 * The Optimization Chart's calls (spec: dashboards 7: roi, inbound, outbound, objections,
 * noShows).
 */
const reports = (workspaceId: string) => `workspaces/${encodeURIComponent(workspaceId)}/reports`;
const dates = (range: DateRange) => ({ startDate: range.startDate, endDate: range.endDate });

export type ObjectionGroup = (typeof OBJECTION_GROUPS)[number];

/** POST workspaces/{id}/reports/roi — spend, leads, hires and revenue per lead source. */
export async function fetchRoi(api: ApiClient, workspaceId: string, filters: ReportFiltersBody) {
  const response = await api.call(roiResponseSchema, {
    method: 'POST',
    path: `${reports(workspaceId)}/roi`,
    body: filters,
  });
  return response.data;
}

/** POST workspaces/{id}/reports/inbound — inbound sales calls and sets per agent. */
export async function fetchInboundSales(api: ApiClient, workspaceId: string, range: DateRange) {
  const response = await api.call(inboundSalesResponseSchema, {
    method: 'POST',
    path: `${reports(workspaceId)}/inbound`,
    body: dates(range),
  });
  return response.data;
}

/** POST workspaces/{id}/reports/outbound — outbound sales calls, answers and sets per agent. */
export async function fetchOutboundSales(api: ApiClient, workspaceId: string, range: DateRange) {
  const response = await api.call(outboundSalesResponseSchema, {
    method: 'POST',
    path: `${reports(workspaceId)}/outbound`,
    body: dates(range),
  });
  return response.data;
}

/** GET workspaces/{id}/reports/objections — why leads were lost, grouped by `by`, most first. */
export async function fetchObjections(
  api: ApiClient,
  workspaceId: string,
  range: DateRange,
  by: ObjectionGroup,
) {
  const response = await api.call(objectionsResponseSchema, {
    method: 'GET',
    path: `${reports(workspaceId)}/objections`,
    query: { ...dates(range), by, order: 'desc' },
  });
  return response.data;
}

/** GET workspaces/{id}/reports/noShows — appointments due in the range that were missed. */
export async function fetchNoShows(api: ApiClient, workspaceId: string, range: DateRange) {
  const response = await api.call(noShowsResponseSchema, {
    method: 'GET',
    path: `${reports(workspaceId)}/noShows`,
    query: dates(range),
  });
  return response.data;
}
