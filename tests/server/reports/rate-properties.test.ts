import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordContacts, recordTransitions, type NewContact } from '@/server/records/record-writer';
import type { PipelineStage } from '@/shared/contracts/reports/pipeline-stages';
import {
  type PclcData,
  pclcByLeadSourceResponseSchema,
  pclcResponseSchema,
  systemPclcResponseSchema,
} from '@/shared/contracts/reports/pclc';
import { salesPerformanceResponseSchema } from '@/shared/contracts/reports/cockpit-cards';
import { leadSourceRankingResponseSchema } from '@/shared/contracts/reports/lead-source-ranking';
import { peopleResponseSchema } from '@/shared/contracts/reports/people';
import type { PclcType } from '@/shared/contracts/reports/report-filters';
import {
  cohortParentDay,
  FUNNEL_RATE_NAMES,
  funnelRateBases,
  funnelRatesNest,
  ratePercent,
  rateOf,
} from '@/shared/domain/funnel-rates';
import { dayInTimezone } from '@/shared/domain/workspace-day';
import { addDays } from '@/server/records/workspace-days';
import { DEMO_WORKSPACES } from '@/server/seed/demo-workspaces';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { NOW, startReportFixture, WS, type ReportFixture } from './fixture';

/**
 * Issue #30 "Numbers that must add up", as properties: for every report with rates and
 * every filter, each rate is its documented numerator over its documented denominator
 * (shared/domain/funnel-rates.ts; people.ts for Team Reports), and stays within 0–100%
 * where the definitions nest (the conversion perspective, Team Reports). Over random
 * record sets (fast-check writes them through the record writer, then the counts are
 * checked against the same records counted here by hand) and over the demo seed.
 */

const TIMEZONE = 'America/Chicago';
/** The random records' first day; the fixture's clock (NOW) is 2026-03-20. */
const FIRST = Date.parse('2026-02-20T15:00:00.000Z');
const TODAY = dayInTimezone(NOW.toISOString(), TIMEZONE);

/** What the reports accept as filters, for the fixture's lookups (tests/server/reports/fixture.ts). */
const FILTERS: Record<string, Record<string, unknown>> = {
  none: {},
  leadSource: { leadSources: ['ls_b'] },
  campaigns: { campaigns: ['cmp_a1', 'cmp_b1'] },
  activeCampaigns: { campaignStatus: ['active'] },
  office: { offices: ['off_1'] },
  agent: { agents: ['agt_1'] },
  caseType: { caseTypes: ['bankruptcy'] },
  subCaseType: { subCaseTypes: ['chapter-7'] },
  officeAndCampaign: { offices: ['off_2'], campaigns: ['cmp_a1'] },
};
type FilterName = keyof typeof FILTERS;

// ---------- random records that follow the funnel (each step after the one before) ----------

interface GenContact {
  sourceCampaign: readonly [string, string | null];
  office: string | null;
  caseType: readonly [string | null, string | null];
  agent: string | null;
  consultant: string;
  /** Minutes after FIRST. */
  start: number;
  qualification: 'qualified' | 'unqualified' | 'pending';
  /** Gaps in minutes to each later step; null: the contact stops there. */
  qualifyAfter: number;
  setAfter: number | null;
  showAfter: number | null;
  unqualifiedAtAppt: boolean;
  decision: 'hire' | 'no_hire' | null;
  decideAfter: number;
  filedAfter: number | null;
}

const contactArb: fc.Arbitrary<GenContact> = fc.record({
  sourceCampaign: fc.constantFrom(
    ['ls_a', 'cmp_a1'] as const,
    ['ls_a', 'cmp_a2'] as const,
    ['ls_b', 'cmp_b1'] as const,
    ['ls_b', null] as const,
  ),
  office: fc.constantFrom('off_1', 'off_2', null),
  caseType: fc.constantFrom(
    ['bankruptcy', 'chapter-7'] as const,
    ['bankruptcy', 'chapter-13'] as const,
    ['bankruptcy', null] as const,
    [null, null] as const,
  ),
  agent: fc.constantFrom('agt_1', 'agt_2', null),
  consultant: fc.constantFrom('cns_1', 'cns_2'),
  start: fc.integer({ min: 0, max: 27 * 24 * 60 }),
  qualification: fc.constantFrom('qualified', 'qualified', 'unqualified', 'pending'),
  qualifyAfter: fc.integer({ min: 1, max: 2 * 24 * 60 }),
  setAfter: fc.option(fc.integer({ min: 1, max: 4 * 24 * 60 }), { freq: 3 }),
  showAfter: fc.option(fc.integer({ min: 60, max: 9 * 24 * 60 }), { freq: 3 }),
  unqualifiedAtAppt: fc.boolean(),
  decision: fc.constantFrom('hire', 'hire', 'no_hire', null),
  decideAfter: fc.integer({ min: 30, max: 6 * 24 * 60 }),
  filedAfter: fc.option(fc.integer({ min: 24 * 60, max: 30 * 24 * 60 }), { freq: 2 }),
});

