import type { z } from 'zod';

// One request to an outside system's HTTP API (call tracking, CRM, books, address check):
// the answer read as JSON and checked against the vendor's documented schema, the vendor's
// own words kept for the person, rate limits (429) waited out as Retry-After says or with
// capped exponential backoff and jitter when it says nothing, outages retried only where
// repeating the request cannot do a thing twice, and secrets kept out of every message.
// Each connector wraps this with its base URL, its authorization and its error shape
// (server/call-tracking/ctm/ctm-client.ts, server/address/usps-verifier.ts).

export type VendorErrorKind =
  'auth' | 'not-found' | 'rate-limited' | 'bad-request' | 'unavailable' | 'invalid-answer';

/** A failed request: what kind, the vendor's own words where it gave some, never a secret. */
export class VendorError extends Error {
  override name = 'VendorError';
  constructor(
    readonly kind: VendorErrorKind,
    message: string,
    /** The HTTP status the vendor answered, null when no answer came. */
    readonly status: number | null = null,
    /** For rate-limited: how long the vendor asked to wait, when it said (ms). */
    readonly retryAfterMs: number | null = null,
    /** The vendor's error code (e.g. Zoho's `INVALID_TOKEN`), when it gave one. */
    readonly code: string | null = null,
  ) {
    super(message);
  }
}

export interface RetryPolicy {
  /** Retries after the first attempt (429 always; outages only where retrying is safe). */
  maxRetries: number;
  /** First backoff step; doubles each retry. */
  baseDelayMs: number;
  /** Cap of one backoff step. */
  maxDelayMs: number;
  /** A Retry-After longer than this is not waited for: the request fails as rate-limited. */
  maxRetryAfterMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxRetries: 4,
  baseDelayMs: 500,
  maxDelayMs: 8_000,
  maxRetryAfterMs: 60_000,
};

/** The vendor's words (and code) for an error answer, or null when it is not its shape. */
export type VendorErrorWords = (body: unknown) => { words: string; code?: string } | null;

/**
 * What a vendor client takes besides its own settings: the transport and the clock, both
 * replaced by tests, and the retry policy and timeout where its defaults do not suit.
 */
export interface VendorClientTransport {
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
  random?: () => number;
  retry?: Partial<RetryPolicy>;
  timeoutMs?: number;
}

export interface VendorHttpOptions {
  /** The vendor's name in our messages ("CTM", "Zoho CRM"). */
  vendor: string;
  baseUrl: string;
  /** Headers every request carries (the authorization); kept out of every message. */
  headers: () => Record<string, string>;
  /** Texts that must never appear in an error message (secrets, tokens, headers). */
  redact: () => readonly string[];
  errorWords: VendorErrorWords;
  fetch: typeof fetch;
  sleep: (ms: number) => Promise<void>;
  now: () => number;
  random: () => number;
  retry: RetryPolicy;
  timeoutMs: number;
  /**
   * A failure of a kind normally retried that waiting will not cure soon, given up at once
   * (Zoho's daily API credits spent: every request answers 429 until the rolling 24 hours
   * free some). Optional: without it every rate limit is waited out as above.
   */
  giveUp?: (error: VendorError) => boolean;
}

export interface VendorRequest<T> {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Below the base, e.g. "accounts/123/calls.json". */
  path: string;
  query?: Record<string, string | number | undefined>;
  /** A JSON body. */
  body?: unknown;
  schema: z.ZodType<T>;
  /**
   * Whether an outage (no answer, 5xx) may be retried: yes for reads, no for a write the
   * vendor may have done before failing (a placed call, a created record) unless it is
   * idempotent. Rate limits are always retried: the vendor did nothing.
   */
  retryOutage?: boolean;
  /**
   * What a 204 No Content answer stands for (Zoho's search that found nothing: []).
   * Optional: without it a 204 is checked against the schema like any other answer.
   */
  noContent?: T;
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
export function backoffDelay(attempt: number, policy: RetryPolicy, random: () => number) {
  const step = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** attempt);
  return Math.round(step / 2 + (step / 2) * random());
}

/** `message` with every secret replaced by "[redacted]". */
export function redacted(message: string, secrets: readonly string[]): string {
  return secrets.reduce(
    (text, secret) => (secret.length > 0 ? text.split(secret).join('[redacted]') : text),
    message,
  );
}

