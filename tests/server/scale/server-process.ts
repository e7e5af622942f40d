import { buildServer } from '@/server/app';
import { TEST_PASSWORD_COST } from '../helpers/test-server';

/**
 * One real server process for the scale tests and bench:scale (issue #17): buildServer
 * as server/main.ts runs it, configured from the environment (DATA_DIR, DATABASE_URL,
 * REDIS_URL, REDIS_KEY_PREFIX), with the demo accounts at the test password cost so a
 * fresh database is ready in seconds. Prints one line `LISTENING {url}` once it answers;
 * SIGTERM closes it, SIGKILL is the crash the failover test wants.
 */
async function run(): Promise<void> {
  const dataDir = process.env.DATA_DIR;
  if (!dataDir) throw new Error('DATA_DIR is required');
  const server = await buildServer({
    dataDir,
    databaseUrl: process.env.DATABASE_URL || undefined,
    redisUrl: process.env.REDIS_URL || undefined,
    redisKey: process.env.REDIS_KEY_PREFIX || undefined,
    logLevel: process.env.LOG_LEVEL ?? 'silent',
    passwordCost: TEST_PASSWORD_COST,
    seedDemoData: true,
    // bench:scale drives many requests from one address and one user.
    reportRateLimit: { max: 1_000_000, windowMs: 60_000 },
  });
  const { url } = await server.listen(Number(process.env.PORT ?? 0), '127.0.0.1');
  console.log(`LISTENING ${url}`);
  process.on('SIGTERM', () => {
    void server.close().finally(() => process.exit(0));
  });
}

run().catch((error: unknown) => {
  console.error(`server process failed: ${error instanceof Error ? error.stack : String(error)}`);
  process.exit(1);
});
