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
import { callForData } from '../client';

/**
 * The Optimization Chart's calls (spec: dashboards 7: roi, inbound, outbound, objections,
 * noShows).
 */
const reports = (workspaceId: string) => `workspaces/${encodeURIComponent(workspaceId)}/reports`;
const dates = (range: DateRange) => ({ startDate: range.startDate, endDate: range.endDate });

export type ObjectionGroup = (typeof OBJECTION_GROUPS)[number];

/** POST workspaces/{id}/reports/roi — spend, leads, hires and revenue per lead source. */
export async function fetchRoi(api: ApiClient, workspaceId: string, filters: ReportFiltersBody) {
  return callForData(api, roiResponseSchema, {
    method: 'POST',
    path: `${reports(workspaceId)}/roi`,
    body: filters,
  });
}

/** POST workspaces/{id}/reports/inbound — inbound sales calls and sets per agent. */
export async function fetchInboundSales(api: ApiClient, workspaceId: string, range: DateRange) {
  return callForData(api, inboundSalesResponseSchema, {
    method: 'POST',
    path: `${reports(workspaceId)}/inbound`,
    body: dates(range),
  });
}

/** POST workspaces/{id}/reports/outbound — outbound sales calls, answers and sets per agent. */
export async function fetchOutboundSales(api: ApiClient, workspaceId: string, range: DateRange) {
  return callForData(api, outboundSalesResponseSchema, {
    method: 'POST',
    path: `${reports(workspaceId)}/outbound`,
    body: dates(range),
  });
}

/** GET workspaces/{id}/reports/objections — why leads were lost, grouped by `by`, most first. */
export async function fetchObjections(
  api: ApiClient,
  workspaceId: string,
  range: DateRange,
  by: ObjectionGroup,
) {
  return callForData(api, objectionsResponseSchema, {
    method: 'GET',
    path: `${reports(workspaceId)}/objections`,
    query: { ...dates(range), by, order: 'desc' },
  });
}

/** GET workspaces/{id}/reports/noShows — appointments due in the range that were missed. */
export async function fetchNoShows(api: ApiClient, workspaceId: string, range: DateRange) {
  return callForData(api, noShowsResponseSchema, {
    method: 'GET',
    path: `${reports(workspaceId)}/noShows`,
    query: dates(range),
  });
}
