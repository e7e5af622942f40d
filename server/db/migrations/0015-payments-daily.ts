import { type CreateTableBuilder, type Kysely, sql, SqliteAdapter } from 'kysely';

/**
 * More of issue #17, after 0015-contact-attribution-copies: `payments_daily`, payments
 * collected per paid day and lead source ('' = none), kept on write like the other daily
 * rollups (server/records/rollups.ts). ROI's revenue without a contact filter read every
 * payment of the range (some 500k a year at a million contacts); it reads a few thousand
 * rollup rows now. Filled here from the payments a database already holds (the GROUP BY
 * the rollup test checks).
 *
 * Schema builder and portable SQL (the same on SQLite and PostgreSQL); it imports no app
 * code.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  const clustered = <T extends string, C extends string>(table: CreateTableBuilder<T, C>) =>
    sqlite ? table.modifyEnd(sql`without rowid`) : table;
  await db.schema
    .createTable('payments_daily')
    .addColumn('workspace_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('lead_source_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('amount_paid_cents', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('payments_daily_key', ['workspace_id', 'day', 'lead_source_id'])
    .$call(clustered)
    .execute();
  await sql`
    INSERT INTO payments_daily (workspace_id, day, lead_source_id, amount_paid_cents)
    SELECT workspace_id, paid_day, COALESCE(lead_source_id, ''), SUM(amount_paid_cents)
    FROM payments
    WHERE paid_day IS NOT NULL
    GROUP BY workspace_id, paid_day, COALESCE(lead_source_id, '')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('payments_daily').ifExists().execute();
}
