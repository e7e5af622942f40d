import {
  leadSourceRankingV2ResponseSchema,
  type LeadSourceRankingV2Request,
  type LeadSourceRankingV2Response,
} from '@/shared/contracts/reports/lead-source-ranking';
import {
  marketingIntelligenceResponseSchema,
  marketingOverviewResponseSchema,
  type MarketingIntelligenceQuery,
  type MarketingIntelligenceResponse,
  type MarketingOverviewResponse,
} from '@/shared/contracts/reports/marketing-intelligence';
import type { ApiClient } from '../client';
import { callForData } from '../client';

/** spec: dashboards 9 "marketing intelligence 30 s" (the default is 60 s). */
export const MARKETING_INTELLIGENCE_TIMEOUT_MS = 30_000;

const reportPath = (workspaceId: string, report: string) =>
  `workspaces/${encodeURIComponent(workspaceId)}/reports/${report}`;

/** POST reports/leadsource-ranking-v2 — the lead-source ranking (spec: dashboards 3, 7, 9). */
export async function fetchLeadSourceRankingV2(
  api: ApiClient,
  workspaceId: string,
  body: LeadSourceRankingV2Request,
): Promise<LeadSourceRankingV2Response['data']> {
  return callForData(api, leadSourceRankingV2ResponseSchema, {
    method: 'POST',
    path: reportPath(workspaceId, 'leadsource-ranking-v2'),
    body,
  });
}

/** GET reports/marketing-intelligence — leads, hires and spend per month and group (spec 7). */
export async function fetchMarketingIntelligence(
  api: ApiClient,
  workspaceId: string,
  query: MarketingIntelligenceQuery,
): Promise<MarketingIntelligenceResponse['data']> {
  return callForData(api, marketingIntelligenceResponseSchema, {
    method: 'GET',
    path: reportPath(workspaceId, 'marketing-intelligence'),
    timeoutMs: MARKETING_INTELLIGENCE_TIMEOUT_MS,
    query: Object.fromEntries(
      Object.entries(query).flatMap(([key, value]) =>
        value === undefined ? [] : [[key, String(value)]],
      ),
    ),
  });
}

/** GET reports/marketing-intelligence/overview — the last 12 months by channel (spec 7). */
export async function fetchMarketingOverview(
  api: ApiClient,
  workspaceId: string,
  practiceArea: string,
): Promise<MarketingOverviewResponse['data']> {
  return callForData(api, marketingOverviewResponseSchema, {
    method: 'GET',
    path: reportPath(workspaceId, 'marketing-intelligence/overview'),
    timeoutMs: MARKETING_INTELLIGENCE_TIMEOUT_MS,
    query: { practiceArea },
  });
}
