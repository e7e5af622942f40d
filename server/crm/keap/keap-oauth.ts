import { z } from 'zod';
import { jsonBodyOf, sendToVendor } from '../../connectors/vendor-http';
import { CrmOAuthError, type CrmOAuthProvider, CrmOAuthUnavailable } from '../crm-oauth';
import { keapGatewayFaultSchema } from './keap-schemas';

// Keap's (Infusionsoft's) OAuth 2.0 (issue #33 "Keap: OAuth 2.0 with refresh"), as Keap
// documents it (https://developer.infusionsoft.com/getting-started-oauth-keys,
// https://developer.infusionsoft.com/authentication) and its PHP SDK does it
// (github.com/infusionsoft/infusionsoft-php src/Infusionsoft/Infusionsoft.php,
// requestAccessToken and refreshAccessToken):
//
// - the person is sent to https://accounts.infusionsoft.com/app/oauth/authorize with
//   client_id, redirect_uri (HTTPS), response_type=code and scope=full ("The only current
//   valid value is scope=full"), and state; Keap sends them back to redirect_uri with
//   `code` (and our state);
// - POST https://api.infusionsoft.com/token, form-encoded, with client_id, client_secret,
//   code, grant_type=authorization_code and redirect_uri, answers access_token,
//   refresh_token, expires_in (seconds), token_type and scope;
// - the Refresh Token grant ("securing tokens by requiring rotation"): POST …/token with
//   grant_type=refresh_token and refresh_token in the form and the client authenticated by
//   `Authorization: Basic base64(client_id:client_secret)`; it answers a new access token
//   AND a new refresh token, which must be saved: the old one stops working;
// - an access token lives 24 hours, a refresh token 45 days (Keap's staff on
//   https://community.keap.com/t/how-to-get-access-token/86529).
//
// Keap documents no revocation endpoint: the authentication pages list only "Request
// Permission", "Request an Access Token" and "Refresh an Access Token"
// (https://developer.infusionsoft.com/services/authentication). Disconnecting therefore
// only forgets the tokens here; the person removes our access in Keap itself.
//
// ASSUMED (kept here):
// - a refusal of the token endpoint is RFC 6749 §5.2's `{error, error_description}`
//   (invalid_grant for a used, expired or revoked code or refresh token, invalid_client
//   for wrong client credentials); Keap's pages show no error body. A refusal by Keap's
//   gateway in Apigee's `{fault: {faultstring, detail: {errorcode}}}` is read too.
// - an answer without expires_in lives 24 hours (the lifetime Keap's staff state).
// - the answer's `scope` is "full|{app}.infusionsoft.com", naming the Keap app the grant
//   is for (what integrations read from it); keapAppOf reads the app from it.

export const KEAP_AUTHORIZE_URL = 'https://accounts.infusionsoft.com/app/oauth/authorize';
export const KEAP_TOKEN_URL = 'https://api.infusionsoft.com/token';
/** The one scope Keap offers. */
export const KEAP_SCOPE = 'full';
/** How long an access token lives when the answer does not say (24 hours). */
export const KEAP_DEFAULT_ACCESS_SECONDS = 24 * 60 * 60;

/** A refusal by Keap's token endpoint, with its error code (invalid_grant, …). */
export class KeapOAuthError extends CrmOAuthError {
  override name = 'KeapOAuthError';
  /** grantGone: the grant itself is gone (revoked, expired, rotated): only reconnecting helps. */
  constructor(code: string, grantGone: boolean) {
    super('Keap', code, grantGone);
  }
}

/** Keap's token endpoint could not be reached, or answered out of its documented shape. */
export class KeapUnavailable extends CrmOAuthUnavailable {
  override name = 'KeapUnavailable';
}

const tokenAnswerSchema = z.object({
  access_token: z.string().min(1),
  refresh_token: z.string().min(1),
  expires_in: z.union([z.number().int().positive(), z.string().regex(/^\d+$/)]).optional(),
  scope: z.string().nullish(),
  token_type: z.string().nullish(),
});
const errorAnswerSchema = z.object({ error: z.string().min(1) });

export interface KeapTokens {
  accessToken: string;
  /** Always present: Keap rotates refresh tokens, so each answer's must replace the last. */
  refreshToken: string;
  expiresAt: Date;
  /** e.g. "full|ab123.infusionsoft.com"; null when the answer gave none. */
  scope: string | null;
}

export interface KeapOAuthOptions {
  clientId: string;
  clientSecret: string;
  /** The callback's absolute URL (APP_ORIGIN's, known once the server listens). */
  redirectUri: () => string;
  /** Where people approve the connection: Keap's unless set (a fake's in tests). */
  authorizeUrl?: string;
  /** Keap's token endpoint unless set. */
  tokenUrl?: string;
  fetch?: typeof fetch;
  now: () => Date;
}

/** Codes that mean the grant is gone (RFC 6749 §5.2: invalid_grant). */
const GRANT_GONE = new Set(['invalid_grant']);

