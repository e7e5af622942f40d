import type { Kysely } from 'kysely';

/**
 * Issue #29 "Everything has a bound": call-flow e-mails are counted per execution and per
 * user over the last hour, error notifications per user over the last hour
 * (server/call-center/volume-limits.ts), and those counts read:
 *
 * - `email_outbox.execution_id`: the execution whose trigger sent the e-mail (null for
 *   the e-mails before this migration and for clients that do not say);
 * - `email_outbox.kind`: 'call-flow' for what POST sendEmail queued, the e-mails the
 *   bounds count; null for the server's own (invitations) and the rows before it;
 * - `email_outbox (execution_id)`, `email_outbox (created_by, created_at)` and
 *   `error_notifications (created_by, created_at)`: the counts without a scan.
 *
 * Step histories per execution are counted on `step_histories (execution_id, executed_on)`
 * (migration 0004). Nothing to backfill. Imports no app code.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('email_outbox').addColumn('execution_id', 'varchar(64)').execute();
  await db.schema.alterTable('email_outbox').addColumn('kind', 'varchar(16)').execute();
  await db.schema
    .createIndex('email_outbox_execution_idx')
    .on('email_outbox')
    .columns(['execution_id'])
    .execute();
  await db.schema
    .createIndex('email_outbox_sender_idx')
    .on('email_outbox')
    .columns(['created_by', 'created_at'])
    .execute();
  await db.schema
    .createIndex('error_notifications_sender_idx')
    .on('error_notifications')
    .columns(['created_by', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('error_notifications_sender_idx').ifExists().execute();
  await db.schema.dropIndex('email_outbox_sender_idx').ifExists().execute();
  await db.schema.dropIndex('email_outbox_execution_idx').ifExists().execute();
  await db.schema.alterTable('email_outbox').dropColumn('kind').execute();
  await db.schema.alterTable('email_outbox').dropColumn('execution_id').execute();
}
