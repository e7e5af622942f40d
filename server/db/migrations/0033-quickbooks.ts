import { type Kysely, sql } from 'kysely';

/**
 * Issue #33 "QuickBooks Online": a workspace's connection to its accounting company, and
 * the local copy of what the cash-flow reports read from it (refreshed on a schedule and on
 * demand, so reports never wait for Intuit).
 *
 * - accounting_connections: one row per workspace, as crm_connections (tokens sealed with
 *   the connector secrets key), with the company (realm_id) and the copy's sync state.
 * - qbo_customers, qbo_invoices, qbo_payment_lines, qbo_plans, qbo_balances: the company's
 *   customers, invoices (each one payment due), what payments applied to them and when,
 *   recurring invoice templates (the payment plans), and each bank account's balance per
 *   day it was read. Money in cents; days as YYYY-MM-DD.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('accounting_connections')
    .addColumn('workspace_id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('vendor', 'varchar(16)', (c) => c.notNull())
    .addColumn('realm_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('company_name', 'varchar(255)')
    .addColumn('accounts_server', 'varchar(200)', (c) => c.notNull())
    .addColumn('api_domain', 'varchar(200)')
    .addColumn('access_sealed', 'text', (c) => c.notNull())
    .addColumn('access_expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('refresh_sealed', 'text', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('last_error', 'text')
    .addColumn('connected_by', 'varchar(64)', (c) => c.notNull())
    .addColumn('connected_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('checked_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('synced_at', 'varchar(32)')
    .addColumn('sync_error', 'text')
    .addColumn('sync_requested_at', 'varchar(32)')
    .addColumn('sync_claimed_until', 'varchar(32)')
    .execute();

  await db.schema
    .createTable('qbo_customers')
    .addColumn('workspace_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('id', 'varchar(32)', (c) => c.notNull())
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('email', 'varchar(320)')
    .addColumn('phone', 'varchar(64)')
    .addPrimaryKeyConstraint('qbo_customers_pk', ['workspace_id', 'id'])
    .execute();

  await db.schema
    .createTable('qbo_invoices')
    .addColumn('workspace_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('id', 'varchar(32)', (c) => c.notNull())
    .addColumn('customer_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('doc_number', 'varchar(32)')
    .addColumn('txn_day', 'varchar(10)', (c) => c.notNull())
    .addColumn('due_day', 'varchar(10)', (c) => c.notNull())
    .addColumn('total_cents', 'bigint', (c) => c.notNull())
    .addColumn('balance_cents', 'bigint', (c) => c.notNull())
    .addColumn('plan_id', 'varchar(32)')
    .addPrimaryKeyConstraint('qbo_invoices_pk', ['workspace_id', 'id'])
    .execute();
  await db.schema
    .createIndex('qbo_invoices_due_idx')
    .on('qbo_invoices')
    .columns(['workspace_id', 'due_day'])
    .execute();
  // The invoices still owed in a range (missed, partial), read from the index alone: most
  // invoices are paid, and the report reads only those that are not.
  await db.schema
    .createIndex('qbo_invoices_owed_idx')
    .on('qbo_invoices')
    .columns([
      'workspace_id',
      'due_day',
      'balance_cents',
      'total_cents',
      'plan_id',
      'customer_id',
      'id',
    ])
    .where(sql.ref('balance_cents'), '>', 0)
    .execute();

  await db.schema
    .createTable('qbo_payment_lines')
    .addColumn('workspace_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('payment_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('line', 'integer', (c) => c.notNull())
    .addColumn('invoice_id', 'varchar(32)')
    .addColumn('customer_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('txn_day', 'varchar(10)', (c) => c.notNull())
    .addColumn('amount_cents', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('qbo_payment_lines_pk', ['workspace_id', 'payment_id', 'line'])
    .execute();
  // What came in over a range, summed from the index alone.
  await db.schema
    .createIndex('qbo_payment_lines_day_idx')
    .on('qbo_payment_lines')
    .columns(['workspace_id', 'txn_day', 'amount_cents'])
    .execute();

  await db.schema
    .createTable('qbo_plans')
    .addColumn('workspace_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('id', 'varchar(32)', (c) => c.notNull())
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('customer_id', 'varchar(32)')
    .addColumn('active', 'integer', (c) => c.notNull())
    .addColumn('interval_type', 'varchar(32)', (c) => c.notNull())
    .addColumn('num_interval', 'integer', (c) => c.notNull())
    .addColumn('start_day', 'varchar(10)', (c) => c.notNull())
    .addColumn('end_day', 'varchar(10)')
    .addColumn('next_day', 'varchar(10)')
    .addColumn('amount_cents', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('qbo_plans_pk', ['workspace_id', 'id'])
    .execute();

  await db.schema
    .createTable('qbo_balances')
    .addColumn('workspace_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('account_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    /** operating, profit or other: by the account's name (docs/connect-quickbooks.md). */
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('balance_cents', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('qbo_balances_pk', ['workspace_id', 'account_id', 'day'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'qbo_balances',
    'qbo_plans',
    'qbo_payment_lines',
    'qbo_invoices',
    'qbo_customers',
    'accounting_connections',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
