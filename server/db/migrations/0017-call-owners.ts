import type { Kysely } from 'kysely';

/**
 * Live calls survive other server processes (several processes on one PostgreSQL
 * database: cluster mode, or one restarted while the others run). A live call moves on
 * through timers held by the process that placed it; a process that starts used to fail
 * every live call, the ones other running processes were still moving on included.
 *
 * - `ctm_calls.owner_instance`: the server process (its instance id) whose timers move
 *   the call on. Null on the calls placed before this migration: no running process owns
 *   them, so they count as the calls of a stopped process.
 * - `server_instances`: one row per running server process, its heartbeat
 *   (`last_seen_at`) written every few seconds and the row removed when it closes. A
 *   process fails only the live calls whose owner has no row or a stale heartbeat
 *   (server/call-tracking/server-instances.ts).
 * - `ctm_calls (status, owner_instance)`: that look for live calls of stopped processes
 *   runs every few seconds in every process, on the live calls only.
 * Timestamps ISO text, ids varchar(64), as everywhere. Imports no app code.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('ctm_calls').addColumn('owner_instance', 'varchar(64)').execute();
  await db.schema
    .createIndex('ctm_calls_status_owner_idx')
    .on('ctm_calls')
    .columns(['status', 'owner_instance'])
    .execute();

  await db.schema
    .createTable('server_instances')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    /** Where it runs, for an operator reading the table: `host pid N`. */
    .addColumn('label', 'varchar(300)', (c) => c.notNull())
    .addColumn('started_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('last_seen_at', 'varchar(32)', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('server_instances').ifExists().execute();
  await db.schema.dropIndex('ctm_calls_status_owner_idx').ifExists().execute();
  await db.schema.alterTable('ctm_calls').dropColumn('owner_instance').execute();
}
