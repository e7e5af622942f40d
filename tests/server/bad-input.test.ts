import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '@/shared/contracts/common';
import { type ApiCall, startTestServer, type TestServer } from './helpers/test-server';

/**
 * ARCHITECTURE.md: "Every route validates its input with the same zod contracts and
 * answers bad input with 400 and a clear message; no bad input may produce a 500 or a
 * crash." Each case names the status it must get; none may get 500.
 */
interface Case {
  name: string;
  path: string;
  call: ApiCall & { auth?: 'lakeside' | 'harbor' };
  status: number;
  message?: string | RegExp;
}

const MB = 1024 * 1024;
const huge = 'x'.repeat(MB + 10);
const POST_AUTH = { method: 'POST' } as const;
const PATCH_AUTH = { method: 'PATCH' } as const;

const CASES: Case[] = [
  {
    name: 'sign-in without any field',
    path: '/api/auth',
    call: { ...POST_AUTH, body: {} },
    status: 400,
    message: 'username: username is required; password: password is required',
  },
  {
    name: 'sign-in without a password',
    path: '/api/auth',
    call: { ...POST_AUTH, body: { username: 'a@b.test' } },
    status: 400,
    message: 'password: password is required',
  },
  {
    name: 'sign-in with an empty username',
    path: '/api/auth',
    call: { ...POST_AUTH, body: { username: '   ', password: 'x' } },
    status: 400,
    message: 'username: username is required',
  },
  {
    name: 'sign-in with wrong types',
    path: '/api/auth',
    call: { ...POST_AUTH, body: { username: 42, password: true } },
    status: 400,
    message: /username: expected string, received number/,
  },
  {
    name: 'sign-in with an array for a body',
    path: '/api/auth',
    call: { ...POST_AUTH, body: [] },
    status: 400,
    message: /^body: expected object/,
  },
  {
    name: 'sign-in with null for a body',
    path: '/api/auth',
    call: { ...POST_AUTH, body: 'null' },
    status: 400,
    message: /^body:/,
  },
  {
    name: 'sign-in with a JSON string for a body',
    path: '/api/auth',
    call: { ...POST_AUTH, body: '"owner"' },
    status: 400,
  },
  { name: 'sign-in without a body at all', path: '/api/auth', call: { ...POST_AUTH }, status: 400 },
  {
    name: 'sign-in with an empty JSON body',
    path: '/api/auth',
    call: { ...POST_AUTH, body: '', headers: { 'content-type': 'application/json' } },
    status: 400,
  },
  {
    name: 'sign-in with malformed JSON',
    path: '/api/auth',
    call: { ...POST_AUTH, body: '{"username": "a", ' },
    status: 400,
  },
  {
    name: 'sign-in with a prototype-poisoning body',
    path: '/api/auth',
    call: {
      ...POST_AUTH,
      body: '{"__proto__": {"admin": true}, "username": "a", "password": "b"}',
    },
    status: 400,
  },
  {
    name: 'sign-in with deeply nested JSON',
    path: '/api/auth',
    call: { ...POST_AUTH, body: `${'['.repeat(50_000)}${']'.repeat(50_000)}` },
    status: 400,
  },
  {
    name: 'sign-in with a text/plain body',
    path: '/api/auth',
    call: {
      ...POST_AUTH,
      body: 'username=a&password=b',
      headers: { 'content-type': 'text/plain' },
    },
    status: 415,
  },
  {
    name: 'sign-in with a form body',
    path: '/api/auth',
    call: {
      ...POST_AUTH,
      body: 'username=a&password=b',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    },
    status: 415,
  },
  {
    name: 'sign-in with a body over 1 MB',
    path: '/api/auth',
    call: { ...POST_AUTH, body: { username: huge, password: 'x' } },
    status: 413,
  },
  {
    name: 'sign-in with a 100 kB password',
    path: '/api/auth',
    call: { ...POST_AUTH, body: { username: 'a@b.test', password: 'p'.repeat(100_000) } },
    status: 400,
    message: /^password:/,
  },
  {
    name: 'sign-in with a 10 kB username',
    path: '/api/auth',
    call: { ...POST_AUTH, body: { username: 'u'.repeat(10_000), password: 'x' } },
    status: 400,
    message: /^username:/,
  },
  {
    name: 'refresh without a token',
    path: '/api/auth',
    call: { ...PATCH_AUTH, body: { username: 'owner@lakeside.test' } },
    status: 400,
    message: 'token: token is required',
  },
  {
    name: 'refresh with a garbage token',
    path: '/api/auth',
    call: { ...PATCH_AUTH, body: { username: 'owner@lakeside.test', token: 'abc' } },
    status: 401,
  },
  {
    name: 'refresh with a 5 kB token',
    path: '/api/auth',
    call: { ...PATCH_AUTH, body: { username: 'owner@lakeside.test', token: 't'.repeat(5000) } },
    status: 400,
  },
  {
    name: 'users/me with a wrong token',
    path: '/api/users/me',
    call: { token: 'wrong' },
    status: 401,
    message: 'Unauthorized',
  },
  {
    name: 'users/me with an unknown include',
    path: '/api/users/me?include=secrets',
    call: { auth: 'lakeside' },
    status: 400,
    message: /^include:/,
  },
  {
    name: 'a lookup with unknown query parameters (ignored)',
    path: '/api/timezones?foo=bar&sort=name&x[y]=1',
    call: { auth: 'lakeside' },
    status: 200,
  },
  {
    name: 'paging with a non-numeric limit',
    path: '/api/timezones?page[limit]=abc',
    call: { auth: 'lakeside' },
    status: 400,
    message: /^page\[limit\]:/,
  },
  {
    name: 'paging with a zero limit',
    path: '/api/timezones?page[limit]=0',
    call: { auth: 'lakeside' },
    status: 400,
  },
  {
    name: 'paging with a limit over the maximum',
    path: '/api/timezones?page[limit]=5000',
    call: { auth: 'lakeside' },
    status: 400,
  },
  {
    name: 'paging with a negative offset',
    path: '/api/timezones?page[offset]=-1',
    call: { auth: 'lakeside' },
    status: 400,
  },
  {
    name: 'paging with a repeated limit',
    path: '/api/timezones?page[limit]=1&page[limit]=2',
    call: { auth: 'lakeside' },
    status: 400,
  },
  {
    name: 'regions of a malformed country',
    path: '/api/addresses/regions?country=USA',
    call: { auth: 'lakeside' },
    status: 400,
    message: /^country:/,
  },
  {
    name: "another workspace's id",
    path: '/api/workspaces/ws_harbor',
    call: { auth: 'lakeside' },
    status: 403,
  },
  {
    name: "another workspace's lead sources",
    path: '/api/workspaces/ws_harbor/leadSources',
    call: { auth: 'lakeside' },
    status: 403,
  },
  {
    name: 'a workspace id longer than 64 characters',
    path: `/api/workspaces/${'w'.repeat(65)}`,
    call: { auth: 'lakeside' },
    status: 400,
    message: /^id:/,
  },
  {
    name: 'a workspace id with broken percent-encoding',
    path: '/api/workspaces/%E0%A4%A',
    call: { auth: 'lakeside' },
    status: 400,
  },
  {
    // PostgreSQL cannot store NUL in text: both engines refuse it alike (issue #17).
    name: 'sign-in with a NUL character in the username',
    path: '/api/auth',
    call: { ...POST_AUTH, body: { username: 'owner@lakeside.test\u0000', password: 'x' } },
    status: 400,
    message: 'body.username: text must not contain the NUL character',
  },
  {
    name: 'a workspace id with a NUL character',
    path: '/api/workspaces/ws_lakeside%00',
    call: { auth: 'lakeside' },
    status: 400,
    message: /NUL character/,
  },
  {
    name: 'a report filter with a NUL character',
    path: '/api/workspaces/ws_lakeside/reports/pclc',
    call: {
      auth: 'lakeside',
      method: 'POST',
      body: { startDate: '2025-01-01', endDate: '2025-01-31', leadSources: ['ls\u0000'] },
    },
    status: 400,
    message: 'body.leadSources[0]: text must not contain the NUL character',
  },
  {
    name: "another workspace's notifications",
    path: '/api/workspaces/ws_harbor/notifications',
    call: { auth: 'lakeside' },
    status: 403,
  },
  {
    name: 'marking notifications read with neither ids nor all',
    path: '/api/workspaces/ws_lakeside/notifications/read',
    call: { auth: 'lakeside', method: 'PUT', body: {} },
    status: 400,
  },
  {
    name: 'marking an empty list of notifications read',
    path: '/api/workspaces/ws_lakeside/notifications/read',
    call: { auth: 'lakeside', method: 'PUT', body: { ids: [] } },
    status: 400,
  },
  {
    name: 'marking more than 500 notifications read at once',
    path: '/api/workspaces/ws_lakeside/notifications/read',
    call: {
      auth: 'lakeside',
      method: 'PUT',
      body: { ids: Array.from({ length: 501 }, (_, i) => `n${i}`) },
    },
    status: 400,
  },
  {
    name: 'a system notification sent by a workspace user',
    path: '/api/system/notifications',
    call: { auth: 'lakeside', method: 'POST', body: { workspaceId: 'ws_lakeside', title: 'Hi' } },
    status: 403,
  },
  {
    name: 'an unknown API route',
    path: '/api/nothing/here',
    call: { auth: 'lakeside' },
    status: 404,
  },
  {
    name: 'an unsupported method on a known route',
    path: '/api/auth',
    call: { method: 'DELETE' },
    status: 404,
  },
  {
    name: 'an unknown call-centre route',
    path: '/call-center/nothing/here',
    call: { method: 'POST', body: {} },
    status: 404,
  },
  {
    name: 'a query string longer than the header limit',
    path: `/api/timezones?x=${'q'.repeat(20_000)}`,
    call: { auth: 'lakeside' },
    status: 431,
  },
];

