import { type CreateTableBuilder, type Kysely, sql, SqliteAdapter } from 'kysely';

/**
 * More of issue #17: `outbound_tasks_daily` (relationship and collection calls due per due
 * day, kind and agent, and how many of them were made) and `callbacks_daily` (callbacks
 * requested per requested day and agent, and how many were returned), kept on write like
 * the other daily rollups (server/records/rollups.ts). Compliance and staff compliance
 * read a year of tasks and callbacks (some 300k rows at a million contacts, p95 310 ms on
 * SQLite); they read a few thousand rollup rows now. '' is the agent of an unassigned task.
 * Tasks and callbacks are written once and never changed, so the rollups only ever grow.
 * Filled here from the records a database already holds (the GROUP BY the rollup test
 * checks).
 *
 * Schema builder and portable SQL (the same on SQLite and PostgreSQL); it imports no app
 * code.
 */
/** Filled here: vacuumed and analyzed right after on PostgreSQL (as 0019's). */
export const REWRITTEN_TABLES = ['outbound_tasks_daily', 'callbacks_daily'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  const clustered = <T extends string, C extends string>(table: CreateTableBuilder<T, C>) =>
    sqlite ? table.modifyEnd(sql`without rowid`) : table;
  await db.schema
    .createTable('outbound_tasks_daily')
    .addColumn('workspace_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('agent_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('due', 'integer', (c) => c.notNull())
    .addColumn('made', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('outbound_tasks_daily_key', [
      'workspace_id',
      'kind',
      'day',
      'agent_id',
    ])
    .$call(clustered)
    .execute();
  await db.schema
    .createTable('callbacks_daily')
    .addColumn('workspace_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('agent_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('requested', 'integer', (c) => c.notNull())
    .addColumn('returned', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('callbacks_daily_key', ['workspace_id', 'day', 'agent_id'])
    .$call(clustered)
    .execute();
  await sql`
    INSERT INTO outbound_tasks_daily (workspace_id, kind, day, agent_id, due, made)
    SELECT workspace_id, kind, due_day, COALESCE(agent_id, ''), COUNT(*), COUNT(made_day)
    FROM outbound_tasks
    GROUP BY workspace_id, kind, due_day, COALESCE(agent_id, '')`.execute(db);
  await sql`
    INSERT INTO callbacks_daily (workspace_id, day, agent_id, requested, returned)
    SELECT workspace_id, requested_day, COALESCE(agent_id, ''), COUNT(*), COUNT(returned_day)
    FROM callbacks
    GROUP BY workspace_id, requested_day, COALESCE(agent_id, '')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('callbacks_daily').ifExists().execute();
  await db.schema.dropTable('outbound_tasks_daily').ifExists().execute();
}
