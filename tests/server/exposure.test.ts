import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { io as connectSocket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '@/server/app';
import { readMeta } from '@/server/db/meta';
import { parseAllowedOrigins } from '@/server/http/cors';
import { DATABASE_KIND_META_KEY, exposureRefusal, isLoopbackHost } from '@/server/http/exposure';
import { DEMO_PASSWORD } from '@/server/seed/demo-accounts';
import { hashPassword } from '@/server/auth/passwords';
import { copySeededTemplate } from './helpers/sqlite-template';
import {
  callApi,
  startTestServer,
  TEST_PASSWORD_COST,
  type TestServer,
} from './helpers/test-server';

/** issue #9 item 2: who may call the server, and when the demo accounts may exist. */

describe('CORS: only the server itself, configured origins and extensions', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ allowedOrigins: ['https://intake.example.com'] });
  });
  afterAll(() => t.close());

  const preflight = (origin: string, extra: Record<string, string> = {}) =>
    t.api('/api/auth', {
      method: 'OPTIONS',
      headers: {
        origin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
        'access-control-request-private-network': 'true',
        ...extra,
      },
    });

  it('gives another website no CORS header, so its page cannot read the answer', async () => {
    const answer = await t.api('/api/health', { headers: { origin: 'https://evil.example' } });
    expect(answer.headers.get('access-control-allow-origin')).toBeNull();
  });

  it("refuses another website's preflight with 403, without CORS or Private Network Access headers", async () => {
    for (const origin of [
      'https://evil.example',
      'https://intake.example.com.evil.example',
      'null',
      'http://intake.example.com', // the configured origin is https
    ]) {
      const answer = await preflight(origin);
      expect(answer.status, origin).toBe(403);
      expect(answer.headers.get('access-control-allow-origin'), origin).toBeNull();
      expect(answer.headers.get('access-control-allow-private-network'), origin).toBeNull();
    }
  });

  it('answers configured origins and extension origins, with Private Network Access', async () => {
    for (const origin of [
      'https://intake.example.com',
      'chrome-extension://abcdefghijklmnopabcdefghijklmnop',
      'moz-extension://6c1e0f57-3f7a-4a6e-9d83-0c1c9e1d2f00',
    ]) {
      const answer = await preflight(origin);
      expect(answer.status, origin).toBe(204);
      expect(answer.headers.get('access-control-allow-origin')).toBe(origin);
      expect(answer.headers.get('access-control-allow-private-network')).toBe('true');
    }
  });

  it("treats the server's own origin (the app, /widgets/demo) as allowed", async () => {
    const answer = await preflight(t.url);
    expect(answer.status).toBe(204);
    expect(answer.headers.get('access-control-allow-origin')).toBe(t.url);
  });

  it("refuses a browser's socket from another website, and accepts one from an allowed origin", async () => {
    const connect = (origin: string) =>
      new Promise<string>((resolve) => {
        const socket = connectSocket(t.url, {
          transports: ['websocket'],
          reconnection: false,
          extraHeaders: { origin },
          auth: { token: 'not-a-token' },
        });
        socket.on('connect_error', (error) => {
          socket.close();
          resolve(error.message);
        });
      });
    // Refused before socket.io even reads the token: the upgrade itself is rejected.
    expect(await connect('https://evil.example')).not.toBe('unauthorized');
    // An allowed origin reaches the token check.
    expect(await connect('https://intake.example.com')).toBe('unauthorized');
  });

  it('reads ALLOWED_ORIGINS as a list of origins and refuses a wildcard or a path', () => {
    expect(parseAllowedOrigins(' https://A.example.com/ ,http://localhost:5173')).toEqual([
      'https://a.example.com',
      'http://localhost:5173',
    ]);
    expect(parseAllowedOrigins(undefined)).toEqual([]);
    expect(() => parseAllowedOrigins('*')).toThrow('ALLOWED_ORIGINS may not be "*"');
    expect(() => parseAllowedOrigins('https://a.example/app')).toThrow('without a path');
  });
});

