import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  callComplianceByAgentResponseSchema,
  callComplianceQuerySchema,
  callComplianceResponseSchema,
} from '@/shared/contracts/reports/call-compliance';
import { cashFlowQuerySchema, cashFlowResponseSchema } from '@/shared/contracts/reports/cash-flow';
import {
  cockpitCardRequestSchema,
  communicationsResponseSchema,
  salesPerformanceResponseSchema,
} from '@/shared/contracts/reports/cockpit-cards';
import {
  conversionRequestSchema,
  conversionResponseSchema,
} from '@/shared/contracts/reports/conversion';
import {
  leadSourceRankingRequestSchema,
  leadSourceRankingResponseSchema,
  leadSourceRankingV2RequestSchema,
  leadSourceRankingV2ResponseSchema,
} from '@/shared/contracts/reports/lead-source-ranking';
import {
  leadsByLeadSourceQuerySchema,
  leadsByLeadSourceResponseSchema,
} from '@/shared/contracts/reports/leads-by-lead-source';
import {
  marketingIntelligenceQuerySchema,
  marketingIntelligenceResponseSchema,
  marketingOverviewQuerySchema,
  marketingOverviewResponseSchema,
} from '@/shared/contracts/reports/marketing-intelligence';
import {
  pclcByLeadSourceQuerySchema,
  pclcByLeadSourceResponseSchema,
  pclcContactsRequestSchema,
  pclcContactsResponseSchema,
  pclcRequestSchema,
  pclcResponseSchema,
  totalPipelineQuerySchema,
  totalPipelineResponseSchema,
} from '@/shared/contracts/reports/pclc';
import {
  peopleAgentsResponseSchema,
  peopleRequestSchema,
  peopleResponseSchema,
  peopleTabSchema,
  relationshipAgentsResponseSchema,
} from '@/shared/contracts/reports/people';
import {
  inboundSalesResponseSchema,
  noShowsQuerySchema,
  noShowsResponseSchema,
  objectionsQuerySchema,
  objectionsResponseSchema,
  outboundSalesResponseSchema,
  roiRequestSchema,
  roiResponseSchema,
  salesCallsRequestSchema,
} from '@/shared/contracts/reports/sales';
import {
  complianceRequestSchema,
  complianceResponseSchema,
  staffComplianceQuerySchema,
  staffComplianceResponseSchema,
} from '@/shared/contracts/reports/team-compliance';
import { trendsRequestSchema, trendsResponseSchema } from '@/shared/contracts/reports/trends';
import type { ServerContext } from '../context';
import type { Db } from '../db/database';
import { badRequest } from '../http/errors';
import type { ReportRateLimit } from '../http/report-guards';
import { parseInput } from '../http/validate';
import {
  callCompliance,
  callComplianceByAgent,
  communications,
  inboundSales,
  outboundSales,
  staffCompliance,
  teamCompliance,
} from '../reports/call-reports';
import { workspaceCashFlow } from '../reports/quickbooks-cash-flow';
import { pclcData } from '../reports/funnel';
import { conversionReport, pclcContacts } from '../reports/funnel-contacts';
import {
  leadsByLeadSource,
  leadSourceRanking,
  leadSourceRankingV2,
  pclcByLeadSource,
} from '../reports/lead-source-reports';
import { marketingIntelligence, marketingOverview } from '../reports/marketing';
import { peopleTab, relationshipAgents } from '../reports/people';
import { stageCounts } from '../reports/pipeline-counts';
import { dateScope, NO_FILTERS, resolveScope, workspaceToday } from '../reports/report-scope';
import { salesPerformance } from '../reports/sales-performance';
import { noShows, objections, roi, totalPipeline } from '../reports/sales-reports';
import { trends } from '../reports/trends';
import { createReportRouter } from './report-route';

const includeQuerySchema = z.object({ include: z.enum(['person']).optional() });
const tabParamsSchema = z.object({ id: z.string(), tab: peopleTabSchema });

/**
 * The report calls of spec dashboards 7, under `workspaces/{id}/reports/...` (README
 * "Reporting engine" has the table). GET calls take their input from the query string
 * (lists as repeated keys), POST calls from a JSON body.
 *
 * Two calls the spec does not show are ours:
 * - POST reports/pclc/contacts — the contacts behind one funnel stat card;
 * - POST reports/conversion — the contact-lead conversion report's single call.
 */
export function registerReportRoutes(
  api: FastifyInstance,
  ctx: ServerContext,
  rateLimit: ReportRateLimit,
): void {
  const reports = createReportRouter(api, ctx, rateLimit);
  registerFunnelReports(reports, ctx.db);
  registerCallReports(reports, ctx.db);
  registerCockpitCardReports(reports, ctx.db);
  registerLeadSourceReports(reports, ctx.db);
  registerPeopleReports(reports, ctx.db);
}

