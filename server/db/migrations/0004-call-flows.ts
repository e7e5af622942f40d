import type { Kysely } from 'kysely';

/**
 * Call flows (issue 11; spec: session 3 Call flow / Process execution history / Step
 * history, 7 Call flow and CRM sync):
 * - `process_definitions`: each workspace's process definitions as data (JSON checked by
 *   processDefinitionSchema and validateProcessDefinition before it is stored), keyed by
 *   workspace and uid, with the counts the Call Flows list shows;
 * - `cases`: one per started case (app_uid, del_index, app status, the case variables),
 *   linked to the execution history it belongs to when there is one;
 * - `process_executions` and `step_histories`: the execution histories and every step
 *   traversed, forward and backward;
 * - `email_outbox`: what POST service-processes/sendEmail "sent" (no mail leaves the
 *   reference server); `error_notifications`: what POST error-notification received;
 * - `crm_records`: the simulated CRM store that POST async-records writes to.
 * Timestamps are ISO text and JSON is text, as everywhere (server/db/schema.ts). Like
 * every migration it imports no app code.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('process_definitions')
    .addColumn('workspace_id', 'varchar(64)', (c) =>
      c.notNull().references('workspaces.id').onDelete('cascade'),
    )
    .addColumn('uid', 'varchar(128)', (c) => c.notNull())
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('definition', 'text', (c) => c.notNull())
    .addColumn('step_count', 'integer', (c) => c.notNull())
    .addColumn('form_step_count', 'integer', (c) => c.notNull())
    .addColumn('updated_by', 'varchar(64)')
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('process_definitions_pk', ['workspace_id', 'uid'])
    .execute();
  await db.schema
    .createIndex('process_definitions_name_idx')
    .on('process_definitions')
    .columns(['workspace_id', 'name'])
    .execute();

  await db.schema
    .createTable('process_executions')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('workspace_id', 'varchar(64)', (c) =>
      c.notNull().references('workspaces.id').onDelete('cascade'),
    )
    .addColumn('process_uid', 'varchar(128)', (c) => c.notNull())
    .addColumn('sub_process', 'varchar(128)')
    .addColumn('status', 'varchar(32)', (c) => c.notNull())
    /** The `user` the client sent (its agent id); who really called is created_by. */
    .addColumn('user_ref', 'varchar(128)', (c) => c.notNull())
    .addColumn('created_by', 'varchar(64)', (c) => c.notNull())
    .addColumn('start_time', 'varchar(32)', (c) => c.notNull())
    .addColumn('end_time', 'varchar(32)')
    .addColumn('execution_history', 'text', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('process_executions_workspace_idx')
    .on('process_executions')
    .columns(['workspace_id', 'start_time'])
    .execute();

  await db.schema
    .createTable('cases')
    .addColumn('app_uid', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('workspace_id', 'varchar(64)', (c) =>
      c.notNull().references('workspaces.id').onDelete('cascade'),
    )
    .addColumn('process_uid', 'varchar(128)', (c) => c.notNull())
    .addColumn('execution_id', 'varchar(64)', (c) =>
      c.references('process_executions.id').onDelete('set null'),
    )
    .addColumn('tas_uid', 'varchar(128)', (c) => c.notNull())
    .addColumn('dyn_uid', 'varchar(128)')
    .addColumn('del_index', 'integer', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('case_vars', 'text', (c) => c.notNull())
    .addColumn('created_by', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('cases_execution_idx')
    .on('cases')
    .columns(['execution_id'])
    .execute();

  await db.schema
    .createTable('step_histories')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('execution_id', 'varchar(64)', (c) =>
      c.notNull().references('process_executions.id').onDelete('cascade'),
    )
    .addColumn('previous_step_id', 'varchar(128)')
    .addColumn('current_step_id', 'varchar(128)', (c) => c.notNull())
    .addColumn('current_step_name', 'varchar(500)', (c) => c.notNull())
    .addColumn('current_step_type', 'varchar(16)', (c) => c.notNull())
    .addColumn('current_step_process_id', 'varchar(128)', (c) => c.notNull())
    .addColumn('variable_state', 'text', (c) => c.notNull())
    .addColumn('direction', 'varchar(16)', (c) => c.notNull())
    .addColumn('executed_on', 'varchar(32)', (c) => c.notNull())
    .addColumn('created_by', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('step_histories_execution_idx')
    .on('step_histories')
    .columns(['execution_id', 'executed_on'])
    .execute();

  await db.schema
    .createTable('email_outbox')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('workspace_id', 'varchar(64)', (c) =>
      c.references('workspaces.id').onDelete('cascade'),
    )
    .addColumn('created_by', 'varchar(64)', (c) => c.notNull())
    .addColumn('recipients', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('html_body', 'text', (c) => c.notNull())
    .addColumn('text_body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('email_outbox_created_idx')
    .on('email_outbox')
    .columns(['created_at'])
    .execute();

  await db.schema
    .createTable('error_notifications')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('workspace_id', 'varchar(64)', (c) =>
      c.references('workspaces.id').onDelete('cascade'),
    )
    .addColumn('created_by', 'varchar(64)', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('error_notifications_created_idx')
    .on('error_notifications')
    .columns(['created_at'])
    .execute();

  await db.schema
    .createTable('crm_records')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('workspace_id', 'varchar(64)', (c) =>
      c.notNull().references('workspaces.id').onDelete('cascade'),
    )
    .addColumn('type', 'varchar(16)', (c) => c.notNull())
    .addColumn('contact_id', 'varchar(64)')
    .addColumn('execution_id', 'varchar(64)', (c) =>
      c.references('process_executions.id').onDelete('set null'),
    )
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('crm_records_workspace_idx')
    .on('crm_records')
    .columns(['workspace_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('crm_records_execution_idx')
    .on('crm_records')
    .columns(['execution_id', 'type'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'crm_records',
    'error_notifications',
    'email_outbox',
    'step_histories',
    'cases',
    'process_executions',
    'process_definitions',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
