import type { Kysely } from 'kysely';

/**
 * Issue #33 "Writes never lost": every record an intake writes to a workspace's real CRM
 * (Zoho CRM) is first kept here, in the request that caused it, then sent by
 * server/crm/crm-outbox.ts:
 *
 * - `payload`: the spec's re-mapped record (CONTACT, NOTE, CALL, EVENT, DEAL, CONTACT-TAGS;
 *   shared/contracts/call-flow-api.ts), as the intake sent it;
 * - `contact_outbox_id`: for a record about a contact, the outbox row of that contact
 *   (sent first; its CRM id is read when this one is sent), or `contact_crm_id` when the
 *   intake named a record already in the CRM;
 * - `delivery`: 'pending' (waiting, or waiting again after `next_attempt_at`), 'sending'
 *   (claimed by a server until `next_attempt_at`: a claim that ran out means the outcome
 *   of the last attempt is unknown, so the next one looks for the record in the CRM before
 *   creating it), 'sent' (`crm_module`, `crm_id`), 'failed' (refused by the CRM: kept on
 *   Settings > Async error resolution as `failure_id`);
 * - `uncertain`: 1 when the last attempt ended without the CRM's answer (no answer, a 5xx):
 *   the CRM may hold the record, so the next attempt looks for it first;
 * - `attempts`, `last_error` (the CRM's words).
 *
 * And `crm_connections.field_mapping`: the workspace's own choice of Zoho fields for ours
 * (JSON, shared/contracts/crm-connection.ts ZohoFieldMapping; null: the defaults).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('crm_outbox')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('workspace_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('vendor', 'varchar(16)', (c) => c.notNull())
    .addColumn('execution_id', 'varchar(64)')
    .addColumn('type', 'varchar(16)', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('contact_outbox_id', 'varchar(64)')
    .addColumn('contact_crm_id', 'varchar(64)')
    .addColumn('delivery', 'varchar(16)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('uncertain', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'varchar(32)')
    .addColumn('last_error', 'text')
    .addColumn('crm_module', 'varchar(32)')
    .addColumn('crm_id', 'varchar(64)')
    .addColumn('failure_id', 'varchar(64)')
    .addColumn('created_by', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('sent_at', 'varchar(32)')
    .execute();
  await db.schema
    .createIndex('crm_outbox_due_idx')
    .on('crm_outbox')
    .columns(['delivery', 'next_attempt_at'])
    .execute();
  await db.schema
    .createIndex('crm_outbox_workspace_idx')
    .on('crm_outbox')
    .columns(['workspace_id', 'created_at'])
    .execute();
  await db.schema.alterTable('crm_connections').addColumn('field_mapping', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('crm_connections').dropColumn('field_mapping').execute();
  await db.schema.dropTable('crm_outbox').ifExists().execute();
}
