import type { Selectable } from 'kysely';
import { z } from 'zod';
import type { CrmConnection, ZohoFieldMapping } from '@/shared/contracts/crm-connection';
import { crmOf } from '@/shared/domain/workspace-wizard';
import { zohoFieldMapping } from '@/shared/domain/zoho-field-mapping';
import type { Db } from '../db/database';
import type { CrmConnectionTable } from '../db/schema';
import { HttpError } from '../http/errors';
import { findWorkspace } from '../repositories/workspace-repository';
import type { SecretBox } from '../secrets/secret-box';
import {
  crmVendorLabel,
  CrmCallbackRefused,
  CrmOAuthError,
  type CrmOAuthProvider,
  CrmOAuthUnavailable,
  type CrmVendor,
  isCrmVendor,
} from './crm-oauth';
import { OAuthStateError, type OAuthStates } from './oauth-state';
import { createGrantAccess, type GrantAccess } from '../connectors/oauth-grants';

// A workspace's OAuth connection to its real CRM (issue #33: Zoho CRM, Keap): the
// authorization request (a signed state), the callback (the code exchanged, the tokens
// sealed), an access token for the CRM calls (refreshed a few minutes before it expires,
// one refresh at a time; a grant the vendor ended makes the connection "reconnect" and
// writes wait), and disconnecting (the grant revoked where the vendor allows it, then
// forgotten). What differs by vendor is its OAuth (crm-oauth.ts CrmOAuthProvider).

type Row = Selectable<CrmConnectionTable>;

/** A stored field mapping, read leniently: per kind, our field → Zoho's field or null. */
const fieldMappingSchema = z.record(z.string(), z.record(z.string(), z.string().nullable()));

/** The workspace has no CRM connection (never connected, or disconnected meanwhile). */
export class CrmNotConnected extends Error {
  override name = 'CrmNotConnected';
}

/** The grant is gone: the owner must approve the connection again; writes wait. */
export class CrmReconnectNeeded extends Error {
  override name = 'CrmReconnectNeeded';
}

export interface CrmConnectionsOptions {
  db: Db;
  secrets: () => SecretBox;
  states: OAuthStates;
  /** The vendors this server can connect (those whose client id and secret are set). */
  providers: Partial<Record<CrmVendor, CrmOAuthProvider>>;
  now: () => Date;
  /** A workspace was connected (or reconnected): its waiting records can go. */
  onConnected?: (workspaceId: string) => void;
  /** A workspace was disconnected: the records still waiting will not go (the outbox says so). */
  onDisconnected?: (workspaceId: string) => Promise<void>;
}

/** What a vendor's callback brings (Zoho adds location and accounts-server: Multi DC). */
export interface CrmCallback {
  code?: string;
  state?: string;
  error?: string;
  location?: string;
  accountsServer?: string;
}

/** What the callback page says after a connection: the workspace, and the way back to it. */
export interface CrmConnected {
  workspaceId: string;
  workspaceName: string;
  /** The screen the person came from: System > Workspaces for the system user, else Settings. */
  backPath: string;
}

/** An access token and the API host it is for. */
export type CrmAccess = GrantAccess;

const ended = (vendor: string) =>
  `${crmVendorLabel(vendor)} ended the connection: the owner must connect again.`;

/** Where the person who asked goes back to: the screen they connect from. */
async function connectedView(db: Db, workspaceId: string, userId: string): Promise<CrmConnected> {
  const [workspace, system] = await Promise.all([
    findWorkspace(db, workspaceId),
    db
      .selectFrom('authorizations')
      .select('id')
      .where('user_id', '=', userId)
      .where('role', '=', 'system')
      .where('status', '=', 'active')
      .executeTakeFirst(),
  ]);
  return {
    workspaceId,
    workspaceName: workspace?.attributes.name ?? 'the workspace',
    backPath: system
      ? `/app/system/workspaces?workspace=${encodeURIComponent(workspaceId)}`
      : '/app/settings/crm-connection',
  };
}

/** The workspace's CRM outbox by delivery (migration 0031). */
async function outboxCounts(db: Db, workspaceId: string) {
  const rows = await db
    .selectFrom('crm_outbox')
    .select([
      'delivery',
      (eb) => eb.fn.countAll<number>().as('n'),
      (eb) => eb.fn.max('sent_at').as('last'),
    ])
    .where('workspace_id', '=', workspaceId)
    .groupBy('delivery')
    .execute();
  const count = (...deliveries: string[]) =>
    rows.filter((r) => deliveries.includes(r.delivery)).reduce((n, r) => n + Number(r.n), 0);
  const sent = rows.find((r) => r.delivery === 'sent');
  return {
    waiting: count('pending', 'sending'),
    sent: count('sent'),
    refused: count('failed'),
    lastSentAt: sent?.last ? String(sent.last) : null,
  };
}

const findConnection = (db: Db, workspaceId: string): Promise<Row | null> =>
  db
    .selectFrom('crm_connections')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .executeTakeFirst()
    .then((row) => row ?? null);

