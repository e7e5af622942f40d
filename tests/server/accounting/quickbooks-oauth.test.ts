import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createQuickBooksClient } from '@/server/accounting/quickbooks/quickbooks-client';
import {
  createQuickBooksOAuth,
  INTUIT_AUTHORIZE_URL,
  INTUIT_REVOKE_URL,
  INTUIT_TOKEN_URL,
  QUICKBOOKS_ACCOUNTING_SCOPE,
  QUICKBOOKS_PRODUCTION_API_BASE,
  quickBooksOAuthProvider,
  QuickBooksOAuthError,
  type QuickBooksOAuthOptions,
  QuickBooksUnavailable,
} from '@/server/accounting/quickbooks/quickbooks-oauth';
import { CrmCallbackRefused } from '@/server/crm/crm-oauth';
import { type FakeQuickBooks, startFakeQuickBooks } from '../../fakes/quickbooks/fake-quickbooks';

const REDIRECT = 'https://intake.lakeside.test/api/oauth/quickbooks/callback';
const HOUR_MS = 60 * 60 * 1000;
const REALM = '9130350000000001';
const OTHER_REALM = '9130350000000002';

async function caught<T extends Error>(promise: Promise<unknown>, type: new (...a: never[]) => T) {
  try {
    await promise;
  } catch (error) {
    if (error instanceof type) return error;
    throw error;
  }
  throw new Error(`expected a ${type.name}`);
}

