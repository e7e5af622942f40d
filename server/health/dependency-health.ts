import { sql } from 'kysely';
import type { DependencyState, HealthResponse } from '@/shared/contracts/health';
import type { Db } from '../db/database';

/** A dependency slower than this to answer counts as down (a load balancer waits less). */
export const DEPENDENCY_TIMEOUT_MS = 2000;

export const DATABASE_DOWN = 'The database does not answer.';
export const REDIS_DOWN =
  "Redis does not answer: socket events reach this process's own sockets only.";

export interface DependencyHealthDeps {
  db: Db;
  /** Redis's ping (server/socket/redis-fanout.ts); null without REDIS_URL. */
  redis: { ping(): Promise<number> } | null;
  log: { warn(object: object, message: string): void };
}

export interface DependencyHealth {
  /** The answer and its HTTP status; rounds asked for while one runs share it. */
  check(): Promise<{ statusCode: 200 | 503; body: HealthResponse }>;
}

async function within<T>(work: Promise<T>, timeoutMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * /api/health's checks (issue #17): a `select 1` on the database and a PING to Redis,
 * each bounded by DEPENDENCY_TIMEOUT_MS, so the answer comes in time even while one of
 * them hangs. Why one is down is logged, not answered (the route is unauthenticated).
 */
export function createDependencyHealth(deps: DependencyHealthDeps): DependencyHealth {
  let running: Promise<{ statusCode: 200 | 503; body: HealthResponse }> | null = null;

  async function probe(name: string, work: () => Promise<unknown>): Promise<DependencyState> {
    try {
      await within(work(), DEPENDENCY_TIMEOUT_MS);
      return 'ok';
    } catch (error) {
      deps.log.warn(
        { dependency: name, reason: error instanceof Error ? error.message : String(error) },
        'health: dependency down',
      );
      return 'down';
    }
  }

  async function round(): Promise<{ statusCode: 200 | 503; body: HealthResponse }> {
    const { redis: redisClient } = deps;
    const [database, redis] = await Promise.all([
      probe('database', () => sql`select 1`.execute(deps.db)),
      redisClient ? probe('redis', () => redisClient.ping()) : Promise.resolve('off' as const),
    ]);
    const problems = [
      ...(database === 'down' ? [DATABASE_DOWN] : []),
      ...(redis === 'down' ? [REDIS_DOWN] : []),
    ];
    if (problems.length === 0) {
      return { statusCode: 200, body: { status: 'ok', database: 'ok', redis } };
    }
    return {
      statusCode: 503,
      body: {
        status: 'down',
        database: database === 'down' ? 'down' : 'ok',
        redis,
        message: problems.join(' '),
      },
    };
  }

  return {
    check() {
      running ??= round().finally(() => {
        running = null;
      });
      return running;
    },
  };
}
