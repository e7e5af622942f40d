import type { Selectable } from 'kysely';
import type { Db } from '../db/database';
import type { Database } from '../db/schema';

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

/** Tables of a workspace's lookups, read whole. */
export type WorkspaceListTable =
  | 'agents'
  | 'case_types'
  | 'consultants'
  | 'ctm_users'
  | 'lead_sources'
  | 'offices'
  | 'practice_areas';

/**
 * Every row of one workspace in a lookup table; in the workspace's own order (`sort_order`,
 * then id) where the table keeps one, else as stored (the caller sorts).
 */
export async function workspaceRows<Table extends WorkspaceListTable>(
  db: Db,
  table: Table,
  workspaceId: string,
  order?: 'sort_order',
): Promise<Selectable<Database[Table]>[]> {
  // Kysely cannot narrow a union of table names: each has workspace_id (and the ordered
  // ones sort_order), and the rows are handed on as the table's own.
  let query = db
    .selectFrom(table as 'case_types')
    .selectAll()
    .where('workspace_id', '=', workspaceId);
  if (order) query = query.orderBy('sort_order').orderBy('id');
  return (await query.execute()) as unknown as Selectable<Database[Table]>[];
}
