import cluster, { type Worker } from 'node:cluster';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseCliArgs } from '../cli-args';
import { clusterRefusal, parseWorkerCount, restartDelayMs } from './cluster-plan';

/**
 * `npm run start:cluster -- --workers N` (issue #17, docs/deploying.md): N server
 * processes (server/main.ts) sharing one port through Node's cluster module, on
 * PostgreSQL (DATABASE_URL) with socket fan-out over Redis (REDIS_URL). The primary
 * serves nothing itself: it starts the first worker alone (it migrates and, on a fresh
 * database, seeds), then the others; it restarts a worker that dies, backing off when
 * one keeps dying at start; SIGTERM/SIGINT close every worker cleanly.
 *
 * Every other setting is server/main.ts's environment (PORT, HOST, DATA_DIR — shared by
 * the workers for the JWT secret and coaching videos —, TRUST_PROXY, ...).
 */
const USAGE = `Usage: npm run start:cluster -- [--workers N]

  --workers N   server processes to run (default: the machine's CPU count, ${os.availableParallelism()})

Needs DATABASE_URL (PostgreSQL) and REDIS_URL; see docs/deploying.md.`;

/** How long a worker has to close its connections on shutdown before it is killed. */
const STOP_GRACE_MS = 15_000;
/** After Ctrl-C, how long the workers may close on their own before they get SIGTERM. */
const SIGINT_GRACE_MS = 3000;

const serverEntry = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'main.ts');

function log(line: string): void {
  console.log(`[cluster ${process.pid}] ${line}`);
}

async function main(): Promise<number> {
  const parsed = parseCliArgs<{ workers?: string }>({ workers: { type: 'string' } }, USAGE);
  if ('exit' in parsed) return parsed.exit;
  const workers = parseWorkerCount(parsed.values.workers, os.availableParallelism());
  if (typeof workers === 'string') {
    console.error(`${workers}\n${USAGE}`);
    return 2;
  }
  const refusal = clusterRefusal(process.env);
  if (refusal) {
    console.error(refusal);
    return 2;
  }

  // The workers run server/main.ts with no arguments (its environment says the rest);
  // the primary's own loader flags (tsx) are inherited through execArgv.
  cluster.setupPrimary({ exec: serverEntry, args: [] });

  let stopping = false;
  /** Recent start-up deaths per slot, for the back-off. */
  const crashes = new Map<number, number>();
  const startedAt = new Map<Worker, number>();
  const slots = new Map<Worker, number>();

  function fork(slot: number): Promise<Worker> {
    const worker = cluster.fork({ INTAKE_WORKER: String(slot) });
    slots.set(worker, slot);
    startedAt.set(worker, Date.now());
    return new Promise((resolve) => {
      worker.once('listening', () => {
        log(`worker ${slot} (pid ${worker.process.pid}) listening`);
        resolve(worker);
      });
      worker.once('exit', () => resolve(worker));
    });
  }

  cluster.on('exit', (worker, code, signal) => {
    const slot = slots.get(worker) ?? 0;
    const lived = Date.now() - (startedAt.get(worker) ?? Date.now());
    slots.delete(worker);
    startedAt.delete(worker);
    if (stopping) return;
    const recent = lived < 10_000 ? (crashes.get(slot) ?? 0) + 1 : 0;
    crashes.set(slot, recent);
    const delay = restartDelayMs(recent);
    log(
      `worker ${slot} (pid ${worker.process.pid}) exited (${signal ?? `code ${code}`}); restarting in ${delay} ms`,
    );
    setTimeout(() => {
      if (!stopping) void fork(slot);
    }, delay);
  });

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log(`${signal}: closing ${Object.keys(cluster.workers ?? {}).length} workers...`);
    const running = Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w);
    const killer = setTimeout(() => {
      for (const worker of running) worker.process.kill('SIGKILL');
    }, STOP_GRACE_MS);
    killer.unref();
    const terminate = () => {
      for (const worker of running) if (!worker.isDead()) worker.process.kill('SIGTERM');
    };
    // Ctrl-C reaches the workers too (one process group), and a second signal makes a
    // worker exit without closing (server/main.ts): give them a moment to close on their
    // own first. A SIGINT sent to the primary alone still stops them, a little later.
    if (signal === 'SIGINT') setTimeout(terminate, SIGINT_GRACE_MS).unref();
    else terminate();
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);

  log(`starting ${workers} workers of ${path.relative(process.cwd(), serverEntry)}`);
  // The first one alone: it runs the migrations (and the seed of a fresh database), which
  // several processes starting at once would race on.
  const first = await fork(1);
  if (first.isDead()) {
    stopping = true;
    console.error('The first worker could not start (see its message above); not starting others.');
    return 1;
  }
  await Promise.all(Array.from({ length: workers - 1 }, (_, i) => fork(i + 2)));
  log(`${workers} workers share the port`);
  return new Promise<number>((resolve) => {
    const check = () => {
      if (stopping && Object.keys(cluster.workers ?? {}).length === 0) resolve(0);
    };
    cluster.on('exit', check);
  });
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(
      `The cluster could not start: ${error instanceof Error ? error.message : String(error)}`,
    );
    process.exit(1);
  },
);