interface GenEvent {
  contactId: string;
  stage: PipelineStage;
  occurredAt: string;
  day: string;
  enteredDay: string;
  agent: string | null;
  consultant: string | null;
  leadSource: string;
  campaign: string | null;
  office: string | null;
  caseType: string | null;
  subCaseType: string | null;
  /** The cohort's day (the parent's), null for lead stages. */
  parentDay: string | null;
}

const iso = (minutes: number) => new Date(FIRST + minutes * 60_000).toISOString();

/** The contacts and transitions of a generated set, only what happened by NOW. */
function build(gen: readonly GenContact[], run: number) {
  const contacts: NewContact[] = [];
  const events: GenEvent[] = [];
  gen.forEach((g, i) => {
    const id = `p${run}_${i}`;
    const [leadSource, campaign] = g.sourceCampaign;
    const enteredAt = iso(g.start);
    if (Date.parse(enteredAt) > NOW.getTime()) return;
    const enteredDay = dayInTimezone(enteredAt, TIMEZONE);
    contacts.push({
      id,
      workspaceId: WS,
      firstName: 'Prop',
      lastName: id,
      enteredPipelineAt: enteredAt,
      leadSourceId: leadSource,
      campaignId: campaign,
      officeId: g.office,
      caseTypeKey: g.caseType[0],
      subCaseTypeKey: g.caseType[1],
      agentId: g.agent,
      consultantId: g.consultant,
    });
    const own: GenEvent[] = [];
    const add = (stage: PipelineStage, minutes: number, consultant: string | null) => {
      const occurredAt = iso(minutes);
      if (Date.parse(occurredAt) > NOW.getTime()) return false;
      const earlier = own.map((e) => ({ stage: e.stage, occurredAt: e.occurredAt, day: e.day }));
      own.push({
        contactId: id,
        stage,
        occurredAt,
        day: dayInTimezone(occurredAt, TIMEZONE),
        enteredDay,
        agent: g.agent,
        consultant,
        leadSource,
        campaign,
        office: g.office,
        caseType: g.caseType[0],
        subCaseType: g.caseType[1],
        parentDay: cohortParentDay(stage, occurredAt, earlier),
      });
      return true;
    };
    add('new_lead', g.start, null);
    let t = g.start + g.qualifyAfter;
    if (g.qualification === 'unqualified') add('unqualified_at_lead', t, null);
    if (g.qualification === 'qualified' && add('qualified', t, null) && g.setAfter !== null) {
      t += g.setAfter;
      if (add('set', t, null) && g.showAfter !== null) {
        t += g.showAfter;
        if (add('show', t, g.consultant)) {
          if (g.unqualifiedAtAppt) add('unqualified_at_appt', t, g.consultant);
          else if (g.decision) {
            t += g.decideAfter;
            if (add(g.decision, t, g.consultant) && g.decision === 'hire' && g.filedAfter) {
              add('filed', t + g.filedAfter, g.consultant);
            }
          }
        }
      }
    }
    events.push(...own);
  });
  return { contacts, events };
}

// ---------- the same records counted by hand ----------

function passes(e: GenEvent, filter: FilterName): boolean {
  switch (filter) {
    case 'none':
      return true;
    case 'leadSource':
      return e.leadSource === 'ls_b';
    case 'campaigns':
      return e.campaign === 'cmp_a1' || e.campaign === 'cmp_b1';
    case 'activeCampaigns':
      return e.campaign !== 'cmp_a2'; // the fixture's one inactive campaign
    case 'office':
      return e.office === 'off_1';
    case 'agent':
      return e.agent === 'agt_1';
    case 'caseType':
      return e.caseType === 'bankruptcy';
    case 'subCaseType':
      return e.subCaseType === 'chapter-7';
    case 'officeAndCampaign':
      return e.office === 'off_2' && e.campaign === 'cmp_a1';
  }
  return false;
}

type Range = { startDate: string; endDate: string };
const inRange = (day: string | null, r: Range) =>
  day !== null && day >= r.startDate && day <= r.endDate;