describe('bad input never produces a 500', () => {
  let t: TestServer;
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    t = await startTestServer();
    tokens.lakeside = (await t.signIn('owner@lakeside.test')).accessToken;
    tokens.harbor = (await t.signIn('owner@harbor.test')).accessToken;
  });
  afterAll(() => t.close());

  for (const c of CASES) {
    it(`answers ${c.status} to ${c.name}`, async () => {
      const { auth, ...call } = c.call;
      const answer = await t.api(c.path, {
        ...call,
        token: call.token ?? (auth ? tokens[auth] : undefined),
      });
      expect(answer.status, JSON.stringify(answer.body).slice(0, 300)).toBe(c.status);
      if (c.status >= 400 && c.status !== 431) {
        const error = apiErrorSchema.parse(answer.body);
        expect(error.statusCode).toBe(c.status);
        if (typeof c.message === 'string') expect(error.message).toBe(c.message);
        else if (c.message) expect(error.message).toMatch(c.message);
      }
    });
  }

  it('keeps serving after the whole matrix, fired at once', async () => {
    const answers = await Promise.all(
      CASES.map(({ path, call: { auth, ...call } }) =>
        t.api(path, { ...call, token: call.token ?? (auth ? tokens[auth] : undefined) }),
      ),
    );
    expect(answers.every((a) => a.status < 500)).toBe(true);
    expect((await t.api('/api/timezones', { token: tokens.lakeside })).status).toBe(200);
    expect((await t.api('/api/health')).body).toEqual({
      status: 'ok',
      database: 'ok',
      redis: 'off',
    });
  });
});
