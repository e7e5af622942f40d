import { type SystemPclcRow, systemPclcResponseSchema } from '@/shared/contracts/reports/pclc';
import type { DateRange } from '@/shared/domain/date-range';
import type { ApiClient } from '../client';
import { callForData } from '../client';

/**
 * GET system/reports/pclc?startDate=&endDate= — the snapshot funnel of every workspace
 * (spec: dashboards 7 "System report"; system role only), by workspace name.
 */
export async function fetchSystemPclc(api: ApiClient, range: DateRange): Promise<SystemPclcRow[]> {
  return callForData(api, systemPclcResponseSchema, {
    method: 'GET',
    path: 'system/reports/pclc',
    query: { startDate: range.startDate, endDate: range.endDate },
  });
}
