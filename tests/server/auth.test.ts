import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_ERRORS, authResponseSchema } from '@/shared/contracts/auth';
import { meResponseSchema } from '@/shared/contracts/user';
import { DEMO_ACCOUNTS } from '@/server/seed/demo-accounts';
import { DEMO_WORKSPACES } from '@/server/seed/demo-workspaces';
import {
  createTestClock,
  decodeJwt,
  startTestServer,
  type TestServer,
} from './helpers/test-server';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

describe('sign-in (spec: session 4 Sign-in and session, session 7 auth)', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer();
  });
  afterAll(() => t.close());

  for (const account of DEMO_ACCOUNTS.filter((a) => a.status === 'active')) {
    it(`signs in ${account.username} and users/me answers its role ${account.role} and its workspace`, async () => {
      const tokens = await t.signIn(account.username);
      expect(tokens.expiresIn).toBe(15 * 60);

      const me = await t.api('/api/users/me?include=authorizations,person', {
        token: tokens.accessToken,
      });
      expect(me.status).toBe(200);
      const body = meResponseSchema.parse(me.body);
      expect(body.data.attributes.username).toBe(account.username);
      expect(body.included.person).toMatchObject({
        firstName: account.firstName,
        lastName: account.lastName,
      });
      expect(body.included.authorizations).toEqual([
        expect.objectContaining({
          role: account.role,
          workspaceId: account.workspaceId,
          status: 'active',
        }),
      ]);

      const claims = decodeJwt(tokens.accessToken);
      const edition = DEMO_WORKSPACES.find((w) => w.id === account.workspaceId)?.edition ?? null;
      expect(claims).toMatchObject({
        sub: body.data.id,
        username: account.username,
        role: account.role,
        workspace: account.workspaceId,
        edition,
        typ: 'access',
      });
      expect(Number(claims.exp) - Number(claims.iat)).toBe(15 * 60);
    });
  }

  // issue #29: "inactive" (and NO_ROLE_ASSOCIATED) only for the right password told a
  // guesser that the password was right. The same 401 as a wrong password, whichever.
  it('answers a user whose authorization is not active as a wrong password, right password or not', async () => {
    const answers = [];
    for (const password of ['demo-password', 'not-the-password']) {
      answers.push(
        await t.api('/api/auth', {
          method: 'POST',
          body: { username: 'inactive@summit.test', password },
        }),
      );
    }
    for (const answer of answers) {
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual({
        statusCode: 401,
        error: 'Unauthorized',
        message: AUTH_ERRORS.invalidCredentials,
      });
    }
  });

  it('answers a user without any authorization as a wrong password, right password or not', async () => {
    const { db } = t.server;
    const hash = await db
      .selectFrom('users')
      .select('password_hash')
      .where('username', '=', 'owner@summit.test')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('users')
      .values({
        id: 'usr_norole',
        username: 'norole@summit.test',
        email: 'norole@summit.test',
        password_hash: hash.password_hash,
        picture: null,
        language: 'en',
        timezone: 'America/Denver',
        calendar_type: null,
        cs_account_id: null,
        person_id: null,
        created_at: new Date().toISOString(),
      })
      .execute();
    for (const password of ['demo-password', 'not-the-password']) {
      const answer = await t.api('/api/auth', {
        method: 'POST',
        body: { username: 'norole@summit.test', password },
      });
      expect(answer.status).toBe(401);
      expect(answer.body).toMatchObject({ message: AUTH_ERRORS.invalidCredentials });
    }
  });

  it('accepts the username in any case and with surrounding spaces', async () => {
    const answer = await t.api('/api/auth', {
      method: 'POST',
      body: { username: '  Owner@Lakeside.TEST ', password: 'demo-password' },
    });
    expect(answer.status).toBe(200);
    expect(authResponseSchema.safeParse(answer.body).success).toBe(true);
  });

  it('refuses a wrong password and an unknown username with the same 401 message', async () => {
    const wrongPassword = await t.api('/api/auth', {
      method: 'POST',
      body: { username: 'owner@lakeside.test', password: 'not-the-password' },
    });
    const unknownUser = await t.api('/api/auth', {
      method: 'POST',
      body: { username: 'nobody@lakeside.test', password: 'demo-password' },
    });
    for (const answer of [wrongPassword, unknownUser]) {
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual({
        statusCode: 401,
        error: 'Unauthorized',
        message: AUTH_ERRORS.invalidCredentials,
      });
    }
  });
});

