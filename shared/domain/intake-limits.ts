// Issue #29 "Everything has a bound": how large a call flow's records may grow and how
// much mail it may send, in one place. The server enforces every number; the client pages
// the histories with STEP_HISTORY_PAGE_LIMIT and shows the server's messages. Each is
// chosen far above what a real intake produces (a full run of the seeded Personal Injury
// intake stays under a hundredth of each size) and documented with its number in the
// README's "Limits" table.

const KIB = 1024;
const MIB = 1024 * KIB;

/**
 * How deep a JSON request body may nest (an object or array in another counts one level;
 * a body `{}` is 1 deep). The deepest real body, a parked walk-in's whole wizard state with
 * its process definition and grid answers, is about 12 deep. Deeper bodies are refused with
 * a 400 before any route reads them: the recursive validators would overflow the stack.
 */
export const MAX_JSON_DEPTH = 64;

/** Step histories one execution keeps (a 40-form intake walked back and forth stays under 150). */
export const MAX_STEPS_PER_EXECUTION = 500;
/**
 * One step history entry as JSON, names included, in UTF-8 bytes: its project's variables
 * without the large grids (a full run of the seeded intake writes under 1 KB a step). With the largest history
 * (64 MB) read back four pages at a time the server stays well under 400 MB
 * (tests/server/call-center/history-memory.test.ts); 256 KB steps did not.
 */
export const MAX_STEP_HISTORY_BYTES = 128 * KIB;
/**
 * A case's variables as JSON after each start or submit merged its answers in, in UTF-8
 * bytes (a full run of the seeded intake keeps under 1 KB; its whole wizard state, the
 * process definition included, is about 15 KB).
 * Half the 1 MB request limit, so a request can carry a case at its bound.
 */
export const MAX_CASE_VARIABLES_BYTES = 512 * KIB;
/** An execution history's `executionHistory` (every project's variables and the steps), in UTF-8 bytes. */
export const MAX_EXECUTION_HISTORY_BYTES = 512 * KIB;
/** Step histories per page of GET process-execution-history/{id} (the default and the most). */
export const STEP_HISTORY_PAGE_LIMIT = 25;
/**
 * No single answer of the histories is larger than this: a page holds the execution
 * history and at most STEP_HISTORY_PAGE_LIMIT steps, each bounded whole above, besides a
 * few names and ids: about 4 MB at the very most.
 */
export const MAX_HISTORY_RESPONSE_BYTES = 10 * MIB;
/**
 * The rows of one page of the system user's stored mail and error notifications (GET
 * service-processes/outbox, GET error-notification) weigh at most this, as JSON: a page
 * stops before the row that would go over it (it always holds one row: the largest
 * e-mail, 200,000-character bodies of escaped characters, is under 3 MB), so the answer
 * stays under MAX_HISTORY_RESPONSE_BYTES whatever the rows asked for (up to 1,000).
 */
export const MAX_LIST_PAGE_BYTES = 8 * MIB;

/** Recipients of one call-flow e-mail (an intake mails the client, the firm and an attorney or two). */
export const MAX_RECIPIENTS_PER_EMAIL = 10;
/** Call-flow e-mails one execution may send (the seeded intakes send two). */
export const MAX_EMAILS_PER_EXECUTION = 20;
/** Call-flow e-mails one user may send per hour (a fast agent takes about 15 calls an hour). */
export const MAX_EMAILS_PER_USER_PER_HOUR = 120;
/** Error notifications one user may send per hour (the client sends one per signed-in session). */
export const MAX_ERROR_NOTIFICATIONS_PER_USER_PER_HOUR = 20;
/** The window of the hourly volumes: the last 60 minutes, sliding. */
export const VOLUME_WINDOW_MS = 60 * 60_000;

/**
 * The UTF-8 length of a text, without encoding it: what it weighs in a request or an
 * answer. A lone surrogate counts as the three bytes of the replacement character.
 */
export function utf8ByteLength(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        bytes += 4;
        i += 1;
      } else bytes += 3;
    } else bytes += 3;
  }
  return bytes;
}

/** A value's JSON text and its UTF-8 length: what it weighs stored and answered. */
export function measureJson(value: unknown): { text: string; bytes: number } {
  const text = JSON.stringify(value) ?? 'null';
  return { text, bytes: utf8ByteLength(text) };
}

/** "256 KB", "1 MB": a byte bound as a person reads it. */
export function formatBytes(bytes: number): string {
  return bytes >= MIB && bytes % MIB === 0 ? `${bytes / MIB} MB` : `${Math.round(bytes / KIB)} KB`;
}

function isContainer(value: unknown): value is object {
  return typeof value === 'object' && value !== null;
}

/**
 * Whether parsed JSON nests deeper than `max` levels (`{}` and `[]` are 1 deep, a scalar 0).
 * A loop over an explicit stack, never recursion, and it stops at the first level too
 * deep: it is the check that protects the recursive code after it.
 */
export function jsonDeeperThan(value: unknown, max: number): boolean {
  if (!isContainer(value)) return false;
  const stack: [object, number][] = [[value, 1]];
  for (let next = stack.pop(); next; next = stack.pop()) {
    const [item, depth] = next;
    if (depth > max) return true;
    for (const inner of Object.values(item)) {
      if (isContainer(inner)) stack.push([inner, depth + 1]);
    }
  }
  return false;
}

/** The 400's message for a body nested too deep. */
export const JSON_TOO_DEEP_MESSAGE = `The request nests deeper than ${MAX_JSON_DEPTH} levels; no form of ours does that, so it was not read.`;