/** The vendor's OAuth client, or 409 saying what the server's operator must set. */
function providerOrRefuse(options: CrmConnectionsOptions, vendor: string): CrmOAuthProvider {
  const provider = isCrmVendor(vendor) ? options.providers[vendor] : undefined;
  if (!provider) {
    throw new HttpError(
      409,
      vendor === 'keap'
        ? 'This server has no Keap client: set KEAP_CLIENT_ID and KEAP_CLIENT_SECRET (docs/connect-keap.md).'
        : 'This server has no Zoho client: set ZOHO_CLIENT_ID and ZOHO_CLIENT_SECRET (docs/connect-zoho-crm.md).',
    );
  }
  return provider;
}

async function setState(options: CrmConnectionsOptions, workspaceId: string, set: Partial<Row>) {
  await options.db
    .updateTable('crm_connections')
    .set({ ...set, checked_at: options.now().toISOString() })
    .where('workspace_id', '=', workspaceId)
    .execute();
}

/** Ends a stored grant at its vendor (best effort: a vendor's refusal changes nothing here). */
async function revokeGrant(options: CrmConnectionsOptions, row: Row) {
  const provider = isCrmVendor(row.vendor) ? options.providers[row.vendor] : undefined;
  await provider
    ?.revoke({
      accountsServer: row.accounts_server,
      refreshToken: options.secrets().open(row.refresh_sealed),
    })
    .catch(() => undefined);
}

/** The callback checked against the state it carries; HttpError 400 with the reason. */
function checkedCallback(options: CrmConnectionsOptions, vendor: CrmVendor, query: CrmCallback) {
  const label = crmVendorLabel(vendor);
  let request;
  try {
    request = options.states.verify(query.state ?? '');
  } catch (error) {
    if (error instanceof OAuthStateError) throw new HttpError(400, error.message);
    throw error;
  }
  if (request.vendor !== vendor) throw new HttpError(400, `The state is not for ${label}.`);
  if (query.error) throw new HttpError(400, `${label} did not grant access (${query.error}).`);
  if (!query.code) throw new HttpError(400, `${label} sent no authorization code.`);
  return { request, code: query.code };
}

/** The callback's code exchanged at the vendor; HttpError 400 (refused) or 502 (unreachable). */
async function exchangeCode(provider: CrmOAuthProvider, query: CrmCallback, code: string) {
  try {
    return await provider.exchange({
      code,
      location: query.location,
      accountsServer: query.accountsServer,
    });
  } catch (error) {
    if (error instanceof CrmCallbackRefused) throw new HttpError(400, error.message);
    if (error instanceof CrmOAuthError) {
      throw new HttpError(
        400,
        `${error.who} refused the authorization (${error.code}): start again.`,
      );
    }
    if (error instanceof CrmOAuthUnavailable) throw new HttpError(502, error.message);
    throw error;
  }
}

/**
 * A grant for another account than the workspace's own is refused, so that one firm's
 * intakes never land in another's CRM: Keap names the app a grant is for, and a Keap
 * workspace names its app (settings ifsOrgId). Nothing to compare when either is missing.
 */
async function checkAccount(
  db: Db,
  workspaceId: string,
  vendor: CrmVendor,
  account: string | null,
): Promise<void> {
  if (vendor !== 'keap' || !account) return;
  const own = (await findWorkspace(db, workspaceId))?.attributes.settings.ifsOrgId?.trim();
  if (own && own.toLowerCase() !== account.toLowerCase()) {
    throw new HttpError(
      400,
      `The Keap app approved (${account}) is not this workspace's (${own}). Sign in to the ${own} app at Keap, then connect again.`,
    );
  }
}

/**
 * The vendor's callback: the state checked, the code exchanged, the tokens sealed, a
 * replaced grant ended. Answers the workspace it connected.
 */
async function completeCallback(
  options: CrmConnectionsOptions,
  vendor: CrmVendor,
  query: CrmCallback,
): Promise<CrmConnected> {
  const { db, now } = options;
  const provider = providerOrRefuse(options, vendor);
  const { request, code } = checkedCallback(options, vendor, query);
  const grant = await exchangeCode(provider, query, code);
  await checkAccount(db, request.workspaceId, vendor, grant.account ?? null);
  const box = options.secrets();
  const at = now().toISOString();
  const previous = await findConnection(db, request.workspaceId);
  const row = {
    workspace_id: request.workspaceId,
    vendor,
    accounts_server: grant.accountsServer,
    api_domain: grant.tokens.apiDomain,
    location: grant.location,
    access_sealed: box.seal(grant.tokens.accessToken),
    access_expires_at: grant.tokens.expiresAt.toISOString(),
    refresh_sealed: box.seal(grant.tokens.refreshToken ?? ''),
    status: 'ok',
    last_error: null,
    connected_by: request.userId,
    connected_at: at,
    checked_at: at,
    // A reconnect to the same CRM keeps the workspace's field mapping.
    field_mapping: previous?.vendor === vendor ? previous.field_mapping : null,
  };
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('crm_connections').where('workspace_id', '=', row.workspace_id).execute();
    await trx.insertInto('crm_connections').values(row).execute();
  });
  // A replaced grant is ended at the vendor too (Zoho keeps at most 20 per user).
  if (previous) await revokeGrant(options, previous);
  options.onConnected?.(request.workspaceId);
  return connectedView(db, request.workspaceId, request.userId);
}

