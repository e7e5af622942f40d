import type { Db } from '../db/database';

// System > Workspace wizard (issue #16): one saved draft per system user, as JSON text.

/** The user's stored draft (its JSON text and when it was saved), if any. */
export async function findWizardDraft(
  db: Db,
  userId: string,
): Promise<{ draft: string; updatedAt: string } | null> {
  const row = await db
    .selectFrom('workspace_wizard_drafts')
    .selectAll()
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row ? { draft: row.draft, updatedAt: row.updated_at } : null;
}

/** Replaces the user's draft. */
export async function saveWizardDraft(
  db: Db,
  userId: string,
  draft: string,
  updatedAt: string,
): Promise<void> {
  await db
    .insertInto('workspace_wizard_drafts')
    .values({ user_id: userId, draft, updated_at: updatedAt })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ draft, updated_at: updatedAt }))
    .execute();
}

export async function deleteWizardDraft(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('workspace_wizard_drafts').where('user_id', '=', userId).execute();
}