type ReportRouter = ReturnType<typeof createReportRouter>;

// ---------- funnel (spec: dashboards 2.5, 2.7) ----------
function registerFunnelReports(reports: ReportRouter, db: Db): void {
  reports.post('pclc', pclcRequestSchema, pclcResponseSchema, async ({ input, workspace, now }) => {
    const scope = resolveScope(workspace, input, now);
    return { data: pclcData(await stageCounts(db, scope)) };
  });
  reports.post(
    'pclc/contacts',
    pclcContactsRequestSchema,
    pclcContactsResponseSchema,
    async ({ input, workspace, now }) => {
      const scope = resolveScope(workspace, input, now);
      const { rows, total } = await pclcContacts(db, scope, input);
      return { data: rows, meta: { total, limit: input.limit, offset: input.offset } };
    },
  );
  reports.post(
    'conversion',
    conversionRequestSchema,
    conversionResponseSchema,
    async ({ input, workspace, now }) => ({
      data: await conversionReport(db, resolveScope(workspace, input, now), input.contactsLimit),
    }),
  );
  reports.get(
    'pclc-by-leadsource',
    pclcByLeadSourceQuerySchema,
    pclcByLeadSourceResponseSchema,
    async ({ input, workspace, now }) => ({
      data: await pclcByLeadSource(db, resolveScope(workspace, input, now)),
    }),
  );
  reports.get(
    'total-pipeline',
    totalPipelineQuerySchema,
    totalPipelineResponseSchema,
    async ({ input, workspace, now }) => ({
      data: await totalPipeline(db, resolveScope(workspace, input, now)),
    }),
  );
  reports.get(
    'leadsByLeadSource',
    leadsByLeadSourceQuerySchema,
    leadsByLeadSourceResponseSchema,
    async ({ input, workspace, now }) => ({
      data: await leadsByLeadSource(db, resolveScope(workspace, input, now)),
    }),
  );
  reports.post(
    'trends',
    trendsRequestSchema,
    trendsResponseSchema,
    async ({ input, workspace, now }) => {
      const today = workspaceToday(workspace, now);
      const scope = resolveScope(
        workspace,
        {
          startDate: today,
          endDate: today,
          type: 'rjPclc',
          leadSources: input.leadSources ?? [],
          campaigns: input.campaigns ?? [],
          campaignStatus: [],
          offices: input.offices ?? [],
          caseTypes: input.practiceAreas ?? [],
          subCaseTypes: input.subCaseTypes ?? [],
          agents: [],
        },
        now,
      );
      return { data: await trends(db, scope, input.timeFrame) };
    },
  );
}

// ---------- calls and compliance (spec: dashboards 2.6, 7) ----------
function registerCallReports(reports: ReportRouter, db: Db): void {
  reports.get(
    'ctm-call-compliance',
    callComplianceQuerySchema,
    callComplianceResponseSchema,
    async ({ input, workspace, now }) => ({
      data: await callCompliance(db, resolveScope(workspace, input, now)),
    }),
  );
  reports.get(
    'ctm-call-compliance-by-agent',
    callComplianceQuerySchema,
    callComplianceByAgentResponseSchema,
    async ({ input, workspace, now }) => ({
      data: {
        CTM_COMPLIANCE_BY_AGENTS_ZOHO: {
          data: await callComplianceByAgent(db, resolveScope(workspace, input, now)),
        },
      },
    }),
  );
  reports.post(
    'compliance',
    complianceRequestSchema,
    complianceResponseSchema,
    async ({ input, workspace, now }) => {
      const scope = dateScope(workspace, input, now);
      if (input.agent && !workspace.agents.some((a) => a.id === input.agent)) {
        throw badRequest(`agent: unknown agent ${input.agent}`);
      }
      return {
        data: await teamCompliance(db, {
          ...scope,
          dims: { ...scope.dims, agentIds: input.agent ? [input.agent] : null },
        }),
      };
    },
  );
  reports.get(
    'staff-compliance',
    staffComplianceQuerySchema,
    staffComplianceResponseSchema,
    async ({ input, workspace, now }) => ({
      data: await staffCompliance(
        db,
        dateScope(workspace, input, now),
        input.inactiveUsers === 'true',
        input.offices ?? [],
      ),
    }),
  );
  reports.post(
    'inbound',
    salesCallsRequestSchema,
    inboundSalesResponseSchema,
    async ({ input, workspace, now }) => ({
      data: await inboundSales(db, dateScope(workspace, input, now)),
    }),
  );
  reports.post(
    'outbound',
    salesCallsRequestSchema,
    outboundSalesResponseSchema,
    async ({ input, workspace, now }) => ({
      data: await outboundSales(db, dateScope(workspace, input, now)),
    }),
  );
}

