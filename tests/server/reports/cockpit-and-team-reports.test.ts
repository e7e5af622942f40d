import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callComplianceByAgentResponseSchema,
  callComplianceResponseSchema,
} from '@/shared/contracts/reports/call-compliance';
import { cashFlowResponseSchema } from '@/shared/contracts/reports/cash-flow';
import {
  communicationsResponseSchema,
  salesPerformanceResponseSchema,
} from '@/shared/contracts/reports/cockpit-cards';
import {
  leadSourceRankingResponseSchema,
  leadSourceRankingV2ResponseSchema,
} from '@/shared/contracts/reports/lead-source-ranking';
import {
  marketingIntelligenceResponseSchema,
  marketingOverviewResponseSchema,
} from '@/shared/contracts/reports/marketing-intelligence';
import { systemPclcResponseSchema } from '@/shared/contracts/reports/pclc';
import {
  peopleAgentsResponseSchema,
  peopleResponseSchema,
  relationshipAgentsResponseSchema,
} from '@/shared/contracts/reports/people';
import {
  inboundSalesResponseSchema,
  noShowsResponseSchema,
  objectionsResponseSchema,
  outboundSalesResponseSchema,
  roiResponseSchema,
} from '@/shared/contracts/reports/sales';
import {
  complianceResponseSchema,
  staffComplianceResponseSchema,
} from '@/shared/contracts/reports/team-compliance';
import { OTHER_WS, R, type ReportFixture, startReportFixture, WS } from './fixture';

