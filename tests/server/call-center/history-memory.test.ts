import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authResponseSchema } from '@/shared/contracts/auth';
import {
  executionHistoryCreatedSchema,
  executionHistoryDetailResponseSchema,
} from '@/shared/contracts/call-flow-api';
import {
  MAX_EXECUTION_HISTORY_BYTES,
  MAX_HISTORY_RESPONSE_BYTES,
  MAX_STEP_HISTORY_BYTES,
  MAX_STEPS_PER_EXECUTION,
  STEP_HISTORY_PAGE_LIMIT,
} from '@/shared/domain/intake-limits';
import { DEMO_PASSWORD } from '@/server/seed/demo-accounts';
import {
  createTestDatabase,
  databaseUrl,
  dropTestDatabase,
  nextTestDatabaseName,
  postgresTestRun,
  testPostgresAdminUrl,
} from '../helpers/postgres-databases';
import {
  makeDataDir,
  removeDataDir,
  type ServerProcess,
  startServerProcess,
} from '../scale/scale-harness';
import { weighing } from './weighing';

// Issue #29 point 2: 160 steps of ~0.9 MB made one GET answer 145 MB with the server at
// 1.2 GB. Here the largest history the bounds allow (MAX_STEPS_PER_EXECUTION steps of
// MAX_STEP_HISTORY_BYTES each, and an execution history of MAX_EXECUTION_HISTORY_BYTES) is
// written and read back, four requests at a time, against the real server in a child
// process of its own, so that its memory is the server's alone: the kernel's peak resident
// set size of that process (VmHWM in /proc/{pid}/status, the highest it ever was, seeding
// included) must stay under 400 MB, and no answer may pass MAX_HISTORY_RESPONSE_BYTES.
// On PostgreSQL (npm run test:postgres) the child uses a database of its own.

const HARBOR = 'ws_harbor';
const PEAK_RSS_LIMIT_BYTES = 400 * 1024 * 1024;
const CONCURRENCY = 4;

/** A process's resident set size now and at its peak, from the kernel (Linux). */
async function memoryOf(pid: number): Promise<{ rss: number; peak: number }> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => {
    const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status);
    if (!match) throw new Error(`no ${field} in /proc/${pid}/status`);
    return Number(match[1]) * 1024;
  };
  return { rss: kb('VmRSS'), peak: kb('VmHWM') };
}

/** Runs `work` for 0..count-1, at most `concurrency` at a time, in order of index. */
async function inParallel(count: number, concurrency: number, work: (i: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) await work(next++);
    }),
  );
}

