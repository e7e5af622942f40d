import type { Kysely } from 'kysely';

/**
 * System > Workspace wizard (issue #16; docs/system-workspaces.md): the spec's "workspace
 * wizard state" (session 3), kept per system user so that a reload, or signing in again
 * on another machine, resumes at the step they were on. One draft per user: `draft` is
 * the JSON of shared/contracts/system-workspaces.ts wizardDraftSchema (without updatedAt).
 * Like every migration it imports no app code.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('workspace_wizard_drafts')
    .addColumn('user_id', 'varchar(64)', (c) =>
      c.primaryKey().references('users.id').onDelete('cascade'),
    )
    .addColumn('draft', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
}
