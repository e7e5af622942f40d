import type { CashFlowData } from '@/shared/contracts/reports/cash-flow';
import { ratePercent } from '@/shared/domain/funnel-rates';
import type { Db } from '../db/database';
import type { ReportScope } from './report-scope';
import { centsToDollars } from '@/shared/domain/money';

/** The most missed payments the Cash Flow answer lists (largest first). */
export const MISSED_PAYMENTS_LISTED = 500;

/** The Cash Flow card (spec: dashboards 2.3, 3 Cash flow data). */
export async function cashFlow(db: Db, scope: ReportScope): Promise<CashFlowData> {
  const ws = scope.workspace.id;
  const { startDate, endDate } = scope;
  const inRange = db
    .selectFrom('payments')
    .where('payments.workspace_id', '=', ws)
    .where('payments.due_day', '>=', startDate)
    .where('payments.due_day', '<=', endDate);
  const runningPlans = db
    .selectFrom('payment_plans as p')
    .where('p.workspace_id', '=', ws)
    .where('p.first_due_day', '<=', endDate)
    .where('p.last_due_day', '>=', endDate);

  const [collected, missed, missedTotal, partial, plans, offPlan, future, balances] =
    await Promise.all([
      db
        .selectFrom('payments')
        .select((eb) => eb.fn.sum<number>('amount_paid_cents').as('cents'))
        .where('workspace_id', '=', ws)
        .where('paid_day', '>=', startDate)
        .where('paid_day', '<=', endDate)
        .executeTakeFirst(),
      // The 500 largest from the (workspace_id, status, due_day) index, then their names:
      // joining contacts first looked up every missed payment's contact before the sort.
      db
        .selectFrom(
          inRange
            .select(['id', 'contact_id', 'due_day', 'amount_due_cents', 'amount_paid_cents'])
            .where('payments.status', '=', 'missed')
            .orderBy('payments.amount_due_cents', 'desc')
            .orderBy('payments.due_day', 'desc')
            .orderBy('payments.id')
            .limit(MISSED_PAYMENTS_LISTED)
            .as('m'),
        )
        .innerJoin('contacts', 'contacts.id', 'm.contact_id')
        .select([
          'm.id',
          'm.contact_id',
          'm.due_day',
          'm.amount_due_cents',
          'm.amount_paid_cents',
          'contacts.first_name',
          'contacts.last_name',
        ])
        .orderBy('m.amount_due_cents', 'desc')
        .orderBy('m.due_day', 'desc')
        .orderBy('m.id')
        .execute(),
      inRange
        .select((eb) => eb.fn.sum<number>('payments.amount_due_cents').as('cents'))
        .where('payments.status', '=', 'missed')
        .executeTakeFirst(),
      inRange
        .select((eb) =>
          eb.fn
            .sum<number>(eb('payments.amount_due_cents', '-', eb.ref('payments.amount_paid_cents')))
            .as('cents'),
        )
        .where('payments.status', '=', 'partial')
        .executeTakeFirst(),
      runningPlans.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirst(),
      // Running plans among those of the missed payments due in the range (few), instead
      // of a probe into the payments of every running plan.
      runningPlans
        .where('p.id', 'in', (eb) =>
          eb
            .selectFrom('payments as m')
            .select('m.plan_id')
            .where('m.workspace_id', '=', ws)
            .where('m.status', '=', 'missed')
            .where('m.due_day', '>=', startDate)
            .where('m.due_day', '<=', endDate),
        )
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirst(),
      futureCents(db, ws, endDate),
      Promise.all(
        (['operating', 'profit'] as const).map((account) =>
          db
            .selectFrom('bank_balances')
            .select('balance_cents')
            .where('workspace_id', '=', ws)
            .where('account', '=', account)
            .where('day', '<=', endDate)
            .orderBy('day', 'desc')
            .limit(1)
            .executeTakeFirst(),
        ),
      ),
    ]);
  const active = Number(plans?.count ?? 0);
  const off = Number(offPlan?.count ?? 0);
  const on = active - off;
  return {
    collected: centsToDollars(collected?.cents),
    missedPayments: missed.map((p) => ({
      id: p.id,
      contactId: p.contact_id,
      name: `${p.first_name} ${p.last_name}`,
      amount: centsToDollars(p.amount_due_cents - p.amount_paid_cents),
      dueDate: p.due_day,
    })),
    missedPaymentsTotal: centsToDollars(missedTotal?.cents),
    partialPaymentTotal: centsToDollars(partial?.cents),
    operatingAccount: centsToDollars(balances[0]?.balance_cents),
    profitAccount: centsToDollars(balances[1]?.balance_cents),
    activePaymentPlans: active,
    onPlan: on,
    offPlan: off,
    onPlanRate: ratePercent(on, active),
    offPlanRate: ratePercent(off, active),
    futureCashFlow: centsToDollars(future),
    startDate,
    endDate,
  };
}

/**
 * Payments due after the end date of plans begun by then: every payment due after it,
 * less those of the plans that begin after it (the last week's hires, a few thousand
 * plans), each plan's read from the (plan_id, due_day) index. Joining every later payment
 * to its plan read a plan row per scheduled payment (some 100k at a million contacts).
 * A plan's payments are in its workspace (server/records/record-writer.ts).
 */
async function futureCents(db: Db, ws: string, endDate: string): Promise<number> {
  const [all, later] = await Promise.all([
    db
      .selectFrom('payments')
      .select((eb) => eb.fn.sum<number>('amount_due_cents').as('cents'))
      .where('workspace_id', '=', ws)
      .where('due_day', '>', endDate)
      .executeTakeFirst(),
    db
      .selectFrom('payment_plans as p')
      .select((eb) =>
        eb.fn
          .sum<number>(
            eb
              .selectFrom('payments as f')
              .select((inner) => inner.fn.sum<number>('f.amount_due_cents').as('cents'))
              .whereRef('f.plan_id', '=', 'p.id')
              .where('f.due_day', '>', endDate)
              .where('f.workspace_id', '=', ws),
          )
          .as('cents'),
      )
      .where('p.workspace_id', '=', ws)
      .where('p.first_due_day', '>', endDate)
      .executeTakeFirst(),
  ]);
  return Number(all?.cents ?? 0) - Number(later?.cents ?? 0);
}
