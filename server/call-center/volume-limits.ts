import { sql } from 'kysely';
import { VOLUME_WINDOW_MS } from '@/shared/domain/intake-limits';
import type { Db } from '../db/database';
import { tooManyRequests } from '../http/errors';

// Issue #29 "Everything has a bound": how many call-flow e-mails and error notifications a
// user may send in the last hour. Counted from the stored rows themselves, not from a
// counter in memory: every server process of a cluster and every restart sees the same
// count (the sign-in limits are per process, server/auth/attempt-limiter.ts, which is
// enough to slow guessing but would let N processes send N times the mail). The caller
// holds serializeOn(user) in the same transaction as its insert, so two requests at once
// cannot both take the last place.

/** The tables whose rows are a user's sends: each has created_by and created_at. */
type SentTable = 'email_outbox' | 'error_notifications';

/** "12 minutes", "1 minute", "30 seconds": how long to wait, as a person reads it. */
function waitText(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/**
 * Throws a 429 with Retry-After when `userId` already sent `max` rows of `table` in the
 * last hour. Retry-After is when the oldest of them leaves the hour (the window slides).
 */
export async function assertHourlyVolume(
  db: Db,
  options: { table: SentTable; userId: string; max: number; now: Date; what: string },
): Promise<void> {
  const { table, userId, max, now, what } = options;
  const since = new Date(now.getTime() - VOLUME_WINDOW_MS).toISOString();
  let query = db
    .selectFrom(table)
    .select('created_at')
    .where('created_by', '=', userId)
    .where('created_at', '>', since);
  // The outbox also holds the server's own mail (invitations), which is not the user's.
  if (table === 'email_outbox') query = query.where(sql.ref('kind'), '=', 'call-flow');
  const sent = await query.orderBy('created_at', 'desc').limit(max).execute();
  if (sent.length < max) return;
  // The max-th newest send is the one whose leaving the hour frees a place.
  const frees = Date.parse(sent[max - 1].created_at) + VOLUME_WINDOW_MS;
  const seconds = Math.max(1, Math.ceil((frees - now.getTime()) / 1000));
  throw tooManyRequests(
    `Too many ${what}: at most ${max} an hour for each user. Try again in ${waitText(seconds)}.`,
    seconds,
  );
}