function count(
  events: readonly GenEvent[],
  stage: PipelineStage,
  dayOf: (e: GenEvent) => string | null,
  r: Range,
  keep: (e: GenEvent) => boolean = () => true,
) {
  return events.filter((e) => e.stage === stage && inRange(dayOf(e), r) && keep(e)).length;
}

/** The funnel counts the spec defines, from the records (snapshot: own day; conversion: entered day). */
function expectedFunnel(events: readonly GenEvent[], r: Range, type: PclcType, filter: FilterName) {
  const dayOf = (e: GenEvent) => (type === 'intakePCLC' ? e.enteredDay : e.day);
  const n = (stage: PipelineStage) => count(events, stage, dayOf, r, (e) => passes(e, filter));
  return {
    LEADS: n('new_lead'),
    QUALIFIED: n('qualified'),
    UNQUALIFIEDATLEAD: n('unqualified_at_lead'),
    SETS: n('set'),
    SHOWS: n('show'),
    UNQUALIFIEDATAPPT: n('unqualified_at_appt'),
    HIRES: n('hire'),
    NOHIRES: n('no_hire'),
    FILED: n('filed'),
  };
}

// ---------- the properties every funnel answer keeps ----------

/** Each rate is its numerator over its denominator, the counts the spec names. */
function checkFunnel(row: PclcData, type: PclcType, label: string) {
  expect(row.RATEBASES, label).toEqual(funnelRateBases(row));
  for (const name of FUNNEL_RATE_NAMES) {
    const basis = row.RATEBASES[name];
    expect(row[name], `${label} ${name}`).toBe(ratePercent(basis.numerator, basis.denominator));
    expect(row[name], `${label} ${name}`).toBeGreaterThanOrEqual(0);
    if (funnelRatesNest(type)) {
      expect(basis.numerator, `${label} ${name} nests`).toBeLessThanOrEqual(basis.denominator);
      expect(row[name], `${label} ${name}`).toBeLessThanOrEqual(100);
    }
  }
  expect(row.QUALIFIEDLEADS, label).toBe(row.QUALIFIED);
  expect(row.QUALIFIEDSHOWS, label).toBe(Math.max(0, row.SHOWS - row.UNQUALIFIEDATAPPT));
}

type Api = (
  method: 'GET' | 'POST',
  path: string,
  input: Record<string, unknown>,
  token?: string,
) => Promise<unknown>;

function apiOf(t: TestServer, workspaceId: string, token: string): Api {
  return async (method, path, input, as = token) => {
    const query = new URLSearchParams();
    for (const [key, value] of Object.entries(input))
      for (const v of Array.isArray(value) ? value : [value]) query.append(key, String(v));
    const url = path.startsWith('/')
      ? `/api${path}`
      : `/api/workspaces/${workspaceId}/reports/${path}`;
    const answer = await t.api(method === 'GET' ? `${url}?${query}` : url, {
      method,
      token: as,
      body: method === 'POST' ? input : undefined,
    });
    expect(answer.status, `${path} ${JSON.stringify(input)}: ${JSON.stringify(answer.body)}`).toBe(
      200,
    );
    return answer.body;
  };
}

/** Every report with rates, under one range, perspective and filter. */
async function checkReports(
  api: Api,
  r: Range,
  type: PclcType,
  filter: Record<string, unknown>,
  label: string,
  /** The workspace has the Sales Performance card (its set rate is the funnel's). */
  cockpit = true,
): Promise<PclcData> {
  const body = { ...r, type, ...filter };
  const funnel = pclcResponseSchema.parse(await api('POST', 'pclc', body)).data;
  checkFunnel(funnel, type, `pclc ${label}`);
  const bySource = pclcByLeadSourceResponseSchema.parse(
    await api('GET', 'pclc-by-leadsource', body),
  ).data;
  for (const row of bySource)
    checkFunnel(row, type, `pclc-by-leadsource ${row.LEADSOURCE} ${label}`);
  if (cockpit) {
    const card = salesPerformanceResponseSchema.parse(
      await api('POST', 'cid/salesperformance', body),
    ).data;
    expect(card.SETRATE, `cockpit set rate ${label}`).toBe(funnel.SETRATE);
  }
  return funnel;
}

