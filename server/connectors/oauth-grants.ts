import {
  CrmOAuthError,
  CrmOAuthUnavailable,
  type CrmTokens,
  type StoredGrant,
} from '../crm/crm-oauth';
import type { SecretBox } from '../secrets/secret-box';

// An OAuth 2.0 grant kept for a workspace, used by its connections to outside systems
// (issue #33: the CRM's in crm_connections, the accounting company's in
// accounting_connections): an access token for the calls, refreshed a few minutes before
// it expires, one refresh at a time per workspace (vendors that rotate refresh tokens,
// Keap and Intuit, take one at a time), kept sealed; a grant the vendor ended makes the
// connection "reconnect", and only the owner approving again helps. What differs is the
// table (the store) and the vendor's refresh.

/** An access token is refreshed when it has less than this left. */
export const REFRESH_BEFORE_MS = 5 * 60 * 1000;

/** The columns every connection table keeps of its grant. */
export interface GrantRow {
  workspace_id: string;
  vendor: string;
  accounts_server: string;
  api_domain: string | null;
  access_sealed: string;
  access_expires_at: string;
  refresh_sealed: string;
  /** ok, or reconnect (the grant is gone). */
  status: string;
}

export type GrantChanges = Partial<
  Pick<GrantRow, 'access_sealed' | 'access_expires_at' | 'refresh_sealed' | 'api_domain' | 'status'>
> & { last_error?: string | null };

/** An access token and the API host it is for. */
export interface GrantAccess {
  token: string;
  apiDomain: string | null;
}

export interface GrantAccessOptions<R extends GrantRow> {
  find(workspaceId: string): Promise<R | null>;
  /** Stores the changes (and when the connection was last checked). */
  update(workspaceId: string, changes: GrantChanges): Promise<void>;
  /** The vendor's refresh of this row's grant (crm-oauth.ts providers' refresh). */
  refresh(row: R, grant: StoredGrant): Promise<CrmTokens>;
  secrets: () => SecretBox;
  now: () => Date;
  /** The error for a workspace without a connection. */
  notConnected(): Error;
  /** The error for a grant the vendor ended (the caller keeps its work for later). */
  reconnectNeeded(vendor: string): Error;
}

export function createGrantAccess<R extends GrantRow>(options: GrantAccessOptions<R>) {
  /** Refreshes under way, by workspace. */
  const refreshing = new Map<string, Promise<GrantAccess>>();

  /**
   * One refresh of the row's tokens, kept sealed. A refused refresh token is the end of
   * the grant only if it is still the stored one: with a vendor that rotates them, another
   * server of the cluster may have refreshed a moment ago, and its new tokens are the answer.
   */
  async function refreshGrant(row: R): Promise<GrantAccess> {
    const box = options.secrets();
    const refreshToken = box.open(row.refresh_sealed);
    try {
      const tokens = await options.refresh(row, {
        accountsServer: row.accounts_server,
        refreshToken,
      });
      await options.update(row.workspace_id, {
        access_sealed: box.seal(tokens.accessToken),
        access_expires_at: tokens.expiresAt.toISOString(),
        ...(tokens.refreshToken ? { refresh_sealed: box.seal(tokens.refreshToken) } : {}),
        ...(tokens.apiDomain ? { api_domain: tokens.apiDomain } : {}),
        status: 'ok',
        last_error: null,
      });
      return { token: tokens.accessToken, apiDomain: tokens.apiDomain ?? row.api_domain };
    } catch (error) {
      if (error instanceof CrmOAuthError && error.grantGone) {
        const stored = await options.find(row.workspace_id);
        if (stored && stored.status === 'ok' && box.open(stored.refresh_sealed) !== refreshToken) {
          return { token: box.open(stored.access_sealed), apiDomain: stored.api_domain };
        }
        await options.update(row.workspace_id, {
          status: 'reconnect',
          last_error: `${error.who} ended the connection (${error.code}).`,
        });
        throw options.reconnectNeeded(row.vendor);
      }
      if (error instanceof CrmOAuthError || error instanceof CrmOAuthUnavailable) {
        await options.update(row.workspace_id, { last_error: error.message });
      }
      throw error;
    }
  }

  return {
    /**
     * An access token for the workspace's calls, refreshed when it is about to expire (or
     * `force`d: the vendor refused the last one). A grant the vendor ended marks the
     * connection "reconnect" and throws `reconnectNeeded`; the vendor unreachable throws
     * CrmOAuthUnavailable (retry later).
     */
    async accessToken(workspaceId: string, force = false): Promise<GrantAccess> {
      const row = await options.find(workspaceId);
      if (!row) throw options.notConnected();
      if (row.status === 'reconnect') throw options.reconnectNeeded(row.vendor);
      const left = Date.parse(row.access_expires_at) - options.now().getTime();
      if (!force && left > REFRESH_BEFORE_MS) {
        return { token: options.secrets().open(row.access_sealed), apiDomain: row.api_domain };
      }
      let pending = refreshing.get(workspaceId);
      if (!pending) {
        pending = refreshGrant(row).finally(() => refreshing.delete(workspaceId));
        refreshing.set(workspaceId, pending);
      }
      return pending;
    },
  };
}
