import { createRequire } from 'node:module';
import os from 'node:os';
import { io as connect, type Socket } from 'socket.io-client';
import { authResponseSchema } from '@/shared/contracts/auth';
import { NOTIFICATION_EVENT, notificationSchema } from '@/shared/contracts/notification';
import { DEMO_PASSWORD } from '@/server/seed/demo-accounts';
import { callApi } from '../tests/server/helpers/test-server';
import {
  createScratchDatabase,
  makeDataDir,
  missingServices,
  REDIS_URL,
  removeDataDir,
  type ServerProcess,
  startServerProcess,
  uniqueRedisKey,
} from '../tests/server/scale/scale-harness';
import { ms, percentile } from './stats';

/**
 * `npm run bench:scale` (issue #17): what a second server process buys. On a scratch
 * PostgreSQL database and a Redis key prefix of its own, once with one server process
 * and once with two sharing the database and Redis:
 *
 * - SCALE_CLIENTS socket.io clients (default 1,000) of one workspace, spread evenly
 *   over the processes;
 * - report calls (POST reports/pclc over a year) at a steady SCALE_RATE per second
 *   (default 100) from autocannon for SCALE_SECONDS (default 15), spread evenly;
 * - meanwhile, a workspace broadcast (a notification to the workspace) every second:
 *   the time from sending it to its arrival at the last of the clients;
 * - then the most report calls per second the processes answer (autocannon unthrottled
 *   for 5 s).
 *
 * Prints medians and p95s and the two-process gain as ratios; never asserts. On a small
 * machine the load generator, the clients and the servers share the same cores, which
 * the printed CPU count puts in context.
 */

const CLIENTS = Number(process.env.SCALE_CLIENTS ?? 1000);
const RATE = Number(process.env.SCALE_RATE ?? 100);
const SECONDS = Number(process.env.SCALE_SECONDS ?? 15);
const MAX_SECONDS = 5;
const WORKSPACE = 'ws_harbor';

interface AutocannonResult {
  requests: { average: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}
interface AutocannonInstance {
  on(
    event: 'response',
    listener: (client: unknown, status: number, bytes: number, responseTime: number) => void,
  ): void;
}
type Autocannon = (
  options: Record<string, unknown>,
  done: (error: Error | null, result: AutocannonResult) => void,
) => AutocannonInstance;
// autocannon is CommonJS without type declarations: this is the part used here.
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

interface Load {
  latencies: number[];
  result: AutocannonResult;
}

function runLoad(url: string, token: string, options: { rate?: number; seconds: number }) {
  const latencies: number[] = [];
  const today = new Date().toISOString().slice(0, 10);
  const yearAgo = new Date(Date.now() - 364 * 86_400_000).toISOString().slice(0, 10);
  return new Promise<Load>((resolve, reject) => {
    const instance = autocannon(
      {
        url: `${url}/api/workspaces/${WORKSPACE}/reports/pclc`,
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ startDate: yearAgo, endDate: today }),
        connections: 10,
        duration: options.seconds,
        ...(options.rate ? { overallRate: options.rate } : {}),
      },
      (error, result) => (error ? reject(error) : resolve({ latencies, result })),
    );
    instance.on('response', (_client, _status, _bytes, responseTime) =>
      latencies.push(responseTime),
    );
  });
}

async function signIn(url: string, username: string): Promise<string> {
  const answer = await callApi(url, '/api/auth', {
    method: 'POST',
    body: { username, password: DEMO_PASSWORD },
  });
  if (answer.status !== 200) throw new Error(`sign-in of ${username} answered ${answer.status}`);
  return authResponseSchema.parse(answer.body).data.attributes.AccessToken;
}

/** Opens the clients, round robin over the processes, 50 at a time. */
async function openClients(urls: readonly string[], token: string): Promise<Socket[]> {
  const sockets: Socket[] = [];
  for (let start = 0; start < CLIENTS; start += 50) {
    const batch = Array.from({ length: Math.min(50, CLIENTS - start) }, (_, i) => {
      const socket = connect(urls[(start + i) % urls.length], {
        transports: ['websocket'],
        reconnection: false,
        forceNew: true,
        auth: { token },
      });
      return new Promise<Socket>((resolve, reject) => {
        socket.once('connect', () => resolve(socket));
        socket.once('connect_error', reject);
      });
    });
    sockets.push(...(await Promise.all(batch)));
  }
  return sockets;
}

