import { buildServer } from '../server/app';

/**
 * The server `npm run bench:reports` measures, in a process of its own so that its peak
 * RSS is the server's alone (read by the benchmark from /proc/{pid}/status, VmHWM).
 * Environment: BENCH_DATA_DIR (required), BENCH_DATABASE_URL (PostgreSQL; else SQLite in
 * the data directory). Prints `LISTENING {url}` once it answers; ends when its stdin closes.
 */
async function main(): Promise<void> {
  const dataDir = process.env.BENCH_DATA_DIR;
  if (!dataDir) throw new Error('BENCH_DATA_DIR is required');
  const server = await buildServer({
    dataDir,
    databaseUrl: process.env.BENCH_DATABASE_URL || undefined,
    logLevel: 'silent',
    seedDemoData: false,
    // The benchmark makes thousands of report calls as one user in a few minutes.
    reportRateLimit: { max: 1_000_000, windowMs: 60_000 },
  });
  const { url } = await server.listen(0, '127.0.0.1');
  process.stdout.write(`LISTENING ${url}\n`);
  const stop = () => {
    void server.close().finally(() => process.exit(0));
  };
  process.stdin.on('end', stop);
  process.stdin.on('close', stop);
  process.stdin.resume();
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error('Report server failed:', error);
  process.exit(1);
});
