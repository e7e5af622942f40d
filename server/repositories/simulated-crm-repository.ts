import type { Db } from '../db/database';

// The simulated CRM's outage switch (not in the spec): one row per workspace whose
// simulated CRM is down, since when and set by whom.

export interface SimulatedCrmOutage {
  outage: boolean;
  since: string | null;
}

export async function findSimulatedCrmOutage(
  db: Db,
  workspaceId: string,
): Promise<SimulatedCrmOutage> {
  const row = await db
    .selectFrom('simulated_crm_outages')
    .select('since')
    .where('workspace_id', '=', workspaceId)
    .executeTakeFirst();
  return { outage: row !== undefined, since: row?.since ?? null };
}

/** Turns the outage on; one already on keeps its start and setter. */
export async function startSimulatedCrmOutage(
  db: Db,
  workspaceId: string,
  setBy: string,
  since: string,
): Promise<void> {
  await db
    .insertInto('simulated_crm_outages')
    .values({ workspace_id: workspaceId, set_by: setBy, since })
    .onConflict((oc) => oc.column('workspace_id').doNothing())
    .execute();
}

export async function endSimulatedCrmOutage(db: Db, workspaceId: string): Promise<void> {
  await db.deleteFrom('simulated_crm_outages').where('workspace_id', '=', workspaceId).execute();
}
