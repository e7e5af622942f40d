import type { Selectable } from 'kysely';
import type { CrmConnection } from '@/shared/contracts/crm-connection';
import type { Db } from '../db/database';
import type { CrmConnectionTable } from '../db/schema';
import { HttpError } from '../http/errors';
import { findWorkspace } from '../repositories/workspace-repository';
import { crmOf } from '@/shared/domain/workspace-wizard';
import type { SecretBox } from '../secrets/secret-box';
import { z } from 'zod';
import { OAuthStateError, type OAuthStates } from './oauth-state';
import type { ZohoFieldMapping } from '@/shared/contracts/crm-connection';
import { zohoFieldMapping } from '@/shared/domain/zoho-field-mapping';
import {
  type ZohoOAuth,
  ZohoOAuthError,
  type ZohoTokens,
  ZohoUnavailable,
} from './zoho/zoho-oauth';

// A workspace's OAuth connection to Zoho CRM (issue #33): the authorization request (a
// signed state), the callback (the code exchanged at the organisation's data centre, the
// tokens sealed), an access token for the CRM calls (refreshed a few minutes before it
// expires; a grant Zoho ended makes the connection "reconnect" and writes wait), and
// disconnecting (the refresh token revoked at Zoho, then forgotten).

type Row = Selectable<CrmConnectionTable>;

/** A stored field mapping, read leniently: per kind, our field → Zoho's field or null. */
const fieldMappingSchema = z.record(z.string(), z.record(z.string(), z.string().nullable()));

/** An access token is refreshed when it has less than this left. */
export const REFRESH_BEFORE_MS = 5 * 60 * 1000;

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
  /** null when the server has no Zoho client (ZOHO_CLIENT_ID, ZOHO_CLIENT_SECRET). */
  zoho: ZohoOAuth | null;
  now: () => Date;
  /** A workspace was connected (or reconnected): its waiting records can go. */
  onConnected?: (workspaceId: string) => void;
  /** A workspace was disconnected: the records still waiting will not go (the outbox says so). */
  onDisconnected?: (workspaceId: string) => Promise<void>;
}

/** What Zoho's callback brings (authorization.html, Multi DC). */
export interface ZohoCallback {
  code?: string;
  state?: string;
  error?: string;
  location?: string;
  accountsServer?: string;
}

/** The request the callback answers, checked; HttpError 400 with the reason otherwise. */
function checkedCallback(options: CrmConnectionsOptions, zoho: ZohoOAuth, query: ZohoCallback) {
  let request;
  try {
    request = options.states.verify(query.state ?? '');
  } catch (error) {
    if (error instanceof OAuthStateError) throw new HttpError(400, error.message);
    throw error;
  }
  if (request.vendor !== 'zoho') throw new HttpError(400, 'The state is not for Zoho.');
  if (query.error) throw new HttpError(400, `Zoho did not grant access (${query.error}).`);
  if (!query.code) throw new HttpError(400, 'Zoho sent no authorization code.');
  const accountsServer = zoho.accountsServerOf(query.accountsServer);
  if (!accountsServer) {
    throw new HttpError(400, 'Zoho named an accounts server that is not one of its data centres.');
  }
  return { request, code: query.code, accountsServer };
}

/** What the callback page says after a connection: the workspace, and the way back to it. */
export interface ZohoConnected {
  workspaceId: string;
  workspaceName: string;
  /** The screen the person came from: System > Workspaces for the system user, else Settings. */
  backPath: string;
}

