import { useReportQuery } from '@/app/reports/use-report-query';
import {
  fetchLeadSourceRankingV2,
  fetchMarketingIntelligence,
  fetchMarketingOverview,
} from '@/shared/api/reports/marketing';
import type { LeadSourceRankingV2Response } from '@/shared/contracts/reports/lead-source-ranking';
import type {
  MarketingIntelligenceQuery,
  MarketingIntelligenceResponse,
  MarketingOverviewResponse,
} from '@/shared/contracts/reports/marketing-intelligence';
import {
  isRankingEmpty,
  rankingRequestBody,
  type RankingFilterState,
} from '@/shared/domain/lead-source-ranking-filters';

export type RankingData = LeadSourceRankingV2Response['data'];
export type MarketingData = MarketingIntelligenceResponse['data'];
export type OverviewData = MarketingOverviewResponse['data'];

/** POST reports/leadsource-ranking-v2; no ranked source is 'No Data' (spec: dashboards 8). */
export const useRanking = (filters: RankingFilterState | null) =>
  useReportQuery(
    'leadsource-ranking-v2',
    filters ? rankingRequestBody(filters) : null,
    fetchLeadSourceRankingV2,
    isRankingEmpty,
  );

/** GET reports/marketing-intelligence; no channel, source or campaign at all is 'No Data'. */
export const useMarketingIntelligence = (query: MarketingIntelligenceQuery | null) =>
  useReportQuery(
    'marketing-intelligence',
    query,
    fetchMarketingIntelligence,
    (data: MarketingData) => data.rows.length === 0,
  );

/** GET reports/marketing-intelligence/overview; a year without a lead or a dollar is 'No Data'. */
export const useMarketingOverview = (practiceArea: string | null) =>
  useReportQuery(
    'marketing-overview',
    practiceArea,
    fetchMarketingOverview,
    (data: OverviewData) => data.leads === 0 && data.spend === 0,
  );
