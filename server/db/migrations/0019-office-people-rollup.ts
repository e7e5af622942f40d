import { type Kysely, sql, SqliteAdapter } from 'kysely';

/**
 * More of issue #17: `pipeline_daily_office_people`, transitions per day, stage, lead
 * source, office, agent, consultant and set channel, kept on write like the other daily
 * rollups (server/records/rollups.ts). Per-agent and per-consultant counts under the
 * office filter (Sales Performance, the people numbers) read the records before: half of
 * Lakeside's contacts are in one office, so a year of its sets, shows and hires was some
 * 380k index entries read and sorted to group (Sales Performance under that office: 214 ms
 * median, 313 ms p95 on SQLite at a million contacts). The rollup is nearly as many rows
 * as the records in all (2.3M for 3.2M transitions at that size), but its key leads with
 * the stage and the office, so such a count reads only its stages' rows of that office,
 * about a third of the records it replaces, already summed. Filled here (in key order, so
 * that PostgreSQL's heap keeps a stage's rows of one office together) from the records a
 * database already holds (the GROUP BY the rollup test checks).
 *
 * Schema builder and portable SQL (the same on SQLite and PostgreSQL); it imports no app
 * code.
 */
/**
 * Filled here: on PostgreSQL it is vacuumed and analyzed right after (server/db/database.ts
 * migrateToLatest), or its first plans take it for empty and read every row they find
 * through the key's index.
 */
export const REWRITTEN_TABLES = ['pipeline_daily_office_people'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  await db.schema
    .createTable('pipeline_daily_office_people')
    .addColumn('workspace_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('perspective', 'varchar(16)', (c) => c.notNull())
    .addColumn('stage', 'varchar(32)', (c) => c.notNull())
    .addColumn('office_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('lead_source_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('agent_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('consultant_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('channel', 'varchar(16)', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('pipeline_daily_office_people_key', [
      'workspace_id',
      'perspective',
      'stage',
      'office_id',
      'day',
      'lead_source_id',
      'agent_id',
      'consultant_id',
      'channel',
    ])
    .$call((table) => (sqlite ? table.modifyEnd(sql`without rowid`) : table))
    .execute();
  for (const [perspective, day] of [
    ['snapshot', 'day'],
    ['conversion', 'entered_day'],
  ] as const) {
    await sql`
      INSERT INTO pipeline_daily_office_people (workspace_id, perspective, stage, office_id, day,
        lead_source_id, agent_id, consultant_id, channel, count)
      SELECT workspace_id, ${perspective}, stage, COALESCE(office_id, ''), ${sql.ref(day)},
        COALESCE(lead_source_id, ''), COALESCE(agent_id, ''), COALESCE(consultant_id, ''),
        COALESCE(channel, ''), COUNT(*)
      FROM pipeline_events
      GROUP BY workspace_id, stage, COALESCE(office_id, ''), ${sql.ref(day)},
        COALESCE(lead_source_id, ''), COALESCE(agent_id, ''), COALESCE(consultant_id, ''),
        COALESCE(channel, '')
      ORDER BY 1, 3, 4, 5`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('pipeline_daily_office_people').ifExists().execute();
}
