import { crmConnectionsVerdict, quickBooksVerdict } from '@/shared/domain/microservices';
import type { Db } from '../db/database';
import type { PartCheck } from './run-check';

/**
 * The workspaces' OAuth connections to their real CRM (issue #33): how many, and those
 * whose grant the vendor ended (the owner must connect again). Read from what the last
 * token refresh left: the page never spends a firm's vendor quota.
 */
export function crmConnectionsCheck(db: Db): PartCheck {
  return {
    id: 'crm-connections',
    name: 'CRM connections',
    async probe() {
      const rows = await db
        .selectFrom('crm_connections')
        .leftJoin('workspaces', 'workspaces.id', 'crm_connections.workspace_id')
        .select([
          'crm_connections.workspace_id as workspaceId',
          'crm_connections.vendor as vendor',
          'workspaces.name as name',
          'crm_connections.status as status',
          'crm_connections.last_error as error',
        ])
        .orderBy('crm_connections.workspace_id')
        .execute();
      const connected = (vendor: string) => rows.filter((r) => r.vendor === vendor).length;
      return crmConnectionsVerdict(
        { zoho: connected('zoho'), keap: connected('keap') },
        rows
          .filter((r) => r.status === 'reconnect')
          .map((r) => ({ workspace: r.name ?? r.workspaceId, error: r.error })),
      );
    },
  };
}

/**
 * The workspaces' QuickBooks companies (issue #33): their grants and how fresh the copy of
 * their books is, read from what the last reading left (the page asks Intuit nothing).
 */
export function quickBooksCheck(db: Db, now: () => Date): PartCheck {
  return {
    id: 'quickbooks',
    name: 'QuickBooks connections',
    async probe() {
      const rows = await db
        .selectFrom('accounting_connections')
        .leftJoin('workspaces', 'workspaces.id', 'accounting_connections.workspace_id')
        .select([
          'accounting_connections.workspace_id as workspaceId',
          'workspaces.name as name',
          'accounting_connections.status as status',
          'accounting_connections.synced_at as syncedAt',
          'accounting_connections.sync_error as syncError',
          'accounting_connections.connected_at as connectedAt',
        ])
        .orderBy('accounting_connections.workspace_id')
        .execute();
      return quickBooksVerdict(
        rows.map((r) => ({ ...r, workspace: r.name ?? r.workspaceId })),
        now(),
      );
    },
  };
}
