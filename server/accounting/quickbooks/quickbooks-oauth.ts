import { z } from 'zod';
import { jsonBodyOf, sendToVendor } from '../../connectors/vendor-http';
import {
  CrmCallbackRefused,
  type CrmGrant,
  CrmOAuthError,
  CrmOAuthUnavailable,
  type CrmTokens,
  type StoredGrant,
} from '../../crm/crm-oauth';

// Intuit's OAuth 2.0 for QuickBooks Online (issue #33 "QuickBooks: OAuth 2.0"), as Intuit
// documents it (https://developer.intuit.com/app/developer/qbo/docs/develop/authentication-and-authorization/oauth-2.0,
// its discovery document https://developer.intuit.com/app/developer/qbo/docs/develop/authentication-and-authorization/oauth-openid-discovery-doc,
// and the FAQ https://developer.intuit.com/app/developer/qbo/docs/develop/authentication-and-authorization/faq)
// and as Intuit's own Node.js client does it (github.com/intuit/oauth-jsclient
// src/OAuthClient.js: authorizeUri, createToken, refreshUsingToken, revoke):
//
// - the person is sent to https://appcenter.intuit.com/connect/oauth2 (the discovery
//   document's authorization_endpoint) with client_id, response_type=code, scope
//   (com.intuit.quickbooks.accounting for the Accounting API), redirect_uri and state;
// - Intuit sends them back to redirect_uri with `code`, `state` and `realmId`, "the
//   unique ID of the connected user's QuickBooks Online company … Use the realmId for
//   subsequent API endpoint URLs" (step "Get the authorization code" of the OAuth 2.0
//   page; realmId comes for the Accounting and Payments scopes only);
// - POST https://oauth.platform.intuit.com/oauth2/v1/tokens/bearer (token_endpoint),
//   form-encoded, the client authenticated by `Authorization: Basic base64(client_id:
//   client_secret)`: grant_type=authorization_code with code and redirect_uri, or
//   grant_type=refresh_token with refresh_token; it answers access_token, refresh_token,
//   token_type "bearer", expires_in (3600: "Access tokens are valid for 3600 seconds")
//   and x_refresh_token_expires_in (the refresh token's remaining lifetime, seconds);
// - the refresh token rotates: "get a fresh one using the latest refresh_token returned
//   to you from the previous request" (FAQ); each answer's refresh token replaces the last;
// - POST https://developer.api.intuit.com/v2/oauth2/tokens/revoke (revocation_endpoint),
//   the client in a Basic header, JSON {"token": refresh or access token} (oauth-jsclient
//   `revoke`), ends the connection;
// - a refusal is RFC 6749 §5.2's {error, error_description}: invalid_grant for a code or
//   refresh token that is used, expired or revoked (oauth-jsclient README, "invalid_grant:
//   Authorization grant is invalid, expired, or revoked … Redirect user to authorization
//   URL"; its test mock {"error_description": "Token invalid", "error": "invalid_grant"}).
//
// ASSUMED (kept here):
// - a realmId is digits only (every realmId Intuit's pages and SDK samples show is); one
//   that is not is refused before anything is sent, since it goes into every API path.
// - an answer without expires_in lives 3600 seconds (the FAQ's lifetime); one without
//   x_refresh_token_expires_in leaves the refresh token's end unknown (null).
// - the revocation endpoint answers 2xx when it ended the grant and RFC 6749's
//   {error} when it refuses; Intuit's pages show no refusal of it.

export const INTUIT_AUTHORIZE_URL = 'https://appcenter.intuit.com/connect/oauth2';
export const INTUIT_TOKEN_URL = 'https://oauth.platform.intuit.com/oauth2/v1/tokens/bearer';
export const INTUIT_REVOKE_URL = 'https://developer.api.intuit.com/v2/oauth2/tokens/revoke';
/** The scope of the QuickBooks Online Accounting API. */
export const QUICKBOOKS_ACCOUNTING_SCOPE = 'com.intuit.quickbooks.accounting';
/** How long an access token lives when the answer does not say (one hour). */
export const INTUIT_DEFAULT_ACCESS_SECONDS = 60 * 60;
/** The Accounting API of production companies (sandbox: sandbox-quickbooks.api.intuit.com). */
export const QUICKBOOKS_PRODUCTION_API_BASE = 'https://quickbooks.api.intuit.com';

/** A realmId as Intuit gives them (see ASSUMED above). */
export const QUICKBOOKS_REALM_ID = /^\d{1,32}$/;

/** A refusal by Intuit's OAuth server, with its error code (invalid_grant, …). */
export class QuickBooksOAuthError extends CrmOAuthError {
  override name = 'QuickBooksOAuthError';
  /** grantGone: the grant itself is gone (revoked, expired, rotated): only reconnecting helps. */
  constructor(code: string, grantGone: boolean) {
    super('Intuit', code, grantGone);
  }
}

