import { type Kysely, sql } from 'kysely';

/**
 * Issue #33 "Mail": the e-mail outbox becomes a delivery queue. Every e-mail the server
 * writes (invitations, call-flow e-mails, error reports) is still inserted into
 * `email_outbox` in the transaction of what caused it; with SMTP configured
 * (server/mail/mail-delivery.ts) it is then sent, retried with backoff, and its delivery
 * kept here:
 *
 * - `delivery`: 'pending' (new rows, by default: waiting to be sent, or for SMTP to be
 *   configured), 'sending' (claimed by a server until `next_attempt_at`; a server killed
 *   mid-send leaves a claim that runs out), 'sent', 'failed' (refused for good, or out of
 *   attempts), or 'kept' (the rows written before this migration: read in the outbox by
 *   system users, never sent, since they may be months old);
 * - `delivery_attempts`, `next_attempt_at` (the backoff, or the claim's end),
 *   `delivered_at`, `delivery_error` (the SMTP server's words).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('email_outbox')
    .addColumn('delivery', 'varchar(16)', (c) => c.notNull().defaultTo('pending'))
    .execute();
  await db.schema
    .alterTable('email_outbox')
    .addColumn('delivery_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('email_outbox').addColumn('next_attempt_at', 'varchar(32)').execute();
  await db.schema.alterTable('email_outbox').addColumn('delivered_at', 'varchar(32)').execute();
  await db.schema.alterTable('email_outbox').addColumn('delivery_error', 'text').execute();
  await sql`UPDATE email_outbox SET delivery = 'kept'`.execute(db);
  await db.schema
    .createIndex('email_outbox_delivery_idx')
    .on('email_outbox')
    .columns(['delivery', 'next_attempt_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('email_outbox_delivery_idx').ifExists().execute();
  for (const column of [
    'delivery_error',
    'delivered_at',
    'next_attempt_at',
    'delivery_attempts',
    'delivery',
  ]) {
    await db.schema.alterTable('email_outbox').dropColumn(column).execute();
  }
}
