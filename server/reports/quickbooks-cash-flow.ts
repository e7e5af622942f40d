import type { CashFlowBooks, CashFlowData } from '@/shared/contracts/reports/cash-flow';
import { ratePercent } from '@/shared/domain/funnel-rates';
import { centsToDollars } from '@/shared/domain/money';
import { futureCashFlowCents, type PlanSchedule } from '@/shared/domain/quickbooks-cash-flow';
import type { ExpressionBuilder } from 'kysely';
import type { Db } from '../db/database';
import type { QboPlanTable } from '../db/schema';
import { cashFlow, MISSED_PAYMENTS_LISTED } from './cash-flow';
import type { ReportScope } from './report-scope';

/**
 * The Cash Flow card of a workspace connected to QuickBooks Online (issue #33), read from
 * its local copy of the books (migration 0033), never from Intuit: the same answer as
 * cashFlow (server/reports/cash-flow.ts) over the qbo_* tables, by the rules of
 * shared/domain/quickbooks-cash-flow.ts. An invoice is one payment due; it is missed or
 * partial once due by the workspace's today (invoiceState), so an invoice due in the range
 * but after today is scheduled, in neither. The sums and counts run in SQL over the
 * (workspace_id, due_day) and (workspace_id, txn_day) indexes; the active plans (recurring
 * templates, few) are read by schedule and their future installments counted here
 * (futureCashFlowCents). Names come from qbo_customers, 'Customer {id}' when missing.
 */
export async function quickBooksCashFlow(db: Db, scope: ReportScope): Promise<CashFlowData> {
  const ws = scope.workspace.id;
  const { startDate, endDate } = scope;
  const [collected, owed, missed, plans, offPlan, balances] = await Promise.all([
    db
      .selectFrom('qbo_payment_lines')
      .select((eb) => eb.fn.sum<number>('amount_cents').as('cents'))
      .where('workspace_id', '=', ws)
      .where('txn_day', '>=', startDate)
      .where('txn_day', '<=', endDate)
      .executeTakeFirst(),
    owedCents(db, scope),
    missedInvoices(db, scope),
    activePlans(db, ws, endDate),
    offPlanCount(db, scope),
    balanceCents(db, ws, endDate),
  ]);
  const active = plans.reduce((sum, schedule) => sum + schedule.count, 0);
  const off = Number(offPlan?.count ?? 0);
  const on = active - off;
  return {
    collected: centsToDollars(collected?.cents),
    missedPayments: missed.map((m) => ({
      id: m.id,
      contactId: m.customer_id,
      name: m.name ?? `Customer ${m.customer_id}`,
      amount: centsToDollars(m.balance_cents),
      dueDate: m.due_day,
    })),
    missedPaymentsTotal: centsToDollars(owed?.missed),
    partialPaymentTotal: centsToDollars(owed?.partial),
    operatingAccount: centsToDollars(balances.get('operating')),
    profitAccount: centsToDollars(balances.get('profit')),
    activePaymentPlans: active,
    onPlan: on,
    offPlan: off,
    onPlanRate: ratePercent(on, active),
    offPlanRate: ratePercent(off, active),
    futureCashFlow: centsToDollars(futureCashFlowCents(plans, endDate)),
    startDate,
    endDate,
  };
}

/** The last due day a missed or partial invoice of the range can have: today at most. */
function lastDueDay(scope: ReportScope): string {
  return scope.endDate < scope.today ? scope.endDate : scope.today;
}

/**
 * The invoices due in the range, by the workspace's today, with something owed
 * (invoiceState missed or partial): read from the (workspace_id, due_day) index.
 */
function owingInRange(db: Db, scope: ReportScope) {
  return db
    .selectFrom('qbo_invoices as i')
    .where('i.workspace_id', '=', scope.workspace.id)
    .where('i.due_day', '>=', scope.startDate)
    .where('i.due_day', '<=', lastDueDay(scope))
    .where('i.balance_cents', '>', 0);
}

/** What is still owed on the missed invoices (nothing paid) and the partial ones. */
function owedCents(db: Db, scope: ReportScope) {
  return owingInRange(db, scope)
    .select((eb) => [
      eb.fn
        .sum<number>(
          eb
            .case()
            .when('i.balance_cents', '>=', eb.ref('i.total_cents'))
            .then(eb.ref('i.balance_cents'))
            .end(),
        )
        .as('missed'),
      eb.fn
        .sum<number>(
          eb
            .case()
            .when('i.balance_cents', '<', eb.ref('i.total_cents'))
            .then(eb.ref('i.balance_cents'))
            .end(),
        )
        .as('partial'),
    ])
    .executeTakeFirst();
}

/**
 * The 500 largest missed invoices, then their customers' names (as cashFlow does), each
 * looked up by the (workspace_id, id) key: a join could pick a plan that reads every
 * customer per invoice when the copy has no statistics yet (PostgreSQL after a first sync).
 */
function missedInvoices(db: Db, scope: ReportScope) {
  return db
    .selectFrom(
      owingInRange(db, scope)
        .whereRef('i.balance_cents', '>=', 'i.total_cents')
        .select(['i.id', 'i.customer_id', 'i.due_day', 'i.balance_cents'])
        .orderBy('i.balance_cents', 'desc')
        .orderBy('i.due_day', 'desc')
        .orderBy('i.id')
        .limit(MISSED_PAYMENTS_LISTED)
        .as('m'),
    )
    .select((eb) => [
      'm.id',
      'm.customer_id',
      'm.due_day',
      'm.balance_cents',
      eb
        .selectFrom('qbo_customers as c')
        .select('c.name')
        .where('c.workspace_id', '=', scope.workspace.id)
        .whereRef('c.id', '=', 'm.customer_id')
        .as('name'),
    ])
    .orderBy('m.balance_cents', 'desc')
    .orderBy('m.due_day', 'desc')
    .orderBy('m.id')
    .execute();
}

