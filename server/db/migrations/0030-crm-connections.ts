import type { Kysely } from 'kysely';

/**
 * Issue #33 "Zoho CRM", "Keap": a workspace's connection to its real CRM, by OAuth 2.0.
 * One row per workspace (a workspace has one CRM): the vendor, the data centre's accounts
 * server and API domain (Zoho's Multi DC), the tokens sealed at rest with the connector
 * secrets key (server/secrets/secret-box.ts), when the access token expires, and the
 * connection's state: ok, or reconnect (the grant was revoked or expired: only the owner
 * approving again helps; writes wait, nothing is lost).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('crm_connections')
    .addColumn('workspace_id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('vendor', 'varchar(16)', (c) => c.notNull())
    .addColumn('accounts_server', 'varchar(200)', (c) => c.notNull())
    .addColumn('api_domain', 'varchar(200)')
    .addColumn('location', 'varchar(8)')
    .addColumn('access_sealed', 'text', (c) => c.notNull())
    .addColumn('access_expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('refresh_sealed', 'text', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('last_error', 'text')
    .addColumn('connected_by', 'varchar(64)', (c) => c.notNull())
    .addColumn('connected_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('checked_at', 'varchar(32)', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('crm_connections').ifExists().execute();
}
