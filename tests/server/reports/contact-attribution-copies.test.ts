import { Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, migrateToLatest } from '@/server/db/database';
import { migrationProvider } from '@/server/db/migration-provider';
import {
  recordAppointments,
  recordContacts,
  recordPaymentPlans,
  recordTransitions,
} from '@/server/records/record-writer';
import { addDays } from '@/server/records/workspace-days';
import { dimensionConditions } from '@/server/reports/pipeline-counts';
import {
  loadLookupSet,
  loose,
  NO_FILTERS,
  resolveScope,
  type ReportScope,
  type WorkspaceLookupSet,
} from '@/server/reports/report-scope';
import { salesPerformance } from '@/server/reports/sales-performance';
import { NO_SHOW_CONTACTS_LISTED, noShows, roi } from '@/server/reports/sales-reports';
import type { ReportFilters } from '@/shared/contracts/reports/report-filters';
import { dayInTimezone } from '@/shared/domain/workspace-day';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { migrationsAfter } from '../helpers/migrations';
import { attributionDiffers } from './attribution-copies';

/**
 * issue #17: appointments and payments carry their contact's attribution (migration 0015)
 * so that Sales Performance, ROI and noShows filter them without joining the contacts. The
 * answers must stay those of the records joined to their contacts (the queries before the
 * copies, kept here as the reference), under every contact filter, on both write paths
 * (the bulk demo seed and the Kysely writers).
 */

/** The contact filters of the report filters, each alone and a few together. */
function filterVariants(workspace: WorkspaceLookupSet): Partial<ReportFilters>[] {
  const visibleSource = workspace.leadSources.find((s) => !s.label.includes('Test'))!.id;
  const subType = workspace.caseTypes.find((c) => c.parentKey !== null)!;
  return [
    {},
    { leadSources: [visibleSource] },
    { offices: [workspace.offices[0].id] },
    { offices: workspace.offices.slice(0, 2).map((o) => o.id), leadSources: [visibleSource] },
    { subCaseTypes: [subType.key] },
    { caseTypes: [subType.parentKey!, 'unknown'] },
    { caseTypes: [subType.label] },
    { campaigns: [workspace.campaigns[0].id] },
    { campaignStatus: ['active'] },
    { campaignStatus: ['inactive'] },
    { agents: [workspace.agents[0].id] },
    { agents: [workspace.agents[1].id], offices: [workspace.offices[1].id] },
  ];
}

/** The contact filters on the contact joined as `t` (the queries before migration 0015). */
const onContact = (scope: ReportScope) => (eb: Parameters<typeof dimensionConditions>[0]) =>
  eb.and(dimensionConditions(eb, scope.dims, { sentinel: false, withAgents: true }));

async function joinedInventory(db: Db, scope: ReportScope, range: { start: string; end: string }) {
  const row = await loose(db)
    .selectFrom('appointments as a')
    .innerJoin('contacts as t', 't.id', 'a.contact_id')
    .where('a.workspace_id', '=', scope.workspace.id)
    .where('a.scheduled_day', '>=', range.start)
    .where('a.scheduled_day', '<=', range.end)
    .where(onContact(scope))
    .select((eb) => [
      eb.fn.countAll<number>().as('all'),
      eb.fn
        .sum<number>(eb.case().when('a.status', '=', 'cancelled').then(0).else(1).end())
        .as('filled'),
    ])
    .executeTakeFirst();
  return { all: Number(row?.all ?? 0), filled: Number(row?.filled ?? 0) };
}

async function joinedRevenue(db: Db, scope: ReportScope): Promise<Map<string, number>> {
  const rows = await loose(db)
    .selectFrom('payments as p')
    .innerJoin('contacts as t', 't.id', 'p.contact_id')
    .where('p.workspace_id', '=', scope.workspace.id)
    .where('p.paid_day', '>=', scope.startDate)
    .where('p.paid_day', '<=', scope.endDate)
    .where(onContact(scope))
    .select((eb) => [
      't.lead_source_id as source',
      eb.fn.sum<number>('p.amount_paid_cents').as('c'),
    ])
    .groupBy('t.lead_source_id')
    .execute();
  return new Map(rows.map((r) => [String(r.source ?? ''), Number(r.c)]));
}

