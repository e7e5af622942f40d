import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type AuthResponse, authResponseSchema } from '@/shared/contracts/auth';
import { type BuildServerOptions, buildServer, type IntakeServer } from '@/server/app';
import type { ScryptCost } from '@/server/auth/passwords';
import { DEMO_PASSWORD } from '@/server/seed/demo-accounts';

export interface Tokens {
  accessToken: string;
  refreshToken: string;
  expiresIn: number;
}

export interface ApiCall {
  method?: string;
  token?: string;
  /** JSON-encoded unless it is already a string (then sent as is). */
  body?: unknown;
  headers?: Record<string, string>;
}

export interface ApiAnswer {
  status: number;
  headers: Headers;
  /** Parsed JSON when the answer is JSON, else the text. */
  body: unknown;
}

export interface TestServer {
  url: string;
  dataDir: string;
  server: IntakeServer;
  /** Closes the server; removes the data directory when the helper created it. */
  close(): Promise<void>;
  /** Signs a demo user in (password demo-password) and answers its tokens. */
  signIn(username: string, password?: string): Promise<Tokens>;
  /** A real HTTP call to `${url}${path}`. */
  api(path: string, call?: ApiCall): Promise<ApiAnswer>;
}

export type TestServerOptions = Partial<BuildServerOptions>;

/**
 * A deliberately cheap scrypt cost for test servers: the suites sign in hundreds of
 * times, and the production cost (N=2^17, about 0.4 s a hash) would make them crawl.
 * tests/server/passwords.test.ts checks the production default; pass
 * `passwordCost: PASSWORD_COST` to test with it.
 */
export const TEST_PASSWORD_COST: ScryptCost = { N: 1024, r: 8, p: 1 };

/** A clock tests can move: pass `now` to the server, then `advance` it. */
export function createTestClock(start = new Date()) {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance(ms: number) {
      current += ms;
    },
  };
}

export async function callApi(
  baseUrl: string,
  urlPath: string,
  call: ApiCall = {},
): Promise<ApiAnswer> {
  const headers: Record<string, string> = { ...call.headers };
  if (call.token) headers.authorization = `Bearer ${call.token}`;
  let body: string | undefined;
  if (call.body !== undefined) {
    body = typeof call.body === 'string' ? call.body : JSON.stringify(call.body);
    headers['content-type'] ??= 'application/json';
  }
  const response = await fetch(`${baseUrl}${urlPath}`, {
    method: call.method ?? 'GET',
    headers,
    body,
  });
  const text = await response.text();
  const isJson = response.headers.get('content-type')?.includes('json') ?? false;
  return {
    status: response.status,
    headers: response.headers,
    body: isJson && text ? JSON.parse(text) : text,
  };
}

/**
 * Builds the real server on an ephemeral port over a fresh temporary data directory
 * (or the given one, which is then left in place, e.g. to restart on it).
 */
export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const ownsDataDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? (await mkdtemp(path.join(os.tmpdir(), 'intake-test-')));
  const server = await buildServer({
    logLevel: 'silent',
    passwordCost: TEST_PASSWORD_COST,
    // The suites sign in as the demo accounts: opt in (the server's default is a real,
    // empty database, issue #9 item 2).
    seedDemoData: true,
    ...options,
    dataDir,
  });
  const { url } = await server.listen(0, '127.0.0.1');

  const api = (urlPath: string, call?: ApiCall) => callApi(url, urlPath, call);
  return {
    url,
    dataDir,
    server,
    api,
    async close() {
      await server.close();
      if (ownsDataDir) await rm(dataDir, { recursive: true, force: true });
    },
    async signIn(username, password = DEMO_PASSWORD) {
      const answer = await api('/api/auth', { method: 'POST', body: { username, password } });
      if (answer.status !== 200) {
        throw new Error(
          `sign-in of ${username} answered ${answer.status}: ${JSON.stringify(answer.body)}`,
        );
      }
      const { attributes }: AuthResponse['data'] = authResponseSchema.parse(answer.body).data;
      return {
        accessToken: attributes.AccessToken,
        refreshToken: attributes.RefreshToken,
        expiresIn: attributes.ExpiresIn,
      };
    },
  };
}

/** The claims of a JWT, read without verifying (the server verifies; tests only look). */
export function decodeJwt(token: string): Record<string, unknown> {
  const payload = token.split('.')[1];
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
}