/** Intuit's OAuth server could not be reached, or answered out of its documented shape. */
export class QuickBooksUnavailable extends CrmOAuthUnavailable {
  override name = 'QuickBooksUnavailable';
}

const seconds = z.union([z.number().int().positive(), z.string().regex(/^\d+$/)]);
const tokenAnswerSchema = z.object({
  access_token: z.string().min(1),
  refresh_token: z.string().min(1),
  token_type: z.string().nullish(),
  expires_in: seconds.nullish(),
  x_refresh_token_expires_in: seconds.nullish(),
});
const errorAnswerSchema = z.object({ error: z.string().min(1) });

export interface QuickBooksTokens {
  accessToken: string;
  /** Always present: Intuit rotates refresh tokens, so each answer's replaces the last. */
  refreshToken: string;
  expiresAt: Date;
  /** When the refresh token stops working (x_refresh_token_expires_in); null if not said. */
  refreshTokenExpiresAt: Date | null;
}

/** The callback's code exchanged: the tokens and the company (realm) they are for. */
export interface QuickBooksGrant {
  tokens: QuickBooksTokens;
  realmId: string;
}

export interface QuickBooksOAuthOptions {
  clientId: string;
  clientSecret: string;
  /** The callback's absolute URL (APP_ORIGIN's, known once the server listens). */
  redirectUri: () => string;
  /** Intuit's unless set (a fake's in tests). */
  authorizeUrl?: string;
  tokenUrl?: string;
  revokeUrl?: string;
  fetch?: typeof fetch;
  now: () => Date;
}

/** Codes that mean the grant is gone (RFC 6749 §5.2: invalid_grant). */
const GRANT_GONE = new Set(['invalid_grant']);

export function createQuickBooksOAuth(options: QuickBooksOAuthOptions) {
  const doFetch = options.fetch ?? fetch;
  const tokenUrl = options.tokenUrl ?? INTUIT_TOKEN_URL;
  const revokeUrl = options.revokeUrl ?? INTUIT_REVOKE_URL;
  const basic = `Basic ${Buffer.from(`${options.clientId}:${options.clientSecret}`).toString('base64')}`;

  /** One POST to Intuit's OAuth server; its JSON (undefined when empty), or the refusal. */
  async function post(url: string, body: string, contentType: string): Promise<unknown> {
    let response: Response;
    try {
      response = await sendToVendor(
        doFetch,
        'Intuit',
        url,
        {
          method: 'POST',
          headers: {
            'content-type': contentType,
            accept: 'application/json',
            authorization: basic,
          },
          body,
        },
        15_000,
      );
    } catch (error) {
      throw new QuickBooksUnavailable(error instanceof Error ? error.message : 'Intuit failed.');
    }
    const answer = await jsonBodyOf(response);
    if (response.status >= 500) {
      throw new QuickBooksUnavailable(`Intuit answered ${response.status} ${response.statusText}.`);
    }
    const refusal = errorAnswerSchema.safeParse(answer);
    if (refusal.success) {
      throw new QuickBooksOAuthError(refusal.data.error, GRANT_GONE.has(refusal.data.error));
    }
    if (!response.ok) {
      throw new QuickBooksUnavailable(`Intuit answered ${response.status} ${response.statusText}.`);
    }
    return answer;
  }

  const postForm = (form: Record<string, string>) =>
    post(tokenUrl, new URLSearchParams(form).toString(), 'application/x-www-form-urlencoded');

  function tokensOf(body: unknown): QuickBooksTokens {
    const parsed = tokenAnswerSchema.safeParse(body);
    if (!parsed.success) {
      throw new QuickBooksUnavailable(
        'Intuit answered out of its documented shape (a token answer needs access_token and refresh_token).',
      );
    }
    const now = options.now().getTime();
    const access = Number(parsed.data.expires_in ?? INTUIT_DEFAULT_ACCESS_SECONDS);
    const refresh = parsed.data.x_refresh_token_expires_in;
    return {
      accessToken: parsed.data.access_token,
      refreshToken: parsed.data.refresh_token,
      expiresAt: new Date(now + access * 1000),
      refreshTokenExpiresAt:
        refresh === null || refresh === undefined ? null : new Date(now + Number(refresh) * 1000),
    };
  }

  return {
    /** Where the person approves the connection to their QuickBooks company. */
    authorizeUrl(state: string): string {
      const url = new URL(options.authorizeUrl ?? INTUIT_AUTHORIZE_URL);
      url.searchParams.set('client_id', options.clientId);
      url.searchParams.set('response_type', 'code');
      url.searchParams.set('scope', QUICKBOOKS_ACCOUNTING_SCOPE);
      url.searchParams.set('redirect_uri', options.redirectUri());
      url.searchParams.set('state', state);
      return url.toString();
    },

    /**
     * The callback's code for tokens; `realmId` is the company the callback named, checked
     * before anything is sent (CrmCallbackRefused).
     */
    async exchange(code: string, realmId: string): Promise<QuickBooksGrant> {
      if (!QUICKBOOKS_REALM_ID.test(realmId)) {
        throw new CrmCallbackRefused('Intuit named no QuickBooks company (realmId) we can use.');
      }
      const body = await postForm({
        grant_type: 'authorization_code',
        code,
        redirect_uri: options.redirectUri(),
      });
      return { tokens: tokensOf(body), realmId };
    },

    /** New tokens; the answer's refresh token replaces this one, which Intuit rotates out. */
    async refresh(refreshToken: string): Promise<QuickBooksTokens> {
      return tokensOf(await postForm({ grant_type: 'refresh_token', refresh_token: refreshToken }));
    },

    /** Ends the connection at Intuit (the refresh token, or an access token, of the grant). */
    async revoke(token: string): Promise<void> {
      await post(revokeUrl, JSON.stringify({ token }), 'application/json');
    },
  };
}