describe('the largest history the bounds allow', () => {
  let server: ServerProcess;
  let dataDir: string;
  let dropDatabase: (() => Promise<void>) | null = null;
  let token: string;

  beforeAll(async () => {
    dataDir = await makeDataDir();
    const adminUrl = testPostgresAdminUrl();
    let url: string | undefined;
    if (adminUrl) {
      const name = nextTestDatabaseName();
      await createTestDatabase(adminUrl, name, postgresTestRun().template);
      url = databaseUrl(adminUrl, name);
      dropDatabase = () => dropTestDatabase(adminUrl, name);
    }
    // A first start seeds the demo data; the server under test starts on it, as a
    // production server starts on its database, so its memory is the serving alone.
    if (!url) await (await startServerProcess({ dataDir })).stop();
    server = await startServerProcess({ dataDir, databaseUrl: url });
    const signIn = await fetch(`${server.url}/api/auth`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'owner@harbor.test', password: DEMO_PASSWORD }),
    });
    token = authResponseSchema.parse(await signIn.json()).data.attributes.AccessToken;
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    await dropDatabase?.();
    if (dataDir) await removeDataDir(dataDir);
  });

  async function call(path: string, method = 'GET', body?: unknown) {
    const response = await fetch(`${server.url}/call-center/${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, text, bytes: Buffer.byteLength(text, 'utf8') };
  }

  it(`writes ${MAX_STEPS_PER_EXECUTION} steps of ${MAX_STEP_HISTORY_BYTES / 1024} KB and reads them back a page at a time, the server under 400 MB throughout`, async () => {
    const atRest = (await memoryOf(server.child.pid!)).rss;
    const startedAt = new Date().toISOString();
    const history = weighing(
      MAX_EXECUTION_HISTORY_BYTES,
      (pad) => ({
        workspace: HARBOR,
        user: 'agent-1',
        process: 'pi-intake',
        subProcess: null,
        status: 'started',
        startTime: startedAt,
        endTime: null,
        executionHistory: { processVariables: { 'pi-intake': { notes: pad } }, steps: [] },
      }),
      (body) => body.executionHistory,
    );
    const created = await call('process-execution-history', 'POST', history);
    expect(created.status, created.text.slice(0, 300)).toBe(200);
    const id = executionHistoryCreatedSchema.parse(JSON.parse(created.text)).id;

    const step = (i: number) =>
      weighing(MAX_STEP_HISTORY_BYTES, (pad) => ({
        processExecutionHistoryId: id,
        previousStepId: i === 0 ? null : `step-${i - 1}`,
        currentStepId: `step-${i}`,
        currentStepName: `Step ${i + 1}`,
        currentStepType: 'TASK',
        currentStepProcessId: 'pi-intake',
        variableState: { notes: pad },
        direction: 'forward',
        executedOn: new Date(Date.parse(startedAt) + i * 1000).toISOString(),
      }));
    let peakSeen = 0;
    await inParallel(MAX_STEPS_PER_EXECUTION, CONCURRENCY, async (i) => {
      const answer = await call('process-execution-steps-history', 'POST', step(i));
      expect(answer.status, answer.text.slice(0, 300)).toBe(200);
      if (i % 50 === 0) peakSeen = Math.max(peakSeen, (await memoryOf(server.child.pid!)).rss);
    });
    // One more is refused: this is the largest history there can be.
    expect((await call('process-execution-steps-history', 'POST', step(0))).status).toBe(409);

    // Every page, four at a time, and the first page without paging (a client before it).
    const pages = Math.ceil(MAX_STEPS_PER_EXECUTION / STEP_HISTORY_PAGE_LIMIT);
    const seen = new Set<string>();
    let largest = 0;
    await inParallel(pages + 1, CONCURRENCY, async (page) => {
      const path =
        page === pages
          ? `process-execution-history/${id}`
          : `process-execution-history/${id}?page[limit]=${STEP_HISTORY_PAGE_LIMIT}&page[offset]=${page * STEP_HISTORY_PAGE_LIMIT}`;
      const answer = await call(path);
      expect(answer.status).toBe(200);
      largest = Math.max(largest, answer.bytes);
      const { data, meta } = executionHistoryDetailResponseSchema.parse(JSON.parse(answer.text));
      expect(meta?.total).toBe(MAX_STEPS_PER_EXECUTION);
      expect(data.stepHistories).toHaveLength(STEP_HISTORY_PAGE_LIMIT);
      if (page < pages) for (const s of data.stepHistories) seen.add(s.currentStepId);
      peakSeen = Math.max(peakSeen, (await memoryOf(server.child.pid!)).rss);
    });
    expect(seen.size).toBe(MAX_STEPS_PER_EXECUTION);
    expect(largest).toBeLessThanOrEqual(MAX_HISTORY_RESPONSE_BYTES);
    // The server still answers.
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);

    const { peak } = await memoryOf(server.child.pid!);
    const mb = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;
    console.info(
      `largest history: ${MAX_STEPS_PER_EXECUTION} steps, largest answer ${mb(largest)}, server RSS ${mb(atRest)} at rest, sampled up to ${mb(peakSeen)}, kernel peak (VmHWM) ${mb(peak)}`,
    );
    expect(peak).toBeLessThan(PEAK_RSS_LIMIT_BYTES);
  }, 300_000);
});
