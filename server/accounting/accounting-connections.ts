import type { Selectable } from 'kysely';
import type { AccountingConnection } from '@/shared/contracts/accounting-connection';
import { hasQuickBooks } from '@/shared/domain/workspace-features';
import { createGrantAccess, type GrantAccess, type GrantChanges } from '../connectors/oauth-grants';
import { CrmCallbackRefused, CrmOAuthError, CrmOAuthUnavailable } from '../crm/crm-oauth';
import { OAuthStateError, type OAuthStates } from '../crm/oauth-state';
import type { Db } from '../db/database';
import type { AccountingConnectionTable } from '../db/schema';
import { HttpError } from '../http/errors';
import { findWorkspace } from '../repositories/workspace-repository';
import type { SecretBox } from '../secrets/secret-box';
import type { AccountingOAuthProvider } from './quickbooks/quickbooks-oauth';

// A workspace's connection to its QuickBooks Online company (issue #33 "QuickBooks
// Online"; docs/connect-quickbooks.md): the owner approves it at Intuit, the callback's
// code is exchanged for tokens (sealed) and the company (realmId) kept, the access token
// is refreshed as oauth-grants.ts says, and disconnecting revokes the grant and forgets
// it with the local copy of the books. The copy itself is read by quickbooks-sync.ts.

type Row = Selectable<AccountingConnectionTable>;

/** The workspace has no QuickBooks connection. */
export class AccountingNotConnected extends Error {
  override name = 'AccountingNotConnected';
}

/** Intuit ended the grant: the owner must connect again; the copy stays as it was. */
export class AccountingReconnectNeeded extends Error {
  override name = 'AccountingReconnectNeeded';
}

const ENDED =
  'QuickBooks ended the connection: the owner must connect again (the reports keep the last copy meanwhile).';

/** The tables of the local copy, emptied when the workspace is disconnected. */
export const QUICKBOOKS_COPY_TABLES = [
  'qbo_customers',
  'qbo_invoices',
  'qbo_payment_lines',
  'qbo_plans',
  'qbo_balances',
] as const;

export interface AccountingConnectionsOptions {
  db: Db;
  secrets: () => SecretBox;
  states: OAuthStates;
  /** Intuit's OAuth client; null when the server's operator has not set one. */
  provider: AccountingOAuthProvider | null;
  now: () => Date;
  /** Connected, or disconnected: the workspace's sessions load it again. */
  onChanged?: (workspaceId: string) => void;
}

/** What Intuit's callback brings (RFC 6749 §4.1.2, and the company's realmId). */
export interface AccountingCallback {
  code?: string;
  state?: string;
  error?: string;
  realmId?: string;
}

const findConnection = (db: Db, workspaceId: string): Promise<Row | null> =>
  db
    .selectFrom('accounting_connections')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .executeTakeFirst()
    .then((row) => row ?? null);

async function copyCounts(db: Db, workspaceId: string) {
  const count = (table: 'qbo_invoices' | 'qbo_customers' | 'qbo_plans') =>
    db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('workspace_id', '=', workspaceId)
      .executeTakeFirst()
      .then((row) => Number(row?.n ?? 0));
  const [invoices, customers, plans] = await Promise.all([
    count('qbo_invoices'),
    count('qbo_customers'),
    count('qbo_plans'),
  ]);
  return { invoices, customers, plans };
}

/** Intuit's client, or 409 saying what the server's operator must set. */
function providerOf(options: AccountingConnectionsOptions): AccountingOAuthProvider {
  if (!options.provider) {
    throw new HttpError(
      409,
      'This server has no QuickBooks client: set QUICKBOOKS_CLIENT_ID and QUICKBOOKS_CLIENT_SECRET (docs/connect-quickbooks.md).',
    );
  }
  return options.provider;
}

/** The state checked, the code exchanged, the realm named; HttpError 400 or 502 saying why. */
async function exchange(options: AccountingConnectionsOptions, query: AccountingCallback) {
  let request;
  try {
    request = options.states.verify(query.state ?? '');
  } catch (error) {
    if (error instanceof OAuthStateError) throw new HttpError(400, error.message);
    throw error;
  }
  if (request.vendor !== 'quickbooks') throw new HttpError(400, 'The state is not for QuickBooks.');
  if (query.error) throw new HttpError(400, `QuickBooks did not grant access (${query.error}).`);
  if (!query.code) throw new HttpError(400, 'QuickBooks sent no authorization code.');
  try {
    const grant = await providerOf(options).exchange({ code: query.code, realmId: query.realmId });
    return { request, grant };
  } catch (error) {
    if (error instanceof CrmCallbackRefused) throw new HttpError(400, error.message);
    if (error instanceof CrmOAuthError) {
      throw new HttpError(400, `Intuit refused the authorization (${error.code}): start again.`);
    }
    if (error instanceof CrmOAuthUnavailable) throw new HttpError(502, error.message);
    throw error;
  }
}

/** Ends a stored grant at Intuit (best effort: its refusal changes nothing here). */
async function revoke(options: AccountingConnectionsOptions, row: Row) {
  await options.provider
    ?.revoke({
      accountsServer: row.accounts_server,
      refreshToken: options.secrets().open(row.refresh_sealed),
    })
    .catch(() => undefined);
}

