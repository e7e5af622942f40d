import type { Kysely } from 'kysely';

/**
 * Issue #28 "Missed calls to return" (GET ctm/missed-calls, server/call-tracking/call-store.ts
 * missedCallsOfAgent) reads two ranges of a workspace's calls, which otherwise scan every
 * call the workspace ever had (the demo's background callers add thousands):
 *
 * - `ctm_calls (workspace_id, agent_id, started_at)`: the agent's calls of the last 14
 *   days, newest first, of which the missed ones are kept;
 * - `ctm_calls (workspace_id, started_at)`: the workspace's calls since the oldest of them,
 *   which tell whether a missed call was returned (a call placed to that number, or the
 *   caller taken on a later call).
 *
 * Indexes only; nothing to backfill. Imports no app code.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('ctm_calls_agent_started_idx')
    .on('ctm_calls')
    .columns(['workspace_id', 'agent_id', 'started_at'])
    .execute();
  await db.schema
    .createIndex('ctm_calls_workspace_started_idx')
    .on('ctm_calls')
    .columns(['workspace_id', 'started_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('ctm_calls_workspace_started_idx').ifExists().execute();
  await db.schema.dropIndex('ctm_calls_agent_started_idx').ifExists().execute();
}
