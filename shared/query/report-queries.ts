import type { ApiClient } from '@/shared/api/client';
import {
  type CockpitFilter,
  fetchCashFlow,
  fetchCommunications,
  fetchSalesPerformance,
  leadFlowQuery,
} from '@/shared/api/cockpit';
import { fetchGoalSources, type GoalSources } from '@/shared/api/goals';
import { fetchCallComplianceByAgent } from '@/shared/api/reports/compliance';
import { fetchConversion } from '@/shared/api/reports/conversion';
import {
  fetchAllPclcContacts,
  fetchPclc,
  type PclcContactsPage,
} from '@/shared/api/reports/funnel';
import { fetchLeadsByLeadSource } from '@/shared/api/reports/leads';
import type { CashFlowData } from '@/shared/contracts/reports/cash-flow';
import type { AgentComplianceRow } from '@/shared/contracts/reports/call-compliance';
import type {
  CommunicationsData,
  SalesPerformanceData,
} from '@/shared/contracts/reports/cockpit-cards';
import type { ConversionData } from '@/shared/contracts/reports/conversion';
import type { PclcData, PclcStat } from '@/shared/contracts/reports/pclc';
import { leadFlowRows, type LeadFlowRow } from '@/shared/domain/cockpit-metrics';
import { isComplianceEmpty, splitAgentRows } from '@/shared/domain/compliance';
import { visibleLeadSources } from '@/shared/domain/lead-sources';
import {
  reportFiltersBody,
  reportFiltersQuery,
  type ReportFilterState,
} from '@/shared/domain/report-filter-state';
import {
  isTotalLeadsEmpty,
  totalLeadsChart,
  type TotalLeadsChart,
} from '@/shared/domain/total-leads';
import { withSignal } from './api-with-signal';
import { requireData } from './data-errors';
import { REPORT_GC_MS, REPORT_STALE_MS, type DataQueryOptions } from './data-query';
import type { QueryScope } from './query-scope';

/**
 * The report screens' queries (spec: dashboards 4 "Report screens go loading, then error
 * (with try again) or loaded"): one factory per report, each with its key (the scope and
 * exactly what is sent, so equal filters share one answer and one request), its load
 * through the host's API with the query's signal, and its 'No Data' rule. Reports are not
 * retried by themselves: a failure shows the error view at once, whose Try Again is the
 * retry (spec: dashboards 8).
 */
function reportQuery<T>(
  queryKey: readonly unknown[],
  load: (api: ApiClient, signal: AbortSignal) => Promise<T>,
  api: ApiClient,
): DataQueryOptions<T> {
  return {
    queryKey,
    queryFn: ({ signal }) => load(withSignal(api, signal), signal),
    staleTime: REPORT_STALE_MS,
    gcTime: REPORT_GC_MS,
    retry: false,
  };
}

/** Every report query of a scope (what a "reload everything" resets). */
export const reportsKey = (scope: QueryScope) => [...scope, 'report'] as const;

/** POST reports/pclc — the funnel counts (spec: dashboards 2.5). */
export function pclcQuery(
  scope: QueryScope,
  api: ApiClient,
  workspaceId: string,
  filters: ReportFilterState,
): DataQueryOptions<PclcData> {
  const body = reportFiltersBody(filters);
  return reportQuery(
    [...reportsKey(scope), 'pclc', workspaceId, body],
    (client) => fetchPclc(client, workspaceId, body),
    api,
  );
}

/** The contacts behind a funnel card and toggle, every page (spec: dashboards 2.5, 4). */
export function pclcContactsQuery(
  scope: QueryScope,
  api: ApiClient,
  workspaceId: string,
  filters: ReportFilterState,
  stat: PclcStat,
  collection: string | null,
): DataQueryOptions<PclcContactsPage> {
  const body = reportFiltersBody(filters);
  return reportQuery(
    [...reportsKey(scope), 'pclc-contacts', workspaceId, body, stat, collection],
    (client, signal) => fetchAllPclcContacts(client, workspaceId, body, stat, collection, signal),
    api,
  );
}

/** The conversion report's single call (spec: dashboards 2.7). */
export function conversionQuery(
  scope: QueryScope,
  api: ApiClient,
  workspaceId: string,
  filters: ReportFilterState,
): DataQueryOptions<ConversionData> {
  const body = reportFiltersBody(filters);
  return reportQuery(
    [...reportsKey(scope), 'conversion', workspaceId, body],
    (client) => fetchConversion(client, workspaceId, body),
    api,
  );
}

