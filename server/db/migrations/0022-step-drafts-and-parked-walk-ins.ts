import type { Kysely } from 'kysely';

/**
 * Issue #28 "Typed answers are never lost" and "Park this walk-in and take the call":
 * - `step_drafts`: what the agent typed on a step and has not submitted, one row per
 *   execution and step (the last save wins), with the agent who typed it. The server
 *   deletes a step's row when the step is submitted (its forward step history) and every
 *   row of an execution when it ends (completed, partial-complete).
 * - `parked_executions`: a walk-in's whole wizard state, parked by its agent to take a real
 *   call, one per execution until it is resumed (the row goes) or the execution ends.
 * Both go with their execution (cascade). JSON is text and timestamps ISO text, as
 * everywhere. Imports no app code.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('step_drafts')
    .addColumn('execution_id', 'varchar(64)', (c) =>
      c.notNull().references('process_executions.id').onDelete('cascade'),
    )
    .addColumn('step_id', 'varchar(128)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('draft_values', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('step_drafts_pk', ['execution_id', 'step_id'])
    .execute();

  await db.schema
    .createTable('parked_executions')
    .addColumn('execution_id', 'varchar(64)', (c) =>
      c.primaryKey().references('process_executions.id').onDelete('cascade'),
    )
    .addColumn('workspace_id', 'varchar(64)', (c) =>
      c.notNull().references('workspaces.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('parked_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('parked_executions_user_idx')
    .on('parked_executions')
    .columns(['workspace_id', 'user_id', 'parked_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('parked_executions').execute();
  await db.schema.dropTable('step_drafts').execute();
}