/** Expected numbers are counted by hand from the fixture's calls, tasks and payments. */
describe('cockpit, call, team, cash-flow and marketing reports on the hand-built fixture', () => {
  let f: ReportFixture;
  beforeAll(async () => {
    f = await startReportFixture();
  });
  afterAll(() => f.t.close());

  const ok = async (answer: Promise<{ status: number; body: unknown }>) => {
    const { status, body } = await answer;
    expect(status, JSON.stringify(body)).toBe(200);
    return body;
  };

  it('answers call compliance from the calls agents took, leaving Test-source calls out', async () => {
    const data = callComplianceResponseSchema.parse(await ok(f.get('ctm-call-compliance', R))).data;
    // inbound with an agent: CA1 (talked), CA2 (missed), CA5 (talked); outbound: CA3
    // (talked), CA4 (no answer), CA6 (answered, no conversation). CA9 is a Test lead's.
    expect(data).toEqual({
      INBOUND_TOTAL: 3,
      INBOUND_CONNECTED: 2,
      INBOUND_PERCENT: 67,
      OUTBOUND_TOTAL: 3,
      OUTBOUND_CONNECTED: 1,
      OUTBOUND_PERCENT: 33,
    });
  });

  it('wraps compliance by agent under CTM_COMPLIANCE_BY_AGENTS_ZOHO.data, totals first', async () => {
    const body = callComplianceByAgentResponseSchema.parse(
      await ok(f.get('ctm-call-compliance-by-agent', R)),
    );
    expect(body.data.CTM_COMPLIANCE_BY_AGENTS_ZOHO.data).toEqual([
      {
        AGENT_ID: null,
        AGENT_NAME: 'All Agents',
        INBOUND_CONNECTED: 2,
        INBOUND_TOTAL: 3,
        INBOUND_PERCENT: 67,
        OUTBOUND_CONNECTED: 1,
        OUTBOUND_TOTAL: 3,
        OUTBOUND_PERCENT: 33,
      },
      {
        AGENT_ID: 'agt_1',
        AGENT_NAME: 'Ada Agent',
        INBOUND_CONNECTED: 1,
        INBOUND_TOTAL: 2,
        INBOUND_PERCENT: 50,
        OUTBOUND_CONNECTED: 1,
        OUTBOUND_TOTAL: 2,
        OUTBOUND_PERCENT: 50,
      },
      {
        AGENT_ID: 'agt_2',
        AGENT_NAME: 'Bo Agent',
        INBOUND_CONNECTED: 1,
        INBOUND_TOTAL: 1,
        INBOUND_PERCENT: 100,
        OUTBOUND_CONNECTED: 0,
        OUTBOUND_TOTAL: 1,
        OUTBOUND_PERCENT: 0,
      },
    ]);
  });

  it('answers only the zero totals row when nobody called (the client shows No Data)', async () => {
    const body = callComplianceByAgentResponseSchema.parse(
      await ok(
        f.get('ctm-call-compliance-by-agent', { startDate: '2026-01-05', endDate: '2026-01-09' }),
      ),
    );
    expect(body.data.CTM_COMPLIANCE_BY_AGENTS_ZOHO.data).toHaveLength(1);
    expect(body.data.CTM_COMPLIANCE_BY_AGENTS_ZOHO.data[0].INBOUND_TOTAL).toBe(0);
  });

  it('answers the Communications card', async () => {
    const data = communicationsResponseSchema.parse(await ok(f.post('cid/communications', R))).data;
    expect(data.CID_COMMUNICATIONS).toEqual({
      CID_INBOUNDVOLUME: { client: 1, other: 1, sales: 2, totalCalls: 4 },
      // waits 10 + 20 + 30 + 90 seconds over 4 inbound calls
      CID_INBOUNDCOVERAGE: { missedCalls: 1, abandonedCalls: 1, averageWaitTime: '37.50' },
      CID_RELATIONSHIPCALLS: { callsMade: 1, callsDue: 3, callsDueToday: 1 },
      CID_COLLECTIONCALLS: { callsMade: 1, callsDue: 1, callsDueToday: 0 },
      CID_KEEPINGPROMISES: { callBackRequested: 2, callsReturned: 1 },
    });
    const empty = communicationsResponseSchema.parse(
      await ok(f.post('cid/communications', { startDate: '2026-01-05', endDate: '2026-01-09' })),
    ).data;
    expect(empty.CID_COMMUNICATIONS.CID_INBOUNDCOVERAGE.averageWaitTime).toBe('0.00');
  });

  it('answers the Sales Performance card, whose consults and hires add up to the funnel', async () => {
    const data = salesPerformanceResponseSchema.parse(
      await ok(f.post('cid/salesperformance', R)),
    ).data;
    expect(data.CID_SALESPERFORMANCE.CID_HIRES).toEqual([
      { id: 'cns_1', name: 'Cy Closer', consults: 2, hires: 1 },
      { id: 'cns_2', name: 'Di Doubt', consults: 1, hires: 0 },
    ]);
    expect(data.CID_SALESPERFORMANCE.CID_OUTBOUNDSALES).toEqual([
      { id: 'agt_1', name: 'Ada Agent', outboundSales: 2, answered: 1, sets: 1 },
      { id: 'agt_2', name: 'Bo Agent', outboundSales: 1, answered: 1, sets: 1 },
    ]);
    // In the range: 3 showed, 1 no-show, 1 cancelled; c7's appointment is tomorrow.
    expect(data.CID_SALESPERFORMANCE.CID_APPOINTMENTINVENTORYTARGETS).toEqual({
      scheduledTomorrow: 1,
      spotsFilled: 4,
      appointmentsInRange: 5,
    });
    expect(data.SETRATE).toBe(75);
  });

  it('answers the Cash Flow card from payments, plans and bank balances', async () => {
    const range = { startDate: '2026-03-16', endDate: '2026-03-19' };
    const data = cashFlowResponseSchema.parse(await ok(f.get('quickbooks', range))).data;
    expect(data).toEqual({
      collected: 300,
      missedPayments: [
        { id: 'p1b', contactId: 'c1', name: 'Ana Able', amount: 300, dueDate: '2026-03-17' },
      ],
      missedPaymentsTotal: 300,
      partialPaymentTotal: 200,
      operatingAccount: 6000,
      profitAccount: 1000,
      activePaymentPlans: 2,
      onPlan: 1,
      offPlan: 1,
      onPlanRate: 50,
      offPlanRate: 50,
      futureCashFlow: 500,
      ...range,
    });
  });

  it('refuses the cash flow of a workspace without QuickBooks, and answers zeros once it has it but no payments', async () => {
    const path = `/api/workspaces/${OTHER_WS}/reports/quickbooks?startDate=2026-03-16&endDate=2026-03-19`;
    const locked = await f.t.api(path, { token: f.otherToken });
    expect(locked.status).toBe(403);
    expect(locked.body).toMatchObject({ message: expect.stringContaining('QuickBooks') });
    const { vendors } = await f.t.server.db
      .selectFrom('workspaces')
      .select('vendors')
      .where('id', '=', OTHER_WS)
      .executeTakeFirstOrThrow();
    await f.t.server.db
      .updateTable('workspaces')
      .set({ vendors: JSON.stringify({ ...JSON.parse(vendors), quickBooks: true }) })
      .where('id', '=', OTHER_WS)
      .execute();
    const answer = await f.t.api(path, { token: f.otherToken });
    const data = cashFlowResponseSchema.parse(answer.body).data;
    expect([data.collected, data.activePaymentPlans, data.onPlanRate, data.missedPayments]).toEqual(
      [0, 0, 0, []],
    );
  });

  it('ranks lead sources by leads over the last months, with the scaled goal and last year', async () => {
    const data = leadSourceRankingV2ResponseSchema.parse(
      await ok(f.post('leadsource-ranking-v2', { months: 1 })),
    ).data;
    expect([data.startDate, data.endDate]).toEqual(['2026-02-21', '2026-03-20']);
    // Beta: c3 c4 c7 c9; Alpha: c1 c2 c6.
    expect(data.rows.map((r) => [r.rank, r.leadSource, r.leads, r.hires])).toEqual([
      [1, 'Beta', 4, 0],
      [2, 'Alpha', 3, 1],
    ]);
    // Alpha's weekly 10 / 20 over 28 days: 40 / 80.
    expect(data.rows[1].goal).toEqual({ leadsMin: 40, leadsMax: 80 });
    expect(data.rows[1].belowMinimum).toBe(true);
    expect(data.rows[0].goal).toBeNull();
    expect(data.rows[0].lastYear).toEqual({ metric: 'leads', value: 0, change: null });
  });

  it('answers an empty ranking (200, not an error) for a workspace without records', async () => {
    const answer = await f.t.api(`/api/workspaces/${OTHER_WS}/reports/leadsource-ranking-v2`, {
      method: 'POST',
      token: f.otherToken,
      body: {},
    });
    expect(answer.status).toBe(200);
    expect(leadSourceRankingV2ResponseSchema.parse(answer.body).data.rows).toEqual([]);
  });

  it('answers the older ranking over a date range', async () => {
    const rows = leadSourceRankingResponseSchema.parse(
      await ok(f.post('leadsource-ranking', R)),
    ).data;
    expect(rows.map((r) => [r.RANK, r.LEADSOURCE, r.LEADS, r.HIRES, r.HIRERATE])).toEqual([
      [1, 'Alpha', 2, 1, 100],
      [2, 'Beta', 2, 0, 0],
    ]);
  });

  it('answers each agent’s promises kept (reports/compliance)', async () => {
    const rows = complianceResponseSchema.parse(await ok(f.post('compliance', R))).data;
    expect(rows).toEqual([
      {
        AGENT_ID: 'agt_1',
        AGENT_NAME: 'Ada Agent',
        CALLBACKS_REQUESTED: 1,
        CALLBACKS_RETURNED: 1,
        RELATIONSHIP_DUE: 2,
        RELATIONSHIP_MADE: 1,
        COLLECTION_DUE: 0,
        COLLECTION_MADE: 0,
        COMPLIANCE_PERCENT: 67,
      },
      {
        AGENT_ID: 'agt_2',
        AGENT_NAME: 'Bo Agent',
        CALLBACKS_REQUESTED: 1,
        CALLBACKS_RETURNED: 0,
        RELATIONSHIP_DUE: 1,
        RELATIONSHIP_MADE: 0,
        COLLECTION_DUE: 1,
        COLLECTION_MADE: 1,
        COMPLIANCE_PERCENT: 33,
      },
    ]);
    const one = complianceResponseSchema.parse(
      await ok(f.post('compliance', { ...R, agent: 'agt_2' })),
    ).data;
    expect(one.map((r) => r.AGENT_ID)).toEqual(['agt_2']);
  });

  it('rounds staff compliance rates up (spec: dashboards 9)', async () => {
    const rows = staffComplianceResponseSchema.parse(await ok(f.get('staff-compliance', R))).data;
    expect(rows).toEqual([
      {
        agentId: 'agt_1',
        agentName: 'Ada Agent',
        inboundRate: 50,
        outboundRate: 50,
        callbackRate: 100,
        relationshipRate: 50,
        collectionRate: null,
        overallRate: 58, // 4 of 7, 57.1 rounded up
        // No personal minimum: the workspace default (docs/users-parameters.md).
        minimumPercent: 10,
        belowMinimum: false,
      },
      {
        agentId: 'agt_2',
        agentName: 'Bo Agent',
        inboundRate: 100,
        outboundRate: 0,
        callbackRate: 0,
        relationshipRate: 0,
        collectionRate: 100,
        overallRate: 40,
        minimumPercent: 10,
        belowMinimum: false,
      },
    ]);
  });

  it('answers inbound and outbound sales per agent', async () => {
    const inbound = inboundSalesResponseSchema.parse(await ok(f.post('inbound', R))).data;
    expect(inbound.totals).toEqual({ calls: 1, connected: 1, sets: 1, setRate: 100 });
    expect(inbound.agents.map((a) => [a.id, a.calls, a.connected, a.sets])).toEqual([
      ['agt_1', 1, 1, 0],
      ['agt_2', 0, 0, 1],
    ]);
    const outbound = outboundSalesResponseSchema.parse(await ok(f.post('outbound', R))).data;
    expect(outbound.totals).toEqual({
      calls: 3,
      answered: 2,
      sets: 2,
      answerRate: 66.67,
      setRate: 100,
    });
  });

  it('answers no-shows among the appointments that were due', async () => {
    const data = noShowsResponseSchema.parse(await ok(f.get('noShows', R))).data;
    expect([data.appointments, data.noShows, data.noShowRate, data.truncated]).toEqual([
      4,
      1,
      25,
      false,
    ]);
    expect(data.contacts).toEqual([
      {
        id: 'c9',
        module: 'Leads',
        name: 'Ivy Irwin',
        leadSource: 'Beta',
        campaign: 'Beta One',
        caseType: 'Bankruptcy',
        appointmentAt: '2026-03-18T17:00:00.000Z',
        consultant: 'Di Doubt',
      },
    ]);
  });

  it('answers objections by reason, agent or lead source', async () => {
    const byReason = objectionsResponseSchema.parse(await ok(f.get('objections', R))).data;
    expect(byReason).toEqual({
      total: 3,
      rows: [
        { id: 'obj_elig', name: 'Does not qualify', count: 2, percent: 66.67 },
        { id: 'obj_price', name: 'Fee too high', count: 1, percent: 33.33 },
      ],
    });
    const byAgent = objectionsResponseSchema.parse(
      await ok(f.get('objections', { ...R, by: 'agent', order: 'asc' })),
    ).data;
    expect(byAgent.rows.map((r) => [r.name, r.count])).toEqual([
      ['Ada Agent', 1],
      ['Bo Agent', 2],
    ]);
  });

  it('answers ROI per lead source with prorated spend and collected revenue', async () => {
    const data = roiResponseSchema.parse(await ok(f.post('roi', R))).data;
    // Alpha spent $3,100 in March: $100 a day, $500 over the 5 days.
    expect(data.rows).toEqual([
      {
        leadSourceId: 'ls_a',
        leadSource: 'Alpha',
        spend: 500,
        leads: 2,
        hires: 1,
        revenue: 100,
        costPerLead: 250,
        costPerHire: 500,
        roi: -80,
      },
      {
        leadSourceId: 'ls_b',
        leadSource: 'Beta',
        spend: 0,
        leads: 2,
        hires: 0,
        revenue: 200,
        costPerLead: null,
        costPerHire: null,
        roi: null,
      },
    ]);
    expect(data.totals).toEqual({
      spend: 500,
      leads: 4,
      hires: 1,
      revenue: 300,
      costPerLead: 125,
      costPerHire: 500,
      roi: -40,
    });
  });

  it('answers the people reports: agents, relationships, team, consultants and one agent', async () => {
    const agents = peopleAgentsResponseSchema.parse(await ok(f.get('people/agents'))).data;
    expect(agents.map((a) => a.id)).toEqual(['agt_1', 'agt_2']);
    const relationships = relationshipAgentsResponseSchema.parse(
      await ok(f.get('relationships/agents', { include: 'person' })),
    ).data;
    // agt_1: due 03-20 (today) open; made 03-17 and 03-02 (within 30 days).
    expect(relationships[0]).toMatchObject({
      id: 'agt_1',
      openRelationshipCalls: 1,
      relationshipCallsMade30Days: 2,
      person: null,
    });

    const team = peopleResponseSchema.parse(await ok(f.post('people/team', R))).data;
    expect(team.tab === 'team' && team.rows[0]).toEqual({
      id: 'agt_1',
      name: 'Ada Agent',
      active: true,
      leads: 3,
      sets: 1,
      // c1's set, of the 2 leads Ada qualified in the range (c1, c7).
      setRate: 50,
      setRateBasis: { numerator: 1, denominator: 2 },
      inboundCalls: 2,
      inboundConnected: 1,
      outboundCalls: 2,
      outboundAnswered: 1,
    });
    const consultants = peopleResponseSchema.parse(await ok(f.post('people/consultants', R))).data;
    expect(consultants.tab === 'consultants' && consultants.rows).toEqual([
      {
        id: 'cns_1',
        name: 'Cy Closer',
        active: true,
        consults: 2,
        qualifiedConsults: 2,
        hires: 1,
        noHires: 1,
        hireRate: 50,
      },
      {
        id: 'cns_2',
        name: 'Di Doubt',
        active: true,
        // c2 was unqualified at the appointment.
        consults: 1,
        qualifiedConsults: 0,
        hires: 0,
        noHires: 0,
        hireRate: 0,
      },
    ]);
    const agent = peopleResponseSchema.parse(
      await ok(f.post('people/agent', { ...R, agent: 'agt_1' })),
    ).data;
    expect(agent.tab === 'agent' && agent.days).toEqual([
      { day: '2026-03-16', leads: 1, sets: 0, calls: 1 },
      { day: '2026-03-17', leads: 0, sets: 1, calls: 2 },
      { day: '2026-03-18', leads: 1, sets: 0, calls: 1 },
      { day: '2026-03-19', leads: 0, sets: 0, calls: 0 },
      { day: '2026-03-20', leads: 1, sets: 0, calls: 0 },
    ]);
    expect((await f.post('people/agent', R)).status).toBe(400);
    expect((await f.post('people/nobody', R)).status).toBe(400);
  });

  it('answers marketing intelligence per channel and month, and its overview', async () => {
    const data = marketingIntelligenceResponseSchema.parse(
      await ok(
        f.get('marketing-intelligence', { practiceArea: 'all', category: 'sources', months: '2' }),
      ),
    ).data;
    expect(data.months).toEqual(['2026-02', '2026-03']);
    // March: Alpha c1 c2 c6 (hire c1), Beta c3 c4 c7 c9; Unknown c8 has no source row.
    expect(data.rows.map((r) => [r.label, r.leads, r.hires, r.totalSpend])).toEqual(
      [
        ['Beta', [0, 4], [0, 0], 0],
        ['Alpha', [0, 3], [0, 1], 3100 * (20 / 31)],
        ['Unknown', [0, 1], [0, 0], 0],
      ].map(([label, leads, hires, spend]) => [
        label,
        leads,
        hires,
        Math.round((spend as number) * 100) / 100,
      ]),
    );
    // practiceArea 2 = the second practice area, Chapter 7: only c1.
    const area = marketingIntelligenceResponseSchema.parse(
      await ok(f.get('marketing-intelligence')),
    ).data;
    expect(area.rows.map((r) => [r.key, r.totalLeads])).toEqual([['cpc', 1]]);
    const overview = marketingOverviewResponseSchema.parse(
      await ok(f.get('marketing-intelligence/overview', { practiceArea: 'all' })),
    ).data;
    expect([overview.leads, overview.hires]).toEqual([8, 1]);
  });

  it('answers the system funnel report to the system role only', async () => {
    const query = '?startDate=2026-03-16&endDate=2026-03-20';
    const answer = await f.t.api(`/api/system/reports/pclc${query}`, { token: f.systemToken });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const rows = systemPclcResponseSchema.parse(answer.body).data;
    expect(rows.map((r) => [r.WORKSPACEID, r.LEADS, r.SETS, r.HIRES])).toEqual([
      [WS, 5, 3, 1],
      [OTHER_WS, 0, 0, 0],
    ]);
    const owner = await f.t.api(`/api/system/reports/pclc${query}`, { token: f.token });
    expect(owner.status).toBe(403);
    const future = await f.t.api(
      '/api/system/reports/pclc?startDate=2026-03-16&endDate=2026-03-30',
      {
        token: f.systemToken,
      },
    );
    expect(future.status).toBe(400);
  });
});
