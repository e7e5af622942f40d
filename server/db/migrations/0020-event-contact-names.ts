import { type Kysely, sql, SqliteAdapter } from 'kysely';

/**
 * More of issue #17: the contact lists (the conversion report's five lists, the pclc
 * contacts) at a million contacts, under any filter.
 *
 * A list is sorted by the contact's name, which the transitions did not carry: a long
 * list walked the contacts in name order and probed each one's transitions, a probe per
 * contact walked (the conversion report's five lists of 1,000 took 230 ms on PostgreSQL
 * at a million contacts), and under the agent filter, which is the transition's (who made
 * it) and not the contact's, the walk passed every contact of the other agents too.
 *
 * - `pipeline_events.first_name` and `last_name`: each transition copies its contact's
 *   name, as it copies its attribution (a contact is never renamed once recorded,
 *   server/records/record-writer.ts, so the copy never goes stale). The record writer and
 *   the seed set them on write; here they are filled from the contacts for the rows a
 *   database already holds.
 * - `pipeline_events (workspace_id, stage, first_name, last_name, contact_id, id, ...)`,
 *   then both perspectives' days and every filter column: a stage's transitions in the
 *   lists' order, with all a page tests in the index, so a page reads the index from the
 *   first name on and stops after it, whatever the filter.
 * - Dropped: migration 0014's indexes for the walk, `contacts_workspace_name_cover_idx`
 *   and `pipeline_events_stage_agent_idx` (an agent's contacts first), which nothing
 *   reads any more (no scan of either in a whole `npm run bench:reports` on PostgreSQL).
 *
 * On PostgreSQL an UPDATE of every row writes a new entry in each of the table's indexes
 * (7 minutes at a million contacts): they are dropped first and built again after, from
 * their own definitions (pg_indexes), about 3 minutes, and 1 more to compact the table
 * after. SQLite updates only the indexes of the columns it writes, none here (20 s).
 *
 * Schema builder and portable SQL (UPDATE ... FROM: SQLite 3.33+, PostgreSQL); it imports
 * no app code.
 */
/**
 * Every transition is rewritten here: PostgreSQL compacts the table right after (the old
 * row versions double it, and the indexes built here hold them too), then vacuums and
 * analyzes it, or its index-only scans read the heap (server/db/database.ts
 * migrateToLatest).
 */
export const REWRITTEN_TABLES = ['pipeline_events'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  await db.schema.dropIndex('contacts_workspace_name_cover_idx').execute();
  await db.schema.dropIndex('pipeline_events_stage_agent_idx').execute();
  for (const column of ['first_name', 'last_name']) {
    await db.schema
      .alterTable('pipeline_events')
      .addColumn(column, 'varchar(100)', (c) => c.notNull().defaultTo(''))
      .execute();
  }
  const indexes = sqlite
    ? []
    : (
        await sql<{ name: string; definition: string }>`
          SELECT i.indexname AS name, i.indexdef AS definition
          FROM pg_indexes i
          WHERE i.schemaname = current_schema() AND i.tablename = 'pipeline_events'
            AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conname = i.indexname)`.execute(
          db,
        )
      ).rows;
  for (const index of indexes) await db.schema.dropIndex(index.name).execute();
  await sql`
    UPDATE pipeline_events SET first_name = c.first_name, last_name = c.last_name
    FROM contacts c
    WHERE c.id = pipeline_events.contact_id`.execute(db);
  for (const index of indexes) await sql.raw(index.definition).execute(db);
  await db.schema
    .createIndex('pipeline_events_stage_name_idx')
    .on('pipeline_events')
    .columns([
      'workspace_id',
      'stage',
      'first_name',
      'last_name',
      'contact_id',
      'id',
      'entered_day',
      'day',
      'lead_source_id',
      'campaign_id',
      'office_id',
      'case_type_key',
      'sub_case_type_key',
      'agent_id',
    ])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('pipeline_events_stage_name_idx').ifExists().execute();
  await db.schema.alterTable('pipeline_events').dropColumn('last_name').execute();
  await db.schema.alterTable('pipeline_events').dropColumn('first_name').execute();
  // Migration 0014's, as it made them.
  await db.schema
    .createIndex('contacts_workspace_name_cover_idx')
    .on('contacts')
    .columns([
      'workspace_id',
      'first_name',
      'last_name',
      'id',
      'entered_day',
      'lead_source_id',
      'campaign_id',
      'office_id',
      'case_type_key',
      'sub_case_type_key',
      'module',
      'qualification',
    ])
    .execute();
  await db.schema
    .createIndex('pipeline_events_stage_agent_idx')
    .on('pipeline_events')
    .columns(['workspace_id', 'stage', 'agent_id', 'entered_day', 'contact_id'])
    .execute();
}
