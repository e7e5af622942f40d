import type { Kysely } from 'kysely';

/**
 * Issue #28 "Typed answers are never lost", on another computer too ("Unfinished
 * intakes"): `parked_executions` keeps, beside the walk-ins parked to take a call
 * (`kind` 'parked', every row before this migration), the latest wizard state of every
 * intake in progress (`kind` 'open'), saved by the client as the agent moves, so a sign-out
 * or another computer leads back to it. `holder` is the wizard (a tab, the extension) that
 * runs an open one: its saves land, another's are refused until a Resume takes it over.
 * Imports no app code.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('parked_executions')
    .addColumn('kind', 'varchar(16)', (c) => c.notNull().defaultTo('parked'))
    .execute();
  await db.schema.alterTable('parked_executions').addColumn('holder', 'varchar(64)').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('parked_executions').dropColumn('holder').execute();
  await db.schema.alterTable('parked_executions').dropColumn('kind').execute();
}