/** The Team Reports of a range: rates over their bases, within 100%. */
async function checkPeople(api: Api, r: Range, label: string) {
  const team = peopleResponseSchema.parse(await api('POST', 'people/team', r)).data;
  if (team.tab !== 'team') throw new Error('team tab expected');
  for (const row of team.rows) {
    expect(row.setRate, `${label} ${row.name}`).toBe(rateOf(row.setRateBasis));
    expect(row.setRateBasis.numerator).toBeLessThanOrEqual(row.setRateBasis.denominator);
    expect(row.setRate).toBeLessThanOrEqual(100);
  }
  const consultants = peopleResponseSchema.parse(await api('POST', 'people/consultants', r)).data;
  if (consultants.tab !== 'consultants') throw new Error('consultants tab expected');
  for (const row of consultants.rows) {
    expect(row.hireRate, `${label} ${row.name}`).toBe(
      ratePercent(row.hires, row.qualifiedConsults),
    );
    expect(row.hires + row.noHires, `${label} ${row.name}`).toBeLessThanOrEqual(
      row.qualifiedConsults,
    );
    expect(row.qualifiedConsults).toBeLessThanOrEqual(row.consults);
  }
  return { team: team.rows, consultants: consultants.rows };
}

describe('rates over random record sets', () => {
  let f: ReportFixture;
  let api: Api;
  let run = 0;

  beforeAll(async () => {
    // Many runs, and more while fast-check shrinks a failure: past the 600 a minute.
    f = await startReportFixture({ reportRateLimit: { max: 100_000, windowMs: 60_000 } });
    api = apiOf(f.t, WS, f.token);
  });
  afterAll(() => f.t.close());

  /** Replaces the workspace's funnel records with `gen`'s (the rollups with them). */
  async function load(gen: readonly GenContact[]) {
    const db = f.t.server.db;
    run += 1;
    // Cascades to the contacts' transitions, appointments and plans.
    await db.deleteFrom('contacts').where('workspace_id', '=', WS).execute();
    for (const table of [
      'pipeline_daily',
      'pipeline_daily_source',
      'pipeline_daily_people',
      'pipeline_daily_office',
      'pipeline_daily_office_people',
      'pipeline_daily_case',
      'contacts_daily',
    ] as const) {
      await db.deleteFrom(table).where('workspace_id', '=', WS).execute();
    }
    const { contacts, events } = build(gen, run);
    await recordContacts(db, contacts);
    await recordTransitions(
      db,
      events
        .filter((e) => e.stage !== 'new_lead')
        .map((e) => ({
          contactId: e.contactId,
          stage: e.stage as Exclude<PipelineStage, 'new_lead'>,
          occurredAt: e.occurredAt,
          agentId: e.agent,
          consultantId: e.consultant,
          channel: e.stage === 'set' ? ('outbound' as const) : null,
        })),
    );
    return events;
  }

  const rangeArb = fc
    .tuple(fc.integer({ min: 0, max: 27 }), fc.integer({ min: 0, max: 27 }))
    .map(([a, b]) => {
      const first = dayInTimezone(new Date(FIRST).toISOString(), TIMEZONE);
      const [from, to] = a <= b ? [a, b] : [b, a];
      const end = addDays(first, to);
      return { startDate: addDays(first, from), endDate: end > TODAY ? TODAY : end };
    });

  it('each funnel rate is its numerator over its denominator, counted from the records', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(contactArb, { minLength: 10, maxLength: 60 }),
        rangeArb,
        fc.constantFrom<PclcType>('rjPclc', 'intakePCLC'),
        fc.constantFrom(...(Object.keys(FILTERS) as FilterName[])),
        async (gen, r, type, filter) => {
          const events = await load(gen);
          const label = `${type} ${filter} ${r.startDate}..${r.endDate}`;
          const funnel = await checkReports(api, r, type, FILTERS[filter]!, label);
          const expected = expectedFunnel(events, r, type, filter);
          expect(funnel, label).toMatchObject(expected);
          // Every numerator and denominator is one of those counts.
          expect(funnel.RATEBASES, label).toEqual(funnelRateBases(expected));
        },
      ),
      { numRuns: 40 },
    );
  });

  it('Team Reports count each person’s own population and stay within 100%', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(contactArb, { minLength: 10, maxLength: 60 }),
        rangeArb,
        async (gen, r) => {
          const events = await load(gen);
          const label = `${r.startDate}..${r.endDate}`;
          const { team, consultants } = await checkPeople(api, r, label);
          for (const agent of ['agt_1', 'agt_2']) {
            const mine = (e: GenEvent) => e.agent === agent;
            const row = team.find((x) => x.id === agent)!;
            expect(row.setRateBasis, `${label} ${agent}`).toEqual({
              numerator: count(events, 'set', (e) => e.parentDay, r, mine),
              denominator: count(events, 'qualified', (e) => e.day, r, mine),
            });
            expect(row.sets).toBe(count(events, 'set', (e) => e.day, r, mine));
          }
          for (const consultant of ['cns_1', 'cns_2']) {
            const theirs = (e: GenEvent) => e.consultant === consultant;
            const row = consultants.find((x) => x.id === consultant)!;
            const shows = count(events, 'show', (e) => e.day, r, theirs);
            expect(row, `${label} ${consultant}`).toMatchObject({
              consults: shows,
              qualifiedConsults:
                shows - count(events, 'unqualified_at_appt', (e) => e.parentDay, r, theirs),
              hires: count(events, 'hire', (e) => e.parentDay, r, theirs),
              noHires: count(events, 'no_hire', (e) => e.parentDay, r, theirs),
            });
          }
        },
      ),
      { numRuns: 25 },
    );
  });

  it('the older ranking and the system report keep the funnel’s rates', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(contactArb, { minLength: 10, maxLength: 60 }),
        rangeArb,
        async (gen, r) => {
          await load(gen);
          const ranking = leadSourceRankingResponseSchema.parse(
            await api('POST', 'leadsource-ranking', r),
          ).data;
          const bySource = pclcByLeadSourceResponseSchema.parse(
            await api('GET', 'pclc-by-leadsource', { ...r, type: 'rjPclc' }),
          ).data;
          for (const row of ranking) {
            const source = bySource.find((s) => s.LEADSOURCEID === row.LEADSOURCEID)!;
            expect(row.HIRERATE).toBe(rateOf(source.RATEBASES.HIRERATE));
          }
          const system = systemPclcResponseSchema.parse(
            await api('GET', '/system/reports/pclc', r, f.systemToken),
          ).data;
          for (const row of system) checkFunnel(row, 'rjPclc', `system ${row.WORKSPACENAME}`);
        },
      ),
      { numRuns: 10 },
    );
  });
});