describe('token refresh (spec: session 4 step 8, PATCH auth)', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer();
  });
  afterAll(() => t.close());

  const refresh = (username: string, token: string) =>
    t.api('/api/auth', { method: 'PATCH', body: { username, token } });

  it('answers a new access token and a rotated refresh token, and refuses the old refresh token afterwards', async () => {
    const first = await t.signIn('admin@lakeside.test');
    const answer = await refresh('admin@lakeside.test', first.refreshToken);
    expect(answer.status).toBe(200);
    const { attributes } = authResponseSchema.parse(answer.body).data;
    expect(attributes.RefreshToken).not.toBe(first.refreshToken);
    expect(decodeJwt(attributes.AccessToken)).toMatchObject({
      role: 'admin',
      workspace: 'ws_lakeside',
    });

    const me = await t.api('/api/users/me', { token: attributes.AccessToken });
    expect(me.status).toBe(200);

    const again = await refresh('admin@lakeside.test', first.refreshToken);
    expect(again.status).toBe(401);
    expect(again.body).toMatchObject({ message: AUTH_ERRORS.invalidRefresh });
  });

  it('revokes the whole token family when a rotated refresh token is used again', async () => {
    const first = await t.signIn('owner@harbor.test');
    const second = authResponseSchema.parse(
      (await refresh('owner@harbor.test', first.refreshToken)).body,
    );
    // The old token comes back (a stolen copy): refused, and it takes the new one down too.
    expect((await refresh('owner@harbor.test', first.refreshToken)).status).toBe(401);
    const newest = await refresh('owner@harbor.test', second.data.attributes.RefreshToken);
    expect(newest.status).toBe(401);
    // A fresh sign-in starts a new family and works.
    const fresh = await t.signIn('owner@harbor.test');
    expect((await refresh('owner@harbor.test', fresh.refreshToken)).status).toBe(200);
  });

  it('revokes the whole family of a refresh token presented with another username, as for a replay', async () => {
    const tokens = await t.signIn('agent@lakeside.test');
    const otherSession = await t.signIn('agent@lakeside.test');
    // The family's second token: the first one's replay would revoke it anyway.
    const rotated = authResponseSchema.parse(
      (await refresh('agent@lakeside.test', tokens.refreshToken)).body,
    ).data.attributes;
    expect((await t.api('/api/users/me', { token: rotated.AccessToken })).status).toBe(200);

    const answer = await refresh('owner@lakeside.test', rotated.RefreshToken);
    expect(answer.status).toBe(401);
    expect(answer.body).toMatchObject({ message: AUTH_ERRORS.invalidRefresh });
    // issue #29: a valid token under another name is out of its owner's hands. The family
    // is revoked: the token fails under the right name too, and so do its access tokens.
    expect((await refresh('AGENT@lakeside.test', rotated.RefreshToken)).status).toBe(401);
    expect((await t.api('/api/users/me', { token: rotated.AccessToken })).status).toBe(401);
    // The user's other sessions are not touched.
    expect((await refresh('agent@lakeside.test', otherSession.refreshToken)).status).toBe(200);
  });

  it('refuses garbage, an access token and a forged token as refresh tokens', async () => {
    const tokens = await t.signIn('agent@summit.test');
    for (const token of ['garbage', tokens.accessToken, forge(tokens.refreshToken)]) {
      const answer = await refresh('agent@summit.test', token);
      expect(answer.status).toBe(401);
      expect(answer.body).toMatchObject({ message: AUTH_ERRORS.invalidRefresh });
    }
  });

  it('refuses to refresh a user whose authorization became inactive', async () => {
    const tokens = await t.signIn('owner@summit.test');
    await t.server.db
      .updateTable('authorizations')
      .set({ status: 'inactive' })
      .where('user_id', '=', 'usr_owner_summit')
      .execute();
    const answer = await refresh('owner@summit.test', tokens.refreshToken);
    expect(answer.status).toBe(403);
    expect(answer.body).toMatchObject({ message: AUTH_ERRORS.inactive });
  });
});

describe('access tokens', () => {
  const clock = createTestClock();
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ now: clock.now });
  });
  afterAll(() => t.close());

  it('answers 401 Unauthorized without a token, with a malformed header, a forged token or a refresh token', async () => {
    const tokens = await t.signIn('owner@lakeside.test');
    const cases: Record<string, string>[] = [
      {},
      { authorization: 'Bearer' },
      { authorization: `Basic ${tokens.accessToken}` },
      { authorization: 'Bearer not.a.jwt' },
      { authorization: `Bearer ${forge(tokens.accessToken)}` },
      { authorization: `Bearer ${tokens.refreshToken}` },
    ];
    for (const headers of cases) {
      const answer = await t.api('/api/users/me', { headers });
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual({
        statusCode: 401,
        error: 'Unauthorized',
        message: 'Unauthorized',
      });
    }
  });

  it('answers 401 token_expired once the access token is older than 15 minutes, and refresh still works', async () => {
    const tokens = await t.signIn('owner@lakeside.test');
    clock.advance(16 * MINUTE);
    const answer = await t.api('/api/timezones', { token: tokens.accessToken });
    expect(answer.status).toBe(401);
    expect(answer.body).toMatchObject({ message: 'token_expired' });

    const refreshed = await t.api('/api/auth', {
      method: 'PATCH',
      body: { username: 'owner@lakeside.test', token: tokens.refreshToken },
    });
    expect(refreshed.status).toBe(200);
    const access = authResponseSchema.parse(refreshed.body).data.attributes.AccessToken;
    expect((await t.api('/api/timezones', { token: access })).status).toBe(200);
  });

  it('refuses a refresh token older than 30 days', async () => {
    const tokens = await t.signIn('admin@lakeside.test');
    clock.advance(31 * DAY);
    const answer = await t.api('/api/auth', {
      method: 'PATCH',
      body: { username: 'admin@lakeside.test', token: tokens.refreshToken },
    });
    expect(answer.status).toBe(401);
  });
});

/** The same claims with a signature from a key the server never had. */
function forge(token: string): string {
  const [header, payload] = token.split('.');
  return `${header}.${payload}.${Buffer.from('forged-signature-bytes-0123456789').toString('base64url')}`;
}
