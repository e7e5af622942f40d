/**
 * The cluster's decisions, kept pure so they are unit-tested (server/cluster/cluster-main.ts
 * runs them).
 */

/** More processes than this on one machine is a configuration mistake, not a plan. */
export const MAX_WORKERS = 64;

/** `--workers N`: a whole number from 1 to MAX_WORKERS; absent: the CPU count. */
export function parseWorkerCount(value: string | undefined, cpus: number): number | string {
  if (value === undefined) return Math.max(1, Math.min(cpus, MAX_WORKERS));
  const count = Number(value);
  if (!/^\d+$/.test(value.trim()) || !Number.isInteger(count) || count < 1 || count > MAX_WORKERS) {
    return `--workers must be a whole number from 1 to ${MAX_WORKERS}, got "${value}".`;
  }
  return count;
}

/**
 * Why the cluster must not start, or null. Several processes need a database server
 * (the embedded SQLite file is one machine's, written by one process at a time) and
 * Redis for the socket fan-out (otherwise an event reaches only the sockets of the
 * process that sent it).
 */
export function clusterRefusal(env: NodeJS.ProcessEnv): string | null {
  const missing = [
    ...(env.DATABASE_URL?.trim() ? [] : ['DATABASE_URL (PostgreSQL)']),
    ...(env.REDIS_URL?.trim() ? [] : ['REDIS_URL (socket fan-out)']),
  ];
  if (missing.length === 0) return null;
  return (
    `start:cluster needs ${missing.join(' and ')}. Several server processes on the ` +
    'embedded SQLite database, or without Redis, are not a supported deployment: run one ' +
    'process with `npm run serve`, or see docs/deploying.md.'
  );
}

/**
 * Delay before restarting a worker: at once after a crash in service; 1 s, 2 s, 4 s …
 * up to 30 s while it keeps dying within seconds of starting (a broken configuration
 * must not spin the CPU).
 */
export function restartDelayMs(recentStartupCrashes: number): number {
  if (recentStartupCrashes <= 1) return recentStartupCrashes === 0 ? 0 : 1000;
  return Math.min(30_000, 1000 * 2 ** (recentStartupCrashes - 1));
}
