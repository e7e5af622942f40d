import type { z } from 'zod';
import { ctmErrorText } from './ctm-schemas';

// One request to CTM's REST API (issue #32): Basic auth with the access key and secret
// (https://www.calltrackingmetrics.com/docs "Authentication": `-u {access_key}:{secret_key}`
// or an `authorization: Basic …` header), the answer checked against CTM's schema,
// rate-limit answers (429) waited out as Retry-After says, or with capped exponential
// backoff and jitter when it says nothing, and every failure mapped to a CtmError.
// CTM does not document its rate limit's answer; 429 + Retry-After (seconds or an HTTP
// date, RFC 9110 10.2.3) is the assumption, and a 429 without it backs off all the same.

export type CtmErrorKind =
  'auth' | 'not-found' | 'rate-limited' | 'bad-request' | 'unavailable' | 'invalid-answer';

/** A failed CTM call: what kind, CTM's own words where it gave some, never the secret. */
export class CtmError extends Error {
  override name = 'CtmError';
  constructor(
    readonly kind: CtmErrorKind,
    message: string,
    /** The HTTP status CTM answered, null when no answer came. */
    readonly status: number | null = null,
    /** For rate-limited: how long CTM asked to wait, when it said (ms). */
    readonly retryAfterMs: number | null = null,
  ) {
    super(message);
  }
}

export interface CtmRetryPolicy {
  /** Retries after the first attempt (429 always; 5xx and network errors on reads only). */
  maxRetries: number;
  /** First backoff step; doubles each retry. */
  baseDelayMs: number;
  /** Cap of one backoff step. */
  maxDelayMs: number;
  /** A Retry-After longer than this is not waited for: the call fails as rate-limited. */
  maxRetryAfterMs: number;
}

export const DEFAULT_RETRY_POLICY: CtmRetryPolicy = {
  maxRetries: 4,
  baseDelayMs: 500,
  maxDelayMs: 8_000,
  maxRetryAfterMs: 60_000,
};

export interface CtmHttpOptions {
  baseUrl: string;
  /** The Authorization header value; kept out of every message. */
  authorization: string;
  /** Texts that must never appear in an error message (the secret, the header). */
  redact: readonly string[];
  fetch: typeof fetch;
  sleep: (ms: number) => Promise<void>;
  now: () => number;
  random: () => number;
  retry: CtmRetryPolicy;
  timeoutMs: number;
}

export interface CtmRequest<T> {
  method: 'GET' | 'POST';
  /** Below the base, e.g. "accounts/123/calls.json". */
  path: string;
  query?: Record<string, string | number | undefined>;
  body?: unknown;
  schema: z.ZodType<T>;
}

/** Retry-After as milliseconds from now: delta-seconds or an HTTP date; null if absent/bad. */
export function parseRetryAfter(value: string | null, now: number): number | null {
  if (value === null || value.trim() === '') return null;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/** Capped exponential backoff with jitter: between half and all of the step. */
export function backoffDelay(attempt: number, policy: CtmRetryPolicy, random: () => number) {
  const step = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** attempt);
  return Math.round(step / 2 + (step / 2) * random());
}

function redacted(message: string, secrets: readonly string[]): string {
  return secrets.reduce(
    (text, secret) => (secret.length > 0 ? text.split(secret).join('[redacted]') : text),
    message,
  );
}

function errorOf(status: number, body: unknown, retryAfterMs: number | null): CtmError {
  const words = ctmErrorText(body);
  const said = (fallback: string) => words ?? fallback;
  if (status === 401 || status === 403) {
    return new CtmError('auth', said('CTM refused the access key and secret.'), status);
  }
  if (status === 404) return new CtmError('not-found', said('CTM has no such record.'), status);
  if (status === 429) {
    const message = said('CTM is rate limiting this account.');
    return new CtmError('rate-limited', message, status, retryAfterMs);
  }
  if (status >= 500) {
    return new CtmError('unavailable', said(`CTM is unavailable (HTTP ${status}).`), status);
  }
  return new CtmError('bad-request', said(`CTM refused the request (HTTP ${status}).`), status);
}

async function bodyOf(response: Response): Promise<unknown> {
  const text = await response.text();
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function urlOf(options: CtmHttpOptions, request: CtmRequest<unknown>): string {
  const url = new URL(
    request.path,
    options.baseUrl.endsWith('/') ? options.baseUrl : `${options.baseUrl}/`,
  );
  for (const [key, value] of Object.entries(request.query ?? {})) {
    if (value !== undefined) url.searchParams.set(key, String(value));
  }
  return url.toString();
}

/** One attempt: the parsed answer, or a CtmError (network failures included). */
async function attempt<T>(options: CtmHttpOptions, request: CtmRequest<T>): Promise<T> {
  let response: Response;
  try {
    response = await options.fetch(urlOf(options, request), {
      method: request.method,
      headers: {
        authorization: options.authorization,
        accept: 'application/json',
        ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      signal: AbortSignal.timeout(options.timeoutMs),
    });
  } catch (error) {
    const why = error instanceof Error && error.name === 'TimeoutError' ? 'timed out' : 'failed';
    throw new CtmError('unavailable', `The request to CTM ${why}.`);
  }
  const body = await bodyOf(response);
  if (!response.ok) {
    const retryAfter = parseRetryAfter(response.headers.get('retry-after'), options.now());
    throw errorOf(response.status, body, retryAfter);
  }
  const parsed = request.schema.safeParse(body);
  if (!parsed.success) {
    const where = parsed.error.issues[0]?.path.join('.') || 'the body';
    throw new CtmError(
      'invalid-answer',
      `CTM answered in an unexpected shape (${where}).`,
      response.status,
    );
  }
  return parsed.data;
}

/** How long to wait before retrying after `error`, or null to give up now. */
function retryDelay(
  error: CtmError,
  tries: number,
  options: CtmHttpOptions,
  method: CtmRequest<unknown>['method'],
): number | null {
  if (tries > options.retry.maxRetries) return null;
  if (error.kind === 'rate-limited') {
    if (error.retryAfterMs === null) return backoffDelay(tries - 1, options.retry, options.random);
    return error.retryAfterMs <= options.retry.maxRetryAfterMs ? error.retryAfterMs : null;
  }
  // A placed call is not repeated on an outage: CTM may have placed it before failing.
  if (error.kind === 'unavailable' && method === 'GET') {
    return backoffDelay(tries - 1, options.retry, options.random);
  }
  return null;
}

/** The request with its retries; throws the last CtmError, its message redacted. */
export async function ctmRequest<T>(options: CtmHttpOptions, request: CtmRequest<T>): Promise<T> {
  for (let tries = 1; ; tries++) {
    try {
      return await attempt(options, request);
    } catch (error) {
      const failure =
        error instanceof CtmError
          ? error
          : new CtmError('unavailable', 'The request to CTM failed.');
      const delay = retryDelay(failure, tries, options, request.method);
      if (delay === null) {
        const message = redacted(failure.message, options.redact);
        throw new CtmError(failure.kind, message, failure.status, failure.retryAfterMs);
      }
      await options.sleep(delay);
    }
  }
}
