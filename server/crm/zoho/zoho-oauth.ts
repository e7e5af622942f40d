import { z } from 'zod';
import { jsonBodyOf, sendToVendor } from '../../connectors/vendor-http';
import {
  CrmCallbackRefused,
  CrmOAuthError,
  type CrmOAuthProvider,
  CrmOAuthUnavailable,
  type CrmTokens,
} from '../crm-oauth';

// Zoho's OAuth 2.0 for server-based applications (issue #33 "Zoho CRM"), as Zoho Accounts
// documents it (https://www.zoho.com/accounts/protocol/oauth/web-apps/authorization.html,
// …/access-token.html, …/access-token-expiry.html, …/revoke-token.html, and Multi DC:
// https://www.zoho.com/crm/developer/docs/api/v8/multi-dc.html):
//
// - the person is sent to {accounts}/oauth/v2/auth with client_id, response_type=code,
//   scope (comma-separated), access_type=offline and prompt=consent (so a refresh token
//   comes back), redirect_uri and state;
// - Zoho sends them back to redirect_uri with code, state, location (us, eu, in, au, jp,
//   ca, cn) and accounts-server (the data centre's accounts URL, which alone can exchange
//   the code);
// - POST {accounts-server}/oauth/v2/token (form: grant_type=authorization_code, client_id,
//   client_secret, redirect_uri, code) answers access_token, refresh_token, api_domain
//   (where the CRM API of that data centre is), token_type and expires_in (seconds);
// - POST …/oauth/v2/token (grant_type=refresh_token, refresh_token) answers a new
//   access_token; POST …/oauth/v2/token/revoke?token= ends the refresh token;
// - Zoho reports a refusal as `{"error": "invalid_code"}`, often with HTTP 200.

/**
 * The scopes the product needs: the CRM's records (spec 4 sync), its settings (fields), and
 * search (finding a record an unconfirmed write may have made, the caller by phone), which
 * Zoho's search API asks for besides the module's scope
 * (https://www.zoho.com/crm/developer/docs/api/v8/search-records.html "Scope").
 */
export const ZOHO_SCOPES = [
  'ZohoCRM.modules.ALL',
  'ZohoSearch.securesearch.READ',
  'ZohoCRM.settings.fields.READ',
  'ZohoCRM.settings.modules.READ',
  'ZohoCRM.users.READ',
  'ZohoCRM.org.READ',
];

/** The US data centre's CRM API: where calls go when a token answer names no api_domain. */
export const ZOHO_DEFAULT_API_DOMAIN = 'https://www.zohoapis.com';

/** Zoho Accounts of each data centre (Multi DC); the callback's accounts-server must be one. */
export const ZOHO_ACCOUNTS_SERVERS: Readonly<Record<string, string>> = {
  us: 'https://accounts.zoho.com',
  eu: 'https://accounts.zoho.eu',
  in: 'https://accounts.zoho.in',
  au: 'https://accounts.zoho.com.au',
  jp: 'https://accounts.zoho.jp',
  ca: 'https://accounts.zohocloud.ca',
  cn: 'https://accounts.zoho.com.cn',
};

/** A refusal by Zoho Accounts, with its error code (invalid_code, invalid_client, …). */
export class ZohoOAuthError extends CrmOAuthError {
  override name = 'ZohoOAuthError';
  constructor(code: string, grantGone: boolean) {
    super('Zoho', code, grantGone);
  }
}

/** Zoho Accounts could not be reached, or answered out of its documented shape. */
export class ZohoUnavailable extends CrmOAuthUnavailable {
  override name = 'ZohoUnavailable';
}

const tokenAnswerSchema = z.object({
  access_token: z.string().min(1),
  refresh_token: z.string().min(1).optional(),
  api_domain: z.string().url().optional(),
  expires_in: z.union([z.number(), z.string().regex(/^\d+$/)]).optional(),
});
const errorAnswerSchema = z.object({ error: z.string().min(1) });

/** Zoho's refresh answers no refresh token (the one given stays the same). */
export type ZohoTokens = CrmTokens;

export interface ZohoOAuthOptions {
  clientId: string;
  clientSecret: string;
  /** The callback's absolute URL (APP_ORIGIN's, known once the server listens). */
  redirectUri: () => string;
  /** Where people start (ZOHO_ACCOUNTS_URL): the US accounts server unless set. */
  accountsUrl: string;
  /** The accounts servers a callback may name (the data centres'; a fake's in tests). */
  accountsServers: readonly string[];
  fetch?: typeof fetch;
  now: () => Date;
}

const GRANT_GONE = new Set(['invalid_code', 'invalid_grant', 'invalid_token']);

