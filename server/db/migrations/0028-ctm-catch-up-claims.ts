import type { Kysely } from 'kysely';

/**
 * Issue #32 "Reports from real calls": the catch-up over CTM's calls list runs on every
 * server process of a cluster. Applying a call is idempotent, so two runs at once would not
 * count a call twice, but they would ask CTM for the same pages twice (its rate limit is the
 * account's). `catch_up_claimed_until` is a lease: a process claims a connection's catch-up
 * by setting it (only when it is null or past), and clears it when done; a process that
 * dies mid-run leaves a lease that runs out by itself.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('call_tracking_connections')
    .addColumn('catch_up_claimed_until', 'varchar(32)')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('call_tracking_connections')
    .dropColumn('catch_up_claimed_until')
    .execute();
}
