import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tooManySignInAttempts } from '@/shared/contracts/auth';
import { createTestClock, startTestServer, type TestServer } from './helpers/test-server';

describe('sign-in rate limit', () => {
  const clock = createTestClock();
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ now: clock.now, loginRateLimit: { max: 3, windowMs: 60_000 } });
  });
  afterAll(() => t.close());

  const attempt = (username: string, password = 'wrong-password') =>
    t.api('/api/auth', { method: 'POST', body: { username, password } });

  it('answers 429 once an address has used up its attempts for one username, even with the right password', async () => {
    for (let i = 0; i < 3; i++) expect((await attempt('owner@lakeside.test')).status).toBe(401);
    clock.advance(15_000);
    const limited = await attempt('OWNER@lakeside.test ', 'demo-password');
    expect(limited.status).toBe(429);
    // The window is a minute, 15 s of it gone: 45 s to wait, said in words and Retry-After.
    expect(limited.headers.get('retry-after')).toBe('45');
    expect(limited.body).toEqual({
      statusCode: 429,
      error: 'Too Many Requests',
      message: tooManySignInAttempts(45),
    });
    expect(tooManySignInAttempts(45)).toBe(
      'Too many sign-in attempts. Please wait a minute and try again.',
    );
  });

  it('counts each username on its own', async () => {
    expect((await attempt('admin@lakeside.test', 'demo-password')).status).toBe(200);
  });

  it('lets the username try again once the window has passed', async () => {
    clock.advance(46_000);
    expect((await attempt('owner@lakeside.test', 'demo-password')).status).toBe(200);
  });

  it('allows ten attempts a minute by default', async () => {
    const defaults = await startTestServer();
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++) {
        statuses.push(
          (
            await defaults.api('/api/auth', {
              method: 'POST',
              body: { username: 'x@y.test', password: 'z' },
            })
          ).status,
        );
      }
      expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
      expect(statuses[10]).toBe(429);
    } finally {
      await defaults.close();
    }
  });
});