export function createZohoOAuth(options: ZohoOAuthOptions) {
  const doFetch = options.fetch ?? fetch;
  const allowed = new Set(options.accountsServers.map((s) => s.replace(/\/+$/, '')));

  async function post(url: string, form: Record<string, string>): Promise<unknown> {
    let response: Response;
    try {
      response = await sendToVendor(
        doFetch,
        'Zoho Accounts',
        url,
        {
          method: 'POST',
          headers: {
            'content-type': 'application/x-www-form-urlencoded',
            accept: 'application/json',
          },
          body: new URLSearchParams(form).toString(),
        },
        15_000,
      );
    } catch (error) {
      throw new ZohoUnavailable(error instanceof Error ? error.message : 'Zoho Accounts failed.');
    }
    const body = await jsonBodyOf(response);
    const refusal = errorAnswerSchema.safeParse(body);
    if (refusal.success) {
      throw new ZohoOAuthError(refusal.data.error, GRANT_GONE.has(refusal.data.error));
    }
    if (!response.ok) {
      throw new ZohoUnavailable(
        `Zoho Accounts answered ${response.status} ${response.statusText}.`,
      );
    }
    return body;
  }

  function tokensOf(body: unknown): ZohoTokens {
    const parsed = tokenAnswerSchema.safeParse(body);
    if (!parsed.success)
      throw new ZohoUnavailable('Zoho Accounts answered out of its documented shape.');
    const seconds = Number(parsed.data.expires_in ?? 3600);
    return {
      accessToken: parsed.data.access_token,
      refreshToken: parsed.data.refresh_token ?? null,
      apiDomain: parsed.data.api_domain ?? null,
      expiresAt: new Date(options.now().getTime() + seconds * 1000),
    };
  }

  return {
    /** Where the person approves the connection (the accounts server they start on). */
    authorizeUrl(state: string): string {
      const url = new URL(`${options.accountsUrl.replace(/\/+$/, '')}/oauth/v2/auth`);
      url.searchParams.set('client_id', options.clientId);
      url.searchParams.set('response_type', 'code');
      url.searchParams.set('scope', ZOHO_SCOPES.join(','));
      url.searchParams.set('access_type', 'offline');
      url.searchParams.set('prompt', 'consent');
      url.searchParams.set('redirect_uri', options.redirectUri());
      url.searchParams.set('state', state);
      return url.toString();
    },

    /** The callback's accounts-server, if it is a data centre's (never a URL of its choosing). */
    accountsServerOf(given: string | undefined): string | null {
      const server = (given ?? options.accountsUrl).replace(/\/+$/, '');
      return allowed.has(server) ? server : null;
    },

    async exchange(accountsServer: string, code: string): Promise<ZohoTokens> {
      const tokens = tokensOf(
        await post(`${accountsServer}/oauth/v2/token`, {
          grant_type: 'authorization_code',
          client_id: options.clientId,
          client_secret: options.clientSecret,
          redirect_uri: options.redirectUri(),
          code,
        }),
      );
      if (!tokens.refreshToken) {
        throw new ZohoUnavailable(
          'Zoho gave no refresh token (the request lacked offline access).',
        );
      }
      return tokens;
    },

    async refresh(accountsServer: string, refreshToken: string): Promise<ZohoTokens> {
      return tokensOf(
        await post(`${accountsServer}/oauth/v2/token`, {
          grant_type: 'refresh_token',
          client_id: options.clientId,
          client_secret: options.clientSecret,
          refresh_token: refreshToken,
        }),
      );
    },

    async revoke(accountsServer: string, refreshToken: string): Promise<void> {
      const url = new URL(`${accountsServer}/oauth/v2/token/revoke`);
      url.searchParams.set('token', refreshToken);
      await post(url.toString(), {});
    },
  };
}

export type ZohoOAuth = ReturnType<typeof createZohoOAuth>;

/** Zoho's OAuth as a workspace's CRM connection uses it (crm-connections.ts). */
export function zohoOAuthProvider(zoho: ZohoOAuth): CrmOAuthProvider {
  return {
    vendor: 'zoho',
    authorizeUrl: (state) => zoho.authorizeUrl(state),
    async exchange({ code, location, accountsServer: named }) {
      // Only the data centre's accounts server can exchange the code (Multi DC): never a
      // URL of the callback's choosing.
      const accountsServer = zoho.accountsServerOf(named);
      if (!accountsServer) {
        throw new CrmCallbackRefused(
          'Zoho named an accounts server that is not one of its data centres.',
        );
      }
      const tokens = await zoho.exchange(accountsServer, code);
      return { tokens, accountsServer, location: location?.slice(0, 8) ?? null };
    },
    refresh: (grant) => zoho.refresh(grant.accountsServer, grant.refreshToken),
    revoke: (grant) => zoho.revoke(grant.accountsServer, grant.refreshToken),
  };
}
