import type { Kysely } from 'kysely';

/**
 * Coaching (issue #16; docs/coaching.md):
 * - `coaching_videos`: a workspace's training videos per category (a coaching category
 *   id or "immigration"): a YouTube video id, or an uploaded file stored under
 *   DATA_DIR/coaching-videos with a name of ours. A row is written only after its file
 *   was completely received and checked, so a half upload never lists.
 * - `coaching_scores`: scores 0–100 managers give agents per category and day; the
 *   Scores and Reports screens average them and compute the trend from these rows.
 * Timestamps ISO text, days YYYY-MM-DD, ids varchar(64). It imports no app code.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('coaching_videos')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('workspace_id', 'varchar(64)', (c) =>
      c.notNull().references('workspaces.id').onDelete('cascade'),
    )
    .addColumn('category_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('source', 'varchar(16)', (c) => c.notNull())
    .addColumn('youtube_id', 'varchar(32)')
    .addColumn('file_name', 'varchar(128)')
    .addColumn('original_name', 'varchar(255)')
    .addColumn('content_type', 'varchar(64)')
    .addColumn('size_bytes', 'integer')
    .addColumn('created_by', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('coaching_videos_category_idx')
    .on('coaching_videos')
    .columns(['workspace_id', 'category_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('coaching_scores')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('workspace_id', 'varchar(64)', (c) =>
      c.notNull().references('workspaces.id').onDelete('cascade'),
    )
    .addColumn('agent_id', 'varchar(64)', (c) =>
      c.notNull().references('agents.id').onDelete('cascade'),
    )
    .addColumn('category_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('scored_on', 'varchar(10)', (c) => c.notNull())
    .addColumn('score', 'integer', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('entered_by', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('coaching_scores_agent_idx')
    .on('coaching_scores')
    .columns(['workspace_id', 'agent_id', 'scored_on'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('coaching_scores').ifExists().execute();
  await db.schema.dropTable('coaching_videos').ifExists().execute();
}