/** Total Leads: leads by lead source as the top 3 + Other; no leads is 'No Data' (spec 2.6). */
export function totalLeadsQuery(
  scope: QueryScope,
  api: ApiClient,
  workspaceId: string,
  filters: ReportFilterState,
): DataQueryOptions<TotalLeadsChart> {
  const query = reportFiltersQuery(filters);
  return reportQuery(
    [...reportsKey(scope), 'total-leads', workspaceId, query],
    async (client) =>
      requireData(
        totalLeadsChart(await fetchLeadsByLeadSource(client, workspaceId, query)),
        isTotalLeadsEmpty,
      ),
    api,
  );
}

export interface ComplianceReport {
  totals: AgentComplianceRow;
  agents: AgentComplianceRow[];
}

/**
 * The call-compliance card from ctm-call-compliance-by-agent alone: its first row is the
 * all-agent totals (equal to ctm-call-compliance, per the contract), so one call gives
 * both the bars and the per-agent list. No calls at all is 'No Data' (spec: dashboards 5).
 */
export function callComplianceQuery(
  scope: QueryScope,
  api: ApiClient,
  workspaceId: string,
  filters: ReportFilterState,
): DataQueryOptions<ComplianceReport> {
  const query = reportFiltersQuery(filters);
  return reportQuery(
    [...reportsKey(scope), 'call-compliance', workspaceId, query],
    async (client) => {
      const { totals, agents } = splitAgentRows(
        await fetchCallComplianceByAgent(client, workspaceId, query),
      );
      if (!totals) throw new Error('No totals row');
      return requireData({ totals, agents }, (report) => isComplianceEmpty(report.totals));
    },
    api,
  );
}

/** The cockpit cards' queries: Save resets exactly these (spec: dashboards 4). */
export const cockpitCardsKey = (scope: QueryScope) => [...reportsKey(scope), 'cockpit'] as const;

/** Lead Flow: leads by lead source per row; no rows is 'No Data' (spec: dashboards 2.3, 5). */
export function leadFlowCardQuery(
  scope: QueryScope,
  api: ApiClient,
  workspaceId: string,
  filter: CockpitFilter,
): DataQueryOptions<LeadFlowRow[]> {
  const query = leadFlowQuery(filter);
  return reportQuery(
    [...cockpitCardsKey(scope), 'lead-flow', workspaceId, query],
    async (client) =>
      requireData(
        leadFlowRows(await fetchLeadsByLeadSource(client, workspaceId, query)),
        (rows) => rows.length === 0,
      ),
    api,
  );
}

export function salesPerformanceCardQuery(
  scope: QueryScope,
  api: ApiClient,
  workspaceId: string,
  filter: CockpitFilter,
): DataQueryOptions<SalesPerformanceData> {
  return reportQuery(
    [...cockpitCardsKey(scope), 'sales-performance', workspaceId, filter],
    (client) => fetchSalesPerformance(client, workspaceId, filter),
    api,
  );
}

export function communicationsCardQuery(
  scope: QueryScope,
  api: ApiClient,
  workspaceId: string,
  filter: CockpitFilter,
): DataQueryOptions<CommunicationsData> {
  return reportQuery(
    [...cockpitCardsKey(scope), 'communications', workspaceId, filter],
    (client) => fetchCommunications(client, workspaceId, filter),
    api,
  );
}

/** Cash Flow takes the dates only (spec: dashboards 7 "GET reports/quickbooks"). */
export function cashFlowCardQuery(
  scope: QueryScope,
  api: ApiClient,
  workspaceId: string,
  filter: CockpitFilter,
): DataQueryOptions<CashFlowData> {
  const range = { startDate: filter.startDate, endDate: filter.endDate };
  return reportQuery(
    [...cockpitCardsKey(scope), 'cash-flow', workspaceId, range],
    (client) => fetchCashFlow(client, workspaceId, range),
    api,
  );
}

export const goalSourcesKey = (scope: QueryScope, workspaceId: string) =>
  [...scope, 'goal-sources', workspaceId] as const;

/**
 * The cockpit's goal settings (spec: dashboards 4 "then refetches goal settings"): the
 * workspace's goals and its lead sources with theirs (Test sources hidden, sorted by label).
 * Fetched again on every cockpit mount and Save, behind the answer already shown.
 */
export function goalSourcesQuery(
  scope: QueryScope,
  api: ApiClient,
  workspaceId: string,
): DataQueryOptions<GoalSources> {
  return {
    queryKey: goalSourcesKey(scope, workspaceId),
    queryFn: async ({ signal }) => {
      const answer = await fetchGoalSources(withSignal(api, signal), workspaceId);
      return { goals: answer.goals, leadSources: visibleLeadSources(answer.leadSources) };
    },
    staleTime: 0,
    gcTime: REPORT_GC_MS,
    retry: false,
  };
}
