import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '@/server/db/database';
import {
  type CountSource,
  countSource,
  countTransitions,
  stageCounts,
} from '@/server/reports/pipeline-counts';
import { loadLookupSet, NO_FILTERS, resolveScope } from '@/server/reports/report-scope';
import { addDays } from '@/server/records/workspace-days';
import { dayInTimezone } from '@/shared/domain/workspace-day';
import type { ReportFilters } from '@/shared/contracts/reports/report-filters';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { attributionDiffers } from './attribution-copies';
import { startReportFixture, type ReportFixture } from './fixture';

async function rollupMismatches(db: Db): Promise<number[]> {
  // Each rollup minus the GROUP BY of its records, in both directions: 0 rows = equal.
  const queries = [
    sql<{ n: number }>`SELECT COUNT(*) AS n FROM (
      SELECT workspace_id, 'snapshot' AS perspective, day, stage, COALESCE(lead_source_id, '') AS ls,
             COALESCE(campaign_id, '') AS cmp, COALESCE(case_type_key, '') AS ct, COUNT(*) AS count
      FROM pipeline_events GROUP BY 1, 2, 3, 4, 5, 6, 7
      UNION ALL
      SELECT workspace_id, 'conversion', entered_day, stage, COALESCE(lead_source_id, ''),
             COALESCE(campaign_id, ''), COALESCE(case_type_key, ''), COUNT(*)
      FROM pipeline_events GROUP BY 1, 2, 3, 4, 5, 6, 7
      UNION ALL
      SELECT workspace_id, 'cohort', parent_day, stage, COALESCE(lead_source_id, ''),
             COALESCE(campaign_id, ''), COALESCE(case_type_key, ''), COUNT(*)
      FROM pipeline_events WHERE parent_day IS NOT NULL GROUP BY 1, 2, 3, 4, 5, 6, 7
      EXCEPT
      SELECT workspace_id, perspective, day, stage, lead_source_id, campaign_id, case_type_key,
             count FROM pipeline_daily) AS q1`,
    // ...and no rollup row without records: one row per distinct key and perspective.
    sql<{ n: number }>`SELECT (SELECT COUNT(*) FROM pipeline_daily)
      - (SELECT COUNT(*) FROM (SELECT DISTINCT workspace_id, day, stage, lead_source_id,
          campaign_id, case_type_key FROM pipeline_events) AS q2)
      - (SELECT COUNT(*) FROM (SELECT DISTINCT workspace_id, entered_day, stage, lead_source_id,
          campaign_id, case_type_key FROM pipeline_events) AS q3)
      - (SELECT COUNT(*) FROM (SELECT DISTINCT workspace_id, parent_day, stage, lead_source_id,
          campaign_id, case_type_key FROM pipeline_events WHERE parent_day IS NOT NULL) AS q3c) AS n`,
    sql<{ n: number }>`SELECT COUNT(*) AS n FROM (
      SELECT workspace_id, perspective, day, stage, lead_source_id, SUM(count) FROM pipeline_daily
      GROUP BY 1, 2, 3, 4, 5
      EXCEPT
      SELECT workspace_id, perspective, day, stage, lead_source_id, count FROM pipeline_daily_source) AS q4`,
    sql<{ n: number }>`SELECT COUNT(*) AS n FROM (
      SELECT workspace_id, 'snapshot', day, stage, COALESCE(lead_source_id, ''), COALESCE(agent_id, ''),
             COALESCE(consultant_id, ''), COALESCE(channel, ''), COUNT(*)
      FROM pipeline_events GROUP BY 1, 2, 3, 4, 5, 6, 7, 8
      UNION ALL
      SELECT workspace_id, 'conversion', entered_day, stage, COALESCE(lead_source_id, ''),
             COALESCE(agent_id, ''), COALESCE(consultant_id, ''), COALESCE(channel, ''), COUNT(*)
      FROM pipeline_events GROUP BY 1, 2, 3, 4, 5, 6, 7, 8
      UNION ALL
      SELECT workspace_id, 'cohort', parent_day, stage, COALESCE(lead_source_id, ''),
             COALESCE(agent_id, ''), COALESCE(consultant_id, ''), COALESCE(channel, ''), COUNT(*)
      FROM pipeline_events WHERE parent_day IS NOT NULL GROUP BY 1, 2, 3, 4, 5, 6, 7, 8
      EXCEPT
      SELECT workspace_id, perspective, day, stage, lead_source_id, agent_id, consultant_id,
             channel, count FROM pipeline_daily_people) AS q5`,
    sql<{ n: number }>`SELECT (SELECT COUNT(*) FROM pipeline_daily_people)
      - (SELECT COUNT(*) FROM (SELECT DISTINCT workspace_id, day, stage, lead_source_id, agent_id,
          consultant_id, channel FROM pipeline_events) AS q6)
      - (SELECT COUNT(*) FROM (SELECT DISTINCT workspace_id, entered_day, stage, lead_source_id,
          agent_id, consultant_id, channel FROM pipeline_events) AS q7)
      - (SELECT COUNT(*) FROM (SELECT DISTINCT workspace_id, parent_day, stage, lead_source_id,
          agent_id, consultant_id, channel FROM pipeline_events WHERE parent_day IS NOT NULL) AS q7c) AS n`,
    sql<{ n: number }>`SELECT COUNT(*) AS n FROM (
      SELECT workspace_id, 'snapshot', day, stage, COALESCE(lead_source_id, ''),
             COALESCE(office_id, ''), COUNT(*)
      FROM pipeline_events GROUP BY 1, 2, 3, 4, 5, 6
      UNION ALL
      SELECT workspace_id, 'conversion', entered_day, stage, COALESCE(lead_source_id, ''),
             COALESCE(office_id, ''), COUNT(*)
      FROM pipeline_events GROUP BY 1, 2, 3, 4, 5, 6
      UNION ALL
      SELECT workspace_id, 'cohort', parent_day, stage, COALESCE(lead_source_id, ''),
             COALESCE(office_id, ''), COUNT(*)
      FROM pipeline_events WHERE parent_day IS NOT NULL GROUP BY 1, 2, 3, 4, 5, 6
      EXCEPT
      SELECT workspace_id, perspective, day, stage, lead_source_id, office_id, count
      FROM pipeline_daily_office) AS q8`,
    sql<{ n: number }>`SELECT (SELECT COUNT(*) FROM pipeline_daily_office)
      - (SELECT COUNT(*) FROM (SELECT DISTINCT workspace_id, day, stage, lead_source_id,
          office_id FROM pipeline_events) AS q9)
      - (SELECT COUNT(*) FROM (SELECT DISTINCT workspace_id, entered_day, stage, lead_source_id,
          office_id FROM pipeline_events) AS q10)
      - (SELECT COUNT(*) FROM (SELECT DISTINCT workspace_id, parent_day, stage, lead_source_id,
          office_id FROM pipeline_events WHERE parent_day IS NOT NULL) AS q10c) AS n`,
    sql<{ n: number }>`SELECT COUNT(*) AS n FROM (
      SELECT workspace_id, 'snapshot', day, stage, COALESCE(lead_source_id, ''),
             COALESCE(case_type_key, ''), COALESCE(sub_case_type_key, ''), COUNT(*)
      FROM pipeline_events GROUP BY 1, 2, 3, 4, 5, 6, 7
      UNION ALL
      SELECT workspace_id, 'conversion', entered_day, stage, COALESCE(lead_source_id, ''),
             COALESCE(case_type_key, ''), COALESCE(sub_case_type_key, ''), COUNT(*)
      FROM pipeline_events GROUP BY 1, 2, 3, 4, 5, 6, 7
      UNION ALL
      SELECT workspace_id, 'cohort', parent_day, stage, COALESCE(lead_source_id, ''),
             COALESCE(case_type_key, ''), COALESCE(sub_case_type_key, ''), COUNT(*)
      FROM pipeline_events WHERE parent_day IS NOT NULL GROUP BY 1, 2, 3, 4, 5, 6, 7
      EXCEPT
      SELECT workspace_id, perspective, day, stage, lead_source_id, case_type_key,
             sub_case_type_key, count FROM pipeline_daily_case) AS q11`,
    sql<{ n: number }>`SELECT (SELECT COUNT(*) FROM pipeline_daily_case)
      - (SELECT COUNT(*) FROM (SELECT DISTINCT workspace_id, day, stage, lead_source_id,
          case_type_key, sub_case_type_key FROM pipeline_events) AS q12)
      - (SELECT COUNT(*) FROM (SELECT DISTINCT workspace_id, entered_day, stage, lead_source_id,
          case_type_key, sub_case_type_key FROM pipeline_events) AS q13)
      - (SELECT COUNT(*) FROM (SELECT DISTINCT workspace_id, parent_day, stage, lead_source_id,
          case_type_key, sub_case_type_key FROM pipeline_events WHERE parent_day IS NOT NULL) AS q13c) AS n`,
    sql<{ n: number }>`SELECT COUNT(*) AS n FROM (
      SELECT workspace_id, scheduled_day, COALESCE(lead_source_id, ''), status, COUNT(*)
      FROM appointments GROUP BY 1, 2, 3, 4
      EXCEPT
      SELECT workspace_id, day, lead_source_id, status, count FROM appointments_daily) AS q14`,
    sql<{ n: number }>`SELECT (SELECT COUNT(*) FROM appointments_daily) - (SELECT COUNT(*) FROM (
      SELECT DISTINCT workspace_id, scheduled_day, lead_source_id, status FROM appointments) AS q15) AS n`,
    sql<{ n: number }>`SELECT COUNT(*) AS n FROM (
      SELECT workspace_id, paid_day, COALESCE(lead_source_id, ''), SUM(amount_paid_cents)
      FROM payments WHERE paid_day IS NOT NULL GROUP BY 1, 2, 3
      EXCEPT
      SELECT workspace_id, day, lead_source_id, amount_paid_cents FROM payments_daily) AS q18`,
    sql<{ n: number }>`SELECT (SELECT COUNT(*) FROM payments_daily) - (SELECT COUNT(*) FROM (
      SELECT DISTINCT workspace_id, paid_day, lead_source_id FROM payments
      WHERE paid_day IS NOT NULL) AS q19) AS n`,
    sql<{ n: number }>`SELECT COUNT(*) AS n FROM (
      SELECT workspace_id, 'snapshot', stage, COALESCE(office_id, ''), day,
             COALESCE(lead_source_id, ''), COALESCE(agent_id, ''), COALESCE(consultant_id, ''),
             COALESCE(channel, ''), COUNT(*)
      FROM pipeline_events GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9
      UNION ALL
      SELECT workspace_id, 'conversion', stage, COALESCE(office_id, ''), entered_day,
             COALESCE(lead_source_id, ''), COALESCE(agent_id, ''), COALESCE(consultant_id, ''),
             COALESCE(channel, ''), COUNT(*)
      FROM pipeline_events GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9
      UNION ALL
      SELECT workspace_id, 'cohort', stage, COALESCE(office_id, ''), parent_day,
             COALESCE(lead_source_id, ''), COALESCE(agent_id, ''), COALESCE(consultant_id, ''),
             COALESCE(channel, ''), COUNT(*)
      FROM pipeline_events WHERE parent_day IS NOT NULL GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9
      EXCEPT
      SELECT workspace_id, perspective, stage, office_id, day, lead_source_id, agent_id,
             consultant_id, channel, count FROM pipeline_daily_office_people) AS q26`,
    sql<{ n: number }>`SELECT (SELECT COUNT(*) FROM pipeline_daily_office_people)
      - (SELECT COUNT(*) FROM (SELECT DISTINCT workspace_id, stage, office_id, day,
          lead_source_id, agent_id, consultant_id, channel FROM pipeline_events) AS q27)
      - (SELECT COUNT(*) FROM (SELECT DISTINCT workspace_id, stage, office_id, entered_day,
          lead_source_id, agent_id, consultant_id, channel FROM pipeline_events) AS q28)
      - (SELECT COUNT(*) FROM (SELECT DISTINCT workspace_id, stage, office_id, parent_day,
          lead_source_id, agent_id, consultant_id, channel FROM pipeline_events WHERE parent_day IS NOT NULL) AS q28c) AS n`,
    sql<{ n: number }>`SELECT COUNT(*) AS n FROM (
      SELECT workspace_id, kind, due_day, COALESCE(agent_id, ''), COUNT(*), COUNT(made_day)
      FROM outbound_tasks GROUP BY 1, 2, 3, 4
      EXCEPT
      SELECT workspace_id, kind, day, agent_id, due, made FROM outbound_tasks_daily) AS q22`,
    sql<{ n: number }>`SELECT (SELECT COUNT(*) FROM outbound_tasks_daily) - (SELECT COUNT(*) FROM (
      SELECT DISTINCT workspace_id, kind, due_day, agent_id FROM outbound_tasks) AS q23) AS n`,
    sql<{ n: number }>`SELECT COUNT(*) AS n FROM (
      SELECT workspace_id, requested_day, COALESCE(agent_id, ''), COUNT(*), COUNT(returned_day)
      FROM callbacks GROUP BY 1, 2, 3
      EXCEPT
      SELECT workspace_id, day, agent_id, requested, returned FROM callbacks_daily) AS q24`,
    sql<{ n: number }>`SELECT (SELECT COUNT(*) FROM callbacks_daily) - (SELECT COUNT(*) FROM (
      SELECT DISTINCT workspace_id, requested_day, agent_id FROM callbacks) AS q25) AS n`,
    // Appointments and payments carry their contact's attribution (migration 0015).
    sql<{
      n: number;
    }>`SELECT COUNT(*) AS n FROM appointments a JOIN contacts c ON c.id = a.contact_id
      WHERE ${attributionDiffers('a')}`,
    sql<{ n: number }>`SELECT COUNT(*) AS n FROM payments p JOIN contacts c ON c.id = p.contact_id
      WHERE ${attributionDiffers('p')}`,
    sql<{ n: number }>`SELECT COUNT(*) AS n FROM (
      SELECT workspace_id, day, COALESCE(agent_id, ''), COALESCE(lead_source_id, ''), direction,
             category, COUNT(*), SUM(answered), SUM(connected), SUM(missed), SUM(abandoned),
             SUM(wait_seconds), SUM(duration_seconds)
      FROM calls GROUP BY 1, 2, 3, 4, 5, 6
      EXCEPT
      SELECT workspace_id, day, agent_id, lead_source_id, direction, category, calls, answered,
             connected, missed, abandoned, wait_seconds, duration_seconds FROM calls_daily) AS q16`,
    sql<{ n: number }>`SELECT (SELECT COUNT(*) FROM calls_daily) - (SELECT COUNT(*) FROM (
      SELECT DISTINCT workspace_id, day, agent_id, lead_source_id, direction, category FROM calls) AS q17) AS n`,
    // A transition carries its contact's attribution and name: the contact lists test the
    // filters on it and read long lists in its name order (server/reports/funnel-contacts.ts).
    sql<{
      n: number;
    }>`SELECT COUNT(*) AS n FROM pipeline_events t JOIN contacts c ON c.id = t.contact_id
      WHERE t.workspace_id <> c.workspace_id OR t.entered_day <> c.entered_day
        OR t.first_name <> c.first_name OR t.last_name <> c.last_name
        OR t.lead_source_id IS DISTINCT FROM c.lead_source_id
        OR t.campaign_id IS DISTINCT FROM c.campaign_id OR t.office_id IS DISTINCT FROM c.office_id
        OR t.case_type_key IS DISTINCT FROM c.case_type_key
        OR t.sub_case_type_key IS DISTINCT FROM c.sub_case_type_key`,
    // contacts_daily: each dimension's GROUP BY of the contacts, both ways (a row left at
    // 0 by a status change counts as no row).
    sql<{ n: number }>`SELECT COUNT(*) AS n FROM (SELECT * FROM (${contactsByDimension}) AS d
      EXCEPT
      SELECT workspace_id, dimension, value, day, status, lead_source_id, detail, count
      FROM contacts_daily WHERE count <> 0) AS q20`,
    sql<{ n: number }>`SELECT COUNT(*) AS n FROM (
      SELECT workspace_id, dimension, value, day, status, lead_source_id, detail, count
      FROM contacts_daily WHERE count <> 0
      EXCEPT SELECT * FROM (${contactsByDimension}) AS d) AS q21`,
  ];
  const counts: number[] = [];
  for (const query of queries) counts.push(Number((await query.execute(db)).rows[0].n));
  return counts;
}