/** A plan (`p`) active on the end date: active, begun by then and not ended before it. */
function isActiveOn(eb: ExpressionBuilder<{ p: QboPlanTable }, 'p'>, ws: string, endDate: string) {
  return eb.and([
    eb('p.workspace_id', '=', ws),
    eb('p.active', '=', 1),
    eb('p.start_day', '<=', endDate),
    eb.or([eb('p.end_day', 'is', null), eb('p.end_day', '>=', endDate)]),
  ]);
}

/**
 * The active plans, those of one schedule together (amountCents their sum, count how
 * many): future cash flow adds each schedule's installments times its amount, so plans
 * sharing a schedule (many hires a day) need not be read one by one.
 */
async function activePlans(
  db: Db,
  ws: string,
  endDate: string,
): Promise<(PlanSchedule & { count: number })[]> {
  const rows = await db
    .selectFrom('qbo_plans as p')
    .where((eb) => isActiveOn(eb, ws, endDate))
    .select((eb) => [
      'p.interval_type',
      'p.num_interval',
      'p.start_day',
      'p.end_day',
      'p.next_day',
      eb.fn.sum<number>('p.amount_cents').as('cents'),
      eb.fn.countAll<number>().as('count'),
    ])
    .groupBy(['p.interval_type', 'p.num_interval', 'p.start_day', 'p.end_day', 'p.next_day'])
    .execute();
  return rows.map((p) => ({
    intervalType: p.interval_type,
    numInterval: Number(p.num_interval),
    startDay: p.start_day,
    endDay: p.end_day,
    nextDay: p.next_day,
    amountCents: Number(p.cents),
    count: Number(p.count),
  }));
}

/**
 * Active plans with a missed invoice due in the range: one made from the plan, or, for an
 * invoice QuickBooks links to no plan, one of the plan's customer. The missed invoices are
 * read once (one pass over the range of the due-day index) for both links.
 */
function offPlanCount(db: Db, scope: ReportScope) {
  const ws = scope.workspace.id;
  return db
    .with(
      (cte) => cte('m').materialized(),
      () =>
        owingInRange(db, scope)
          .whereRef('i.balance_cents', '>=', 'i.total_cents')
          .select(['i.plan_id', 'i.customer_id']),
    )
    .selectFrom('qbo_plans as p')
    .where((eb) =>
      eb.and([
        isActiveOn(eb, ws, scope.endDate),
        eb.or([
          eb(
            'p.id',
            'in',
            eb.selectFrom('m').select('m.plan_id').where('m.plan_id', 'is not', null),
          ),
          eb(
            'p.customer_id',
            'in',
            eb.selectFrom('m').select('m.customer_id').where('m.plan_id', 'is', null),
          ),
        ]),
      ]),
    )
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirst();
}

/**
 * Per kind, the sum over the accounts of each one's latest balance by the end date (its
 * kind on that row): each account's latest day from the (workspace_id, account_id, day)
 * key, then those rows by the key. Two steps, as one (a tuple IN or a join) was planned
 * as a nested loop over every balance row when the copy had no statistics yet.
 */
async function balanceCents(db: Db, ws: string, endDate: string): Promise<Map<string, number>> {
  const latest = await db
    .selectFrom('qbo_balances')
    .select((eb) => ['account_id', eb.fn.max('day').as('day')])
    .where('workspace_id', '=', ws)
    .where('day', '<=', endDate)
    .groupBy('account_id')
    .execute();
  if (latest.length === 0) return new Map();
  const rows = await db
    .selectFrom('qbo_balances')
    .select((eb) => ['kind', eb.fn.sum<number>('balance_cents').as('cents')])
    .where('workspace_id', '=', ws)
    .where('kind', 'in', ['operating', 'profit'])
    .where((eb) =>
      eb.or(
        latest.map((l) => eb.and([eb('account_id', '=', l.account_id), eb('day', '=', l.day)])),
      ),
    )
    .groupBy('kind')
    .execute();
  return new Map(rows.map((r) => [r.kind, Number(r.cents ?? 0)]));
}

/**
 * The Cash Flow report of a workspace (GET reports/quickbooks): the copy of its company's
 * books once it is connected to QuickBooks Online (issue #33), saying which company and
 * when it was read, else the seeded books.
 */
export async function workspaceCashFlow(db: Db, scope: ReportScope): Promise<CashFlowData> {
  const connection = await db
    .selectFrom('accounting_connections')
    .select(['company_name', 'synced_at', 'status', 'sync_error'])
    .where('workspace_id', '=', scope.workspace.id)
    .executeTakeFirst();
  if (!connection) return cashFlow(db, scope);
  const books: CashFlowBooks = {
    vendor: 'quickbooks',
    companyName: connection.company_name,
    readAt: connection.synced_at,
    problem:
      connection.status === 'reconnect'
        ? 'reconnect'
        : connection.sync_error
          ? 'sync-failed'
          : null,
  };
  return { ...(await quickBooksCashFlow(db, scope)), books };
}
