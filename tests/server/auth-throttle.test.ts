import { afterEach, describe, expect, it } from 'vitest';
import { tooManySignInAttempts } from '@/shared/contracts/auth';
import { parseTrustProxy } from '@/server/auth/trusted-proxy';
import { createTestClock, startTestServer, type TestServer } from './helpers/test-server';

/**
 * issue 9 item 10: sign-in budgets per address across usernames (spraying) and per
 * account across addresses, and X-Forwarded-For believed only from a configured proxy.
 */
describe('sign-in budgets', () => {
  let t: TestServer | null = null;
  afterEach(async () => {
    await t?.close();
    t = null;
  });

  const attempt = (
    server: TestServer,
    username: string,
    password = 'wrong-password',
    forwardedFor?: string,
  ) =>
    server.api('/api/auth', {
      method: 'POST',
      body: { username, password },
      headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
    });

  it('answers 429 to password spraying: 30 usernames from one address exceed its 20 attempts', async () => {
    const clock = createTestClock();
    t = await startTestServer({ seedDemoData: true, now: clock.now });
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) statuses.push((await attempt(t, `user${i}@spray.test`)).status);
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(401));
    expect(statuses.slice(20)).toEqual(Array(10).fill(429));
    // The right password of a real account from that address is refused too.
    const real = await attempt(t, 'owner@lakeside.test', 'demo-password');
    expect(real.status).toBe(429);
    // issue #29: the address budget lasts 10 minutes, and the answer says so (it said "a
    // minute"); Retry-After gives the seconds left of the window.
    expect(real.headers.get('retry-after')).toBe('600');
    expect(real.body).toMatchObject({
      message: 'Too many sign-in attempts. Please wait 10 minutes and try again.',
    });
    clock.advance(90_000);
    const later = await attempt(t, 'owner@lakeside.test', 'demo-password');
    expect(later.headers.get('retry-after')).toBe('510');
    expect(later.body).toMatchObject({ message: tooManySignInAttempts(510) });
    expect(tooManySignInAttempts(510)).toContain('Please wait 9 minutes');
  });

  it('does not count successful sign-ins against the address, so a shared office address keeps working', async () => {
    t = await startTestServer({ seedDemoData: true });
    for (let i = 0; i < 15; i++)
      expect((await attempt(t, `typo${i}@office.test`)).status).toBe(401);
    for (const username of [
      'owner@lakeside.test',
      'admin@lakeside.test',
      'agent@lakeside.test',
      'consultant@lakeside.test',
      'owner@harbor.test',
      'agent@harbor.test',
      'owner@summit.test',
      'agent@summit.test',
    ])
      expect((await attempt(t, username, 'demo-password')).status).toBe(200);
    for (let i = 15; i < 20; i++)
      expect((await attempt(t, `typo${i}@office.test`)).status).toBe(401);
    expect((await attempt(t, 'typo20@office.test')).status).toBe(429);
  });

  it('answers 429 to one account guessed from many addresses behind a trusted proxy', async () => {
    t = await startTestServer({
      seedDemoData: true,
      trustProxy: ['127.0.0.1'],
      // Behind a proxy the server needs its public origin (issue #29).
      appOrigin: 'https://cockpit.example.test',
    });
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++)
      statuses.push((await attempt(t, 'owner@summit.test', 'guess', `203.0.113.${i + 1}`)).status);
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(401));
    expect(statuses.slice(20)).toEqual(Array(5).fill(429));
    // Even the right password, from a fresh address: the account's budget is spent.
    expect((await attempt(t, 'owner@summit.test', 'demo-password', '198.51.100.7')).status).toBe(
      429,
    );
    // Other accounts are not affected.
    expect((await attempt(t, 'agent@summit.test', 'demo-password', '198.51.100.7')).status).toBe(
      200,
    );
  });

  it('counts the forwarded client address behind a trusted proxy, so clients do not share one budget', async () => {
    t = await startTestServer({
      seedDemoData: true,
      trustProxy: ['127.0.0.1'],
      // Behind a proxy the server needs its public origin (issue #29).
      appOrigin: 'https://cockpit.example.test',
    });
    // 12 clients each mistype once: 12 > 10 per (address, username), but each has its own.
    for (let i = 0; i < 12; i++)
      expect((await attempt(t, 'agent@lakeside.test', 'typo', `192.0.2.${i + 1}`)).status).toBe(
        401,
      );
  });

  it('ignores X-Forwarded-For without a trusted proxy: a client cannot pick the address it is counted by', async () => {
    t = await startTestServer({ seedDemoData: true });
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push((await attempt(t, 'agent@lakeside.test', 'typo', `192.0.2.${i + 1}`)).status);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses[10]).toBe(429);
  });
});

describe('TRUST_PROXY', () => {
  it('trusts nobody when unset, empty or false', () => {
    for (const value of [undefined, '', ' ', 'false', '0'])
      expect(parseTrustProxy(value)).toBe(false);
  });

  it('reads a hop count and a list of addresses and ranges', () => {
    expect(parseTrustProxy('1')).toBe(1);
    expect(parseTrustProxy('127.0.0.1, 10.0.0.0/8,::1,loopback')).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      '::1',
      'loopback',
    ]);
  });

  it('refuses "true" (anybody could forge the address) and values that are not addresses', () => {
    expect(() => parseTrustProxy('true')).toThrow(/hop count/);
    expect(() => parseTrustProxy('proxy.example.com')).toThrow(/not an address/);
  });
});