describe('rates over the demo seed', () => {
  let t: TestServer;
  const apis: Record<string, Api> = {};
  const owners: Record<string, string> = {
    ws_lakeside: 'owner@lakeside.test',
    ws_harbor: 'owner@harbor.test',
    ws_summit: 'owner@summit.test',
  };
  const todayOf = (id: string) =>
    dayInTimezone(new Date(), DEMO_WORKSPACES.find((w) => w.id === id)!.timezone);

  beforeAll(async () => {
    t = await startTestServer({ reportRateLimit: { max: 100_000, windowMs: 60_000 } });
    for (const [id, user] of Object.entries(owners))
      apis[id] = apiOf(t, id, (await t.signIn(user)).accessToken);
  });
  afterAll(() => t.close());

  it('every report, perspective and filter: rates over their bases, nested where defined', async () => {
    const lookups = Object.fromEntries(
      await Promise.all(
        Object.keys(owners).map(async (id) => {
          const [sources, agents, offices] = await Promise.all([
            t.server.db
              .selectFrom('lead_sources')
              .select('id')
              .where('workspace_id', '=', id)
              .where('label', 'not like', '%Test%')
              .execute(),
            t.server.db.selectFrom('agents').select('id').where('workspace_id', '=', id).execute(),
            t.server.db.selectFrom('offices').select('id').where('workspace_id', '=', id).execute(),
          ]);
          return [id, { sources, agents, offices }] as const;
        }),
      ),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...Object.keys(owners)),
        fc.integer({ min: 0, max: 360 }),
        fc.integer({ min: 1, max: 60 }),
        fc.constantFrom<PclcType>('rjPclc', 'intakePCLC'),
        fc.constantFrom('none', 'leadSource', 'agent', 'office', 'activeCampaigns'),
        fc.nat(),
        async (ws, back, days, type, filterKind, pick) => {
          const endDate = addDays(todayOf(ws), -back);
          const r = { startDate: addDays(endDate, -(days - 1)), endDate };
          const l = lookups[ws]!;
          const one = (rows: { id: string }[]) => [rows[pick % rows.length]!.id];
          const filter: Record<string, unknown> =
            filterKind === 'leadSource'
              ? { leadSources: one(l.sources) }
              : filterKind === 'agent'
                ? { agents: one(l.agents) }
                : filterKind === 'office' && l.offices.length > 0
                  ? { offices: one(l.offices) }
                  : filterKind === 'activeCampaigns'
                    ? { campaignStatus: ['active'] }
                    : {};
          const label = `${ws} ${type} ${JSON.stringify(filter)} ${r.startDate}..${r.endDate}`;
          // Only Lakeside has the Sales Performance card in the demo.
          await checkReports(apis[ws]!, r, type, filter, label, ws === 'ws_lakeside');
          await checkPeople(apis[ws]!, r, label);
        },
      ),
      { numRuns: 30 },
    );
  });
});
