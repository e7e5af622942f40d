import { Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, migrateToLatest } from '@/server/db/database';
import { migrationProvider } from '@/server/db/migration-provider';
import { recordContacts, recordTransitions } from '@/server/records/record-writer';
import { peopleResponseSchema } from '@/shared/contracts/reports/people';
import { cohortParentDay } from '@/shared/domain/funnel-rates';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { migrationsAfter } from '../helpers/migrations';
import { at, R, startReportFixture, WS, type ReportFixture } from './fixture';

/**
 * The cohort (issue #30, migration 0026): each later transition also counts on its parent
 * transition's day, so Team Reports count a consultant's consults and what became of them
 * (hires never exceed consults), and an agent's set rate follows the leads they qualified.
 */

const COHORT_TABLES = [
  'pipeline_daily',
  'pipeline_daily_source',
  'pipeline_daily_people',
  'pipeline_daily_office',
  'pipeline_daily_office_people',
  'pipeline_daily_case',
] as const;

describe('cohortParentDay', () => {
  const history = [
    { stage: 'set', occurredAt: '2026-03-10T15:00:00.000Z', day: '2026-03-10' },
    { stage: 'show', occurredAt: '2026-03-12T15:00:00.000Z', day: '2026-03-12' },
    { stage: 'set', occurredAt: '2026-03-13T15:00:00.000Z', day: '2026-03-13' },
    { stage: 'show', occurredAt: '2026-03-16T15:00:00.000Z', day: '2026-03-16' },
  ];

  it('is the day of the latest parent at or before the transition', () => {
    expect(cohortParentDay('hire', '2026-03-16T16:00:00.000Z', history)).toBe('2026-03-16');
    expect(cohortParentDay('hire', '2026-03-14T16:00:00.000Z', history)).toBe('2026-03-12');
    // Decided at the show's instant (unqualified at the appointment).
    expect(cohortParentDay('unqualified_at_appt', '2026-03-12T15:00:00.000Z', history)).toBe(
      '2026-03-12',
    );
  });

  it('is null for the lead stages and for an outcome without its parent', () => {
    expect(cohortParentDay('qualified', '2026-03-16T16:00:00.000Z', history)).toBeNull();
    expect(cohortParentDay('filed', '2026-03-16T16:00:00.000Z', history)).toBeNull();
    expect(cohortParentDay('hire', '2026-03-09T16:00:00.000Z', history)).toBeNull();
  });
});

describe('Team Reports count a population and its own outcomes', () => {
  let f: ReportFixture;

  beforeAll(async () => {
    f = await startReportFixture();
    const db = f.t.server.db;
    // Two more consults of Cy Closer (cns_1): one shown before the range and hired in it
    // (not his range's hire), one shown on its last day and hired after it (his range's).
    const contact = (id: string, day: string) => ({
      id,
      workspaceId: WS,
      firstName: 'Extra',
      lastName: id,
      enteredPipelineAt: at(day),
      leadSourceId: 'ls_a',
      agentId: 'agt_1',
    });
    await recordContacts(db, [contact('x1', '09'), contact('x2', '18')]);
    const who = { agentId: 'agt_1', consultantId: 'cns_1' };
    await recordTransitions(db, [
      { contactId: 'x1', stage: 'qualified', occurredAt: at('09', 5), agentId: 'agt_1' },
      { contactId: 'x1', stage: 'set', occurredAt: at('09', 20), agentId: 'agt_1' },
      { contactId: 'x1', stage: 'show', occurredAt: at('13'), ...who },
      { contactId: 'x1', stage: 'hire', occurredAt: at('17'), ...who },
      { contactId: 'x2', stage: 'qualified', occurredAt: at('18', 5), agentId: 'agt_1' },
      { contactId: 'x2', stage: 'set', occurredAt: at('18', 20), agentId: 'agt_1' },
      { contactId: 'x2', stage: 'show', occurredAt: at('20'), ...who },
      // After the range (R ends 03-20; the fixture's clock allows a later record).
      { contactId: 'x2', stage: 'hire', occurredAt: at('21'), ...who },
    ]);
  });
  afterAll(() => f.t.close());

  it("counts a consultant's hires among his consults, whenever they were decided", async () => {
    const answer = await f.post('people/consultants', R);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const data = peopleResponseSchema.parse(answer.body).data;
    if (data.tab !== 'consultants') throw new Error('consultants tab expected');
    // c1 (hired), c4 (not hired) and x2 (hired on 03-21) consulted in R; x1 before it.
    expect(data.rows.find((row) => row.id === 'cns_1')).toEqual({
      id: 'cns_1',
      name: 'Cy Closer',
      active: true,
      consults: 3,
      qualifiedConsults: 3,
      hires: 2,
      noHires: 1,
      hireRate: 66.67,
    });
    for (const row of data.rows) {
      expect(row.hires + row.noHires).toBeLessThanOrEqual(row.qualifiedConsults);
      expect(row.qualifiedConsults).toBeLessThanOrEqual(row.consults);
    }
  });

  it("counts an agent's set rate among the leads the agent qualified in the range", async () => {
    const data = peopleResponseSchema.parse((await f.post('people/team', R)).body).data;
    if (data.tab !== 'team') throw new Error('team tab expected');
    const ada = data.rows.find((row) => row.id === 'agt_1')!;
    // Qualified in R: c1, c7, x2; of them set: c1, x2. x1's set (03-09) is not in R.
    expect(ada.setRateBasis).toEqual({ numerator: 2, denominator: 3 });
    expect(ada.setRate).toBe(66.67);
  });
});

describe('migration 0026 on the records a database already holds', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer();
  });
  afterAll(() => t.close());

  async function cohortState(db: Db) {
    const events = await sql<{ id: number; parent_day: string | null }>`
      SELECT id, parent_day FROM pipeline_events ORDER BY id`.execute(db);
    const rollups: Record<string, string[]> = {};
    for (const table of COHORT_TABLES) {
      const rows = await sql<Record<string, unknown>>`SELECT * FROM ${sql.table(table)}
        WHERE perspective = 'cohort'`.execute(db);
      // In a stable order whatever the engine's: the rows as text, sorted.
      rollups[table] = rows.rows.map((row) => JSON.stringify(row)).sort();
    }
    return { events: events.rows, rollups };
  }

  it('fills parent days and the cohort rollups as the seed writes them', async () => {
    const db = t.server.db;
    const seeded = await cohortState(db);
    expect(seeded.events.filter((e) => e.parent_day !== null).length).toBeGreaterThan(1000);
    expect(seeded.rollups.pipeline_daily_people!.length).toBeGreaterThan(0);

    const migrator = new Migrator({ db, provider: migrationProvider });
    const down = await migrator.migrateTo('0025-intake-bounds');
    expect(down.error).toBeUndefined();
    expect(down.results?.map((r) => r.migrationName)).toEqual(
      (await migrationsAfter('0025-intake-bounds')).reverse(),
    );
    const left = await sql<{ n: number }>`SELECT COUNT(*) AS n FROM pipeline_daily
      WHERE perspective = 'cohort'`.execute(db);
    expect(Number(left.rows[0]!.n)).toBe(0);

    expect(await migrateToLatest(db)).toEqual(await migrationsAfter('0025-intake-bounds'));
    expect(await cohortState(db)).toEqual(seeded);
  });
});
