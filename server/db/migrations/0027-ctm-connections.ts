import type { Kysely } from 'kysely';

/**
 * Issue #32 "Real call tracking": a workspace may take its calls from its
 * CallTrackingMetrics (CTM) account instead of the simulated provider.
 *
 * - `call_tracking_connections`: one row per connected workspace: CTM's account id and
 *   access key, the secret key sealed (AES-256-GCM, server/secrets/secret-box.ts; never
 *   plain), the connection's health (the last check, the last failure), and the catch-up
 *   cursor over CTM's calls list. No row: the workspace uses the simulator.
 * - `ctm_calls.ctm_call_id`: CTM's own call id, unique per workspace, so a call arriving
 *   twice (a webhook retried, the start and the end, the catch-up) is stored once;
 *   `recorded_at`, when a CTM call joined the reports (once, from CTM's end); and
 *   `recording_url`, CTM's recording of the call.
 * - `ctm_webhook_inbox`: every authentic webhook as received, before it is applied, so one
 *   that cannot be applied yet (an error, a restart half-way) is applied later and never
 *   lost; `processed_at` is set once applied.
 *
 * Imports no app code.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('call_tracking_connections')
    .addColumn('workspace_id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('provider', 'varchar(16)', (c) => c.notNull())
    .addColumn('account_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('access_key', 'varchar(200)', (c) => c.notNull())
    .addColumn('secret_sealed', 'text', (c) => c.notNull())
    .addColumn('account_name', 'varchar(200)')
    .addColumn('connected_by', 'varchar(64)', (c) => c.notNull())
    .addColumn('connected_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('checked_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('last_error', 'text')
    .addColumn('last_webhook_at', 'varchar(32)')
    .addColumn('catch_up_cursor', 'varchar(32)')
    .execute();
  await db.schema.alterTable('ctm_calls').addColumn('ctm_call_id', 'varchar(32)').execute();
  await db.schema.alterTable('ctm_calls').addColumn('recorded_at', 'varchar(32)').execute();
  await db.schema.alterTable('ctm_calls').addColumn('recording_url', 'text').execute();
  await db.schema
    .createIndex('ctm_calls_ctm_call_id_idx')
    .on('ctm_calls')
    .columns(['workspace_id', 'ctm_call_id'])
    .unique()
    .execute();
  await db.schema
    .createTable('ctm_webhook_inbox')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('workspace_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('event', 'varchar(8)', (c) => c.notNull())
    .addColumn('ctm_call_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('received_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('processed_at', 'varchar(32)')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .execute();
  await db.schema
    .createIndex('ctm_webhook_inbox_pending_idx')
    .on('ctm_webhook_inbox')
    .columns(['processed_at', 'received_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('ctm_webhook_inbox').ifExists().execute();
  await db.schema.dropIndex('ctm_calls_ctm_call_id_idx').ifExists().execute();
  await db.schema.alterTable('ctm_calls').dropColumn('recording_url').execute();
  await db.schema.alterTable('ctm_calls').dropColumn('recorded_at').execute();
  await db.schema.alterTable('ctm_calls').dropColumn('ctm_call_id').execute();
  await db.schema.dropTable('call_tracking_connections').ifExists().execute();
}
