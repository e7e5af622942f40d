import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authResponseSchema } from '@/shared/contracts/auth';
import { startTestServer, type TestServer } from './helpers/test-server';

// POST /api/auth/sessions: the app opens a second session to hand to the browser
// extension ("Use this sign-in in your CRM tabs"), independent of its own.
describe('a second session for the signed-in user', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer();
  });
  afterAll(() => t.close());

  it('needs a valid access token', async () => {
    expect((await t.api('/api/auth/sessions', { method: 'POST' })).status).toBe(401);
    expect((await t.api('/api/auth/sessions', { method: 'POST', token: 'forged' })).status).toBe(
      401,
    );
  });

  it('answers a token pair whose refresh token lives apart from the caller’s own', async () => {
    const app = await t.signIn('owner@lakeside.test');
    const answer = await t.api('/api/auth/sessions', { method: 'POST', token: app.accessToken });
    expect(answer.status).toBe(200);
    const second = authResponseSchema.parse(answer.body).data.attributes;
    expect(second.RefreshToken).not.toBe(app.refreshToken);

    // The extension rotates its token at once...
    const rotated = await t.api('/api/auth', {
      method: 'PATCH',
      body: { username: 'owner@lakeside.test', token: second.RefreshToken },
    });
    expect(rotated.status).toBe(200);
    // ...and the app's own session is untouched by it.
    const appRefresh = await t.api('/api/auth', {
      method: 'PATCH',
      body: { username: 'owner@lakeside.test', token: app.refreshToken },
    });
    expect(appRefresh.status).toBe(200);
  });
});
