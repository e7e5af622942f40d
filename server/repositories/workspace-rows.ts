import type { Db } from '../db/database';

/** Tables of rows that belong to one workspace, each named by its own id. */
export type WorkspaceRowTable =
  'campaigns' | 'ctm_tracking_numbers' | 'ctm_users' | 'lead_sources' | 'offices';

/**
 * Whether the row with this id is one of the workspace's: the check before a write names
 * a campaign, lead source, office, tracking number or call-tracking user (a row of another
 * workspace is refused as if it did not exist).
 */
export async function isWorkspaceRow(
  db: Db,
  table: WorkspaceRowTable,
  workspaceId: string,
  id: string,
): Promise<boolean> {
  // Kysely cannot narrow a union of table names: each has a text id and workspace_id.
  const row = await db
    .selectFrom(table as 'offices')
    .select('id')
    .where('workspace_id', '=', workspaceId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row !== undefined;
}
