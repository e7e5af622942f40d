import type { Kysely } from 'kysely';

/**
 * Issue #33 "Mail … per workspace where a firm sends as itself": the SMTP account a
 * workspace's e-mails go out through, and the From they carry. One row per workspace;
 * none: the server's SMTP_URL and MAIL_FROM (or the outbox only). The SMTP URL, which holds
 * the password, is sealed at rest with the connector secrets key
 * (server/secrets/secret-box.ts); host, port, security and user name are kept plain to
 * show them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('workspace_mail')
    .addColumn('workspace_id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('from_name', 'varchar(200)')
    .addColumn('from_address', 'varchar(320)', (c) => c.notNull())
    .addColumn('smtp_host', 'varchar(255)', (c) => c.notNull())
    .addColumn('smtp_port', 'integer', (c) => c.notNull())
    .addColumn('smtp_security', 'varchar(16)', (c) => c.notNull())
    .addColumn('smtp_user', 'varchar(320)', (c) => c.notNull())
    .addColumn('smtp_sealed', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'varchar(64)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('workspace_mail').ifExists().execute();
}
