import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createKeapClient } from '@/server/crm/keap/keap-client';
import {
  createKeapOAuth,
  KEAP_AUTHORIZE_URL,
  KEAP_TOKEN_URL,
  keapAppOf,
  type KeapOAuthOptions,
  KeapOAuthError,
  KeapUnavailable,
} from '@/server/crm/keap/keap-oauth';
import { type FakeKeap, startFakeKeap } from '../../fakes/keap/fake-keap';

const REDIRECT = 'https://intake.lakeside.test/api/oauth/keap/callback';
const DAY_MS = 24 * 60 * 60 * 1000;
const baseOptions = () => ({
  clientId: 'client-1',
  clientSecret: 'secret-1',
  redirectUri: () => REDIRECT,
});

async function caught<T extends Error>(promise: Promise<unknown>, type: new (...a: never[]) => T) {
  try {
    await promise;
  } catch (error) {
    if (error instanceof type) return error;
    throw error;
  }
  throw new Error(`expected a ${type.name}`);
}

/** issue #33 "Keap: OAuth 2.0 with refresh", against the fake Keap's /token. */
describe('Keap OAuth', () => {
  let keap: FakeKeap;
  let clock: Date;
  const oauth = (over: Partial<KeapOAuthOptions> = {}) =>
    createKeapOAuth({
      clientId: keap.clientId,
      clientSecret: keap.clientSecret,
      redirectUri: () => REDIRECT,
      authorizeUrl: keap.authorizeUrl,
      tokenUrl: keap.tokenUrl,
      now: () => clock,
      ...over,
    });
  const tokenRequests = () => keap.requests.filter((r) => r.path === '/token');

  /** The person approves on Keap; the code of the callback. */
  function approvedCode(state = 'state-1') {
    const back = new URL(keap.approve(oauth().authorizeUrl(state)));
    expect(back.origin + back.pathname).toBe(REDIRECT);
    expect(back.searchParams.get('state')).toBe(state);
    return back.searchParams.get('code') ?? '';
  }

  beforeEach(async () => {
    clock = new Date(Date.UTC(2026, 10, 2, 12));
    keap = await startFakeKeap({ now: () => clock });
  });
  afterEach(async () => {
    await keap.close();
  });

  it("sends the person to Keap's authorize page with the one scope Keap has", () => {
    const url = new URL(createKeapOAuth({ ...baseOptions(), now: () => clock }).authorizeUrl('s1'));
    expect(url.origin + url.pathname).toBe(KEAP_AUTHORIZE_URL);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: 'client-1',
      redirect_uri: REDIRECT,
      response_type: 'code',
      scope: 'full',
      state: 's1',
    });
  });

  it('exchanges the code with the client credentials in the form', async () => {
    const tokens = await oauth().exchange(approvedCode());
    expect(tokens).toEqual({
      accessToken: expect.any(String),
      refreshToken: expect.any(String),
      expiresAt: new Date(clock.getTime() + DAY_MS),
      scope: `full|${keap.app}`,
    });
    expect(keapAppOf(tokens.scope)).toBe('ab123.infusionsoft.com');
    const [request] = tokenRequests();
    expect(request).toMatchObject({ method: 'POST', authorization: null });
    expect(request?.body).toEqual({
      client_id: keap.clientId,
      client_secret: keap.clientSecret,
      code: expect.any(String),
      grant_type: 'authorization_code',
      redirect_uri: REDIRECT,
    });
    // The access token works against Keap's API.
    const client = createKeapClient({
      apiBase: keap.apiBase,
      accessToken: async () => tokens.accessToken,
    });
    await expect(client.listTags()).resolves.toEqual({ items: [], count: 0 });
  });

  it('refuses a code used twice as a gone grant', async () => {
    const code = approvedCode();
    await oauth().exchange(code);
    const error = await caught(oauth().exchange(code), KeapOAuthError);
    expect(error).toMatchObject({ code: 'invalid_grant', grantGone: true });
  });

  it('refreshes with a Basic header and rotates the refresh token', async () => {
    const first = await oauth().exchange(approvedCode());
    clock = new Date(clock.getTime() + 60_000);
    const second = await oauth().refresh(first.refreshToken);
    expect(second.refreshToken).not.toBe(first.refreshToken);
    expect(second.accessToken).not.toBe(first.accessToken);
    expect(second.expiresAt).toEqual(new Date(clock.getTime() + DAY_MS));
    const refresh = tokenRequests().at(-1);
    expect(refresh?.body).toEqual({
      grant_type: 'refresh_token',
      refresh_token: first.refreshToken,
    });
    expect(refresh?.authorization).toBe(
      `Basic ${Buffer.from(`${keap.clientId}:${keap.clientSecret}`).toString('base64')}`,
    );
    expect(keap.refreshTokens()).toEqual([second.refreshToken]);

    // The old refresh token stopped working; the new one works.
    const reused = await caught(oauth().refresh(first.refreshToken), KeapOAuthError);
    expect(reused).toMatchObject({ code: 'invalid_grant', grantGone: true });
    await expect(oauth().refresh(second.refreshToken)).resolves.toMatchObject({
      refreshToken: expect.any(String),
    });
  });

  it('reports a revoked grant as gone, and wrong client credentials as not', async () => {
    const tokens = await oauth().exchange(approvedCode());
    const wrongSecret = await caught(
      oauth({ clientSecret: 'not-the-secret' }).refresh(tokens.refreshToken),
      KeapOAuthError,
    );
    expect(wrongSecret).toMatchObject({ code: 'invalid_client', grantGone: false });
    expect(wrongSecret.message).not.toContain('not-the-secret');

    keap.revokeGrant();
    const revoked = await caught(oauth().refresh(tokens.refreshToken), KeapOAuthError);
    expect(revoked).toMatchObject({ code: 'invalid_grant', grantGone: true });
  });

  it('refuses a refresh token past its 45 days', async () => {
    const tokens = await oauth().exchange(approvedCode());
    clock = new Date(clock.getTime() + 46 * DAY_MS);
    const error = await caught(oauth().refresh(tokens.refreshToken), KeapOAuthError);
    expect(error.grantGone).toBe(true);
  });

  it('is unavailable when Keap cannot be reached or answers out of shape', async () => {
    const url = keap.tokenUrl;
    await keap.close();
    const down = await caught(oauth({ tokenUrl: url }).refresh('r'), KeapUnavailable);
    expect(down.message).toMatch(/Keap/);
    keap = await startFakeKeap({ now: () => clock });

    const answering = (status: number, body: unknown) =>
      oauth({ fetch: async () => Response.json(body, { status }) });
    // Without a refresh token the rotation would lose the grant: refused, not half-used.
    await expect(
      answering(200, { access_token: 'a', expires_in: 86400 }).refresh('r'),
    ).rejects.toBeInstanceOf(KeapUnavailable);
    await expect(
      answering(503, { error: 'temporarily_unavailable' }).refresh('r'),
    ).rejects.toBeInstanceOf(KeapUnavailable);
    const gateway = await caught(
      answering(401, {
        fault: {
          faultstring: 'Invalid client identifier',
          detail: { errorcode: 'oauth.v2.InvalidClientIdentifier' },
        },
      }).refresh('r'),
      KeapOAuthError,
    );
    expect(gateway).toMatchObject({ code: 'oauth.v2.InvalidClientIdentifier', grantGone: false });
  });

  it("keeps working past an access token's 24 hours by refreshing once", async () => {
    let tokens = await oauth().exchange(approvedCode());
    keap.seed('tags', { name: 'Intake', description: null, category: null });
    const refreshes: string[] = [];
    const client = createKeapClient({
      apiBase: keap.apiBase,
      accessToken: async () => tokens.accessToken,
      refreshAccessToken: async () => {
        refreshes.push(tokens.refreshToken);
        tokens = await oauth().refresh(tokens.refreshToken);
        return tokens.accessToken;
      },
    });
    clock = new Date(clock.getTime() + DAY_MS + 1000);
    await expect(client.listTags({ name: 'intake' })).resolves.toMatchObject({ count: 1 });
    expect(refreshes).toHaveLength(1);
    const apiCalls = keap.requests.filter((r) => r.path.startsWith('/crm/'));
    expect(apiCalls).toHaveLength(2);
    expect(apiCalls[1]?.authorization).toBe(`Bearer ${tokens.accessToken}`);
  });

  it("defaults to Keap's own endpoints", () => {
    expect(KEAP_TOKEN_URL).toBe('https://api.infusionsoft.com/token');
    expect(keapAppOf(null)).toBeNull();
    expect(keapAppOf('full')).toBeNull();
  });
});
