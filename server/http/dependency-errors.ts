/**
 * Errors that mean "the database is not reachable right now", not "this request is
 * wrong" nor "the server has a bug" (issue #17 Reliability): PostgreSQL restarted or the
 * network to it cut, the pool out of connections past its timeout, SQLite locked past
 * its busy timeout, or closed by a stop while a request was still being served. The error
 * handler (server/http/errors.ts) answers them 503 with DATABASE_UNAVAILABLE and a
 * Retry-After, and the server recovers by itself: the pg pool opens new connections for
 * the next requests.
 */

export const DATABASE_UNAVAILABLE =
  'The database is unavailable at the moment; try again in a few seconds.';

/** Seconds a client is told to wait before trying again (Retry-After). */
export const RETRY_AFTER_SECONDS = 5;

/** Socket-level failures reaching the database server (Node's errno codes). */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * PostgreSQL SQLSTATEs: class 08 (connection exception), 57P01–57P03 (admin or crash
 * shutdown, cannot connect now: a restart), 53300 (too many connections).
 */
const POSTGRES_STATES = new Set(['57P01', '57P02', '57P03', '53300']);

/** Messages that say so without a code. node-postgres: its pool and client errors. */
const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Query read timeout',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
  'Connection is closed',
  // Kysely, on either engine, to a query after the database was closed: the server is
  // stopping (a restart) and a request it was still serving reached the database late.
  // Nobody may be waiting for the answer, but it is a "try again", not a bug.
  'driver has already been destroyed',
];

/** SQLite: another process held the write lock past busy_timeout. */
const SQLITE_CODES = new Set(['SQLITE_BUSY', 'SQLITE_LOCKED']);

function unavailable(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string') {
    if (NETWORK_CODES.has(code) || SQLITE_CODES.has(code) || POSTGRES_STATES.has(code)) {
      return true;
    }
    if (/^08[0-9A-Z]{3}$/.test(code)) return true;
  }
  return typeof message === 'string' && UNAVAILABLE_MESSAGES.some((text) => message.includes(text));
}

/**
 * True when the error (or one it wraps, as `cause` or in an AggregateError, which is how
 * a connection refused on both IPv4 and IPv6 arrives) says the database is unreachable.
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (depth > 4 || !error || typeof error !== 'object') return false;
  if (unavailable(error)) return true;
  const { cause, errors } = error as { cause?: unknown; errors?: unknown };
  if (cause !== undefined && isDatabaseUnavailable(cause, depth + 1)) return true;
  return Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner, depth + 1));
}
