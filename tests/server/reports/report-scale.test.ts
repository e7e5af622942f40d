import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '@/shared/contracts/common';
import { pclcContactsResponseSchema, pclcResponseSchema } from '@/shared/contracts/reports/pclc';
import { PEOPLE_PAGE_MAX_LIMIT, peopleResponseSchema } from '@/shared/contracts/reports/people';
import { PIPELINE_STAGES, type PipelineStage } from '@/shared/contracts/reports/pipeline-stages';
import { MAX_REPORT_RANGE_DAYS, reportRangeProblem } from '@/shared/domain/date-range';
import { dayInTimezone } from '@/shared/domain/workspace-day';
import type { ReportFilters } from '@/shared/contracts/reports/report-filters';
import { readsByName, stageContacts } from '@/server/reports/funnel-contacts';
import { loadLookupSet, NO_FILTERS, resolveScope } from '@/server/reports/report-scope';
import { contactCountSource, totalPipeline } from '@/server/reports/sales-reports';
import { recordContacts, recordTransitions } from '@/server/records/record-writer';
import { addDays } from '@/server/records/workspace-days';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { NOW } from './fixture';

/**
 * issue #17 "every report fast at a million contacts": what the speed-ups must not change
 * (the office and sub-case-type rollups answer what the records answer; a list read in
 * name order lists what the sort lists) and the bounds (range limit, pages). Timing is
 * the benchmark's (npm run bench:reports), never asserted here.
 */
