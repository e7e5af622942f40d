import {
  trendsResponseSchema,
  type TrendsData,
  type TrendsRequest,
} from '@/shared/contracts/reports/trends';
import type { ApiClient } from '../client';
import { callForData } from '../client';

/**
 * POST workspaces/{id}/reports/trends — Classic Trends (spec: dashboards 2.8, 7): every
 * series of the time frame in both perspectives.
 */
export async function fetchTrends(
  api: ApiClient,
  workspaceId: string,
  body: TrendsRequest,
): Promise<TrendsData> {
  return callForData(api, trendsResponseSchema, {
    method: 'POST',
    path: `workspaces/${encodeURIComponent(workspaceId)}/reports/trends`,
    body,
  });
}
