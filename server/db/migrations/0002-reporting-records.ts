import { type CreateTableBuilder, type Kysely, sql, SqliteAdapter } from 'kysely';

/**
 * The records every report is computed from (issue #3; spec: dashboards 3, 7): contacts
 * and their pipeline transitions, appointments, calls, callbacks, relationship and
 * collection calls, payment plans and payments, bank balances, marketing spend and
 * objections; plus the daily rollups kept on write (server/records/pipeline-rollups.ts).
 *
 * Days: every timed record also stores its workspace-local calendar day ('YYYY-MM-DD',
 * computed in TypeScript at insert time from the workspace's timezone). Reports filter on
 * these day columns, so no query needs a database date function and the same SQL runs on
 * PostgreSQL.
 *
 * Money is stored in integer cents. Rollup key columns use '' for "none" (NULLs are
 * distinct in unique constraints, which would break the upsert).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // SQLite keeps these tables clustered by their primary key (WITHOUT ROWID): one B-tree
  // per table instead of a table plus a key index, half the writes and the space. Other
  // databases keep an ordinary primary key.
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  const clustered = <T extends string, C extends string>(table: CreateTableBuilder<T, C>) =>
    sqlite ? table.modifyEnd(sql`without rowid`) : table;
  // Generated ids: SQLite's INTEGER PRIMARY KEY is the rowid (no AUTOINCREMENT bookkeeping
  // on every insert); PostgreSQL needs serial.
  const idType = sqlite ? 'integer' : 'serial';

  await db.schema
    .createTable('objections')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('workspace_id', 'varchar(64)', (c) =>
      c.notNull().references('workspaces.id').onDelete('cascade'),
    )
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('type', 'varchar(64)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('contacts')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('workspace_id', 'varchar(64)', (c) =>
      c.notNull().references('workspaces.id').onDelete('cascade'),
    )
    .addColumn('crm_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('module', 'varchar(16)', (c) => c.notNull())
    .addColumn('first_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('last_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('lead_source_id', 'varchar(64)')
    .addColumn('campaign_id', 'varchar(64)')
    .addColumn('office_id', 'varchar(64)')
    .addColumn('case_type_key', 'varchar(128)')
    .addColumn('sub_case_type_key', 'varchar(128)')
    .addColumn('agent_id', 'varchar(64)')
    .addColumn('consultant_id', 'varchar(64)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('entered_pipeline_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('entered_day', 'varchar(10)', (c) => c.notNull())
    .addColumn('qualification', 'varchar(16)', (c) => c.notNull().defaultTo('pending'))
    .addColumn('status', 'varchar(32)', (c) => c.notNull())
    .$call(clustered)
    .execute();
  await db.schema
    .createIndex('contacts_workspace_entered_idx')
    .on('contacts')
    .columns(['workspace_id', 'entered_day'])
    .execute();

  // One row per transition. The contact's attribution (source, campaign, office, case
  // types) and the day it entered the pipeline are copied in, so both perspectives and
  // every filter are answered from this table alone.
  await db.schema
    .createTable('pipeline_events')
    .addColumn('id', idType, (c) => c.primaryKey())
    .addColumn('workspace_id', 'varchar(64)', (c) =>
      c.notNull().references('workspaces.id').onDelete('cascade'),
    )
    .addColumn('contact_id', 'varchar(64)', (c) =>
      c.notNull().references('contacts.id').onDelete('cascade'),
    )
    .addColumn('stage', 'varchar(32)', (c) => c.notNull())
    .addColumn('occurred_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('entered_day', 'varchar(10)', (c) => c.notNull())
    .addColumn('lead_source_id', 'varchar(64)')
    .addColumn('campaign_id', 'varchar(64)')
    .addColumn('office_id', 'varchar(64)')
    .addColumn('case_type_key', 'varchar(128)')
    .addColumn('sub_case_type_key', 'varchar(128)')
    .addColumn('agent_id', 'varchar(64)')
    .addColumn('consultant_id', 'varchar(64)')
    .addColumn('channel', 'varchar(16)')
    .addColumn('objection_id', 'varchar(64)')
    .execute();
  await db.schema
    .createIndex('pipeline_events_stage_day_idx')
    .on('pipeline_events')
    .columns(['workspace_id', 'stage', 'day'])
    .execute();
  await db.schema
    .createIndex('pipeline_events_stage_entered_idx')
    .on('pipeline_events')
    .columns(['workspace_id', 'stage', 'entered_day'])
    .execute();
  await db.schema
    .createIndex('pipeline_events_contact_idx')
    .on('pipeline_events')
    .column('contact_id')
    .execute();

  // Daily rollups of pipeline_events, kept on write. perspective 'snapshot' is keyed by
  // the transition's day, 'conversion' by the day its contact entered the pipeline.
  // pipeline_daily answers campaign and case-type filters; office and sub case type
  // filters read pipeline_events (a finer rollup is nearly as big as the records).
  await db.schema
    .createTable('pipeline_daily')
    .addColumn('workspace_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('perspective', 'varchar(16)', (c) => c.notNull())
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('stage', 'varchar(32)', (c) => c.notNull())
    .addColumn('lead_source_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('campaign_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('case_type_key', 'varchar(128)', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('pipeline_daily_key', [
      'workspace_id',
      'perspective',
      'day',
      'stage',
      'lead_source_id',
      'campaign_id',
      'case_type_key',
    ])
    .$call(clustered)
    .execute();
  await db.schema
    .createTable('pipeline_daily_source')
    .addColumn('workspace_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('perspective', 'varchar(16)', (c) => c.notNull())
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('stage', 'varchar(32)', (c) => c.notNull())
    .addColumn('lead_source_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('pipeline_daily_source_key', [
      'workspace_id',
      'perspective',
      'day',
      'stage',
      'lead_source_id',
    ])
    .$call(clustered)
    .execute();

  // The same transitions by the people who made them (agent, consultant) and the kind of
  // call a set came from: the agent filter, per-agent and per-consultant reports.
  await db.schema
    .createTable('pipeline_daily_people')
    .addColumn('workspace_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('perspective', 'varchar(16)', (c) => c.notNull())
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('stage', 'varchar(32)', (c) => c.notNull())
    .addColumn('lead_source_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('agent_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('consultant_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('channel', 'varchar(16)', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('pipeline_daily_people_key', [
      'workspace_id',
      'perspective',
      'day',
      'stage',
      'lead_source_id',
      'agent_id',
      'consultant_id',
      'channel',
    ])
    .$call(clustered)
    .execute();

  await db.schema
    .createTable('appointments')
    .addColumn('id', idType, (c) => c.primaryKey())
    .addColumn('workspace_id', 'varchar(64)', (c) =>
      c.notNull().references('workspaces.id').onDelete('cascade'),
    )
    .addColumn('contact_id', 'varchar(64)', (c) =>
      c.notNull().references('contacts.id').onDelete('cascade'),
    )
    .addColumn('lead_source_id', 'varchar(64)')
    .addColumn('office_id', 'varchar(64)')
    .addColumn('consultant_id', 'varchar(64)')
    .addColumn('set_by_agent_id', 'varchar(64)')
    .addColumn('booked_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('scheduled_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('scheduled_day', 'varchar(10)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('appointments_workspace_day_idx')
    .on('appointments')
    .columns(['workspace_id', 'scheduled_day'])
    .execute();
  await db.schema
    .createTable('appointments_daily')
    .addColumn('workspace_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('lead_source_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('appointments_daily_key', [
      'workspace_id',
      'day',
      'lead_source_id',
      'status',
    ])
    .$call(clustered)
    .execute();

  await db.schema
    .createTable('calls')
    .addColumn('id', idType, (c) => c.primaryKey())
    .addColumn('workspace_id', 'varchar(64)', (c) =>
      c.notNull().references('workspaces.id').onDelete('cascade'),
    )
    .addColumn('call_sid', 'varchar(64)', (c) => c.notNull())
    .addColumn('direction', 'varchar(16)', (c) => c.notNull())
    .addColumn('category', 'varchar(16)', (c) => c.notNull())
    .addColumn('agent_id', 'varchar(64)')
    .addColumn('contact_id', 'varchar(64)')
    .addColumn('lead_source_id', 'varchar(64)')
    .addColumn('campaign_id', 'varchar(64)')
    .addColumn('tracking_number', 'varchar(32)')
    .addColumn('started_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('answered', 'integer', (c) => c.notNull())
    .addColumn('connected', 'integer', (c) => c.notNull())
    .addColumn('missed', 'integer', (c) => c.notNull())
    .addColumn('abandoned', 'integer', (c) => c.notNull())
    .addColumn('wait_seconds', 'integer', (c) => c.notNull())
    .addColumn('duration_seconds', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('calls_workspace_day_agent_idx')
    .on('calls')
    .columns(['workspace_id', 'day', 'agent_id'])
    .execute();

  await db.schema
    .createTable('calls_daily')
    .addColumn('workspace_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('agent_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('lead_source_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('direction', 'varchar(16)', (c) => c.notNull())
    .addColumn('category', 'varchar(16)', (c) => c.notNull())
    .addColumn('calls', 'integer', (c) => c.notNull())
    .addColumn('answered', 'integer', (c) => c.notNull())
    .addColumn('connected', 'integer', (c) => c.notNull())
    .addColumn('missed', 'integer', (c) => c.notNull())
    .addColumn('abandoned', 'integer', (c) => c.notNull())
    .addColumn('wait_seconds', 'integer', (c) => c.notNull())
    .addColumn('duration_seconds', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('calls_daily_key', [
      'workspace_id',
      'day',
      'agent_id',
      'lead_source_id',
      'direction',
      'category',
    ])
    .$call(clustered)
    .execute();

  await db.schema
    .createTable('callbacks')
    .addColumn('id', idType, (c) => c.primaryKey())
    .addColumn('workspace_id', 'varchar(64)', (c) =>
      c.notNull().references('workspaces.id').onDelete('cascade'),
    )
    .addColumn('contact_id', 'varchar(64)')
    .addColumn('agent_id', 'varchar(64)')
    .addColumn('requested_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('requested_day', 'varchar(10)', (c) => c.notNull())
    .addColumn('returned_at', 'varchar(32)')
    .addColumn('returned_day', 'varchar(10)')
    .execute();
  await db.schema
    .createIndex('callbacks_workspace_day_idx')
    .on('callbacks')
    .columns(['workspace_id', 'requested_day', 'agent_id', 'returned_day'])
    .execute();

  // Relationship and collection calls: due on a day, made (or not).
  await db.schema
    .createTable('outbound_tasks')
    .addColumn('id', idType, (c) => c.primaryKey())
    .addColumn('workspace_id', 'varchar(64)', (c) =>
      c.notNull().references('workspaces.id').onDelete('cascade'),
    )
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('contact_id', 'varchar(64)')
    .addColumn('agent_id', 'varchar(64)')
    .addColumn('due_day', 'varchar(10)', (c) => c.notNull())
    .addColumn('made_at', 'varchar(32)')
    .addColumn('made_day', 'varchar(10)')
    .execute();
  await db.schema
    .createIndex('outbound_tasks_workspace_kind_due_idx')
    .on('outbound_tasks')
    .columns(['workspace_id', 'kind', 'due_day', 'agent_id', 'made_day'])
    .execute();

  await db.schema
    .createTable('payment_plans')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('workspace_id', 'varchar(64)', (c) =>
      c.notNull().references('workspaces.id').onDelete('cascade'),
    )
    .addColumn('contact_id', 'varchar(64)', (c) =>
      c.notNull().references('contacts.id').onDelete('cascade'),
    )
    .addColumn('first_due_day', 'varchar(10)', (c) => c.notNull())
    .addColumn('last_due_day', 'varchar(10)', (c) => c.notNull())
    .addColumn('total_cents', 'integer', (c) => c.notNull())
    .addColumn('installment_cents', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .$call(clustered)
    .execute();
  await db.schema
    .createIndex('payment_plans_workspace_idx')
    .on('payment_plans')
    .columns(['workspace_id', 'first_due_day'])
    .execute();

  await db.schema
    .createTable('payments')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('workspace_id', 'varchar(64)', (c) =>
      c.notNull().references('workspaces.id').onDelete('cascade'),
    )
    .addColumn('plan_id', 'varchar(64)', (c) =>
      c.notNull().references('payment_plans.id').onDelete('cascade'),
    )
    .addColumn('contact_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('lead_source_id', 'varchar(64)')
    .addColumn('due_day', 'varchar(10)', (c) => c.notNull())
    .addColumn('amount_due_cents', 'integer', (c) => c.notNull())
    .addColumn('amount_paid_cents', 'integer', (c) => c.notNull())
    .addColumn('paid_day', 'varchar(10)')
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .$call(clustered)
    .execute();
  await db.schema
    .createIndex('payments_workspace_due_idx')
    .on('payments')
    .columns(['workspace_id', 'due_day', 'status', 'amount_due_cents', 'amount_paid_cents'])
    .execute();
  await db.schema
    .createIndex('payments_workspace_paid_idx')
    .on('payments')
    .columns(['workspace_id', 'paid_day', 'lead_source_id', 'amount_paid_cents'])
    .execute();
  await db.schema.createIndex('payments_plan_idx').on('payments').column('plan_id').execute();

  await db.schema
    .createTable('bank_balances')
    .addColumn('workspace_id', 'varchar(64)', (c) =>
      c.notNull().references('workspaces.id').onDelete('cascade'),
    )
    .addColumn('account', 'varchar(16)', (c) => c.notNull())
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('balance_cents', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('bank_balances_pk', ['workspace_id', 'account', 'day'])
    .execute();

  await db.schema
    .createTable('marketing_spend')
    .addColumn('workspace_id', 'varchar(64)', (c) =>
      c.notNull().references('workspaces.id').onDelete('cascade'),
    )
    .addColumn('lead_source_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('month', 'varchar(7)', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('marketing_spend_pk', ['workspace_id', 'lead_source_id', 'month'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'marketing_spend',
    'bank_balances',
    'payments',
    'payment_plans',
    'outbound_tasks',
    'callbacks',
    'calls_daily',
    'calls',
    'appointments_daily',
    'appointments',
    'pipeline_daily_people',
    'pipeline_daily_source',
    'pipeline_daily',
    'pipeline_events',
    'contacts',
    'objections',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