/** Where the person who asked goes back to: the screen they connect from. */
async function connectedView(db: Db, workspaceId: string, userId: string): Promise<ZohoConnected> {
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

async function completeZohoCallback(
  options: CrmConnectionsOptions,
  zoho: ZohoOAuth,
  query: ZohoCallback,
): Promise<ZohoConnected> {
  const { db, now } = options;
  const { request, code, accountsServer } = checkedCallback(options, zoho, query);
  let tokens: ZohoTokens;
  try {
    tokens = await zoho.exchange(accountsServer, code);
  } catch (error) {
    if (error instanceof ZohoOAuthError) {
      throw new HttpError(400, `Zoho refused the authorization (${error.code}): start again.`);
    }
    if (error instanceof ZohoUnavailable) throw new HttpError(502, error.message);
    throw error;
  }
  const box = options.secrets();
  const at = now().toISOString();
  const previous = await findConnection(db, request.workspaceId);
  const row = {
    workspace_id: request.workspaceId,
    vendor: 'zoho',
    accounts_server: accountsServer,
    api_domain: tokens.apiDomain,
    location: query.location?.slice(0, 8) ?? null,
    access_sealed: box.seal(tokens.accessToken),
    access_expires_at: tokens.expiresAt.toISOString(),
    refresh_sealed: box.seal(tokens.refreshToken ?? ''),
    status: 'ok',
    last_error: null,
    connected_by: request.userId,
    connected_at: at,
    checked_at: at,
    // A reconnect keeps the workspace's field mapping.
    field_mapping: previous?.field_mapping ?? null,
  };
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('crm_connections').where('workspace_id', '=', row.workspace_id).execute();
    await trx.insertInto('crm_connections').values(row).execute();
  });
  // A replaced grant is ended at Zoho too (Zoho keeps at most 20 per user).
  if (previous) {
    await zoho
      .revoke(previous.accounts_server, box.open(previous.refresh_sealed))
      .catch(() => undefined);
  }
  options.onConnected?.(request.workspaceId);
  return connectedView(db, request.workspaceId, request.userId);
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

