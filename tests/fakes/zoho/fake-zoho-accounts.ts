import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// A fake Zoho Accounts server, one per data centre (issue #33), following Zoho's OAuth
// documentation for server-based applications, not our contracts
// (https://www.zoho.com/accounts/protocol/oauth/web-apps/authorization.html, access-token,
// access-token-expiry, revoke-token; Multi DC: https://www.zoho.com/crm/developer/docs/api/
// v8/multi-dc.html):
//
// - GET /oauth/v2/auth: the consent screen, approved at once as the tests' person: a 302 to
//   redirect_uri with code, state, location and accounts-server (its own URL);
// - POST /oauth/v2/token, form-encoded: authorization_code (a code works once, for the
//   client and redirect_uri it was issued to) answers access_token, refresh_token,
//   api_domain, token_type and expires_in; refresh_token answers a new access_token;
// - POST /oauth/v2/token/revoke?token=: ends a refresh token;
// - refusals as Zoho gives them: HTTP 200 with {"error": "invalid_code"} (or
//   invalid_client, invalid_redirect_uri, unsupported_grant_type).

export interface FakeZohoAccounts {
  /** https://accounts.zoho.{dc} as this fake: its own URL. */
  url: string;
  location: string;
  apiDomain: string;
  clientId: string;
  clientSecret: string;
  /** Seconds an access token lives (3600 at Zoho). */
  accessLifetimeSeconds: number;
  /** The refresh tokens still valid. */
  refreshTokens: Set<string>;
  /** Every access token issued, newest last (a fake CRM of the data centre accepts them). */
  accessTokens: string[];
  requests: { path: string; form: Record<string, string>; query: Record<string, string> }[];
  /** A code that Zoho would refuse from now on (the person took too long: codes last 2 min). */
  expireCodes(): void;
  close(): Promise<void>;
}

async function readForm(req: IncomingMessage): Promise<Record<string, string>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
}

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json;charset=UTF-8' });
  res.end(JSON.stringify(body));
}

export async function startFakeZohoAccounts(location: string): Promise<FakeZohoAccounts> {
  const codes = new Map<string, { clientId: string; redirectUri: string }>();
  const issueAccessToken = () => {
    const token = `1000.${randomUUID().replace(/-/g, '')}`;
    fake.accessTokens.push(token);
    return token;
  };
  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', fake.url);
      const query = Object.fromEntries(url.searchParams);
      const form = req.method === 'POST' ? await readForm(req) : {};
      fake.requests.push({ path: url.pathname, form, query });
      if (req.method === 'GET' && url.pathname === '/oauth/v2/auth') {
        if (query.client_id !== fake.clientId || query.response_type !== 'code') {
          json(res, 200, { error: 'invalid_client' });
          return;
        }
        const code = `1000.${randomUUID().replace(/-/g, '')}`;
        codes.set(code, { clientId: query.client_id, redirectUri: query.redirect_uri ?? '' });
        const back = new URL(query.redirect_uri ?? '');
        back.searchParams.set('code', code);
        if (query.state !== undefined) back.searchParams.set('state', query.state);
        back.searchParams.set('location', fake.location);
        back.searchParams.set('accounts-server', fake.url);
        res.writeHead(302, { location: back.toString() });
        res.end();
        return;
      }
      if (req.method === 'POST' && url.pathname === '/oauth/v2/token') {
        if (form.client_id !== fake.clientId || form.client_secret !== fake.clientSecret) {
          json(res, 200, { error: 'invalid_client' });
          return;
        }
        if (form.grant_type === 'authorization_code') {
          const issued = codes.get(form.code ?? '');
          codes.delete(form.code ?? '');
          if (!issued) {
            json(res, 200, { error: 'invalid_code' });
            return;
          }
          if (issued.redirectUri !== form.redirect_uri) {
            json(res, 200, { error: 'invalid_redirect_uri' });
            return;
          }
          const refresh = `1000.${randomUUID().replace(/-/g, '')}`;
          fake.refreshTokens.add(refresh);
          json(res, 200, {
            access_token: issueAccessToken(),
            refresh_token: refresh,
            api_domain: fake.apiDomain,
            token_type: 'Bearer',
            expires_in: fake.accessLifetimeSeconds,
          });
          return;
        }
        if (form.grant_type === 'refresh_token') {
          if (!fake.refreshTokens.has(form.refresh_token ?? '')) {
            json(res, 200, { error: 'invalid_code' });
            return;
          }
          json(res, 200, {
            access_token: issueAccessToken(),
            api_domain: fake.apiDomain,
            token_type: 'Bearer',
            expires_in: fake.accessLifetimeSeconds,
          });
          return;
        }
        json(res, 200, { error: 'unsupported_grant_type' });
        return;
      }
      if (req.method === 'POST' && url.pathname === '/oauth/v2/token/revoke') {
        fake.refreshTokens.delete(query.token ?? '');
        json(res, 200, { status: 'success' });
        return;
      }
      json(res, 404, { error: 'not_found' });
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const fake: FakeZohoAccounts = {
    url: `http://127.0.0.1:${port}`,
    location,
    apiDomain: `https://www.zohoapis.${location === 'us' ? 'com' : location}`,
    clientId: '1000.FAKEZOHOCLIENT',
    clientSecret: 'fake-zoho-client-secret',
    accessLifetimeSeconds: 3600,
    refreshTokens: new Set(),
    accessTokens: [],
    requests: [],
    expireCodes: () => codes.clear(),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return fake;
}