async function joinedNoShows(db: Db, scope: ReportScope) {
  const base = loose(db)
    .selectFrom('appointments as a')
    .innerJoin('contacts as t', 't.id', 'a.contact_id')
    .where('a.workspace_id', '=', scope.workspace.id)
    .where('a.scheduled_day', '>=', scope.startDate)
    .where('a.scheduled_day', '<=', scope.endDate)
    .where(onContact(scope));
  const [totals, rows] = await Promise.all([
    base
      .where('a.status', 'in', ['showed', 'no_show'])
      .select((eb) => [
        eb.fn.countAll<number>().as('due'),
        eb.fn
          .sum<number>(eb.case().when('a.status', '=', 'no_show').then(1).else(0).end())
          .as('missed'),
      ])
      .executeTakeFirst(),
    base
      .where('a.status', '=', 'no_show')
      .select(['t.id', 'a.scheduled_at'])
      .orderBy('a.scheduled_at', 'desc')
      .orderBy('a.id')
      .limit(NO_SHOW_CONTACTS_LISTED)
      .execute(),
  ]);
  return {
    due: Number(totals?.due ?? 0),
    missed: Number(totals?.missed ?? 0),
    listed: rows.map((r) => `${String(r.id)} ${String(r.scheduled_at)}`),
  };
}

/** Every scope's answers against the joined records; answers how many were non-empty. */
async function expectSameAsJoined(db: Db, workspaceId: string, now: Date, days: number) {
  const workspace = await loadLookupSet(db, workspaceId);
  const today = dayInTimezone(now, workspace.timezone);
  const base: ReportFilters = {
    ...NO_FILTERS,
    startDate: addDays(today, -(days - 1)),
    endDate: today,
    type: 'rjPclc',
  };
  let filled = 0;
  for (const variant of filterVariants(workspace)) {
    const label = JSON.stringify(variant);
    const scope = resolveScope(workspace, { ...base, ...variant }, now);
    const tomorrow = addDays(today, 1);
    const [card, inRange, atTomorrow, roiData, revenue, missed, joinedMissed] = await Promise.all([
      salesPerformance(db, scope),
      joinedInventory(db, scope, { start: scope.startDate, end: scope.endDate }),
      joinedInventory(db, scope, { start: tomorrow, end: tomorrow }),
      roi(db, scope),
      joinedRevenue(db, scope),
      noShows(db, scope),
      joinedNoShows(db, scope),
    ]);
    expect(card.CID_SALESPERFORMANCE.CID_APPOINTMENTINVENTORYTARGETS, label).toEqual({
      scheduledTomorrow: atTomorrow.filled,
      spotsFilled: inRange.filled,
      appointmentsInRange: inRange.all,
    });
    for (const row of roiData.rows) {
      expect(row.revenue, `${label} ${row.leadSourceId}`).toBe(
        Math.round(revenue.get(row.leadSourceId) ?? 0) / 100,
      );
    }
    expect([missed.appointments, missed.noShows], label).toEqual([
      joinedMissed.due,
      joinedMissed.missed,
    ]);
    expect(
      missed.contacts.map((c) => `${c.id} ${c.appointmentAt}`),
      label,
    ).toEqual(joinedMissed.listed);
    if (inRange.all > 0 && revenue.size > 0 && joinedMissed.missed > 0) filled += 1;
  }
  return filled;
}

/**
 * The demo server's clock: today, the day of the run's seeded demo database, so the server
 * starts from a copy of it instead of seeding its own (any day suits these comparisons).
 */
const DEMO_NOW = new Date();

