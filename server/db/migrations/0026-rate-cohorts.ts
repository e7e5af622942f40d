import { type Kysely, sql } from 'kysely';

/**
 * Issue #30 "Numbers that must add up": a funnel rate counts its numerator among its own
 * denominator's population (shared/domain/funnel-rates.ts). In the snapshot perspective
 * the denominator is a stage's transitions in the range, so the numerator is the next
 * stage's transitions whose parent transition fell in the range: hires of the range's
 * shows, filed cases of its hires. That needs each transition's parent day:
 *
 * - `pipeline_events.parent_day`: the workspace-local day of the latest transition of the
 *   stage this one's rate is measured from (set: qualified; show: set; unqualified at
 *   appointment, hire, no hire: show; filed: hire), of the same contact, at or before it;
 *   null for the other stages and for a transition without such a parent. Written by the
 *   record writer and the seed from now on; filled here for the rows a database holds.
 * - A third perspective, `cohort`, in every pipeline rollup: the transitions with a
 *   parent day, keyed by it (the other two key the transition's own day and the
 *   contact's entered day). The reports read it like the others, so a cohort count costs
 *   what a snapshot count does under every filter. About a fifth of the transitions have
 *   a parent (sets and later), so the rollups grow by about that much.
 * - `pipeline_events (workspace_id, stage, parent_day)`: the records' fallback (two filter
 *   families at once) reads a cohort's range from an index, as it reads the other two.
 *
 * The stage-to-parent table is written out here (a migration imports no app code); it is
 * COHORT_PARENT_STAGE of shared/domain/funnel-rates.ts. Portable SQL (UPDATE ... FROM:
 * SQLite 3.33+, PostgreSQL).
 */
export const REWRITTEN_TABLES = [
  'pipeline_events',
  'pipeline_daily',
  'pipeline_daily_source',
  'pipeline_daily_people',
  'pipeline_daily_office',
  'pipeline_daily_office_people',
  'pipeline_daily_case',
] as const;

const PARENTS: readonly (readonly [string, string])[] = [
  ['set', 'qualified'],
  ['show', 'set'],
  ['unqualified_at_appt', 'show'],
  ['hire', 'show'],
  ['no_hire', 'show'],
  ['filed', 'hire'],
];

/** Each rollup: its columns after workspace_id, perspective and day, and their sources. */
const ROLLUPS: readonly { table: string; columns: readonly (readonly [string, string])[] }[] = [
  {
    table: 'pipeline_daily',
    columns: [
      ['stage', 'stage'],
      ['lead_source_id', "COALESCE(lead_source_id, '')"],
      ['campaign_id', "COALESCE(campaign_id, '')"],
      ['case_type_key', "COALESCE(case_type_key, '')"],
    ],
  },
  {
    table: 'pipeline_daily_source',
    columns: [
      ['stage', 'stage'],
      ['lead_source_id', "COALESCE(lead_source_id, '')"],
    ],
  },
  {
    table: 'pipeline_daily_people',
    columns: [
      ['stage', 'stage'],
      ['lead_source_id', "COALESCE(lead_source_id, '')"],
      ['agent_id', "COALESCE(agent_id, '')"],
      ['consultant_id', "COALESCE(consultant_id, '')"],
      ['channel', "COALESCE(channel, '')"],
    ],
  },
  {
    table: 'pipeline_daily_office',
    columns: [
      ['stage', 'stage'],
      ['lead_source_id', "COALESCE(lead_source_id, '')"],
      ['office_id', "COALESCE(office_id, '')"],
    ],
  },
  {
    table: 'pipeline_daily_office_people',
    columns: [
      ['stage', 'stage'],
      ['office_id', "COALESCE(office_id, '')"],
      ['lead_source_id', "COALESCE(lead_source_id, '')"],
      ['agent_id', "COALESCE(agent_id, '')"],
      ['consultant_id', "COALESCE(consultant_id, '')"],
      ['channel', "COALESCE(channel, '')"],
    ],
  },
  {
    table: 'pipeline_daily_case',
    columns: [
      ['stage', 'stage'],
      ['lead_source_id', "COALESCE(lead_source_id, '')"],
      ['case_type_key', "COALESCE(case_type_key, '')"],
      ['sub_case_type_key', "COALESCE(sub_case_type_key, '')"],
    ],
  },
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('pipeline_events').addColumn('parent_day', 'varchar(10)').execute();
  // Each child reads its parent's own day, so the order of the updates does not matter.
  // Joins, grouped, rather than a subquery per row: right after migration 0020 rewrote the
  // table PostgreSQL has no statistics yet and planned that subquery as a scan per row.
  for (const [stage, parent] of PARENTS) {
    await sql`
      UPDATE pipeline_events SET parent_day = x.day
      FROM (
        SELECT m.child_id, MAX(p.day) AS day
        FROM (
          SELECT c.id AS child_id, c.contact_id, MAX(q.occurred_at) AS at
          FROM pipeline_events c
          JOIN pipeline_events q ON q.contact_id = c.contact_id AND q.stage = ${parent}
            AND q.occurred_at <= c.occurred_at
          WHERE c.stage = ${stage}
          GROUP BY c.id, c.contact_id) m
        JOIN pipeline_events p ON p.contact_id = m.contact_id AND p.stage = ${parent}
          AND p.occurred_at = m.at
        GROUP BY m.child_id) x
      WHERE pipeline_events.id = x.child_id`.execute(db);
  }
  for (const rollup of ROLLUPS) {
    const names = rollup.columns.map(([name]) => sql.raw(name));
    const values = rollup.columns.map(([, value]) => sql.raw(value));
    await sql`
      INSERT INTO ${sql.table(rollup.table)} (workspace_id, perspective, day, ${sql.join(names)},
        count)
      SELECT workspace_id, 'cohort', parent_day, ${sql.join(values)}, COUNT(*)
      FROM pipeline_events
      WHERE parent_day IS NOT NULL
      GROUP BY workspace_id, parent_day, ${sql.join(values)}`.execute(db);
  }
  await db.schema
    .createIndex('pipeline_events_stage_parent_day_idx')
    .on('pipeline_events')
    .columns(['workspace_id', 'stage', 'parent_day'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const rollup of ROLLUPS) {
    await sql`DELETE FROM ${sql.table(rollup.table)} WHERE perspective = 'cohort'`.execute(db);
  }
  await db.schema.dropIndex('pipeline_events_stage_parent_day_idx').ifExists().execute();
  await db.schema.alterTable('pipeline_events').dropColumn('parent_day').execute();
}
