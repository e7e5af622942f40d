import type { Kysely } from 'kysely';

/**
 * The notification centre (issue 12; spec: session 3 Notification, 4 Sockets):
 * - `notifications`: one row per notification, for every user of a workspace
 *   (`user_id` null) or for one user of it. `dedupe_key` is set on automatic ones (the
 *   cockpit warnings: one per metric, user and workspace day); the unique constraint lets
 *   their insert be `on conflict do nothing`, so two evaluations racing each other still
 *   leave one row. Manual ones leave it null, and nulls never conflict (SQLite and
 *   PostgreSQL alike);
 * - `notification_reads`: who read what, so the read state is the same in every browser.
 * Rows older than 30 days are pruned at start and every day (server/notifications).
 * Timestamps are ISO text, as everywhere (server/db/schema.ts). Like every migration it
 * imports no app code.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('notifications')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('workspace_id', 'varchar(64)', (c) =>
      c.notNull().references('workspaces.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'varchar(64)', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('action_required', 'integer', (c) => c.notNull())
    .addColumn('path', 'varchar(300)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('dedupe_key', 'text')
    .addUniqueConstraint('notifications_dedupe_unique', ['workspace_id', 'user_id', 'dedupe_key'])
    .execute();
  await db.schema
    .createIndex('notifications_workspace_created_idx')
    .on('notifications')
    .columns(['workspace_id', 'created_at'])
    .execute();
  // Pruning reads by age across workspaces.
  await db.schema
    .createIndex('notifications_created_idx')
    .on('notifications')
    .columns(['created_at'])
    .execute();

  await db.schema
    .createTable('notification_reads')
    .addColumn('notification_id', 'varchar(64)', (c) =>
      c.notNull().references('notifications.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'varchar(64)', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('read_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('notification_reads_pk', ['notification_id', 'user_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('notification_reads').ifExists().execute();
  await db.schema.dropTable('notifications').ifExists().execute();
}
