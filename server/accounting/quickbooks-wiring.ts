import type { OAuthStates } from '../crm/oauth-state';
import type { Db } from '../db/database';
import type { SecretBox } from '../secrets/secret-box';
import { type AccountingConnections, createAccountingConnections } from './accounting-connections';
import {
  createQuickBooksClient,
  QUICKBOOKS_SANDBOX_API_BASE,
} from './quickbooks/quickbooks-client';
import {
  createQuickBooksOAuth,
  QUICKBOOKS_PRODUCTION_API_BASE,
  quickBooksOAuthProvider,
} from './quickbooks/quickbooks-oauth';
import { createQuickBooksSync, type QuickBooksSync } from './quickbooks-sync';

// The server's QuickBooks Online parts (issue #33; docs/connect-quickbooks.md), built from
// its options: Intuit's OAuth client when QUICKBOOKS_CLIENT_ID and _SECRET are set, the
// workspaces' connections, and the reading of their books into the local copy.

export interface QuickBooksServerOptions {
  clientId?: string;
  clientSecret?: string;
  /** 'sandbox' reads Intuit's sandbox companies (QUICKBOOKS_ENVIRONMENT). */
  environment?: 'production' | 'sandbox';
  /** Intuit's unless set (the tests' fake). */
  authorizeUrl?: string;
  tokenUrl?: string;
  revokeUrl?: string;
  apiBase?: string;
  fetch?: typeof fetch;
  /** How often due readings are looked for (tests: rarely, they run it themselves). */
  syncPollMs?: number;
  /** false: the reading runs only when a test says (runOnce). */
  autoSync?: boolean;
}

export interface QuickBooksParts {
  connections: AccountingConnections;
  sync: QuickBooksSync;
}

export function quickBooksOf(
  options: QuickBooksServerOptions | undefined,
  deps: {
    db: Db;
    secrets: () => SecretBox;
    states: OAuthStates;
    now: () => Date;
    appOrigin: () => string | null;
    workspaceChanged: (workspaceId: string) => void;
    log: (message: string, error?: unknown) => void;
  },
): QuickBooksParts {
  const clientId = options?.clientId?.trim();
  const clientSecret = options?.clientSecret?.trim();
  if (Boolean(clientId) !== Boolean(clientSecret)) {
    throw new Error(
      'QUICKBOOKS_CLIENT_ID and QUICKBOOKS_CLIENT_SECRET go together: set both, or neither.',
    );
  }
  const apiBase =
    options?.apiBase?.trim() ||
    (options?.environment === 'sandbox'
      ? QUICKBOOKS_SANDBOX_API_BASE
      : QUICKBOOKS_PRODUCTION_API_BASE);
  const tokenUrl = options?.tokenUrl?.trim() || undefined;
  const oauth =
    clientId && clientSecret
      ? createQuickBooksOAuth({
          clientId,
          clientSecret,
          redirectUri: () => `${deps.appOrigin() ?? ''}/api/oauth/quickbooks/callback`,
          authorizeUrl: options?.authorizeUrl?.trim() || undefined,
          tokenUrl,
          revokeUrl: options?.revokeUrl?.trim() || undefined,
          fetch: options?.fetch,
          now: deps.now,
        })
      : null;
  const connections = createAccountingConnections({
    db: deps.db,
    secrets: deps.secrets,
    states: deps.states,
    provider: oauth ? quickBooksOAuthProvider(oauth, { tokenUrl, apiBase }) : null,
    now: deps.now,
    onChanged: deps.workspaceChanged,
  });
  const sync = createQuickBooksSync({
    db: deps.db,
    connections,
    async clientOf(row) {
      const { apiDomain } = await connections.accessToken(row.workspace_id);
      return createQuickBooksClient({
        apiBase: apiDomain ?? apiBase,
        realmId: row.realm_id,
        accessToken: async () => (await connections.accessToken(row.workspace_id)).token,
        refreshAccessToken: async () =>
          (await connections.accessToken(row.workspace_id, true)).token,
        fetch: options?.fetch,
      });
    },
    now: deps.now,
    log: deps.log,
    pollMs: options?.syncPollMs,
  });
  return { connections, sync };
}
