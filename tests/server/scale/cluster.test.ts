import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { healthResponseSchema } from '@/shared/contracts/health';
import { clusterRefusal, parseWorkerCount, restartDelayMs } from '@/server/cluster/cluster-plan';
import { callApi } from '../helpers/test-server';
import {
  createScratchDatabase,
  makeDataDir,
  missingServices,
  REDIS_URL,
  removeDataDir,
  uniqueRedisKey,
} from './scale-harness';

/** `npm run start:cluster -- --workers N` (issue #17): server/cluster/. */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const entry = path.join(repoRoot, 'server/cluster/cluster-main.ts');

function runCluster(args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', entry, ...args], {
    cwd: repoRoot,
    env: { ...process.env, DATABASE_URL: '', REDIS_URL: '', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const state = { output: '' };
  child.stdout.on('data', (chunk: Buffer) => (state.output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (state.output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  return { child, state, exited };
}

async function waitFor(
  state: { output: string },
  pattern: RegExp,
  timeoutMs = 60_000,
): Promise<RegExpExecArray> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const match = pattern.exec(state.output);
    if (match) return match;
    if (Date.now() > deadline) throw new Error(`no ${pattern} in:\n${state.output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('cluster plan', () => {
  it('takes --workers as a whole number from 1 to 64, and the CPU count without it', () => {
    expect(parseWorkerCount('3', 8)).toBe(3);
    expect(parseWorkerCount(undefined, 8)).toBe(8);
    expect(parseWorkerCount(undefined, 0)).toBe(1);
    for (const bad of ['0', '-1', '2.5', 'two', '65', '']) {
      expect(parseWorkerCount(bad, 8)).toMatch(/--workers must be a whole number from 1 to 64/);
    }
  });

  it('refuses to start without PostgreSQL and Redis, naming what is missing', () => {
    expect(clusterRefusal({})).toMatch(
      /needs DATABASE_URL \(PostgreSQL\) and REDIS_URL \(socket fan-out\)/,
    );
    expect(clusterRefusal({ DATABASE_URL: 'postgres://x/y' })).toMatch(/needs REDIS_URL/);
    expect(clusterRefusal({ DATABASE_URL: 'postgres://x/y', REDIS_URL: 'redis://x' })).toBeNull();
  });

  it('restarts a worker at once after a crash in service, and backs off up to 30 s while it keeps dying at start', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 10].map(restartDelayMs)).toEqual([
      0, 1000, 2000, 4000, 8000, 16_000, 30_000, 30_000,
    ]);
  });

  it('exits with 2 and says why when started on SQLite', async () => {
    const run = runCluster(['--workers', '2'], {});
    expect(await run.exited).toBe(2);
    expect(run.state.output).toMatch(/start:cluster needs DATABASE_URL/);
  });
});

const missing = await missingServices();
if (missing) console.log(`cluster run test skipped: ${missing}`);

describe.skipIf(missing !== null)('npm run start:cluster -- --workers 2', () => {
  const cleanup: (() => Promise<void>)[] = [];
  const running: ChildProcess[] = [];
  afterAll(async () => {
    for (const child of running) if (child.exitCode === null) child.kill('SIGKILL');
    for (const step of cleanup.reverse()) await step();
  }, 30_000);

  it('serves one port from two workers, restarts a worker that dies, and stops cleanly on SIGTERM', async () => {
    const database = await createScratchDatabase('cluster');
    cleanup.push(() => database.drop());
    const dataDir = await makeDataDir();
    cleanup.push(() => removeDataDir(dataDir));
    const run = runCluster(['--workers', '2'], {
      DATABASE_URL: database.url,
      REDIS_URL,
      REDIS_KEY_PREFIX: uniqueRedisKey('cluster'),
      DATA_DIR: dataDir,
      PORT: '0',
    });
    running.push(run.child);
    await waitFor(run.state, /2 workers share the port/);
    const url = (await waitFor(run.state, /running at (http:\/\/\S+)/))[1];
    const health = await callApi(url, '/api/health');
    expect(health.status).toBe(200);
    expect(healthResponseSchema.parse(health.body)).toMatchObject({ database: 'ok', redis: 'ok' });

    const pid = Number((await waitFor(run.state, /worker 1 \(pid (\d+)\) listening/))[1]);
    process.kill(pid, 'SIGKILL');
    // The exit, then a new worker 1 listening after it.
    await waitFor(
      run.state,
      new RegExp(
        `worker 1 \\(pid ${pid}\\) exited \\(SIGKILL\\)[\\s\\S]*worker 1 \\(pid \\d+\\) listening`,
      ),
    );
    // Both workers answer on the port meanwhile and after.
    for (let i = 0; i < 4; i++) expect((await callApi(url, '/api/health')).status).toBe(200);

    run.child.kill('SIGTERM');
    expect(await run.exited).toBe(0);
  }, 60_000);
});