export function createCrmConnections(options: CrmConnectionsOptions) {
  const { db, now } = options;
  const find = (workspaceId: string) => findConnection(db, workspaceId);
  const grants = createGrantAccess<Row>({
    find,
    update: (workspaceId, changes) => setState(options, workspaceId, changes),
    refresh: (row, grant) => providerOrRefuse(options, row.vendor).refresh(grant),
    secrets: options.secrets,
    now,
    notConnected: () => new CrmNotConnected('This workspace is not connected to its CRM.'),
    reconnectNeeded: (vendor) => new CrmReconnectNeeded(ended(vendor)),
  });

  return {
    /** The vendor a workspace is connected to, or null (the simulated CRM). */
    async vendorOf(workspaceId: string): Promise<CrmVendor | null> {
      const row = await find(workspaceId);
      return row && isCrmVendor(row.vendor) ? row.vendor : null;
    },

    async view(workspaceId: string): Promise<CrmConnection> {
      const [row, workspace] = await Promise.all([
        find(workspaceId),
        findWorkspace(db, workspaceId),
      ]);
      const crm = workspace ? crmOf(workspace) : 'none';
      const records = row ? await outboxCounts(db, workspaceId) : null;
      return {
        workspaceId,
        crm,
        vendor: row && isCrmVendor(row.vendor) ? row.vendor : 'simulator',
        available: crm !== 'none' && options.providers[crm] !== undefined,
        connection: row
          ? {
              location: row.location,
              apiDomain: row.api_domain,
              connectedAt: row.connected_at,
              status: row.status === 'reconnect' ? 'reconnect' : 'ok',
              checkedAt: row.checked_at,
              lastError: row.last_error,
              records: records!,
            }
          : null,
      };
    },

    /** Where the owner approves the connection at the workspace's CRM. */
    async authorizeUrl(workspaceId: string, userId: string): Promise<string> {
      const workspace = await findWorkspace(db, workspaceId);
      const crm = workspace ? crmOf(workspace) : 'none';
      if (crm === 'none') {
        throw new HttpError(
          409,
          'This workspace has no CRM: choose Zoho CRM or Keap as its CRM (System > Workspaces) before connecting it.',
        );
      }
      const provider = providerOrRefuse(options, crm);
      return provider.authorizeUrl(options.states.issue({ workspaceId, vendor: crm, userId }));
    },

    /**
     * The vendor's callback: the state checked, the code exchanged, the tokens sealed.
     * Answers the workspace it connected; throws HttpError 400 with the reason for a
     * refused or forged callback (the page says it), 502 when the vendor is unreachable.
     */
    complete: (vendor: CrmVendor, query: CrmCallback) => completeCallback(options, vendor, query),

    /**
     * An access token for the workspace's CRM calls, refreshed when it is about to expire
     * (or `force`d: the CRM refused the last one). A grant the vendor ended marks the
     * connection "reconnect" and throws CrmReconnectNeeded (the caller keeps its write for
     * later); the vendor unreachable throws CrmOAuthUnavailable (retry later).
     */
    accessToken: (workspaceId: string, force = false): Promise<CrmAccess> =>
      grants.accessToken(workspaceId, force),

    /** The CRM refused the tokens themselves (401 after a fresh one): only reconnecting helps. */
    async markReconnect(workspaceId: string, why: string): Promise<void> {
      const row = await find(workspaceId);
      await setState(options, workspaceId, {
        status: 'reconnect',
        last_error:
          `${crmVendorLabel(row?.vendor)} refused the connection's access (${why}).`.slice(0, 2000),
      });
    },

    /** Where the workspace sends our fields in Zoho: its own choices over the defaults. */
    async fieldMapping(workspaceId: string): Promise<ZohoFieldMapping> {
      const row = await find(workspaceId);
      const stored = row?.field_mapping
        ? fieldMappingSchema.safeParse(JSON.parse(row.field_mapping))
        : null;
      return zohoFieldMapping(stored?.success ? stored.data : null);
    },

    /** The owner's field mapping, kept with the Zoho connection (409 without one). */
    async saveFieldMapping(workspaceId: string, mapping: ZohoFieldMapping): Promise<void> {
      const result = await db
        .updateTable('crm_connections')
        .set({ field_mapping: JSON.stringify(mapping) })
        .where('workspace_id', '=', workspaceId)
        .where('vendor', '=', 'zoho')
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) {
        throw new HttpError(
          409,
          'Connect Zoho CRM first: the field mapping is kept with the Zoho connection.',
        );
      }
    },

    /** Ends the grant at the vendor (best effort), then forgets it here whatever it says. */
    async disconnect(workspaceId: string): Promise<void> {
      const row = await find(workspaceId);
      if (!row) return;
      await revokeGrant(options, row);
      await db.deleteFrom('crm_connections').where('workspace_id', '=', workspaceId).execute();
      await options.onDisconnected?.(workspaceId);
    },
  };
}

export type CrmConnections = ReturnType<typeof createCrmConnections>;