// ---------- cockpit cards (spec: dashboards 2.3) ----------
function registerCockpitCardReports(reports: ReportRouter, db: Db): void {
  reports.post(
    'cid/salesperformance',
    cockpitCardRequestSchema,
    salesPerformanceResponseSchema,
    async ({ input, workspace, now }) => ({
      data: await salesPerformance(db, resolveScope(workspace, input, now)),
    }),
  );
  reports.post(
    'cid/communications',
    cockpitCardRequestSchema,
    communicationsResponseSchema,
    async ({ input, workspace, now }) => ({
      data: await communications(db, resolveScope(workspace, input, now)),
    }),
  );
  reports.get(
    'quickbooks',
    cashFlowQuerySchema,
    cashFlowResponseSchema,
    // A workspace connected to QuickBooks reads the copy of its company's books (issue #33).
    async ({ input, workspace, now }) => ({
      data: await workspaceCashFlow(db, dateScope(workspace, input, now)),
    }),
  );
}

// ---------- lead sources and marketing ----------
function registerLeadSourceReports(reports: ReportRouter, db: Db): void {
  reports.post(
    'leadsource-ranking-v2',
    leadSourceRankingV2RequestSchema,
    leadSourceRankingV2ResponseSchema,
    async ({ input, workspace, now }) => {
      const today = workspaceToday(workspace, now);
      const scope = dateScope(workspace, { startDate: today, endDate: today }, now);
      const withArea =
        input.practiceArea.toLowerCase() === 'all'
          ? scope
          : resolveScope(
              workspace,
              { ...emptyFilters(today), caseTypes: [input.practiceArea] },
              now,
            );
      return { data: await leadSourceRankingV2(db, withArea, input) };
    },
  );
  reports.post(
    'leadsource-ranking',
    leadSourceRankingRequestSchema,
    leadSourceRankingResponseSchema,
    async ({ input, workspace, now }) => ({
      data: await leadSourceRanking(db, dateScope(workspace, input, now)),
    }),
  );
  reports.get(
    'marketing-intelligence',
    marketingIntelligenceQuerySchema,
    marketingIntelligenceResponseSchema,
    async ({ input, workspace, now }) => {
      const today = workspaceToday(workspace, now);
      const scope = dateScope(workspace, { startDate: today, endDate: today }, now);
      return { data: await marketingIntelligence(db, scope, input) };
    },
  );
  reports.get(
    'marketing-intelligence/overview',
    marketingOverviewQuerySchema,
    marketingOverviewResponseSchema,
    async ({ input, workspace, now }) => {
      const today = workspaceToday(workspace, now);
      const scope = dateScope(workspace, { startDate: today, endDate: today }, now);
      return { data: await marketingOverview(db, scope, input.practiceArea) };
    },
  );
  reports.post('roi', roiRequestSchema, roiResponseSchema, async ({ input, workspace, now }) => ({
    data: await roi(db, resolveScope(workspace, input, now)),
  }));
  reports.get(
    'objections',
    objectionsQuerySchema,
    objectionsResponseSchema,
    async ({ input, workspace, now }) => ({
      data: await objections(db, dateScope(workspace, input, now), input.by, input.order),
    }),
  );
  reports.get(
    'noShows',
    noShowsQuerySchema,
    noShowsResponseSchema,
    async ({ input, workspace, now }) => ({
      data: await noShows(db, dateScope(workspace, input, now)),
    }),
  );
}

// ---------- people (spec: dashboards 7) ----------
function registerPeopleReports(reports: ReportRouter, db: Db): void {
  reports.get('people/agents', z.object({}), peopleAgentsResponseSchema, async ({ workspace }) => ({
    data: workspace.agents.map((a) => ({
      id: a.id,
      name: a.name,
      active: a.active,
      personId: a.personId,
      ctmUserId: a.ctmUserId,
    })),
  }));
  reports.get(
    'relationships/agents',
    includeQuerySchema,
    relationshipAgentsResponseSchema,
    async ({ input, workspace, now }) => {
      const today = workspaceToday(workspace, now);
      const scope = dateScope(workspace, { startDate: today, endDate: today }, now);
      return { data: await relationshipAgents(db, scope, input.include === 'person') };
    },
  );
  reports.post(
    'people/:tab',
    peopleRequestSchema,
    peopleResponseSchema,
    async ({ input, workspace, now, request }) => {
      const { tab } = parseInput(tabParamsSchema, request.params, 'params');
      return {
        data: await peopleTab(db, dateScope(workspace, input, now), tab, {
          inactiveUsers: input.inactiveUsers,
          agent: input.agent,
          limit: input.limit,
          offset: input.offset,
        }),
      };
    },
  );
}

function emptyFilters(today: string) {
  return { ...NO_FILTERS, startDate: today, endDate: today, type: 'rjPclc' as const };
}