/** issue #33 "QuickBooks: OAuth 2.0", against the fake Intuit. */
describe('QuickBooks (Intuit) OAuth', () => {
  let intuit: FakeQuickBooks;
  let clock: Date;
  const oauth = (over: Partial<QuickBooksOAuthOptions> = {}) =>
    createQuickBooksOAuth({
      clientId: intuit.clientId,
      clientSecret: intuit.clientSecret,
      redirectUri: () => REDIRECT,
      authorizeUrl: intuit.authorizeUrl,
      tokenUrl: intuit.tokenUrl,
      revokeUrl: intuit.revokeUrl,
      now: () => clock,
      ...over,
    });
  const tokenRequests = () => intuit.requests.filter((r) => r.path === '/oauth2/v1/tokens/bearer');
  const basic = () =>
    `Basic ${Buffer.from(`${intuit.clientId}:${intuit.clientSecret}`).toString('base64')}`;
  const clientFor = (accessToken: string, realmId = REALM) =>
    createQuickBooksClient({
      apiBase: intuit.apiBase,
      realmId,
      accessToken: async () => accessToken,
      sleep: async () => {},
    });

  /** The person approves on Intuit and picks a company; the callback's query. */
  function approved(realmId = REALM, state = 'state-1') {
    const back = new URL(intuit.approve(oauth().authorizeUrl(state), realmId));
    expect(back.origin + back.pathname).toBe(REDIRECT);
    return {
      code: back.searchParams.get('code') ?? '',
      state: back.searchParams.get('state'),
      realmId: back.searchParams.get('realmId') ?? '',
    };
  }

  beforeEach(async () => {
    clock = new Date(Date.UTC(2026, 10, 2, 12));
    intuit = await startFakeQuickBooks({ now: () => clock, realmIds: [REALM, OTHER_REALM] });
  });
  afterEach(async () => {
    await intuit.close();
  });

  it("sends the person to Intuit's authorize page for the accounting scope", () => {
    const url = new URL(
      createQuickBooksOAuth({
        clientId: 'client-1',
        clientSecret: 'secret-1',
        redirectUri: () => REDIRECT,
        now: () => clock,
      }).authorizeUrl('s1'),
    );
    expect(url.origin + url.pathname).toBe(INTUIT_AUTHORIZE_URL);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: 'client-1',
      response_type: 'code',
      scope: QUICKBOOKS_ACCOUNTING_SCOPE,
      redirect_uri: REDIRECT,
      state: 's1',
    });
    expect(INTUIT_AUTHORIZE_URL).toBe('https://appcenter.intuit.com/connect/oauth2');
    expect(INTUIT_TOKEN_URL).toBe('https://oauth.platform.intuit.com/oauth2/v1/tokens/bearer');
    expect(INTUIT_REVOKE_URL).toBe('https://developer.api.intuit.com/v2/oauth2/tokens/revoke');
  });

  it('exchanges the callback code for tokens of the company the callback names', async () => {
    const callback = approved(OTHER_REALM);
    expect(callback).toMatchObject({ state: 'state-1', realmId: OTHER_REALM });
    const grant = await oauth().exchange(callback.code, callback.realmId);
    expect(grant).toEqual({
      realmId: OTHER_REALM,
      tokens: {
        accessToken: expect.any(String),
        refreshToken: expect.any(String),
        expiresAt: new Date(clock.getTime() + HOUR_MS),
        refreshTokenExpiresAt: new Date(clock.getTime() + 8_726_400 * 1000),
      },
    });
    const [request] = tokenRequests();
    expect(request).toMatchObject({ method: 'POST', authorization: basic() });
    expect(request?.body).toEqual({
      grant_type: 'authorization_code',
      code: callback.code,
      redirect_uri: REDIRECT,
    });
    // The token reads that company, and only that one.
    await expect(
      clientFor(grant.tokens.accessToken, OTHER_REALM).companyInfo(),
    ).resolves.toMatchObject({ CompanyName: 'Company 2' });
    await expect(clientFor(grant.tokens.accessToken, REALM).companyInfo()).rejects.toMatchObject({
      kind: 'auth',
      status: 403,
    });
  });

  it('refuses a code used twice as a gone grant, and a realmId that is not one unsent', async () => {
    const { code, realmId } = approved();
    await oauth().exchange(code, realmId);
    const again = await caught(oauth().exchange(code, realmId), QuickBooksOAuthError);
    expect(again).toMatchObject({ code: 'invalid_grant', grantGone: true, who: 'Intuit' });

    const before = tokenRequests().length;
    const other = approved();
    const bad = await caught(oauth().exchange(other.code, '123/../456'), CrmCallbackRefused);
    expect(bad.message).toMatch(/realmId/);
    expect(tokenRequests()).toHaveLength(before);
  });

  it('refreshes with the client in a Basic header and keeps the rotated refresh token', async () => {
    const { code, realmId } = approved();
    const first = (await oauth().exchange(code, realmId)).tokens;
    clock = new Date(clock.getTime() + 50 * 60_000);
    const second = await oauth().refresh(first.refreshToken);
    expect(second.refreshToken).not.toBe(first.refreshToken);
    expect(second.accessToken).not.toBe(first.accessToken);
    expect(second.expiresAt).toEqual(new Date(clock.getTime() + HOUR_MS));
    const refresh = tokenRequests().at(-1);
    expect(refresh?.body).toEqual({
      grant_type: 'refresh_token',
      refresh_token: first.refreshToken,
    });
    expect(refresh?.authorization).toBe(basic());
    expect(intuit.refreshTokens()).toEqual([second.refreshToken]);

    // The old refresh token stopped working; the new one works and is for the same company.
    const reused = await caught(oauth().refresh(first.refreshToken), QuickBooksOAuthError);
    expect(reused).toMatchObject({ code: 'invalid_grant', grantGone: true });
    const third = await oauth().refresh(second.refreshToken);
    await expect(clientFor(third.accessToken).companyInfo()).resolves.toMatchObject({
      CompanyName: 'Lakeside Law LLP',
    });
  });

  it('reports wrong client credentials as not a gone grant, without the secret', async () => {
    const { code, realmId } = approved();
    const { tokens } = await oauth().exchange(code, realmId);
    const wrong = await caught(
      oauth({ clientSecret: 'not-the-secret' }).refresh(tokens.refreshToken),
      QuickBooksOAuthError,
    );
    expect(wrong).toMatchObject({ code: 'invalid_client', grantGone: false });
    expect(wrong.message).not.toContain('not-the-secret');
    // The refused refresh spent nothing: the refresh token still works.
    await expect(oauth().refresh(tokens.refreshToken)).resolves.toMatchObject({
      refreshToken: expect.any(String),
    });
  });

  it('revokes the grant at Intuit: its refresh and access tokens stop working', async () => {
    const { code, realmId } = approved();
    const { tokens } = await oauth().exchange(code, realmId);
    await oauth().revoke(tokens.refreshToken);
    const revoke = intuit.requests.find((r) => r.path === '/v2/oauth2/tokens/revoke');
    expect(revoke).toMatchObject({
      method: 'POST',
      authorization: basic(),
      body: { token: tokens.refreshToken },
    });
    const gone = await caught(oauth().refresh(tokens.refreshToken), QuickBooksOAuthError);
    expect(gone).toMatchObject({ code: 'invalid_grant', grantGone: true });
    await expect(clientFor(tokens.accessToken).companyInfo()).rejects.toMatchObject({
      kind: 'auth',
      status: 401,
    });
    const wrongClient = await caught(
      oauth({ clientSecret: 'nope' }).revoke('whatever'),
      QuickBooksOAuthError,
    );
    expect(wrongClient.code).toBe('invalid_client');
  });

  it('is unavailable when Intuit cannot be reached or answers out of shape', async () => {
    const url = intuit.tokenUrl;
    await intuit.close();
    const down = await caught(oauth({ tokenUrl: url }).refresh('r'), QuickBooksUnavailable);
    expect(down.message).toMatch(/Intuit/);
    intuit = await startFakeQuickBooks({ now: () => clock });

    const answering = (status: number, body: unknown) =>
      oauth({
        fetch: async () =>
          typeof body === 'string'
            ? new Response(body, { status, headers: { 'content-type': 'text/html' } })
            : Response.json(body, { status }),
      });
    // Without a refresh token the rotation would lose the grant: refused, not half-used.
    await expect(
      answering(200, { access_token: 'a', expires_in: 3600 }).refresh('r'),
    ).rejects.toBeInstanceOf(QuickBooksUnavailable);
    await expect(answering(503, { error: 'server_error' }).refresh('r')).rejects.toBeInstanceOf(
      QuickBooksUnavailable,
    );
    await expect(answering(400, '<html>Bad gateway</html>').refresh('r')).rejects.toBeInstanceOf(
      QuickBooksUnavailable,
    );
    // An answer without x_refresh_token_expires_in leaves the refresh token's end unknown.
    await expect(
      answering(200, { access_token: 'a', refresh_token: 'b', expires_in: '3600' }).refresh('r'),
    ).resolves.toEqual({
      accessToken: 'a',
      refreshToken: 'b',
      expiresAt: new Date(clock.getTime() + HOUR_MS),
      refreshTokenExpiresAt: null,
    });
  });

  it('adapts to a connection: the realmId is the account, the API base the api domain', async () => {
    const provider = quickBooksOAuthProvider(oauth(), { tokenUrl: intuit.tokenUrl });
    expect(provider.vendor).toBe('quickbooks');
    expect(new URL(provider.authorizeUrl('s2')).searchParams.get('state')).toBe('s2');

    const { code, realmId } = approved();
    const grant = await provider.exchange({ code, realmId });
    expect(grant).toEqual({
      tokens: {
        accessToken: expect.any(String),
        refreshToken: expect.any(String),
        apiDomain: QUICKBOOKS_PRODUCTION_API_BASE,
        expiresAt: new Date(clock.getTime() + HOUR_MS),
      },
      accountsServer: intuit.tokenUrl,
      location: null,
      account: REALM,
    });
    await expect(provider.exchange({ code: approved().code })).rejects.toBeInstanceOf(
      CrmCallbackRefused,
    );

    const stored = {
      accountsServer: grant.accountsServer,
      refreshToken: grant.tokens.refreshToken,
    };
    const refreshed = await provider.refresh(stored);
    expect(refreshed.refreshToken).not.toBe(grant.tokens.refreshToken);
    await provider.revoke({ ...stored, refreshToken: refreshed.refreshToken });
    await expect(
      provider.refresh({ ...stored, refreshToken: refreshed.refreshToken }),
    ).rejects.toMatchObject({ code: 'invalid_grant', grantGone: true });
  });

  it("keeps reading past an access token's hour by refreshing once", async () => {
    const { code, realmId } = approved();
    let tokens = (await oauth().exchange(code, realmId)).tokens;
    intuit.seed(REALM, 'Customer', { DisplayName: 'Ada Byron' });
    const refreshes: string[] = [];
    const client = createQuickBooksClient({
      apiBase: intuit.apiBase,
      realmId,
      accessToken: async () => tokens.accessToken,
      refreshAccessToken: async () => {
        refreshes.push(tokens.refreshToken);
        tokens = await oauth().refresh(tokens.refreshToken);
        return tokens.accessToken;
      },
    });
    clock = new Date(clock.getTime() + HOUR_MS + 1000);
    await expect(client.customers()).resolves.toMatchObject([{ DisplayName: 'Ada Byron' }]);
    expect(refreshes).toHaveLength(1);
    const apiCalls = intuit.requests.filter((r) => r.path.startsWith('/v3/company/'));
    expect(apiCalls).toHaveLength(2);
    expect(apiCalls[1]?.authorization).toBe(`Bearer ${tokens.accessToken}`);
  });
});
