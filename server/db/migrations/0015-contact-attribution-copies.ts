import { type Kysely, sql } from 'kysely';

/**
 * More of issue #17 (every report fast at a million contacts): the calls that read
 * appointments or payments under a contact filter joined a year of them to their
 * contacts (Sales Performance's inventory, ROI's revenue, noShows).
 *
 * - appointments and payments carry their contact's whole attribution, as pipeline_events
 *   do: besides lead_source_id (already copied), campaign_id, case_type_key,
 *   sub_case_type_key, and the contact's office and agent as contact_office_id and
 *   contact_agent_id (an appointment's own office_id and set_by_agent_id are other
 *   things). The record writer and the seed set them on write; here they are filled from
 *   the contacts for the rows a database already holds, in one UPDATE ... FROM per table.
 *   A contact's attribution is fixed once recorded (server/records/record-writer.ts), so
 *   the copies never go stale.
 * - `appointments (workspace_id, scheduled_day, status, ...attribution)` and
 *   `payments (workspace_id, paid_day, ...attribution, amount_paid_cents)`: the counts
 *   and sums under any filter come from the index alone. The payments one replaces
 *   `payments_workspace_paid_idx`, of which it is an extension.
 * - `pipeline_events (workspace_id, stage, day, ...) WHERE objection_id IS NOT NULL`: the
 *   objections report reads the few transitions that carry an objection from the index
 *   alone, instead of every unqualified and no-hire transition's row.
 *
 * Schema builder and portable SQL (UPDATE ... FROM: SQLite 3.33+, PostgreSQL); it imports
 * no app code.
 */
const COPIED = [
  ['campaign_id', 'varchar(64)'],
  ['contact_office_id', 'varchar(64)'],
  ['case_type_key', 'varchar(128)'],
  ['sub_case_type_key', 'varchar(128)'],
  ['contact_agent_id', 'varchar(64)'],
] as const;

/**
 * Every row of these is rewritten here: on PostgreSQL that leaves a dead copy of each and
 * a visibility map to rebuild before index-only scans skip the table again, so they are
 * vacuumed right after (server/db/database.ts migrateToLatest; a migration runs inside a
 * transaction, where VACUUM cannot).
 */
export const REWRITTEN_TABLES = ['appointments', 'payments'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of ['appointments', 'payments'] as const) {
    for (const [column, type] of COPIED) {
      await db.schema.alterTable(table).addColumn(column, type).execute();
    }
    await sql`
      UPDATE ${sql.table(table)} SET
        campaign_id = c.campaign_id,
        contact_office_id = c.office_id,
        case_type_key = c.case_type_key,
        sub_case_type_key = c.sub_case_type_key,
        contact_agent_id = c.agent_id
      FROM contacts c
      WHERE c.id = ${sql.table(table)}.contact_id`.execute(db);
  }

  await db.schema
    .createIndex('appointments_workspace_day_attribution_idx')
    .on('appointments')
    .columns([
      'workspace_id',
      'scheduled_day',
      'status',
      'lead_source_id',
      'campaign_id',
      'contact_office_id',
      'case_type_key',
      'sub_case_type_key',
      'contact_agent_id',
    ])
    .execute();
  await db.schema.dropIndex('payments_workspace_paid_idx').execute();
  await db.schema
    .createIndex('payments_workspace_paid_attribution_idx')
    .on('payments')
    .columns([
      'workspace_id',
      'paid_day',
      'lead_source_id',
      'campaign_id',
      'contact_office_id',
      'case_type_key',
      'sub_case_type_key',
      'contact_agent_id',
      'amount_paid_cents',
    ])
    .execute();
  await db.schema
    .createIndex('pipeline_events_objection_idx')
    .on('pipeline_events')
    .columns(['workspace_id', 'stage', 'day', 'lead_source_id', 'agent_id', 'objection_id'])
    .where(sql.ref('objection_id'), 'is not', null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('pipeline_events_objection_idx').ifExists().execute();
  await db.schema.dropIndex('payments_workspace_paid_attribution_idx').ifExists().execute();
  await db.schema
    .createIndex('payments_workspace_paid_idx')
    .on('payments')
    .columns(['workspace_id', 'paid_day', 'lead_source_id', 'amount_paid_cents'])
    .execute();
  await db.schema.dropIndex('appointments_workspace_day_attribution_idx').ifExists().execute();
  for (const table of ['appointments', 'payments'] as const) {
    for (const [column] of [...COPIED].reverse()) {
      await db.schema.alterTable(table).dropColumn(column).execute();
    }
  }
}
