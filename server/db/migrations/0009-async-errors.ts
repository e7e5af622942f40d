import type { Kysely } from 'kysely';

/**
 * Async error resolution (issue #16, settings; docs/async-error-resolution.md):
 * - `async_record_failures`: every CRM write of the async-records pipeline that the CRM
 *   refused in a workspace with asynchronous lead generation, kept so that nothing is
 *   lost silently: the re-mapped payload, the CRM's answer, when and how often it was
 *   tried, the execution history it came from and the contact it names. A record is
 *   `open` until a retry succeeds (`resolved`, with the CRM id written) or a manager
 *   dismisses it (`dismissed`, with who and when); rows are never deleted.
 * - `simulated_crm_outages`: the workspaces whose simulated CRM is "down" (every write
 *   refused with a 503-like answer), toggled by the system user for tests and demos.
 * Timestamps ISO text, ids varchar(64), as everywhere. Imports no app code.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('async_record_failures')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('workspace_id', 'varchar(64)', (c) =>
      c.notNull().references('workspaces.id').onDelete('cascade'),
    )
    .addColumn('execution_id', 'varchar(64)', (c) =>
      c.references('process_executions.id').onDelete('set null'),
    )
    .addColumn('record_type', 'varchar(32)', (c) => c.notNull())
    /** JSON: the re-mapped payload ({type, crmFieldMappings}) as it will be retried. */
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('contact_name', 'varchar(400)')
    .addColumn('error_code', 'varchar(64)', (c) => c.notNull())
    .addColumn('error_message', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('created_by', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('last_attempt_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('crm_record_id', 'varchar(64)')
    .addColumn('resolved_by', 'varchar(64)')
    .addColumn('resolved_at', 'varchar(32)')
    .addColumn('dismissed_by', 'varchar(64)')
    .addColumn('dismissed_at', 'varchar(32)')
    .execute();
  // The page reads one workspace's records of one status, newest first.
  await db.schema
    .createIndex('async_record_failures_list_idx')
    .on('async_record_failures')
    .columns(['workspace_id', 'status', 'created_at'])
    .execute();

  await db.schema
    .createTable('simulated_crm_outages')
    .addColumn('workspace_id', 'varchar(64)', (c) =>
      c.primaryKey().references('workspaces.id').onDelete('cascade'),
    )
    .addColumn('set_by', 'varchar(64)', (c) => c.notNull())
    .addColumn('since', 'varchar(32)', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('simulated_crm_outages').ifExists().execute();
  await db.schema.dropTable('async_record_failures').ifExists().execute();
}
