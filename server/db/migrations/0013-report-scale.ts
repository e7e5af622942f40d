import { type CreateTableBuilder, type Kysely, sql, SqliteAdapter } from 'kysely';

/**
 * Every report fast at a million contacts (issue #17; docs/reporting-engine.md):
 *
 * - `pipeline_daily_office` and `pipeline_daily_case`: two more daily rollups of
 *   pipeline_events, kept on write like the others (server/records/rollups.ts), for the
 *   filters that read the records before: offices, and sub case types (or case types
 *   chosen by a sub case type). One rollup with every contact dimension was nearly as big
 *   as the records; each of these is about a tenth of them. They are filled here from the
 *   records a database already holds (the same GROUP BY the rollup test checks).
 * - `contacts (workspace_id, first_name, last_name, id)`: the contact lists are sorted by
 *   name; over a long range they walk this index instead of sorting every contact.
 * - `appointments (workspace_id, status, scheduled_at)`: the no-shows list, newest first,
 *   read in index order.
 *
 * Schema builder only (the same DDL on SQLite and PostgreSQL); it imports no app code.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  const clustered = <T extends string, C extends string>(table: CreateTableBuilder<T, C>) =>
    sqlite ? table.modifyEnd(sql`without rowid`) : table;

  await db.schema
    .createTable('pipeline_daily_office')
    .addColumn('workspace_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('perspective', 'varchar(16)', (c) => c.notNull())
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('stage', 'varchar(32)', (c) => c.notNull())
    .addColumn('lead_source_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('office_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('pipeline_daily_office_key', [
      'workspace_id',
      'perspective',
      'day',
      'stage',
      'lead_source_id',
      'office_id',
    ])
    .$call(clustered)
    .execute();
  await db.schema
    .createTable('pipeline_daily_case')
    .addColumn('workspace_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('perspective', 'varchar(16)', (c) => c.notNull())
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('stage', 'varchar(32)', (c) => c.notNull())
    .addColumn('lead_source_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('case_type_key', 'varchar(128)', (c) => c.notNull())
    .addColumn('sub_case_type_key', 'varchar(128)', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('pipeline_daily_case_key', [
      'workspace_id',
      'perspective',
      'day',
      'stage',
      'lead_source_id',
      'case_type_key',
      'sub_case_type_key',
    ])
    .$call(clustered)
    .execute();

  // The records a database already has, rolled up in both perspectives ('' = none).
  for (const [perspective, day] of [
    ['snapshot', 'day'],
    ['conversion', 'entered_day'],
  ] as const) {
    await sql`
      INSERT INTO pipeline_daily_office
        (workspace_id, perspective, day, stage, lead_source_id, office_id, count)
      SELECT workspace_id, ${perspective}, ${sql.ref(day)}, stage,
        COALESCE(lead_source_id, ''), COALESCE(office_id, ''), COUNT(*)
      FROM pipeline_events
      GROUP BY workspace_id, ${sql.ref(day)}, stage,
        COALESCE(lead_source_id, ''), COALESCE(office_id, '')`.execute(db);
    await sql`
      INSERT INTO pipeline_daily_case
        (workspace_id, perspective, day, stage, lead_source_id, case_type_key,
         sub_case_type_key, count)
      SELECT workspace_id, ${perspective}, ${sql.ref(day)}, stage,
        COALESCE(lead_source_id, ''), COALESCE(case_type_key, ''),
        COALESCE(sub_case_type_key, ''), COUNT(*)
      FROM pipeline_events
      GROUP BY workspace_id, ${sql.ref(day)}, stage, COALESCE(lead_source_id, ''),
        COALESCE(case_type_key, ''), COALESCE(sub_case_type_key, '')`.execute(db);
  }

  await db.schema
    .createIndex('contacts_workspace_name_idx')
    .on('contacts')
    .columns(['workspace_id', 'first_name', 'last_name', 'id'])
    .execute();
  await db.schema
    .createIndex('appointments_workspace_status_time_idx')
    .on('appointments')
    .columns(['workspace_id', 'status', 'scheduled_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('appointments_workspace_status_time_idx').ifExists().execute();
  await db.schema.dropIndex('contacts_workspace_name_idx').ifExists().execute();
  await db.schema.dropTable('pipeline_daily_case').ifExists().execute();
  await db.schema.dropTable('pipeline_daily_office').ifExists().execute();
}