describe('reports at scale: same answers, bounded requests', () => {
  let t: TestServer;
  let owner: string;
  const WS = 'ws_lakeside';
  let today: string;
  let year: { startDate: string; endDate: string };

  beforeAll(async () => {
    t = await startTestServer({
      now: () => NOW,
      reportRateLimit: { max: 10_000, windowMs: 60_000 },
    });
    owner = (await t.signIn('owner@lakeside.test')).accessToken;
    const ws = await t.server.db
      .selectFrom('workspaces')
      .select('timezone')
      .where('id', '=', WS)
      .executeTakeFirstOrThrow();
    today = dayInTimezone(NOW, ws.timezone);
    year = { startDate: addDays(today, -364), endDate: today };
  });
  afterAll(() => t.close());

  const post = (path: string, body: unknown) =>
    t.api(`/api/workspaces/${WS}/reports/${path}`, { method: 'POST', token: owner, body });

  /** The records' GROUP BY for a filter column, both perspectives' day columns. */
  async function recordCounts(
    column: 'office_id' | 'sub_case_type_key',
    value: string,
    day: 'day' | 'entered_day',
  ): Promise<Record<string, number>> {
    const hidden = (
      await t.server.db
        .selectFrom('lead_sources')
        .select('id')
        .where('workspace_id', '=', WS)
        .where('label', 'like', '%Test%')
        .execute()
    ).map((r) => r.id);
    const rows = await sql<{ stage: string; n: number }>`
      SELECT stage, COUNT(*) AS n FROM pipeline_events
      WHERE workspace_id = ${WS} AND ${sql.ref(column)} = ${value}
        AND ${sql.ref(day)} BETWEEN ${year.startDate} AND ${year.endDate}
        AND (lead_source_id IS NULL OR lead_source_id NOT IN (${sql.join(hidden)}))
      GROUP BY stage`.execute(t.server.db);
    const counts = Object.fromEntries(PIPELINE_STAGES.map((stage) => [stage, 0]));
    for (const row of rows.rows) counts[row.stage] = Number(row.n);
    return counts;
  }

  const FUNNEL_FIELDS: [string, PipelineStage][] = [
    ['LEADS', 'new_lead'],
    ['UNQUALIFIEDATLEAD', 'unqualified_at_lead'],
    ['SETS', 'set'],
    ['SHOWS', 'show'],
    ['UNQUALIFIEDATAPPT', 'unqualified_at_appt'],
    ['HIRES', 'hire'],
    ['NOHIRES', 'no_hire'],
    ['FILED', 'filed'],
  ];

  it('answers the office and sub-case-type filters with the GROUP BY of the records, in both perspectives', async () => {
    const lookups = await loadLookupSet(t.server.db, WS);
    const office = lookups.offices[0].id;
    const subType = lookups.caseTypes.find((c) => c.parentKey !== null)!.key;
    for (const type of ['rjPclc', 'intakePCLC'] as const) {
      const day = type === 'rjPclc' ? 'day' : 'entered_day';
      for (const [filter, column, value] of [
        [{ offices: [office] }, 'office_id', office],
        [{ subCaseTypes: [subType] }, 'sub_case_type_key', subType],
      ] as const) {
        const answer = await post('pclc', { ...year, type, ...filter });
        expect(answer.status).toBe(200);
        const data = pclcResponseSchema.parse(answer.body).data;
        const expected = await recordCounts(column, value, day);
        for (const [field, stage] of FUNNEL_FIELDS) {
          expect(data[field as keyof typeof data], `${type} ${column} ${field}`).toBe(
            expected[stage],
          );
        }
        expect(data.LEADS, `${type} ${column}`).toBeGreaterThan(0);
      }
    }
  });

  it('refuses a range beyond five years with a 400 that says the limit, on the list calls too', async () => {
    const tooLong = { startDate: addDays(today, -MAX_REPORT_RANGE_DAYS), endDate: today };
    const expected = reportRangeProblem(tooLong);
    expect(expected).toBe(
      `The date range may span at most 5 years (${MAX_REPORT_RANGE_DAYS} days).`,
    );
    for (const [path, body] of [
      ['pclc/contacts', { ...tooLong, stat: 'LEADS' }],
      ['conversion', tooLong],
      ['people/team', tooLong],
      ['cid/salesperformance', { ...tooLong, offices: ['off_lakeside_01'] }],
    ] as const) {
      const answer = await post(path, body);
      expect(answer.status, path).toBe(400);
      expect(apiErrorSchema.parse(answer.body).message, path).toBe(expected);
    }
  });

  it('pages a contact list so that the pages hold every row exactly once, in one order', async () => {
    const range = { startDate: addDays(today, -119), endDate: today };
    const whole = pclcContactsResponseSchema.parse(
      (await post('pclc/contacts', { ...range, stat: 'LEADS', limit: 5000 })).body,
    );
    expect(whole.meta.total).toBe(whole.data.length);
    expect(whole.meta.total).toBeGreaterThan(500);
    const paged: typeof whole.data = [];
    for (let offset = 0; offset < whole.meta.total; offset += 250) {
      const page = pclcContactsResponseSchema.parse(
        (await post('pclc/contacts', { ...range, stat: 'LEADS', limit: 250, offset })).body,
      );
      expect(page.meta).toEqual({ total: whole.meta.total, limit: 250, offset });
      paged.push(...page.data);
    }
    expect(paged).toEqual(whole.data);
    expect(new Set(paged.map((row) => row.id)).size).toBe(paged.length);
    // The page size is capped.
    const tooBig = await post('pclc/contacts', { ...range, stat: 'LEADS', limit: 5001 });
    expect(tooBig.status).toBe(400);
    expect(apiErrorSchema.parse(tooBig.body).message).toMatch(/limit/);
  });

  it('pages the people tabs: every agent exactly once, the page size capped', async () => {
    const whole = peopleResponseSchema.parse(
      (await post('people/team', { ...year, inactiveUsers: true })).body,
    ).data;
    if (whole.tab !== 'team') throw new Error('team tab expected');
    expect(whole.page).toEqual({ total: whole.rows.length, limit: 500, offset: 0 });
    expect(whole.rows.length).toBeGreaterThan(3);
    const ids: string[] = [];
    for (let offset = 0; offset < whole.rows.length; offset += 3) {
      const page = peopleResponseSchema.parse(
        (await post('people/team', { ...year, inactiveUsers: true, limit: 3, offset })).body,
      ).data;
      if (page.tab !== 'team') throw new Error('team tab expected');
      expect(page.page).toEqual({ total: whole.rows.length, limit: 3, offset });
      ids.push(...page.rows.map((row) => row.id));
    }
    expect(ids).toEqual(whole.rows.map((row) => row.id));
    const consultants = await post('people/consultants', {
      ...year,
      limit: PEOPLE_PAGE_MAX_LIMIT + 1,
    });
    expect(consultants.status).toBe(400);
    expect(apiErrorSchema.parse(consultants.body).message).toMatch(/limit/);
  });

  it('lists the same rows whether it reads the transitions in name order or sorts the list', async () => {
    const workspace = await loadLookupSet(t.server.db, WS);
    const filters = { ...NO_FILTERS, ...year, type: 'rjPclc' as const };
    const scopes = [
      resolveScope(workspace, filters, NOW),
      resolveScope(workspace, { ...filters, type: 'intakePCLC' }, NOW),
      resolveScope(workspace, { ...filters, offices: [workspace.offices[1].id] }, NOW),
      // Filters in either perspective: the range (entered day or day), a contact's
      // attribution and the transition's agent, all tested in the name-order index.
      resolveScope(
        workspace,
        { ...filters, type: 'intakePCLC', campaigns: [workspace.campaigns[0].id] },
        NOW,
      ),
      resolveScope(
        workspace,
        { ...filters, type: 'intakePCLC', agents: [workspace.agents[0].id] },
        NOW,
      ),
      resolveScope(workspace, { ...filters, agents: [workspace.agents[1].id] }, NOW),
    ];
    const queries = [
      { stages: ['new_lead'] as const },
      { stages: ['show'] as const },
      { stages: ['show'] as const, qualifiedShows: true },
      { stages: ['new_lead', 'qualified', 'unqualified_at_lead'] as const, distinctContacts: true },
      { stages: ['hire'] as const },
    ];
    for (const scope of scopes) {
      for (const query of queries) {
        for (const page of [
          { limit: 100, offset: 0 },
          { limit: 100, offset: 150 },
        ]) {
          const [sorted, byName] = await Promise.all(
            (['sorted', 'byName'] as const).map((plan) =>
              stageContacts(t.server.db, scope, { ...query, ...page, plan }),
            ),
          );
          const label = `${scope.perspective} ${JSON.stringify(query)} ${page.offset}`;
          expect(byName, label).toEqual(sorted);
          // An agent's list of a small seed may end before the second page.
          if (page.offset === 0) expect(sorted.rows.length, label).toBeGreaterThan(0);
        }
      }
    }
  });

  it('counts Total Pipeline from contacts_daily as from the contacts, under each filter family', async () => {
    const workspace = await loadLookupSet(t.server.db, WS);
    const subType = workspace.caseTypes.find((c) => c.parentKey !== null)!;
    const visibleSource = workspace.leadSources.find((s) => !s.label.includes('Test'))!.id;
    const filters: ReportFilters = { ...NO_FILTERS, ...year, type: 'rjPclc' };
    const cases: [Partial<ReportFilters>, string][] = [
      [{}, 'all'],
      [{ leadSources: [visibleSource] }, 'all'],
      [{ offices: [workspace.offices[0].id] }, 'office'],
      [{ offices: [workspace.offices[1].id], leadSources: [visibleSource] }, 'office'],
      [{ campaigns: [workspace.campaigns[0].id] }, 'campaign'],
      [{ campaignStatus: ['active'] }, 'campaign'],
      [{ subCaseTypes: [subType.key] }, 'sub_case'],
      [{ caseTypes: [subType.label, 'unknown'] }, 'case'],
      [{ caseTypes: [subType.parentKey!], subCaseTypes: [subType.key] }, 'case'],
      [{ agents: [workspace.agents[0].id] }, 'agent'],
      [{ offices: [workspace.offices[0].id], agents: [workspace.agents[0].id] }, 'contacts'],
    ];
    for (const [variant, expected] of cases) {
      const scope = resolveScope(workspace, { ...filters, ...variant }, NOW);
      const source = contactCountSource(scope.dims);
      expect(source === 'contacts' ? source : source.dimension, JSON.stringify(variant)).toBe(
        expected,
      );
      const [rolled, counted] = await Promise.all([
        totalPipeline(t.server.db, scope),
        totalPipeline(t.server.db, scope, 'contacts'),
      ]);
      expect(rolled, JSON.stringify(variant)).toEqual(counted);
      expect(rolled.total, JSON.stringify(variant)).toBeGreaterThan(0);
    }
  });

  it("merges the stages' reads in name order under two agents, each contact once in the leads list", async () => {
    const workspace = await loadLookupSet(t.server.db, WS);
    const [a, b, other] = workspace.agents.map((agent) => agent.id);
    const visibleSource = workspace.leadSources.find((s) => !s.label.includes('Test'))!.id;
    const at = (days: number) => new Date(NOW.getTime() - days * 86_400_000).toISOString();
    // First in name order ("Aaa" before every demo name), with rows in several reads:
    // leads of a third agent, in the list only by their qualifications (one of them
    // qualified four times: a read that gave a row per transition would end before the
    // next), hires by both agents, and ties broken by the contact's id.
    const contact = (id: string, firstName: string, lastName: string, newLeadAgentId: string) => ({
      id: `ct_merge_${id}`,
      workspaceId: WS,
      firstName,
      lastName,
      enteredPipelineAt: at(20),
      leadSourceId: visibleSource,
      agentId: a,
      newLeadAgentId,
    });
    const added = [
      contact('1', 'Aaa', 'Merge', other),
      contact('2', 'Aaa', 'Merge', b),
      contact('3', 'Aaab', 'Merge', other),
      contact('4', 'Aaac', 'Merge', a),
    ];
    await recordContacts(t.server.db, added);
    const step = (id: string, stage: 'qualified' | 'hire', agentId: string, days: number) => ({
      contactId: `ct_merge_${id}`,
      stage,
      occurredAt: at(days),
      agentId,
    });
    await recordTransitions(t.server.db, [
      step('1', 'qualified', a, 19),
      step('1', 'qualified', a, 18),
      step('1', 'qualified', a, 17),
      step('1', 'qualified', b, 17),
      step('3', 'qualified', a, 16),
      step('1', 'hire', a, 10),
      step('1', 'hire', b, 9),
      step('2', 'hire', b, 8),
      step('4', 'hire', a, 7),
    ]);
    for (const type of ['rjPclc', 'intakePCLC'] as const) {
      const scope = resolveScope(workspace, { ...NO_FILTERS, ...year, type, agents: [a, b] }, NOW);
      const lists = [
        { stages: ['hire'] as const },
        {
          stages: ['new_lead', 'qualified', 'unqualified_at_lead'] as const,
          distinctContacts: true,
        },
      ];
      for (const list of lists) {
        const whole = await stageContacts(t.server.db, scope, {
          ...list,
          limit: 12,
          offset: 0,
          plan: 'sorted',
        });
        const ids = whole.rows.map((row) => row.id);
        // The added contacts lead the list, each contact once in the leads list.
        const expected = list.distinctContacts
          ? ['ct_merge_1', 'ct_merge_2', 'ct_merge_3', 'ct_merge_4']
          : ['ct_merge_1', 'ct_merge_1', 'ct_merge_2', 'ct_merge_4'];
        expect(ids.slice(0, 4), `${type} ${list.stages[0]}`).toEqual(expected);
        // Page by page, each page cuts every read short: the same rows, in the same order.
        const paged: typeof whole.rows = [];
        for (let offset = 0; offset < 12; offset += 3) {
          const page = await stageContacts(t.server.db, scope, {
            ...list,
            limit: 3,
            offset,
            plan: 'byName',
          });
          paged.push(...page.rows);
        }
        expect(paged, `${type} ${list.stages[0]}`).toEqual(whole.rows);
      }
    }
  });

  it('reads by name only when the list is long and the page early', () => {
    expect(readsByName(300_000, { limit: 1000, offset: 0 }, 800_000)).toBe(true);
    expect(readsByName(2_000, { limit: 1000, offset: 0 }, 800_000)).toBe(false);
    expect(readsByName(25_000, { limit: 1000, offset: 0 }, 10_000_000)).toBe(false);
  });
});
