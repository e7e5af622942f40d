import { type Kysely, sql } from 'kysely';

/**
 * Session hardening (issue 9 items 7 and 8): one row per refresh-token family, i.e. per
 * sign-in or extension handoff. It carries
 * - `kind`: 'sign-in' or 'extension' — a new extension handoff replaces the older
 *   extension families of the user;
 * - `started_at`: the first sign-in of the family; the family ends for good a fixed time
 *   after it (REFRESH_FAMILY_LIFETIME in server/auth/refresh-tokens.ts), rotation never
 *   extends it;
 * - `revoked_at`: set by sign-out, reuse detection, deactivation or the per-user cap.
 *   Access tokens name their family (`sid`), so a revoked family also ends its access
 *   tokens and sockets. The lookup is by primary key.
 *
 * Families that already exist get a row started at their oldest token, so sessions
 * survive the upgrade. Like every migration it imports no app code.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('refresh_families')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(64)', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('kind', 'varchar(16)', (c) => c.notNull().defaultTo('sign-in'))
    .addColumn('started_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('revoked_at', 'varchar(32)')
    .execute();
  await db.schema
    .createIndex('refresh_families_user_idx')
    .on('refresh_families')
    .columns(['user_id', 'started_at'])
    .execute();

  // Portable SQL (SQLite and PostgreSQL): one family row per existing family.
  await sql`
    insert into refresh_families (id, user_id, kind, started_at, revoked_at)
    select family_id, min(user_id), 'sign-in', min(issued_at), null
    from refresh_tokens
    group by family_id
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('refresh_families').ifExists().execute();
}
