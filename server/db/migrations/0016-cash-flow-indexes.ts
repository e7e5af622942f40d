import type { Kysely } from 'kysely';

/**
 * More of issue #17 (every report fast at a million contacts): Cash Flow and the
 * relationship calls per agent, which read a year of payments or every relationship call.
 *
 * - `payments (workspace_id, status, due_day, ...)`: the missed and partial sums, the
 *   500 largest missed payments and the plans off plan read the payments of one status
 *   due in the range only (not every payment of the range), from this index alone.
 * - `payments (plan_id, due_day, workspace_id, amount_due_cents)`: future cash flow sums
 *   the later payments of the plans that start after the end date, plan by plan.
 * - `payment_plans (workspace_id, last_due_day, first_due_day)`: the plans active on the
 *   end date are the ones ending on or after it (few), not every plan begun before it.
 * - `outbound_tasks (workspace_id, kind, made_day, due_day, agent_id)`: open calls
 *   (made_day IS NULL) and calls made in the last 30 days, not every relationship call.
 * Schema builder only (the same DDL on SQLite and PostgreSQL); it imports no app code.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('payments_workspace_status_due_idx')
    .on('payments')
    .columns([
      'workspace_id',
      'status',
      'due_day',
      'amount_due_cents',
      'amount_paid_cents',
      'plan_id',
      'contact_id',
      'id',
    ])
    .execute();
  await db.schema
    .createIndex('payments_plan_due_idx')
    .on('payments')
    .columns(['plan_id', 'due_day', 'workspace_id', 'amount_due_cents'])
    .execute();
  await db.schema
    .createIndex('payment_plans_workspace_last_due_idx')
    .on('payment_plans')
    .columns(['workspace_id', 'last_due_day', 'first_due_day'])
    .execute();
  await db.schema
    .createIndex('outbound_tasks_workspace_kind_made_idx')
    .on('outbound_tasks')
    .columns(['workspace_id', 'kind', 'made_day', 'due_day', 'agent_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('outbound_tasks_workspace_kind_made_idx').ifExists().execute();
  await db.schema.dropIndex('payment_plans_workspace_last_due_idx').ifExists().execute();
  await db.schema.dropIndex('payments_plan_due_idx').ifExists().execute();
  await db.schema.dropIndex('payments_workspace_status_due_idx').ifExists().execute();
}
