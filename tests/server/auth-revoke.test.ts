import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authResponseSchema } from '@/shared/contracts/auth';
import {
  createTestClock,
  decodeJwt,
  startTestServer,
  type TestServer,
} from './helpers/test-server';

const DAY = 24 * 60 * 60_000;

/** issue 9 item 7: sign-out ends the session on the server, and sessions end for good. */
describe('sign-out (POST auth/revoke)', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ seedDemoData: true });
  });
  afterAll(() => t.close());

  const revoke = (body: unknown) => t.api('/api/auth/revoke', { method: 'POST', body });
  const refresh = (username: string, token: string) =>
    t.api('/api/auth', { method: 'PATCH', body: { username, token } });

  it('answers 204 and ends the session: its refresh token and its access token stop working at once', async () => {
    const session = await t.signIn('owner@lakeside.test');
    const other = await t.signIn('owner@lakeside.test');
    expect((await t.api('/api/users/me', { token: session.accessToken })).status).toBe(200);

    const answer = await revoke({ token: session.refreshToken });
    expect(answer.status).toBe(204);
    expect(answer.body).toBe('');

    expect((await refresh('owner@lakeside.test', session.refreshToken)).status).toBe(401);
    const me = await t.api('/api/users/me', { token: session.accessToken });
    expect(me.status).toBe(401);
    expect(me.body).toMatchObject({ message: 'Unauthorized' });
    // Another session of the same user (another browser) is not signed out.
    expect((await t.api('/api/users/me', { token: other.accessToken })).status).toBe(200);
    expect((await refresh('owner@lakeside.test', other.refreshToken)).status).toBe(200);
  });

  it('revokes the whole family, also when given an older, already rotated token', async () => {
    const first = await t.signIn('admin@lakeside.test');
    const rotated = authResponseSchema.parse(
      (await refresh('admin@lakeside.test', first.refreshToken)).body,
    ).data.attributes;
    expect((await revoke({ token: first.refreshToken })).status).toBe(204);
    expect((await refresh('admin@lakeside.test', rotated.RefreshToken)).status).toBe(401);
    expect((await t.api('/api/users/me', { token: rotated.AccessToken })).status).toBe(401);
  });

  it('answers 204 again for a token already revoked, and for garbage or a token it never issued', async () => {
    const session = await t.signIn('agent@lakeside.test');
    expect((await revoke({ token: session.refreshToken })).status).toBe(204);
    expect((await revoke({ token: session.refreshToken })).status).toBe(204);
    expect((await revoke({ token: 'not-a-token' })).status).toBe(204);
    // An access token is not a refresh token: nothing is revoked.
    const live = await t.signIn('agent@summit.test');
    expect((await revoke({ token: live.accessToken })).status).toBe(204);
    expect((await t.api('/api/users/me', { token: live.accessToken })).status).toBe(200);
  });

  it('answers 400 to a malformed body', async () => {
    for (const body of [{}, { token: '' }, { token: 42 }, { token: 'x'.repeat(5000) }, '[]']) {
      const answer = await revoke(body);
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ statusCode: 400 });
    }
    expect((await t.api('/api/auth/revoke', { method: 'POST' })).status).toBe(400);
  });
});

describe('absolute session lifetime', () => {
  const clock = createTestClock();
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ seedDemoData: true, now: clock.now });
  });
  afterAll(() => t.close());

  const refresh = async (token: string) => {
    const answer = await t.api('/api/auth', {
      method: 'PATCH',
      body: { username: 'owner@harbor.test', token },
    });
    return {
      status: answer.status,
      tokens: answer.status === 200 ? authResponseSchema.parse(answer.body).data.attributes : null,
    };
  };

  it('ends a session 30 days after its sign-in however often it is refreshed', async () => {
    const start = clock.now().getTime();
    let token = (await t.signIn('owner@harbor.test')).refreshToken;
    for (const day of [10, 20, 29]) {
      clock.advance(day * DAY - (clock.now().getTime() - start));
      const answer = await refresh(token);
      expect(answer.status).toBe(200);
      token = answer.tokens?.RefreshToken ?? '';
    }
    // Rotation on day 29 did not slide the token past the family's end.
    expect(Number(decodeJwt(token).exp)).toBeLessThanOrEqual(Math.floor((start + 30 * DAY) / 1000));

    clock.advance(start + 30 * DAY + 60_000 - clock.now().getTime());
    expect((await refresh(token)).status).toBe(401);
  });
});

describe('extension handoff (POST auth/sessions) limits', () => {
  const clock = createTestClock();
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({
      seedDemoData: true,
      now: clock.now,
      loginRateLimit: { max: 100, windowMs: 60_000 },
    });
  });
  afterAll(() => t.close());

  const handoff = (accessToken: string) =>
    t.api('/api/auth/sessions', { method: 'POST', token: accessToken });
  const refresh = (username: string, token: string) =>
    t.api('/api/auth', { method: 'PATCH', body: { username, token } });

  it('replaces the extension’s previous session and leaves the app’s own session alone', async () => {
    const app = await t.signIn('owner@summit.test');
    const first = authResponseSchema.parse((await handoff(app.accessToken)).body).data.attributes;
    const second = authResponseSchema.parse((await handoff(app.accessToken)).body).data.attributes;

    expect((await refresh('owner@summit.test', first.RefreshToken)).status).toBe(401);
    expect((await t.api('/api/users/me', { token: first.AccessToken })).status).toBe(401);
    expect((await refresh('owner@summit.test', second.RefreshToken)).status).toBe(200);
    expect((await refresh('owner@summit.test', app.refreshToken)).status).toBe(200);
  });

  it('allows 5 handoffs an hour per user, then answers 429 until the hour has passed', async () => {
    const app = await t.signIn('consultant@lakeside.test');
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await handoff(app.accessToken)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    // Another user has a budget of their own.
    const other = await t.signIn('agent@harbor.test');
    expect((await handoff(other.accessToken)).status).toBe(200);

    clock.advance(61 * 60_000);
    const fresh = await t.signIn('consultant@lakeside.test');
    expect((await handoff(fresh.accessToken)).status).toBe(200);
  });

  it('keeps at most 10 sessions per user: an 11th sign-in revokes the oldest', async () => {
    const sessions = [];
    for (let i = 0; i < 11; i++) {
      clock.advance(1000);
      sessions.push(await t.signIn('admin@lakeside.test'));
    }
    expect((await t.api('/api/users/me', { token: sessions[0].accessToken })).status).toBe(401);
    expect((await refresh('admin@lakeside.test', sessions[0].refreshToken)).status).toBe(401);
    for (const session of sessions.slice(1))
      expect((await t.api('/api/users/me', { token: session.accessToken })).status).toBe(200);
  });
});
