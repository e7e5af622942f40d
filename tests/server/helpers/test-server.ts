import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type AuthResponse, authResponseSchema } from '@/shared/contracts/auth';
import { type ApiClient, createApiClient } from '@/shared/api/client';
import type { Transport } from '@/shared/transport/transport';
import { type BuildServerOptions, buildServer, type IntakeServer } from '@/server/app';
import type { ScryptCost } from '@/server/auth/passwords';
import { DEMO_PASSWORD } from '@/server/seed/demo-accounts';
import { copySeededTemplate } from './sqlite-template';
import {
  createTestDatabase,
  databaseUrl,
  dropTestDatabase,
  nextTestDatabaseName,
  postgresTestRun,
  testPostgresAdminUrl,
} from './postgres-databases';

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
  /**
   * The client's ApiClient talking to this server with `token`, over a plain fetch
   * transport (the app's DirectTransport adds refresh and timeouts on top); a non-200
   * answer throws "HTTP {status}".
   */
  client(token: string): ApiClient;
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

/** The UTC day a test server's demo data is seeded for (its clock's, or today). */
const seedDay = (options: TestServerOptions) =>
  (options.now?.() ?? new Date()).toISOString().slice(0, 10);

/** Whether a test server seeds the run template's demo data (any day: see seedDay). */
const seedsTemplateData = (options: TestServerOptions) =>
  options.seedDemoData !== false && options.passwordCost === undefined;

interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

/** The PostgreSQL database of each data directory, so a restart on it finds its data. */
const postgresByDataDir = new Map<string, TestDatabase>();

/**
 * On PostgreSQL (`npm run test:postgres`), the database of a test server: the one a
 * server on this data directory used before (a restart), else a new one, a copy of the
 * run's seeded template when the server would seed the same demo data (same day, same
 * password cost), else empty. Undefined on SQLite, where the data directory holds it.
 */
async function testDatabaseFor(
  dataDir: string,
  options: TestServerOptions,
): Promise<TestDatabase | undefined> {
  const adminUrl = testPostgresAdminUrl();
  if (!adminUrl || options.databaseUrl) return undefined;
  const known = postgresByDataDir.get(dataDir);
  if (known) return known;
  const { template, templateDay } = postgresTestRun();
  const sameSeed = seedsTemplateData(options) && seedDay(options) === templateDay;
  const name = nextTestDatabaseName();
  await createTestDatabase(adminUrl, name, sameSeed ? template : undefined);
  const database: TestDatabase = {
    url: databaseUrl(adminUrl, name),
    async drop() {
      postgresByDataDir.delete(dataDir);
      await dropTestDatabase(adminUrl, name);
    },
  };
  postgresByDataDir.set(dataDir, database);
  return database;
}

/** Whether `dir` exists and holds nothing (a missing one is not: the server creates it). */
async function isEmptyDirectory(dir: string): Promise<boolean> {
  try {
    return (await readdir(dir)).length === 0;
  } catch {
    return false;
  }
}

/**
 * Builds the real server on an ephemeral port over a fresh temporary data directory
 * (or the given one, which is then left in place, e.g. to restart on it), and on
 * PostgreSQL a fresh database of its own (dropped by close, or with the run).
 */
export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const ownsDataDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? (await mkdtemp(path.join(os.tmpdir(), 'intake-test-')));
  const database = await testDatabaseFor(dataDir, options);
  // On SQLite, a fresh directory (this helper's, or a given one that is still empty) starts
  // from the run's seeded demo database when this server would seed the very same data
  // (issue #31 item 11). A missing directory is left for the server to create.
  const fresh = ownsDataDir || (await isEmptyDirectory(dataDir));
  if (fresh && !database && !options.databaseUrl && seedsTemplateData(options)) {
    await copySeededTemplate(dataDir, seedDay(options));
  }
  let server: IntakeServer;
  try {
    server = await buildServer({
      // TEST_LOG_LEVEL=error shows what a failing request logged.
      logLevel: process.env.TEST_LOG_LEVEL ?? 'silent',
      passwordCost: TEST_PASSWORD_COST,
      // The suites sign in as the demo accounts: opt in (the server's default is a real,
      // empty database, issue #9 item 2).
      seedDemoData: true,
      databaseUrl: database?.url,
      ...options,
      dataDir,
    });
  } catch (error) {
    if (ownsDataDir) await database?.drop();
    throw error;
  }
  const { url } = await server.listen(0, '127.0.0.1');

  const api = (urlPath: string, call?: ApiCall) => callApi(url, urlPath, call);
  return {
    url,
    dataDir,
    server,
    api,
    client(token) {
      const transport: Transport = {
        async request(request) {
          const path = `/api/${request.path}`;
          const answer = await api(path, { method: request.method, token, body: request.body });
          if (answer.status !== 200) throw new Error(`HTTP ${answer.status}`);
          return answer.body;
        },
        subscribe: () => () => {},
      };
      return createApiClient(transport, () => {});
    },
    async close() {
      await server.close();
      if (ownsDataDir) {
        await rm(dataDir, { recursive: true, force: true });
        await database?.drop();
      }
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