/** The contacts by entered day, status and lead source, in each contacts_daily dimension. */
const contactsByDimension = sql`
  SELECT workspace_id, 'all' AS dimension, '' AS value, entered_day AS day, status,
    COALESCE(lead_source_id, '') AS lead_source_id, '' AS detail, COUNT(*) AS count
  FROM contacts GROUP BY workspace_id, entered_day, status, COALESCE(lead_source_id, '')
  UNION ALL
  SELECT workspace_id, 'office', COALESCE(office_id, ''), entered_day, status,
    COALESCE(lead_source_id, ''), '', COUNT(*)
  FROM contacts GROUP BY workspace_id, COALESCE(office_id, ''), entered_day, status,
    COALESCE(lead_source_id, '')
  UNION ALL
  SELECT workspace_id, 'campaign', COALESCE(campaign_id, ''), entered_day, status,
    COALESCE(lead_source_id, ''), '', COUNT(*)
  FROM contacts GROUP BY workspace_id, COALESCE(campaign_id, ''), entered_day, status,
    COALESCE(lead_source_id, '')
  UNION ALL
  SELECT workspace_id, 'case', COALESCE(case_type_key, ''), entered_day, status,
    COALESCE(lead_source_id, ''), COALESCE(sub_case_type_key, ''), COUNT(*)
  FROM contacts GROUP BY workspace_id, COALESCE(case_type_key, ''), entered_day, status,
    COALESCE(lead_source_id, ''), COALESCE(sub_case_type_key, '')
  UNION ALL
  SELECT workspace_id, 'sub_case', COALESCE(sub_case_type_key, ''), entered_day, status,
    COALESCE(lead_source_id, ''), '', COUNT(*)
  FROM contacts GROUP BY workspace_id, COALESCE(sub_case_type_key, ''), entered_day, status,
    COALESCE(lead_source_id, '')
  UNION ALL
  SELECT workspace_id, 'agent', COALESCE(agent_id, ''), entered_day, status,
    COALESCE(lead_source_id, ''), '', COUNT(*)
  FROM contacts GROUP BY workspace_id, COALESCE(agent_id, ''), entered_day, status,
    COALESCE(lead_source_id, '')`;