export type QuickBooksOAuth = ReturnType<typeof createQuickBooksOAuth>;

// ---------------------------------------------------------------------------------------
// The adapter for a workspace's connection. crm-oauth.ts's CrmOAuthProvider names its
// vendor as a CrmVendor ('zoho' | 'keap'), and its callback carries no realmId, so
// QuickBooks cannot be one without editing crm-oauth.ts (out of this change). The
// interface below has the same members and the same error classes (CrmOAuthError,
// CrmOAuthUnavailable, CrmCallbackRefused), so the connection's life-cycle can be shared
// once accounting connections are written; it belongs in server/accounting/ once a
// second accounting vendor comes.
// ---------------------------------------------------------------------------------------

/** The accounting systems a workspace can connect. */
export const ACCOUNTING_VENDORS = ['quickbooks'] as const;
export type AccountingVendor = (typeof ACCOUNTING_VENDORS)[number];

/** What the vendor's callback brings besides the state: QuickBooks names the company. */
export interface AccountingCallbackQuery {
  code: string;
  realmId?: string;
}

/** Tokens whose refresh token is always there (Intuit rotates it with every answer). */
export type AccountingTokens = CrmTokens & { refreshToken: string };

/** A grant whose `account` is always named (QuickBooks: the realmId). */
export type AccountingGrant = CrmGrant & { tokens: AccountingTokens; account: string };

export interface AccountingOAuthProvider {
  readonly vendor: AccountingVendor;
  authorizeUrl(state: string): string;
  /** Throws CrmCallbackRefused, CrmOAuthError or CrmOAuthUnavailable. */
  exchange(callback: AccountingCallbackQuery): Promise<AccountingGrant>;
  /** New tokens; the new refresh token must be kept before it is used (rotation). */
  refresh(grant: StoredGrant): Promise<AccountingTokens>;
  /** Ends the grant at the vendor. */
  revoke(grant: StoredGrant): Promise<void>;
}

/**
 * Intuit's OAuth as a workspace's accounting connection uses it: the grant's `account` is
 * the realmId, its tokens' `apiDomain` the Accounting API base of the keys in use
 * (production unless `apiBase` says the sandbox), its accountsServer the token endpoint.
 */
export function quickBooksOAuthProvider(
  quickBooks: QuickBooksOAuth,
  where: { tokenUrl?: string; apiBase?: string } = {},
): AccountingOAuthProvider {
  const apiDomain = where.apiBase ?? QUICKBOOKS_PRODUCTION_API_BASE;
  const asCrmTokens = (tokens: QuickBooksTokens): AccountingTokens => ({
    accessToken: tokens.accessToken,
    refreshToken: tokens.refreshToken,
    apiDomain,
    expiresAt: tokens.expiresAt,
  });
  return {
    vendor: 'quickbooks',
    authorizeUrl: (state) => quickBooks.authorizeUrl(state),
    async exchange({ code, realmId }) {
      if (!realmId) {
        throw new CrmCallbackRefused('Intuit sent no QuickBooks company (realmId): connect again.');
      }
      const grant = await quickBooks.exchange(code, realmId);
      return {
        tokens: asCrmTokens(grant.tokens),
        accountsServer: where.tokenUrl ?? INTUIT_TOKEN_URL,
        location: null,
        account: grant.realmId,
      };
    },
    refresh: async (grant) => asCrmTokens(await quickBooks.refresh(grant.refreshToken)),
    revoke: (grant) => quickBooks.revoke(grant.refreshToken),
  };
}
