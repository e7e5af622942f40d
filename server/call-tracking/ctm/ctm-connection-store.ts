import type { Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { CallTrackingConnectionTable } from '../../db/schema';

// The workspace's CTM connection row (migration 0027, issue #32). The secret is stored
// sealed (server/secrets/secret-box.ts): this module never sees it plain.

export type ConnectionRow = Selectable<CallTrackingConnectionTable>;

export async function findConnection(db: Db, workspaceId: string): Promise<ConnectionRow | null> {
  const row = await db
    .selectFrom('call_tracking_connections')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .executeTakeFirst();
  return row ?? null;
}

/** Every connected workspace's row (the catch-up and the health display walk them). */
export function listConnections(db: Db): Promise<ConnectionRow[]> {
  return db.selectFrom('call_tracking_connections').selectAll().orderBy('workspace_id').execute();
}

/** Inserts or replaces the workspace's connection (connecting again replaces the keys). */
export async function saveConnection(db: Db, row: ConnectionRow): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('call_tracking_connections')
      .where('workspace_id', '=', row.workspace_id)
      .execute();
    await trx.insertInto('call_tracking_connections').values(row).execute();
  });
}

/** Forgets the connection, its sealed secret with it; false when there was none. */
export async function deleteConnection(db: Db, workspaceId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('call_tracking_connections')
    .where('workspace_id', '=', workspaceId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The outcome of the latest request to CTM: ok, or failing with CTM's words. */
export async function recordHealth(
  db: Db,
  workspaceId: string,
  at: Date,
  error: string | null,
): Promise<void> {
  await db
    .updateTable('call_tracking_connections')
    .set({
      checked_at: at.toISOString(),
      status: error === null ? 'ok' : 'failing',
      last_error: error,
    })
    .where('workspace_id', '=', workspaceId)
    .execute();
}

export async function recordWebhookArrival(db: Db, workspaceId: string, at: Date): Promise<void> {
  await db
    .updateTable('call_tracking_connections')
    .set({ last_webhook_at: at.toISOString() })
    .where('workspace_id', '=', workspaceId)
    .execute();
}

export async function saveCatchUpCursor(db: Db, workspaceId: string, cursor: string) {
  await db
    .updateTable('call_tracking_connections')
    .set({ catch_up_cursor: cursor })
    .where('workspace_id', '=', workspaceId)
    .execute();
}

/**
 * Claims the connection's catch-up until `until` (migration 0028): true when this process
 * got it (nobody held it, or the holder's lease ran out), false when another holds it.
 */
export async function claimCatchUp(db: Db, workspaceId: string, at: Date, until: Date) {
  const result = await db
    .updateTable('call_tracking_connections')
    .set({ catch_up_claimed_until: until.toISOString() })
    .where('workspace_id', '=', workspaceId)
    .where((eb) =>
      eb.or([
        eb('catch_up_claimed_until', 'is', null),
        eb('catch_up_claimed_until', '<=', at.toISOString()),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Gives the claim back (the run is over), unless it ran out and someone else holds it. */
export async function releaseCatchUp(db: Db, workspaceId: string, until: Date) {
  await db
    .updateTable('call_tracking_connections')
    .set({ catch_up_claimed_until: null })
    .where('workspace_id', '=', workspaceId)
    .where('catch_up_claimed_until', '=', until.toISOString())
    .execute();
}
