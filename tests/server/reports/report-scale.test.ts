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
import { loadLookupSet, resolveScope } from '@/server/reports/report-scope';
import { contactCountSource, totalPipeline } from '@/server/reports/sales-reports';
import { recordContacts, recordTransitions } from '@/server/records/record-writer';
import { addDays } from '@/server/records/workspace-days';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { NOW } from './fixture';

/**
 * issue #17 "every report fast at a million contacts": what the speed-ups must not change
 * (the office and sub-case-type rollups answer what the records answer; the name-order
 * walk lists what the sort lists) and the bounds (range limit, pages). Timing is the
 * benchmark's (npm run bench:reports), never asserted here.
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

  it('lists the same rows whether it walks the contacts by name or sorts the list', async () => {
    const workspace = await loadLookupSet(t.server.db, WS);
    const filters = {
      ...year,
      type: 'rjPclc' as const,
      leadSources: [],
      campaigns: [],
      campaignStatus: [],
      offices: [],
      caseTypes: [],
      subCaseTypes: [],
      agents: [],
    };
    const scopes = [
      resolveScope(workspace, filters, NOW),
      resolveScope(workspace, { ...filters, type: 'intakePCLC' }, NOW),
      resolveScope(workspace, { ...filters, offices: [workspace.offices[1].id] }, NOW),
      // The conversion perspective tests the range and attribution on the contact, and
      // takes an agent's short lists' contacts first.
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
          // PostgreSQL's walk under the agent filter, told to read far too few contacts,
          // reads again with more until the page is whole: the same rows.
          const short = await stageContacts(t.server.db, scope, {
            ...query,
            ...page,
            plan: 'byName',
            agentWalkMargin: 0.05,
          });
          expect(short, `${label} (a walk that falls short)`).toEqual(sorted);
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
    const filters: ReportFilters = {
      ...year,
      type: 'rjPclc',
      leadSources: [],
      campaigns: [],
      campaignStatus: [],
      offices: [],
      caseTypes: [],
      subCaseTypes: [],
      agents: [],
    };
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

  it("lists an agent's contacts added since the contact count was cached, at the list's end", async () => {
    const workspace = await loadLookupSet(t.server.db, WS);
    const agent = workspace.agents[0].id;
    // The longest range up to the machine's today (the demo seed's records run up to it):
    // every contact of the workspace is in it, so a walk of the cached count of contacts
    // would cover them all but for the ones added since.
    const now = new Date();
    const realToday = dayInTimezone(now, workspace.timezone);
    const scope = resolveScope(
      workspace,
      {
        startDate: addDays(realToday, -(MAX_REPORT_RANGE_DAYS - 1)),
        endDate: realToday,
        type: 'intakePCLC',
        leadSources: [],
        campaigns: [],
        campaignStatus: [],
        offices: [],
        caseTypes: [],
        subCaseTypes: [],
        agents: [agent],
      },
      now,
    );
    const query = { stages: ['hire'] as const, limit: 100 };
    const visibleSource = workspace.leadSources.find((s) => !s.label.includes('Test'))!.id;
    // Counts the workspace's contacts (cached for a minute: it only picks a plan).
    await stageContacts(t.server.db, scope, { ...query, offset: 0, plan: 'byName' });
    const day = (days: number) => new Date(now.getTime() - days * 86_400_000).toISOString();
    // Cyrillic: after every Latin name in SQLite's and PostgreSQL's collations.
    const late = ['Яков Аа', 'Яков Бб', 'Яков Вв'].map((name, i) => ({
      id: `ct_zz_late_${i}`,
      workspaceId: WS,
      firstName: name.split(' ')[0],
      lastName: name.split(' ')[1],
      enteredPipelineAt: day(3),
      leadSourceId: visibleSource,
      agentId: agent,
    }));
    // As many contacts again as were counted: whatever the filters leave out of the walk,
    // more contacts than the cached count now come before the three in name order.
    const { n } = await t.server.db
      .selectFrom('contacts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('workspace_id', '=', WS)
      .executeTakeFirstOrThrow();
    const padding = Array.from({ length: Number(n) }, (_, i) => ({
      id: `ct_zz_pad_${i}`,
      workspaceId: WS,
      firstName: 'Added',
      lastName: `Since ${i}`,
      enteredPipelineAt: day(3),
      leadSourceId: late[0].leadSourceId,
    }));
    await recordContacts(t.server.db, [...padding, ...late]);
    await recordTransitions(
      t.server.db,
      late.map((c) => ({
        contactId: c.id,
        stage: 'hire' as const,
        occurredAt: day(1),
        agentId: agent,
      })),
    );
    const sorted = await stageContacts(t.server.db, scope, { ...query, offset: 0, plan: 'sorted' });
    const offset = Math.max(0, (sorted.total ?? 0) - 5);
    const end = await stageContacts(t.server.db, scope, { ...query, offset, plan: 'sorted' });
    expect(end.rows.map((row) => row.id)).toEqual(expect.arrayContaining(late.map((c) => c.id)));
    // PostgreSQL's walk told to read exactly the cached count of contacts: it stops short
    // of the new ones unless its last pass reads the whole name order.
    const wanted = offset + query.limit + 1;
    const walked = await stageContacts(t.server.db, scope, {
      ...query,
      offset,
      plan: 'byName',
      agentWalkMargin: (sorted.total ?? 0) / wanted,
    });
    expect(walked).toEqual(end);
  });

  it('walks by name only when the list is long and the page early', () => {
    expect(readsByName(300_000, { limit: 1000, offset: 0 }, 800_000)).toBe(true);
    expect(readsByName(2_000, { limit: 1000, offset: 0 }, 800_000)).toBe(false);
    expect(readsByName(25_000, { limit: 1000, offset: 0 }, 10_000_000)).toBe(false);
  });
});