/** The answer's body as JSON, or undefined when it is not JSON (an HTML error page). */
export async function jsonBodyOf(response: Response): Promise<unknown> {
  const text = await response.text();
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * One HTTP exchange with a time limit; no answer (refused, reset, timed out) becomes a
 * VendorError 'unavailable' saying so in `vendor`'s name.
 */
export async function sendToVendor(
  doFetch: typeof fetch,
  vendor: string,
  url: string,
  init: RequestInit,
  timeoutMs: number,
): Promise<Response> {
  try {
    return await doFetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    const why = error instanceof Error && error.name === 'TimeoutError' ? 'timed out' : 'failed';
    throw new VendorError('unavailable', `The request to ${vendor} ${why}.`);
  }
}

/** The error for a non-2xx answer, in the vendor's words where it gave some. */
export function vendorErrorOf(
  vendor: string,
  status: number,
  body: unknown,
  retryAfterMs: number | null,
  errorWords: VendorErrorWords,
): VendorError {
  const said = errorWords(body);
  const words = (fallback: string) => said?.words || fallback;
  const code = said?.code ?? null;
  if (status === 401 || status === 403) {
    return new VendorError('auth', words(`${vendor} refused our credentials.`), status, null, code);
  }
  if (status === 404) {
    return new VendorError('not-found', words(`${vendor} has no such record.`), status, null, code);
  }
  if (status === 429) {
    const message = words(`${vendor} is rate limiting this account.`);
    return new VendorError('rate-limited', message, status, retryAfterMs, code);
  }
  if (status >= 500) {
    const message = words(`${vendor} is unavailable (HTTP ${status}).`);
    return new VendorError('unavailable', message, status, null, code);
  }
  const message = words(`${vendor} refused the request (HTTP ${status}).`);
  return new VendorError('bad-request', message, status, null, code);
}

function urlOf(options: VendorHttpOptions, request: VendorRequest<unknown>): string {
  const url = new URL(
    request.path,
    options.baseUrl.endsWith('/') ? options.baseUrl : `${options.baseUrl}/`,
  );
  for (const [key, value] of Object.entries(request.query ?? {})) {
    if (value !== undefined) url.searchParams.set(key, String(value));
  }
  return url.toString();
}

/** One attempt: the parsed answer, or a VendorError (network failures included). */
async function attempt<T>(options: VendorHttpOptions, request: VendorRequest<T>): Promise<T> {
  const response = await sendToVendor(
    options.fetch,
    options.vendor,
    urlOf(options, request),
    {
      method: request.method,
      headers: {
        ...options.headers(),
        accept: 'application/json',
        ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
    },
    options.timeoutMs,
  );
  const body = await jsonBodyOf(response);
  if (!response.ok) {
    const retryAfter = parseRetryAfter(response.headers.get('retry-after'), options.now());
    throw vendorErrorOf(options.vendor, response.status, body, retryAfter, options.errorWords);
  }
  if (response.status === 204 && request.noContent !== undefined) return request.noContent;
  const parsed = request.schema.safeParse(body);
  if (!parsed.success) {
    const where = parsed.error.issues[0]?.path.join('.') || 'the body';
    throw new VendorError(
      'invalid-answer',
      `${options.vendor} answered in an unexpected shape (${where}).`,
      response.status,
    );
  }
  return parsed.data;
}

/** How long to wait before retrying after `error`, or null to give up now. */
function retryDelay(
  error: VendorError,
  tries: number,
  options: VendorHttpOptions,
  retryOutage: boolean,
): number | null {
  if (tries > options.retry.maxRetries || options.giveUp?.(error)) return null;
  if (error.kind === 'rate-limited') {
    if (error.retryAfterMs === null) return backoffDelay(tries - 1, options.retry, options.random);
    return error.retryAfterMs <= options.retry.maxRetryAfterMs ? error.retryAfterMs : null;
  }
  if (error.kind === 'unavailable' && retryOutage) {
    return backoffDelay(tries - 1, options.retry, options.random);
  }
  return null;
}

/** The request with its retries; throws the last VendorError, its message redacted. */
export async function vendorRequest<T>(
  options: VendorHttpOptions,
  request: VendorRequest<T>,
): Promise<T> {
  const retryOutage = request.retryOutage ?? request.method === 'GET';
  for (let tries = 1; ; tries++) {
    try {
      return await attempt(options, request);
    } catch (error) {
      const failure =
        error instanceof VendorError
          ? error
          : new VendorError('unavailable', `The request to ${options.vendor} failed.`);
      const delay = retryDelay(failure, tries, options, retryOutage);
      if (delay === null) {
        const message = redacted(failure.message, options.redact());
        throw new VendorError(
          failure.kind,
          message,
          failure.status,
          failure.retryAfterMs,
          failure.code,
        );
      }
      await options.sleep(delay);
    }
  }
}
