import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyInstance } from 'fastify';
import type { ApiError } from '@/shared/contracts/common';
import {
  DATABASE_UNAVAILABLE,
  isDatabaseUnavailable,
  RETRY_AFTER_SECONDS,
} from './dependency-errors';

/**
 * A failure the client caused (or may see): it keeps its status and its message reaches
 * the client as `{statusCode, error, message}` (shared/contracts/common.ts apiErrorSchema).
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    /** Headers the answer carries besides the body (a 429's Retry-After). */
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message = 'Unauthorized') => new HttpError(401, message);
export const forbidden = (message = 'Forbidden') => new HttpError(403, message);
export const notFound = (message = 'Not Found') => new HttpError(404, message);
/** A 429 that says when to come back: Retry-After in whole seconds, at least 1. */
export const tooManyRequests = (message: string, retryAfterSeconds?: number) =>
  new HttpError(
    429,
    message,
    retryAfterSeconds === undefined
      ? {}
      : { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) },
  );

export function errorBody(statusCode: number, message: string): ApiError {
  return { statusCode, error: STATUS_CODES[statusCode] ?? 'Error', message };
}

/**
 * The status of a failure we answer as it is: a client's (4xx, ours or Fastify's), or one
 * we raised on purpose (an HttpError: also a 502/503 that an outside service, such as
 * CallTrackingMetrics, failed, in its words).
 */
function clientStatus(error: unknown): number | null {
  if (error instanceof HttpError && error.statusCode >= 400 && error.statusCode < 600) {
    return error.statusCode;
  }
  const status = (error as Partial<FastifyError> | null)?.statusCode;
  return typeof status === 'number' && status >= 400 && status < 500 ? status : null;
}

/**
 * PostgreSQL checks what SQLite stores as given: a text longer than its column, a number
 * out of its column's range. The contracts bound every field, so this is a safety net:
 * should a value still get through, it is the client's 400 that says what was wrong,
 * not a 500 (issue #17: one behaviour on both engines).
 */
const VALUE_STATES: Record<string, string> = {
  '22001': 'A text in the request is longer than the database allows',
  '22003': 'A number in the request is out of the range the database allows',
};

function valueTheDatabaseRefused(error: unknown): string | null {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string' || !(code in VALUE_STATES)) return null;
  const detail = error instanceof Error ? error.message.match(/\((\d+)\)/) : null;
  return detail
    ? `${VALUE_STATES[code]} (at most ${detail[1]} characters).`
    : `${VALUE_STATES[code]}.`;
}

/**
 * One error handler for every route (ARCHITECTURE.md: no bad input may produce a 500).
 * Client errors — ours, and Fastify's own (invalid JSON 400, body too large 413,
 * unsupported media type 415, prototype poisoning 400) — keep their status and message.
 * The database out of reach (restarted, network cut: server/http/dependency-errors.ts)
 * is a 503 that says so, with a Retry-After (issue #17). Anything else is a bug: logged
 * with its stack, answered with a generic 500.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    const status = clientStatus(error);
    if (status !== null) {
      const message = error instanceof Error ? error.message : STATUS_CODES[status];
      if (status >= 500) request.log.warn({ statusCode: status, message }, 'upstream failure');
      else request.log.info({ statusCode: status, message }, 'client error');
      if (error instanceof HttpError) reply.headers(error.headers);
      return reply
        .code(status)
        .type('application/json')
        .send(errorBody(status, message ?? 'Error'));
    }
    const refusedValue = valueTheDatabaseRefused(error);
    if (refusedValue) {
      request.log.warn({ statusCode: 400, cause: refusedValue }, 'value refused by the database');
      return reply.code(400).type('application/json').send(errorBody(400, refusedValue));
    }
    if (isDatabaseUnavailable(error)) {
      const message = error instanceof Error ? error.message : String(error);
      request.log.warn({ statusCode: 503, cause: message }, 'database unavailable');
      return reply
        .code(503)
        .header('retry-after', String(RETRY_AFTER_SECONDS))
        .type('application/json')
        .send(errorBody(503, DATABASE_UNAVAILABLE));
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply.code(500).type('application/json').send(errorBody(500, 'Internal Server Error'));
  });
}