/** Sends one workspace notification; answers the ms until every client has it. */
async function broadcast(
  url: string,
  systemToken: string,
  sockets: readonly Socket[],
  n: number,
): Promise<number> {
  const title = `Scale broadcast ${n}`;
  let remaining = sockets.length;
  const started = performance.now();
  const arrived = new Promise<number>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${remaining} clients did not get broadcast ${n} within 30 s`)),
      30_000,
    );
    for (const socket of sockets) {
      const onMessage = (payload: unknown) => {
        if (notificationSchema.safeParse(payload).data?.title !== title) return;
        socket.off(NOTIFICATION_EVENT, onMessage);
        remaining -= 1;
        if (remaining === 0) {
          clearTimeout(timer);
          resolve(performance.now() - started);
        }
      };
      socket.on(NOTIFICATION_EVENT, onMessage);
    }
  });
  const sent = await callApi(url, '/api/system/notifications', {
    method: 'POST',
    token: systemToken,
    body: { workspaceId: WORKSPACE, title },
  });
  if (sent.status !== 201) throw new Error(`broadcast answered ${sent.status}`);
  return arrived;
}

interface ScenarioResult {
  processes: number;
  latencies: number[];
  fanout: number[];
  steadyRate: number;
  failed: number;
  maxRate: number;
}

async function scenario(servers: readonly ServerProcess[]): Promise<ScenarioResult> {
  const urls = servers.map((s) => s.url);
  const token = await signIn(urls[0], 'owner@harbor.test');
  const systemToken = await signIn(urls[0], 'system@intake.test');
  console.log(`  ${servers.length} process(es): opening ${CLIENTS} clients...`);
  const sockets = await openClients(urls, token);
  try {
    // Warm-up: a broadcast and a few report calls, not measured.
    await broadcast(urls[0], systemToken, sockets, 0);
    await Promise.all(urls.map((url) => runLoad(url, token, { rate: 10, seconds: 1 })));

    console.log(`  steady load: ${RATE} report calls/s for ${SECONDS} s, a broadcast each second`);
    const loads = Promise.all(
      urls.map((url) => runLoad(url, token, { rate: RATE / urls.length, seconds: SECONDS })),
    );
    const fanout: number[] = [];
    const until = performance.now() + (SECONDS - 1) * 1000;
    for (let n = 1; performance.now() < until; n++) {
      const tick = performance.now();
      // Sent to each process in turn: a broadcast from either reaches the clients of both.
      fanout.push(await broadcast(urls[n % urls.length], systemToken, sockets, n));
      await new Promise((resolve) =>
        setTimeout(resolve, Math.max(0, 1000 - (performance.now() - tick))),
      );
    }
    const steady = await loads;

    console.log(`  most report calls/s: unthrottled for ${MAX_SECONDS} s`);
    const max = await Promise.all(urls.map((url) => runLoad(url, token, { seconds: MAX_SECONDS })));
    return {
      processes: servers.length,
      latencies: steady.flatMap((l) => l.latencies),
      fanout,
      steadyRate: steady.reduce((sum, l) => sum + l.result.requests.average, 0),
      failed: steady.reduce(
        (sum, l) => sum + l.result.non2xx + l.result.errors + l.result.timeouts,
        0,
      ),
      maxRate: max.reduce((sum, l) => sum + l.result.requests.average, 0),
    };
  } finally {
    for (const socket of sockets) socket.disconnect();
  }
}

function print(results: readonly ScenarioResult[]): void {
  const rows = results.map((r) => [
    `${r.processes}`,
    `${r.steadyRate.toFixed(0)}/s`,
    `${r.failed}`,
    ms(percentile(r.latencies, 50)),
    ms(percentile(r.latencies, 95)),
    ms(percentile(r.fanout, 50)),
    ms(percentile(r.fanout, 95)),
    `${r.maxRate.toFixed(0)}/s`,
  ]);
  const header = [
    'processes',
    'steady',
    'failed',
    'report median',
    'report p95',
    'fan-out median',
    'fan-out p95',
    'most calls',
  ];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padStart(widths[i])).join('  ');
  console.log(`\n${line(header)}\n${line(widths.map((w) => '-'.repeat(w)))}`);
  for (const row of rows) console.log(line(row));

  const [one, two] = results;
  if (!one || !two) return;
  const gain = (a: number, b: number) => `${(a / Math.max(b, 0.001)).toFixed(2)}x`;
  console.log(
    `\nGain of the second process (one ÷ two for times, two ÷ one for rates):\n` +
      `  report p95 under load   ${gain(percentile(one.latencies, 95), percentile(two.latencies, 95))}\n` +
      `  broadcast fan-out p50   ${gain(percentile(one.fanout, 50), percentile(two.fanout, 50))}\n` +
      `  most report calls/s     ${gain(two.maxRate, one.maxRate)}\n` +
      `(${os.availableParallelism()} CPUs shared by the servers, the ${CLIENTS} clients and the load generator.)`,
  );
}

async function main(): Promise<void> {
  const missing = await missingServices();
  if (missing) throw new Error(`bench:scale needs PostgreSQL and Redis: ${missing}`);
  const database = await createScratchDatabase('bench_scale');
  const dataDir = await makeDataDir();
  const redisKey = uniqueRedisKey('bench');
  const servers: ServerProcess[] = [];
  try {
    console.log(`bench:scale — database ${database.name}, Redis key prefix ${redisKey}`);
    const shared = { dataDir, databaseUrl: database.url, redisUrl: REDIS_URL, redisKey };
    servers.push(await startServerProcess(shared));
    const results: ScenarioResult[] = [];
    results.push(await scenario(servers));
    servers.push(await startServerProcess(shared));
    results.push(await scenario(servers));
    print(results);
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
    await database.drop();
    await removeDataDir(dataDir);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
