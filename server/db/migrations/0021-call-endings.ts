import { type Kysely, sql } from 'kysely';

/**
 * Issue #28 "Every call has an end the client learns of": a call records who ended it and
 * whether an agent's client ever took it, so every end can be announced (callEnded::{userId})
 * and an inbound call nobody took becomes a missed-call notification.
 *
 * - `ctm_calls.ended_by`: 'agent' | 'caller' | 'system'; null while the call is live.
 * - `ctm_calls.taken_at`: when an agent's client first marked the call connected (PUT
 *   ctm/calls/{id}); null until then. An inbound call that ends with none was missed.
 * - `ctm_calls.notify_missed`: 0 for the demo activity's background calls, which must never
 *   raise a missed-call notification. Stored, not held in memory: the process that ends a
 *   call is not always the one that placed it (recover() fails other processes' calls).
 *
 * Backfill of the calls a database already holds, which the old code could not tell apart:
 * - ended_by: failed calls 'system' (only a stopped server process fails a call); completed
 *   and no-answer 'caller' — the provider's own end (a conversation over, a ring nobody
 *   answered) is the caller's, and an agent's hang-up left no trace to tell it from one.
 * - taken_at: connected_at for every connected call, live ones included. Before 0021 the
 *   client's PUT connected and the provider's pickup both set only connected_at; reading
 *   them as taken means no call live across the upgrade raises a false missed-call
 *   notification when it ends. A ringing call stays untaken.
 * Timestamps ISO text, as everywhere. Imports no app code.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('ctm_calls').addColumn('ended_by', 'varchar(16)').execute();
  await db.schema.alterTable('ctm_calls').addColumn('taken_at', 'varchar(32)').execute();
  await db.schema
    .alterTable('ctm_calls')
    .addColumn('notify_missed', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await sql`
    UPDATE ctm_calls SET ended_by = CASE WHEN status = 'failed' THEN 'system' ELSE 'caller' END
    WHERE status IN ('completed', 'no-answer', 'failed')`.execute(db);
  await sql`
    UPDATE ctm_calls SET taken_at = connected_at
    WHERE connected = 1 AND connected_at IS NOT NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('ctm_calls').dropColumn('notify_missed').execute();
  await db.schema.alterTable('ctm_calls').dropColumn('taken_at').execute();
  await db.schema.alterTable('ctm_calls').dropColumn('ended_by').execute();
}
