import {
  conversionResponseSchema,
  type ConversionData,
} from '@/shared/contracts/reports/conversion';
import type { ReportFiltersBody } from '@/shared/contracts/reports/report-filters';
import type { ApiClient } from '../client';
import { callForData } from '../client';

/**
 * POST workspaces/{id}/reports/conversion — the contact-lead conversion report's single
 * call (spec: dashboards 2.7; path chosen in shared/contracts/reports/conversion.ts).
 */
export async function fetchConversion(
  api: ApiClient,
  workspaceId: string,
  filters: ReportFiltersBody,
  contactsLimit?: number,
): Promise<ConversionData> {
  return callForData(api, conversionResponseSchema, {
    method: 'POST',
    path: `workspaces/${encodeURIComponent(workspaceId)}/reports/conversion`,
    body: { ...filters, ...(contactsLimit ? { contactsLimit } : {}) },
  });
}