const NO_MISMATCH = Array.from({ length: 26 }, () => 0);
const SOURCES: CountSource[] = [
  'pipeline_daily_source',
  'pipeline_daily',
  'pipeline_daily_people',
  'pipeline_events',
];

/** The demo server's clock: today, the day of the run's seeded demo database. */
const DEMO_NOW = new Date();

describe('daily rollups kept on write (docs/reporting-engine.md)', () => {
  let demo: TestServer;
  let fixture: ReportFixture;
  beforeAll(async () => {
    // Today's demo data: a copy of the run's seeded database, not a seed of its own (which
    // took a minute on a busy machine); any day suits a comparison of rollups and records.
    // One after the other: on PostgreSQL the fixture's queries waiting behind the copy hit
    // the pool's 15 s timeout.
    demo = await startTestServer({ now: () => DEMO_NOW });
    fixture = await startReportFixture();
  });
  afterAll(async () => {
    await Promise.all([demo.close(), fixture.t.close()]);
  });

  it('equal the GROUP BY of their records after the bulk demo seed', async () => {
    expect(await rollupMismatches(demo.server.db)).toEqual(NO_MISMATCH);
  });

  it('equal the GROUP BY of their records after the Kysely writers of the fixture', async () => {
    expect(await rollupMismatches(fixture.t.server.db)).toEqual(NO_MISMATCH);
  });

  it('give the same funnel from either rollup and from the records, for every perspective', async () => {
    const db = demo.server.db;
    const workspace = await loadLookupSet(db, 'ws_lakeside');
    const today = dayInTimezone(DEMO_NOW, workspace.timezone);
    const base: ReportFilters = {
      ...NO_FILTERS,
      startDate: addDays(today, -29),
      endDate: today,
      type: 'rjPclc',
    };
    const visibleSource = workspace.leadSources.find((s) => !s.label.includes('Test'))!.id;
    const variants: Partial<ReportFilters>[] = [
      {},
      { type: 'intakePCLC' },
      { leadSources: [visibleSource] },
      { leadSources: [visibleSource], type: 'intakePCLC' },
      { startDate: addDays(today, -364) },
    ];
    for (const variant of variants) {
      const scope = resolveScope(workspace, { ...base, ...variant }, DEMO_NOW);
      const [a, b, c] = await Promise.all(
        SOURCES.map((source) => stageCounts(db, scope, {}, source)),
      );
      expect(b, JSON.stringify(variant)).toEqual(a);
      expect(c, JSON.stringify(variant)).toEqual(a);
      expect(a.new_lead).toBeGreaterThan(0);
      // The cohort (outcomes by their parent's day, migration 0026) too.
      const [ca, cb, cc] = await Promise.all(
        SOURCES.map((source) => stageCounts(db, scope, { perspective: 'cohort' }, source)),
      );
      expect(cb, `cohort ${JSON.stringify(variant)}`).toEqual(ca);
      expect(cc, `cohort ${JSON.stringify(variant)}`).toEqual(ca);
      expect(ca.hire).toBeGreaterThan(0);
      expect(ca.new_lead).toBe(0);
    }
    const fine = resolveScope(
      workspace,
      {
        ...base,
        campaigns: workspace.campaigns.slice(0, 3).map((c) => c.id),
        caseTypes: ['unknown', workspace.caseTypes[0].key],
      },
      DEMO_NOW,
    );
    const [fromRollup, fromRecords] = await Promise.all(
      (['pipeline_daily', 'pipeline_events'] as const).map((source) =>
        stageCounts(db, fine, {}, source),
      ),
    );
    expect(fromRollup).toEqual(fromRecords);
    // A campaign status alone leaves out the other status's campaigns but keeps contacts
    // without one: the rollup's '' must count as none, as the records' NULL does.
    for (const status of ['active', 'inactive'] as const) {
      // A year: the seed's inactive campaigns only had leads more than 60 days ago.
      const byStatus = resolveScope(
        workspace,
        { ...base, startDate: addDays(today, -364), campaignStatus: [status] },
        DEMO_NOW,
      );
      expect(byStatus.dims.excludedCampaignIds.length).toBeGreaterThan(0);
      const [rolled, recorded] = await Promise.all([
        stageCounts(db, byStatus),
        stageCounts(db, byStatus, {}, 'pipeline_events'),
      ]);
      expect(rolled, status).toEqual(recorded);
      expect(rolled.new_lead, status).toBeGreaterThan(0);
    }
    const agent = resolveScope(workspace, { ...base, agents: [workspace.agents[0].id] }, DEMO_NOW);
    const [fromPeople, fromEvents] = await Promise.all(
      (['pipeline_daily_people', 'pipeline_events'] as const).map((source) =>
        stageCounts(db, agent, {}, source),
      ),
    );
    expect(fromPeople).toEqual(fromEvents);
    expect(fromPeople.new_lead).toBeGreaterThan(0);
    const [cohortPeople, cohortEvents] = await Promise.all(
      (['pipeline_daily_people', 'pipeline_events'] as const).map((source) =>
        stageCounts(db, agent, { perspective: 'cohort' }, source),
      ),
    );
    expect(cohortPeople).toEqual(cohortEvents);
    expect(cohortPeople.set).toBeGreaterThan(0);
  });

  it('answer the office and sub-case-type filters from their own rollups, equal to the records', async () => {
    const db = demo.server.db;
    const workspace = await loadLookupSet(db, 'ws_lakeside');
    const today = dayInTimezone(DEMO_NOW, workspace.timezone);
    const subType = workspace.caseTypes.find((c) => c.parentKey !== null)!;
    const base: ReportFilters = {
      startDate: addDays(today, -364),
      endDate: today,
      type: 'rjPclc',
      leadSources: [],
      campaigns: [],
      campaignStatus: [],
      offices: [],
      caseTypes: [],
      subCaseTypes: [],
      agents: [],
    };
    const visibleSource = workspace.leadSources.find((s) => !s.label.includes('Test'))!.id;
    const cases: [Partial<ReportFilters>, CountSource][] = [
      [{ offices: [workspace.offices[0].id] }, 'pipeline_daily_office'],
      [
        { offices: workspace.offices.slice(0, 2).map((o) => o.id), type: 'intakePCLC' },
        'pipeline_daily_office',
      ],
      [
        { offices: [workspace.offices[1].id], leadSources: [visibleSource] },
        'pipeline_daily_office',
      ],
      [{ subCaseTypes: [subType.key] }, 'pipeline_daily_case'],
      [{ subCaseTypes: [subType.key], type: 'intakePCLC' }, 'pipeline_daily_case'],
      // A case type chosen by a sub case type, with the contacts that have none.
      [{ caseTypes: [subType.label, 'unknown'] }, 'pipeline_daily_case'],
      [{ subCaseTypes: [subType.key], caseTypes: [subType.parentKey!] }, 'pipeline_daily_case'],
      // Two families at once: only the records carry both.
      [
        { offices: [workspace.offices[0].id], campaigns: [workspace.campaigns[0].id] },
        'pipeline_events',
      ],
      // An office and an agent: the office-and-people rollup (migration 0019).
      [
        { offices: [workspace.offices[0].id], agents: [workspace.agents[0].id] },
        'pipeline_daily_office_people',
      ],
      [
        { offices: [workspace.offices[1].id], leadSources: [visibleSource], type: 'intakePCLC' },
        'pipeline_daily_office',
      ],
    ];
    for (const [variant, expected] of cases) {
      const scope = resolveScope(workspace, { ...base, ...variant }, DEMO_NOW);
      expect(countSource(scope.dims, []), JSON.stringify(variant)).toBe(expected);
      const [rolled, recorded] = await Promise.all([
        stageCounts(db, scope),
        stageCounts(db, scope, {}, 'pipeline_events'),
      ]);
      expect(rolled, JSON.stringify(variant)).toEqual(recorded);
      expect(rolled.new_lead, JSON.stringify(variant)).toBeGreaterThan(0);
    }
    // Per-person counts under an office (Sales Performance): the office-and-people rollup,
    // grouped by consultant or by agent and set channel, equal to the records.
    for (const offices of [
      [workspace.offices[0].id],
      workspace.offices.slice(1, 3).map((o) => o.id),
    ]) {
      for (const type of ['rjPclc', 'intakePCLC'] as const) {
        const scope = resolveScope(workspace, { ...base, offices, type }, DEMO_NOW);
        const label = JSON.stringify({ offices, type });
        for (const options of [
          { groupBy: 'consultant_id', stages: ['show', 'hire'] },
          { groupBy: 'agent_id', stages: ['set'], channel: 'outbound' },
          { groupBy: 'agent_id' },
        ] as const) {
          expect(
            countSource(
              scope.dims,
              [options.groupBy],
              'channel' in options ? options.channel : undefined,
            ),
            label,
          ).toBe('pipeline_daily_office_people');
          const [rolled, recorded] = await Promise.all([
            countTransitions(db, scope, options),
            countTransitions(db, scope, options, 'pipeline_events'),
          ]);
          expect(rolled, `${label} ${JSON.stringify(options)}`).toEqual(recorded);
          expect(rolled.size, label).toBeGreaterThan(0);
        }
      }
    }
  });
});
