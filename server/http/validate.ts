import type { z } from 'zod';
import { badRequest } from './errors';

export type InputPart = 'body' | 'query' | 'params';

const MAX_ISSUES_IN_MESSAGE = 5;

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let current = input;
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}

/** "username: username is required", "page[limit]: expected number, received NaN". */
function describeIssue(issue: z.core.$ZodIssue, input: unknown, part: InputPart): string {
  const field = issue.path.length > 0 ? issue.path.map(String).join('.') : part;
  if (
    issue.code === 'invalid_type' &&
    issue.path.length > 0 &&
    valueAt(input, issue.path) === undefined
  ) {
    return `${field}: ${field} is required`;
  }
  return `${field}: ${issue.message.replace(/^Invalid input: /, '')}`;
}

/**
 * Parses one part of a request with its zod contract, or throws a 400 whose message
 * names each offending field (ARCHITECTURE.md: bad input answers 400 with a clear message).
 */
export function parseInput<S extends z.ZodType>(
  schema: S,
  input: unknown,
  part: InputPart,
): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const messages = result.error.issues
    .slice(0, MAX_ISSUES_IN_MESSAGE)
    .map((issue) => describeIssue(issue, input, part));
  throw badRequest(messages.join('; '));
}

/**
 * Checks what we are about to answer against its contract (the clients parse every
 * response and show a mismatch error, spec: session 5). A mismatch is our bug: 500.
 */
export function respondWith<S extends z.ZodType>(schema: S, payload: z.input<S>): z.output<S> {
  const result = schema.safeParse(payload);
  if (result.success) return result.data;
  const detail = result.error.issues
    .slice(0, MAX_ISSUES_IN_MESSAGE)
    .map((issue) => `${issue.path.join('.')}: ${issue.message}`)
    .join('; ');
  throw new ResponseContractError(detail);
}

/** Not an HttpError on purpose: the error handler logs it as a bug and answers 500. */
export class ResponseContractError extends Error {
  constructor(detail: string) {
    super(`response does not match its contract: ${detail}`);
    this.name = 'ResponseContractError';
  }
}
