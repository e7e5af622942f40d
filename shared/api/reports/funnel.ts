import {
  PCLC_CONTACTS_MAX_LIMIT,
  pclcContactsResponseSchema,
  pclcResponseSchema,
  type PclcContactRow,
  type PclcData,
  type PclcStat,
} from '@/shared/contracts/reports/pclc';
import type { ReportFiltersBody } from '@/shared/contracts/reports/report-filters';
import type { ApiClient } from '../client';
import { callForData } from '../client';

const reports = (workspaceId: string) => `workspaces/${encodeURIComponent(workspaceId)}/reports`;

/** POST workspaces/{id}/reports/pclc — the funnel counts (spec: dashboards 2.5, 7). */
export async function fetchPclc(
  api: ApiClient,
  workspaceId: string,
  filters: ReportFiltersBody,
): Promise<PclcData> {
  return callForData(api, pclcResponseSchema, {
    method: 'POST',
    path: `${reports(workspaceId)}/pclc`,
    body: filters,
  });
}

export interface PclcContactsPage {
  rows: PclcContactRow[];
  total: number;
}

/** POST workspaces/{id}/reports/pclc/contacts — one page of a stat card's contacts. */
export async function fetchPclcContactsPage(
  api: ApiClient,
  workspaceId: string,
  filters: ReportFiltersBody,
  stat: PclcStat,
  collection: string | null,
  page: { limit: number; offset: number },
): Promise<PclcContactsPage> {
  const response = await api.call(pclcContactsResponseSchema, {
    method: 'POST',
    path: `${reports(workspaceId)}/pclc/contacts`,
    body: { ...filters, stat, ...(collection ? { collection } : {}), ...page },
  });
  return { rows: response.data, total: response.meta.total };
}

/** Upper bound of rows one table holds (20 pages of the contract's largest page). */
export const PCLC_CONTACTS_CAP = 20 * PCLC_CONTACTS_MAX_LIMIT;

/**
 * Every contact of a stat card, page by page (the table and its exports show them all),
 * up to PCLC_CONTACTS_CAP rows. `signal` stops between pages.
 */
export async function fetchAllPclcContacts(
  api: ApiClient,
  workspaceId: string,
  filters: ReportFiltersBody,
  stat: PclcStat,
  collection: string | null,
  signal?: AbortSignal,
): Promise<PclcContactsPage> {
  const rows: PclcContactRow[] = [];
  let total = 0;
  do {
    const page = await fetchPclcContactsPage(api, workspaceId, filters, stat, collection, {
      limit: PCLC_CONTACTS_MAX_LIMIT,
      offset: rows.length,
    });
    total = page.total;
    rows.push(...page.rows);
    if (page.rows.length === 0 || signal?.aborted) break;
  } while (rows.length < Math.min(total, PCLC_CONTACTS_CAP));
  return { rows, total };
}
