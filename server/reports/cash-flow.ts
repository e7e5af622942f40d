import type { CashFlowData } from '@/shared/contracts/reports/cash-flow';
import { ratePercent } from '@/shared/domain/funnel-rates';
import type { Db } from '../db/database';
import type { ReportScope } from './report-scope';

/** The most missed payments the Cash Flow answer lists (largest first). */
export const MISSED_PAYMENTS_LISTED = 500;

const dollars = (cents: number | string | null | undefined) => Math.round(Number(cents ?? 0)) / 100;

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
      inRange
        .innerJoin('contacts', 'contacts.id', 'payments.contact_id')
        .select([
          'payments.id',
          'payments.contact_id',
          'payments.due_day',
          'payments.amount_due_cents',
          'payments.amount_paid_cents',
          'contacts.first_name',
          'contacts.last_name',
        ])
        .where('payments.status', '=', 'missed')
        .orderBy('payments.amount_due_cents', 'desc')
        .orderBy('payments.due_day', 'desc')
        .orderBy('payments.id')
        .limit(MISSED_PAYMENTS_LISTED)
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
      runningPlans
        .where((eb) =>
          eb.exists(
            eb
              .selectFrom('payments as m')
              .select('m.id')
              .whereRef('m.plan_id', '=', 'p.id')
              .where('m.status', '=', 'missed')
              .where('m.due_day', '>=', startDate)
              .where('m.due_day', '<=', endDate),
          ),
        )
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirst(),
      db
        .selectFrom('payments as f')
        .innerJoin('payment_plans as p', 'p.id', 'f.plan_id')
        .select((eb) => eb.fn.sum<number>('f.amount_due_cents').as('cents'))
        .where('f.workspace_id', '=', ws)
        .where('f.due_day', '>', endDate)
        .where('p.first_due_day', '<=', endDate)
        .executeTakeFirst(),
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
    collected: dollars(collected?.cents),
    missedPayments: missed.map((p) => ({
      id: p.id,
      contactId: p.contact_id,
      name: `${p.first_name} ${p.last_name}`,
      amount: dollars(p.amount_due_cents - p.amount_paid_cents),
      dueDate: p.due_day,
    })),
    missedPaymentsTotal: dollars(missedTotal?.cents),
    partialPaymentTotal: dollars(partial?.cents),
    operatingAccount: dollars(balances[0]?.balance_cents),
    profitAccount: dollars(balances[1]?.balance_cents),
    activePaymentPlans: active,
    onPlan: on,
    offPlan: off,
    onPlanRate: ratePercent(on, active),
    offPlanRate: ratePercent(off, active),
    futureCashFlow: dollars(future?.cents),
    startDate,
    endDate,
  };
}