describe('demo accounts only in a demo database', () => {
  const dirs: string[] = [];
  const freshDir = async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'intake-exposure-'));
    dirs.push(dir);
    return dir;
  };
  afterAll(async () => {
    await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
  });

  it('creates no users in a database built without --demo, and records it as real', async () => {
    const server = await buildServer({ dataDir: await freshDir(), logLevel: 'silent' });
    try {
      const users = await server.db.selectFrom('users').select('id').execute();
      expect(users).toEqual([]);
      expect(server.databaseKind).toBe('real');
      expect(await readMeta(server.db, DATABASE_KIND_META_KEY)).toBe('real');
      const { url } = await server.listen(0, '127.0.0.1');
      const signIn = await callApi(url, '/api/auth', {
        method: 'POST',
        body: { username: 'system@intake.test', password: DEMO_PASSWORD },
      });
      expect(signIn.status).toBe(401);
    } finally {
      await server.close();
    }
  });

  it('never adds the demo accounts to a real database later, even when asked', async () => {
    const dataDir = await freshDir();
    await (await buildServer({ dataDir, logLevel: 'silent' })).close();
    const again = await buildServer({
      dataDir,
      logLevel: 'silent',
      seedDemoData: true,
    });
    try {
      expect(again.databaseKind).toBe('real');
      expect(await again.db.selectFrom('users').select('id').execute()).toEqual([]);
    } finally {
      await again.close();
    }
  });

  it('refuses to listen on 0.0.0.0 with a demo database, and names the way out', async () => {
    // What matters is the database's kind, not a seed of its own (seconds of password
    // hashing on a busy machine): the run's seeded demo database where there is one, and
    // the tests' password cost where there is not (issue #31 item 11).
    const dataDir = await freshDir();
    await copySeededTemplate(dataDir, new Date().toISOString().slice(0, 10));
    const server = await buildServer({
      dataDir,
      logLevel: 'silent',
      seedDemoData: true,
      passwordCost: TEST_PASSWORD_COST,
    });
    try {
      expect(server.databaseKind).toBe('demo');
      await expect(server.listen(0, '0.0.0.0')).rejects.toThrow(
        /Refusing to listen on 0\.0\.0\.0: this database holds the demo accounts[\s\S]*HOST=127\.0\.0\.1/,
      );
      expect(server.app.server.listening).toBe(false);
      // Loopback stays fine for the demo.
      const { url } = await server.listen(0, '127.0.0.1');
      expect((await callApi(url, '/api/health')).status).toBe(200);
    } finally {
      await server.close();
    }
  });

  it('refuses a real database on 0.0.0.0 once a demo username has the demo password', async () => {
    const server = await buildServer({ dataDir: await freshDir(), logLevel: 'silent' });
    try {
      await server.db
        .insertInto('users')
        .values({
          id: 'usr_planted',
          username: 'system@intake.test',
          email: 'system@intake.test',
          password_hash: await hashPassword(DEMO_PASSWORD),
          picture: null,
          language: 'en',
          timezone: 'UTC',
          calendar_type: null,
          cs_account_id: null,
          person_id: null,
          created_at: '2025-01-01T00:00:00.000Z',
        })
        .execute();
      await expect(server.listen(0, '0.0.0.0')).rejects.toThrow(
        `the demo password "${DEMO_PASSWORD}" still signs in system@intake.test`,
      );
    } finally {
      await server.close();
    }
  });

  it('lets a real database listen on every interface (with APP_ORIGIN, issue #29)', async () => {
    const server = await buildServer({
      dataDir: await freshDir(),
      logLevel: 'silent',
      appOrigin: 'https://cockpit.example.test',
    });
    try {
      const { url } = await server.listen(0, '0.0.0.0');
      expect((await callApi(url, '/api/health')).status).toBe(200);
    } finally {
      await server.close();
    }
  });
});

describe('the start-up decision', () => {
  it('allows anything on loopback, and a non-loopback bind only without the demo password', () => {
    const demo = { demoDatabase: true, demoPasswordUsers: ['system@intake.test'] };
    for (const host of [
      '127.0.0.1',
      '127.1.2.3',
      '::1',
      '[::1]',
      'localhost',
      '::ffff:127.0.0.1',
    ]) {
      expect(isLoopbackHost(host), host).toBe(true);
      expect(exposureRefusal({ host, ...demo }), host).toBeNull();
    }
    for (const host of ['0.0.0.0', '::', '192.168.1.20', 'intake.example.com', '128.0.0.1']) {
      expect(isLoopbackHost(host), host).toBe(false);
      expect(exposureRefusal({ host, ...demo }), host).toMatch(/^Refusing to listen on/);
      expect(
        exposureRefusal({ host, demoDatabase: false, demoPasswordUsers: [] }),
        host,
      ).toBeNull();
    }
  });

  it('refuses a real database where a demo username still has the demo password', () => {
    expect(
      exposureRefusal({
        host: '0.0.0.0',
        demoDatabase: false,
        demoPasswordUsers: ['system@intake.test'],
      }),
    ).toContain(`the demo password "${DEMO_PASSWORD}" still signs in system@intake.test`);
  });
});