/** The Keap app a grant is for, from the token answer's scope (see ASSUMED above). */
export function keapAppOf(scope: string | null): string | null {
  const app = scope?.split('|')[1]?.trim();
  return app ? app : null;
}

export function createKeapOAuth(options: KeapOAuthOptions) {
  const doFetch = options.fetch ?? fetch;
  const tokenUrl = options.tokenUrl ?? KEAP_TOKEN_URL;

  /** One form POST to the token endpoint; its JSON, or the refusal as an error. */
  async function post(form: Record<string, string>, basic: boolean): Promise<unknown> {
    const credentials = Buffer.from(`${options.clientId}:${options.clientSecret}`).toString(
      'base64',
    );
    let response: Response;
    try {
      response = await sendToVendor(
        doFetch,
        'Keap',
        tokenUrl,
        {
          method: 'POST',
          headers: {
            'content-type': 'application/x-www-form-urlencoded',
            accept: 'application/json',
            ...(basic ? { authorization: `Basic ${credentials}` } : {}),
          },
          body: new URLSearchParams(form).toString(),
        },
        15_000,
      );
    } catch (error) {
      throw new KeapUnavailable(error instanceof Error ? error.message : 'Keap failed.');
    }
    const body = await jsonBodyOf(response);
    if (response.status >= 500) {
      throw new KeapUnavailable(`Keap answered ${response.status} ${response.statusText}.`);
    }
    const refusal = errorAnswerSchema.safeParse(body);
    if (refusal.success) {
      throw new KeapOAuthError(refusal.data.error, GRANT_GONE.has(refusal.data.error));
    }
    const fault = keapGatewayFaultSchema.safeParse(body);
    if (fault.success) {
      throw new KeapOAuthError(fault.data.fault.detail?.errorcode ?? 'fault', false);
    }
    if (!response.ok) {
      throw new KeapUnavailable(`Keap answered ${response.status} ${response.statusText}.`);
    }
    return body;
  }

  function tokensOf(body: unknown): KeapTokens {
    const parsed = tokenAnswerSchema.safeParse(body);
    if (!parsed.success) {
      throw new KeapUnavailable(
        'Keap answered out of its documented shape (a token answer needs access_token and refresh_token).',
      );
    }
    const seconds = Number(parsed.data.expires_in ?? KEAP_DEFAULT_ACCESS_SECONDS);
    return {
      accessToken: parsed.data.access_token,
      refreshToken: parsed.data.refresh_token,
      expiresAt: new Date(options.now().getTime() + seconds * 1000),
      scope: parsed.data.scope ?? null,
    };
  }

  return {
    /** Where the person approves the connection. */
    authorizeUrl(state: string): string {
      const url = new URL(options.authorizeUrl ?? KEAP_AUTHORIZE_URL);
      url.searchParams.set('client_id', options.clientId);
      url.searchParams.set('redirect_uri', options.redirectUri());
      url.searchParams.set('response_type', 'code');
      url.searchParams.set('scope', KEAP_SCOPE);
      url.searchParams.set('state', state);
      return url.toString();
    },

    /** The callback's code for tokens (client credentials in the form, as Keap shows). */
    async exchange(code: string): Promise<KeapTokens> {
      return tokensOf(
        await post(
          {
            client_id: options.clientId,
            client_secret: options.clientSecret,
            code,
            grant_type: 'authorization_code',
            redirect_uri: options.redirectUri(),
          },
          false,
        ),
      );
    },

    /**
     * New tokens for a refresh token (client credentials in a Basic header, as Keap shows).
     * The answer's refresh token replaces this one, which Keap no longer accepts.
     */
    async refresh(refreshToken: string): Promise<KeapTokens> {
      return tokensOf(
        await post({ grant_type: 'refresh_token', refresh_token: refreshToken }, true),
      );
    },
  };
}

export type KeapOAuth = ReturnType<typeof createKeapOAuth>;

/**
 * Keap's OAuth as a workspace's CRM connection uses it (crm-connections.ts). One token
 * endpoint for every app, no data centres; no revocation (see above): disconnecting
 * forgets the tokens.
 */
export function keapOAuthProvider(keap: KeapOAuth, tokenUrl = KEAP_TOKEN_URL): CrmOAuthProvider {
  const asCrmTokens = (tokens: KeapTokens) => ({
    accessToken: tokens.accessToken,
    refreshToken: tokens.refreshToken,
    apiDomain: null,
    expiresAt: tokens.expiresAt,
  });
  return {
    vendor: 'keap',
    authorizeUrl: (state) => keap.authorizeUrl(state),
    async exchange({ code }) {
      const tokens = await keap.exchange(code);
      return {
        tokens: asCrmTokens(tokens),
        accountsServer: tokenUrl,
        location: null,
        // "ab123.infusionsoft.com" or "ab123": the app's name.
        account: keapAppOf(tokens.scope)?.split('.')[0] ?? null,
      };
    },
    refresh: async (grant) => asCrmTokens(await keap.refresh(grant.refreshToken)),
    revoke: async () => undefined,
  };
}
