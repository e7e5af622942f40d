import type { Kysely } from 'kysely';

/**
 * Issue #34 "A designer screen … archive": an archived process stays with its versions and
 * the histories of the calls that ran it, but no new call starts it (it leaves the agents'
 * process list) until an owner brings it back. Who archived it and when, for the designer's
 * list.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('process_definitions')
    .addColumn('archived_at', 'varchar(32)')
    .execute();
  await db.schema
    .alterTable('process_definitions')
    .addColumn('archived_by', 'varchar(64)')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('process_definitions').dropColumn('archived_by').execute();
  await db.schema.alterTable('process_definitions').dropColumn('archived_at').execute();
}