export function createCrmConnections(options: CrmConnectionsOptions) {
  const { db, now } = options;

  const find = (workspaceId: string) => findConnection(db, workspaceId);

  function zohoOrRefuse(): ZohoOAuth {
    if (!options.zoho) {
      throw new HttpError(
        409,
        'This server has no Zoho client: set ZOHO_CLIENT_ID and ZOHO_CLIENT_SECRET (docs/connect-zoho-crm.md).',
      );
    }
    return options.zoho;
  }

  async function saveTokens(row: Row, tokens: ZohoTokens) {
    const box = options.secrets();
    await db
      .updateTable('crm_connections')
      .set({
        access_sealed: box.seal(tokens.accessToken),
        access_expires_at: tokens.expiresAt.toISOString(),
        ...(tokens.refreshToken ? { refresh_sealed: box.seal(tokens.refreshToken) } : {}),
        ...(tokens.apiDomain ? { api_domain: tokens.apiDomain } : {}),
        status: 'ok',
        last_error: null,
        checked_at: now().toISOString(),
      })
      .where('workspace_id', '=', row.workspace_id)
      .execute();
  }

  return {
    async view(workspaceId: string): Promise<CrmConnection> {
      const row = await find(workspaceId);
      const records = row ? await outboxCounts(db, workspaceId) : null;
      return {
        workspaceId,
        vendor: row ? 'zoho' : 'simulator',
        zohoAvailable: options.zoho !== null,
        zoho: row
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

    /** Where the owner approves the connection at Zoho. */
    async authorizeUrl(workspaceId: string, userId: string): Promise<string> {
      const zoho = zohoOrRefuse();
      const workspace = await findWorkspace(db, workspaceId);
      if (!workspace || crmOf(workspace) !== 'zoho') {
        throw new HttpError(
          409,
          'This workspace does not use Zoho CRM: choose Zoho as its CRM (System > Workspaces) before connecting it.',
        );
      }
      return zoho.authorizeUrl(options.states.issue({ workspaceId, vendor: 'zoho', userId }));
    },

    /**
     * Zoho's callback: the state checked, the code exchanged at the organisation's data
     * centre, the tokens sealed. Answers the workspace it connected; throws HttpError 400
     * with the reason for a refused or forged callback (the page says it).
     */
    completeZoho: (query: ZohoCallback) => completeZohoCallback(options, zohoOrRefuse(), query),

    /**
     * An access token for the workspace's Zoho CRM calls, refreshed when it is about to
     * expire. A grant Zoho ended marks the connection "reconnect" and throws
     * CrmReconnectNeeded (the caller keeps its write for later); Zoho unreachable throws
     * ZohoUnavailable (retry later).
     */
    async accessToken(
      workspaceId: string,
      force = false,
    ): Promise<{ token: string; apiDomain: string | null }> {
      const row = await find(workspaceId);
      if (!row) throw new CrmNotConnected('This workspace is not connected to Zoho CRM.');
      if (row.status === 'reconnect') {
        throw new CrmReconnectNeeded('Zoho ended the connection: the owner must connect again.');
      }
      const box = options.secrets();
      if (!force && Date.parse(row.access_expires_at) - now().getTime() > REFRESH_BEFORE_MS) {
        return { token: box.open(row.access_sealed), apiDomain: row.api_domain };
      }
      const zoho = zohoOrRefuse();
      try {
        const tokens = await zoho.refresh(row.accounts_server, box.open(row.refresh_sealed));
        await saveTokens(row, tokens);
        return { token: tokens.accessToken, apiDomain: tokens.apiDomain ?? row.api_domain };
      } catch (error) {
        if (error instanceof ZohoOAuthError && error.grantGone) {
          await db
            .updateTable('crm_connections')
            .set({
              status: 'reconnect',
              last_error: `Zoho ended the connection (${error.code}).`,
              checked_at: now().toISOString(),
            })
            .where('workspace_id', '=', workspaceId)
            .execute();
          throw new CrmReconnectNeeded('Zoho ended the connection: the owner must connect again.');
        }
        if (error instanceof ZohoOAuthError || error instanceof ZohoUnavailable) {
          await db
            .updateTable('crm_connections')
            .set({ last_error: error.message, checked_at: now().toISOString() })
            .where('workspace_id', '=', workspaceId)
            .execute();
        }
        throw error;
      }
    },

    /** Zoho refused the tokens themselves (401 after a fresh one): only reconnecting helps. */
    async markReconnect(workspaceId: string, why: string): Promise<void> {
      await db
        .updateTable('crm_connections')
        .set({
          status: 'reconnect',
          last_error: `Zoho refused the connection's access (${why}).`.slice(0, 2000),
          checked_at: now().toISOString(),
        })
        .where('workspace_id', '=', workspaceId)
        .execute();
    },

    /** Where the workspace sends our fields in Zoho: its own choices over the defaults. */
    async fieldMapping(workspaceId: string): Promise<ZohoFieldMapping> {
      const row = await find(workspaceId);
      const stored = row?.field_mapping
        ? fieldMappingSchema.safeParse(JSON.parse(row.field_mapping))
        : null;
      return zohoFieldMapping(stored?.success ? stored.data : null);
    },

    /** The owner's field mapping, kept with the connection (409 without one). */
    async saveFieldMapping(workspaceId: string, mapping: ZohoFieldMapping): Promise<void> {
      const result = await db
        .updateTable('crm_connections')
        .set({ field_mapping: JSON.stringify(mapping) })
        .where('workspace_id', '=', workspaceId)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) {
        throw new HttpError(
          409,
          'Connect Zoho CRM first: the field mapping is kept with the connection.',
        );
      }
    },

    /** Revokes the refresh token at Zoho (best effort: forgotten here whatever Zoho says). */
    async disconnect(workspaceId: string): Promise<void> {
      const row = await find(workspaceId);
      if (!row) return;
      if (options.zoho) {
        await options.zoho
          .revoke(row.accounts_server, options.secrets().open(row.refresh_sealed))
          .catch(() => undefined);
      }
      await db.deleteFrom('crm_connections').where('workspace_id', '=', workspaceId).execute();
      await options.onDisconnected?.(workspaceId);
    },
  };
}

export type CrmConnections = ReturnType<typeof createCrmConnections>;