describe('appointments and payments carry their contact attribution (issue #17)', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ now: () => DEMO_NOW });
  });
  afterAll(() => t.close());

  it('give Sales Performance, ROI and noShows the answers of the records joined to their contacts, under every contact filter', async () => {
    const filled = await expectSameAsJoined(t.server.db, 'ws_lakeside', DEMO_NOW, 365);
    // Most variants find appointments, payments and no-shows (not an empty comparison).
    expect(filled).toBeGreaterThanOrEqual(8);
  });

  it('are set by the record writers and stay equal to the contact through its later transitions', async () => {
    const db = t.server.db;
    const workspace = await loadLookupSet(db, 'ws_lakeside');
    const today = dayInTimezone(DEMO_NOW, workspace.timezone);
    const subType = workspace.caseTypes.find((c) => c.parentKey !== null)!;
    const at = (day: string, hour: number) => `${day}T${String(hour).padStart(2, '0')}:00:00.000Z`;
    const yesterday = addDays(today, -1);
    await recordContacts(db, [
      {
        id: 'con_copy_1',
        workspaceId: 'ws_lakeside',
        firstName: 'Cora',
        lastName: 'Copy',
        enteredPipelineAt: at(addDays(today, -3), 16),
        leadSourceId: workspace.leadSources.find((s) => !s.label.includes('Test'))!.id,
        campaignId: workspace.campaigns[0].id,
        officeId: workspace.offices[1].id,
        caseTypeKey: subType.parentKey,
        subCaseTypeKey: subType.key,
        agentId: workspace.agents[1].id,
      },
      {
        id: 'con_copy_2',
        workspaceId: 'ws_lakeside',
        firstName: 'Nils',
        lastName: 'None',
        enteredPipelineAt: at(addDays(today, -3), 17),
      },
    ]);
    await recordAppointments(db, [
      {
        workspaceId: 'ws_lakeside',
        contactId: 'con_copy_1',
        bookedAt: at(addDays(today, -2), 16),
        scheduledAt: at(yesterday, 16),
        status: 'no_show',
        // The appointment's own office, not the contact's.
        officeId: workspace.offices[0].id,
        setByAgentId: workspace.agents[0].id,
      },
      {
        workspaceId: 'ws_lakeside',
        contactId: 'con_copy_2',
        bookedAt: at(addDays(today, -2), 17),
        scheduledAt: at(yesterday, 17),
        status: 'showed',
      },
    ]);
    await recordPaymentPlans(db, [
      {
        id: 'plan_copy_1',
        workspaceId: 'ws_lakeside',
        contactId: 'con_copy_1',
        createdAt: at(addDays(today, -2), 18),
        installmentCents: 12_345,
        payments: [
          {
            id: 'pay_copy_1',
            dueDay: yesterday,
            amountDueCents: 12_345,
            amountPaidCents: 12_345,
            paidDay: yesterday,
            status: 'collected',
          },
        ],
      },
    ]);
    // The only later write to a contact: its status, from its transitions.
    await recordTransitions(db, [
      { contactId: 'con_copy_1', stage: 'qualified', occurredAt: at(addDays(today, -2), 15) },
      { contactId: 'con_copy_1', stage: 'set', occurredAt: at(addDays(today, -2), 16) },
    ]);

    for (const table of ['appointments', 'payments'] as const) {
      const rows = await loose(db)
        .selectFrom(`${table} as x`)
        .innerJoin('contacts as c', 'c.id', 'x.contact_id')
        .select([
          'c.lead_source_id',
          'c.campaign_id',
          'c.office_id',
          'c.case_type_key',
          'c.sub_case_type_key',
          'c.agent_id',
          'x.lead_source_id as copy_lead_source_id',
          'x.campaign_id as copy_campaign_id',
          'x.contact_office_id',
          'x.case_type_key as copy_case_type_key',
          'x.sub_case_type_key as copy_sub_case_type_key',
          'x.contact_agent_id',
        ])
        .where('x.contact_id', 'in', ['con_copy_1', 'con_copy_2'])
        .execute();
      expect(rows.length, table).toBe(table === 'appointments' ? 2 : 1);
      for (const row of rows) {
        expect(
          [
            row.copy_lead_source_id,
            row.copy_campaign_id,
            row.contact_office_id,
            row.copy_case_type_key,
            row.copy_sub_case_type_key,
            row.contact_agent_id,
          ],
          table,
        ).toEqual([
          row.lead_source_id,
          row.campaign_id,
          row.office_id,
          row.case_type_key,
          row.sub_case_type_key,
          row.agent_id,
        ]);
      }
    }
    // The new rows are counted under their contact's filters as the joined records count them.
    expect(await expectSameAsJoined(db, 'ws_lakeside', DEMO_NOW, 7)).toBeGreaterThanOrEqual(1);
  });

  // Twelve migrations down and up again (0026's backfill too): over 20 s on PostgreSQL here.
  it(
    'are filled from the contacts by migrations 0015 and 0020 for the rows a database already holds',
    { timeout: 60_000 },
    async () => {
      const db = t.server.db;
      const migrator = new Migrator({ db, provider: migrationProvider });
      // Back to just before 0015 (the migrations after it go down and up with it).
      const down = await migrator.migrateTo('0014-conversion-scale');
      expect(down.error).toBeUndefined();
      expect(down.results?.map((r) => r.migrationName)).toEqual(
        (await migrationsAfter('0014-conversion-scale')).reverse(),
      );
      expect(await migrateToLatest(db)).toEqual(await migrationsAfter('0014-conversion-scale'));
      const filled = await db
        .selectFrom('appointments')
        .select((eb) => eb.fn.count<number>('contact_office_id').as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(filled.n)).toBeGreaterThan(0);
      for (const [table, copy] of [
        ['appointments', 'a'],
        ['payments', 'p'],
      ] as const) {
        const differing = await sql<{ n: number }>`SELECT COUNT(*) AS n FROM ${sql.table(table)}
        ${sql.ref(copy)} JOIN contacts c ON c.id = ${sql.ref(`${copy}.contact_id`)}
        WHERE ${attributionDiffers(copy)}`.execute(db);
        expect(Number(differing.rows[0].n), table).toBe(0);
      }
      // ...and payments_daily from the payments.
      const rollupGap = await sql<{ n: number }>`SELECT COUNT(*) AS n FROM (
      SELECT workspace_id, paid_day, COALESCE(lead_source_id, ''), SUM(amount_paid_cents)
      FROM payments WHERE paid_day IS NOT NULL GROUP BY 1, 2, 3
      EXCEPT
      SELECT workspace_id, day, lead_source_id, amount_paid_cents FROM payments_daily) AS q`.execute(
        db,
      );
      expect(Number(rollupGap.rows[0].n)).toBe(0);
      // ...and migration 0018's task rollups from the tasks and callbacks.
      const taskGaps = await sql<{ tasks: number; callbacks: number }>`SELECT
      (SELECT COUNT(*) FROM (
        SELECT workspace_id, kind, due_day, COALESCE(agent_id, ''), COUNT(*), COUNT(made_day)
        FROM outbound_tasks GROUP BY 1, 2, 3, 4
        EXCEPT SELECT workspace_id, kind, day, agent_id, due, made FROM outbound_tasks_daily) AS q1)
        AS tasks,
      (SELECT COUNT(*) FROM (
        SELECT workspace_id, requested_day, COALESCE(agent_id, ''), COUNT(*), COUNT(returned_day)
        FROM callbacks GROUP BY 1, 2, 3
        EXCEPT SELECT workspace_id, day, agent_id, requested, returned FROM callbacks_daily) AS q2)
        AS callbacks`.execute(db);
      expect(taskGaps.rows[0]).toEqual({ tasks: 0, callbacks: 0 });
      const taskRows = await db
        .selectFrom('outbound_tasks_daily')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(taskRows.n)).toBeGreaterThan(0);
      // ...and migration 0020's names on the transitions from their contacts.
      const names = await sql<{ differing: number; filled: number }>`SELECT
      SUM(CASE WHEN t.first_name <> c.first_name OR t.last_name <> c.last_name THEN 1 ELSE 0 END)
        AS differing,
      SUM(CASE WHEN t.first_name <> '' THEN 1 ELSE 0 END) AS filled
      FROM pipeline_events t JOIN contacts c ON c.id = t.contact_id`.execute(db);
      expect(Number(names.rows[0].differing)).toBe(0);
      expect(Number(names.rows[0].filled)).toBeGreaterThan(0);
      expect(await expectSameAsJoined(db, 'ws_lakeside', DEMO_NOW, 365)).toBeGreaterThanOrEqual(8);
    },
  );
});