/** Forgets the workspace's connection (and its copy of the books, unless `keepCopy`). */
async function forget(
  db: Db,
  workspaceId: string,
  keepCopy: boolean,
  trxWork?: (trx: Db) => Promise<void>,
) {
  await db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('accounting_connections')
      .where('workspace_id', '=', workspaceId)
      .execute();
    if (!keepCopy) {
      for (const table of QUICKBOOKS_COPY_TABLES) {
        await trx.deleteFrom(table).where('workspace_id', '=', workspaceId).execute();
      }
    }
    await trxWork?.(trx);
  });
}

export function createAccountingConnections(options: AccountingConnectionsOptions) {
  const { db, now } = options;
  const find = (workspaceId: string) => findConnection(db, workspaceId);
  const update = async (workspaceId: string, changes: GrantChanges | Partial<Row>) => {
    await db
      .updateTable('accounting_connections')
      .set({ ...changes, checked_at: now().toISOString() })
      .where('workspace_id', '=', workspaceId)
      .execute();
  };
  const provider = () => providerOf(options);
  const grants = createGrantAccess<Row>({
    find,
    update,
    refresh: (_row, grant) => provider().refresh(grant),
    secrets: options.secrets,
    now,
    notConnected: () =>
      new AccountingNotConnected('This workspace is not connected to QuickBooks.'),
    reconnectNeeded: () => new AccountingReconnectNeeded(ENDED),
  });

  return {
    find,

    async view(workspaceId: string): Promise<AccountingConnection> {
      const [row, workspace] = await Promise.all([
        find(workspaceId),
        findWorkspace(db, workspaceId),
      ]);
      return {
        workspaceId,
        usesQuickBooks: hasQuickBooks(workspace),
        available: options.provider !== null,
        connection: row
          ? {
              companyName: row.company_name,
              realmId: row.realm_id,
              connectedAt: row.connected_at,
              status: row.status === 'reconnect' ? 'reconnect' : 'ok',
              checkedAt: row.checked_at,
              lastError: row.last_error,
              syncedAt: row.synced_at,
              syncError: row.sync_error,
              syncing: row.sync_requested_at !== null || row.synced_at === null,
              copy: await copyCounts(db, workspaceId),
            }
          : null,
      };
    },

    /** Where the owner approves the connection at Intuit. */
    async authorizeUrl(workspaceId: string, userId: string): Promise<string> {
      const workspace = await findWorkspace(db, workspaceId);
      if (!hasQuickBooks(workspace)) {
        throw new HttpError(
          409,
          'This workspace does not use QuickBooks: turn QuickBooks on in its settings (System > Workspaces) before connecting it.',
        );
      }
      const state = options.states.issue({ workspaceId, vendor: 'quickbooks', userId });
      return provider().authorizeUrl(state);
    },

    /**
     * Intuit's callback: the grant kept (a replaced one revoked), a first reading of the
     * books asked for. Answers the workspace and where its person goes back to.
     */
    async complete(query: AccountingCallback) {
      const { request, grant } = await exchange(options, query);
      const box = options.secrets();
      const at = now().toISOString();
      const previous = await find(request.workspaceId);
      const row: Row = {
        workspace_id: request.workspaceId,
        vendor: 'quickbooks',
        realm_id: grant.account,
        company_name: null,
        accounts_server: grant.accountsServer,
        api_domain: grant.tokens.apiDomain,
        access_sealed: box.seal(grant.tokens.accessToken),
        access_expires_at: grant.tokens.expiresAt.toISOString(),
        refresh_sealed: box.seal(grant.tokens.refreshToken),
        status: 'ok',
        last_error: null,
        connected_by: request.userId,
        connected_at: at,
        checked_at: at,
        synced_at: null,
        sync_error: null,
        sync_requested_at: at,
        sync_claimed_until: null,
      };
      // Another company's copy is not this one's.
      const keepCopy = !previous || previous.realm_id === row.realm_id;
      await forget(db, row.workspace_id, keepCopy, async (trx) => {
        await trx.insertInto('accounting_connections').values(row).execute();
      });
      if (previous) await revoke(options, previous);
      options.onChanged?.(request.workspaceId);
      const workspace = await findWorkspace(db, request.workspaceId);
      return {
        workspaceId: request.workspaceId,
        workspaceName: workspace?.attributes.name ?? 'the workspace',
      };
    },

    accessToken: (workspaceId: string, force = false): Promise<GrantAccess> =>
      grants.accessToken(workspaceId, force),

    /** Intuit refused the tokens themselves (401 after a fresh one): only reconnecting helps. */
    async markReconnect(workspaceId: string, why: string): Promise<void> {
      await update(workspaceId, {
        status: 'reconnect',
        last_error: `QuickBooks refused the connection's access (${why}).`.slice(0, 2000),
      });
    },

    /** Asks for a reading of the books now (Refresh now). 409 while not connected. */
    async requestSync(workspaceId: string): Promise<void> {
      const result = await db
        .updateTable('accounting_connections')
        .set({ sync_requested_at: now().toISOString() })
        .where('workspace_id', '=', workspaceId)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) {
        throw new HttpError(409, 'Connect QuickBooks first.');
      }
    },

    /** Ends the grant at Intuit (best effort), then forgets it and the copy of the books. */
    async disconnect(workspaceId: string): Promise<void> {
      const row = await find(workspaceId);
      if (!row) return;
      await revoke(options, row);
      await forget(db, workspaceId, false);
      options.onChanged?.(workspaceId);
    },
  };
}

export type AccountingConnections = ReturnType<typeof createAccountingConnections>;
