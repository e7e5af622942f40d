import { sql } from 'kysely';
import type { Db } from '../db/database';

/** The outside systems a workspace connects to whose failures make its health "attention". */
export type ConnectorKind = 'callTracking' | 'crm' | 'quickBooks';

// The stored records System > Workspaces computes each workspace's health from (issue #16,
// server/routes/system-workspaces.ts): a few grouped reads over every listed workspace.

/** The health records of these workspaces; sessions started before `oldestLiveSession` are over. */
export async function loadWorkspaceHealthRecords(
  db: Db,
  ids: readonly string[],
  oldestLiveSession: string,
): Promise<{
  authorizations: { workspace_id: string | null; user_id: string; role: string; status: string }[];
  invitations: { workspace_id: string; user_id: string; accepted_at: string | null }[];
  /** Live sessions (refresh families) of the workspaces' active users. */
  sessions: { workspace_id: string | null; id: string }[];
  /** The newest contact of each workspace that has any. */
  lastRecords: { workspace_id: string; last: unknown }[];
  /** Open async record failures, per workspace that has any. */
  failures: { workspace_id: string; open: number }[];
  /**
   * Connections that need someone: a CTM connection whose last request failed (issue #32),
   * a CRM connection whose grant the vendor ended, a QuickBooks connection ended or whose
   * books could not be read (issue #33); with the vendor's words ('reconnect' for an ended
   * QuickBooks grant).
   */
  connectorProblems: {
    workspace_id: string;
    connector: ConnectorKind;
    last_error: string | null;
  }[];
}> {
  const list = [...ids];
  const [authorizations, invitations, sessions, lastRecords, failures, connectorProblems] =
    await Promise.all([
      db
        .selectFrom('authorizations')
        .select(['workspace_id', 'user_id', 'role', 'status'])
        .where('workspace_id', 'in', list)
        .execute(),
      db
        .selectFrom('user_invitations')
        .select(['workspace_id', 'user_id', 'accepted_at'])
        .where('workspace_id', 'in', list)
        .execute(),
      db
        .selectFrom('refresh_families')
        .innerJoin('authorizations', 'authorizations.user_id', 'refresh_families.user_id')
        .select(['authorizations.workspace_id', 'refresh_families.id'])
        .where('authorizations.workspace_id', 'in', list)
        .where('authorizations.status', '=', 'active')
        .where('refresh_families.revoked_at', 'is', null)
        .where('refresh_families.started_at', '>', oldestLiveSession)
        .execute(),
      db
        .selectFrom('contacts')
        .select(['workspace_id', (eb) => eb.fn.max('created_at').as('last')])
        .where('workspace_id', 'in', list)
        .groupBy('workspace_id')
        .execute(),
      db
        .selectFrom('async_record_failures')
        .select(['workspace_id', (eb) => eb.fn.countAll<number>().as('open')])
        .where('workspace_id', 'in', list)
        .where('status', '=', 'open')
        .groupBy('workspace_id')
        .execute(),
      db
        .selectFrom('call_tracking_connections')
        .select(['workspace_id', sql<ConnectorKind>`'callTracking'`.as('connector'), 'last_error'])
        .where('workspace_id', 'in', list)
        .where('status', '=', 'failing')
        .unionAll(
          db
            .selectFrom('crm_connections')
            .select(['workspace_id', sql<ConnectorKind>`'crm'`.as('connector'), 'last_error'])
            .where('workspace_id', 'in', list)
            .where('status', '=', 'reconnect'),
        )
        // A QuickBooks grant ended ('reconnect'), or the books' last reading failed.
        .unionAll(
          db
            .selectFrom('accounting_connections')
            .select((eb) => [
              'workspace_id',
              sql<ConnectorKind>`'quickBooks'`.as('connector'),
              eb
                .case()
                .when('status', '=', 'reconnect')
                .then('reconnect')
                .else(eb.ref('sync_error'))
                .end()
                .as('last_error'),
            ])
            .where('workspace_id', 'in', list)
            .where((eb) =>
              eb.or([eb('status', '=', 'reconnect'), eb('sync_error', 'is not', null)]),
            ),
        )
        .execute(),
    ]);
  return {
    authorizations,
    invitations,
    sessions,
    lastRecords,
    failures,
    connectorProblems,
  };
}
