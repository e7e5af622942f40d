import type { Insertable } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '@/server/db/database';
import type {
  QboBalanceTable,
  QboCustomerTable,
  QboInvoiceTable,
  QboPaymentLineTable,
  QboPlanTable,
} from '@/server/db/schema';
import { MISSED_PAYMENTS_LISTED } from '@/server/reports/cash-flow';
import { quickBooksCashFlow } from '@/server/reports/quickbooks-cash-flow';
import { dateScope, loadLookupSet, type ReportScope } from '@/server/reports/report-scope';
import { cashFlowDataSchema } from '@/shared/contracts/reports/cash-flow';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { NOW } from './fixture';

/**
 * Issue #33: the Cash Flow card of a QuickBooks-connected workspace, read from its copy of
 * the books (qbo_* tables, written here directly: they are a cache). NOW is Friday
 * 2026-03-20 in Chicago (Lakeside) and New York (Harbor); the range is 03-01 to 03-20.
 * Every figure below is computed by hand from the rows of `books`.
 */
const LAKESIDE = 'ws_lakeside';
const HARBOR = 'ws_harbor';
const RANGE = { startDate: '2026-03-01', endDate: '2026-03-20' };

type Rows = {
  customers: Omit<Insertable<QboCustomerTable>, 'workspace_id'>[];
  invoices: Omit<Insertable<QboInvoiceTable>, 'workspace_id'>[];
  lines: Omit<Insertable<QboPaymentLineTable>, 'workspace_id'>[];
  plans: Omit<Insertable<QboPlanTable>, 'workspace_id'>[];
  balances: Omit<Insertable<QboBalanceTable>, 'workspace_id'>[];
};

const customer = (id: string, name: string) => ({ id, name, email: null, phone: null });
const invoice = (
  id: string,
  customer_id: string,
  plan_id: string | null,
  due_day: string,
  total_cents: number,
  balance_cents: number,
) => ({
  id,
  customer_id,
  plan_id,
  doc_number: null,
  txn_day: '2026-01-01',
  due_day,
  total_cents,
  balance_cents,
});
const line = (
  payment_id: string,
  n: number,
  invoice_id: string | null,
  customer_id: string,
  txn_day: string,
  amount_cents: number,
) => ({ payment_id, line: n, invoice_id, customer_id, txn_day, amount_cents });
const plan = (
  id: string,
  customer_id: string | null,
  active: number,
  interval_type: string,
  num_interval: number,
  start_day: string,
  end_day: string | null,
  next_day: string | null,
  amount_cents: number,
) => ({
  id,
  name: `Template ${id}`,
  customer_id,
  active,
  interval_type,
  num_interval,
  start_day,
  end_day,
  next_day,
  amount_cents,
});
const balance = (
  account_id: string,
  name: string,
  kind: string,
  day: string,
  balance_cents: number,
) => ({ account_id, name, kind, day, balance_cents });

/** The books: `scale` multiplies every amount, `prefix` renames every customer. */
function books(scale: number, prefix: string): Rows {
  const x = (cents: number) => cents * scale;
  return {
    customers: [
      customer('cust_a', `${prefix}Ada Able`),
      customer('cust_b', `${prefix}Bo Baker`),
      customer('cust_c', `${prefix}Cy Cole`),
      customer('cust_d', `${prefix}Di Dunn`),
      // cust_x has no customer row in Lakeside's copy: 'Customer cust_x'.
      ...(prefix ? [customer('cust_x', `${prefix}Xena`)] : []),
    ],
    invoices: [
      invoice('inv_01', 'cust_a', 'plan_1', '2026-03-05', x(10_000), x(10_000)), // missed
      invoice('inv_02', 'cust_b', 'plan_2', '2026-03-10', x(5_000), x(2_000)), // partial
      invoice('inv_03', 'cust_c', null, '2026-03-12', x(7_500), x(7_500)), // missed, plan_3 by customer
      invoice('inv_04', 'cust_x', null, '2026-03-20', x(30_000), x(30_000)), // missed, no customer row
      invoice('inv_05', 'cust_a', 'plan_1', '2026-03-15', x(10_000), 0), // collected
      invoice('inv_06', 'cust_b', 'plan_2', '2026-03-25', x(5_000), x(5_000)), // not yet due
      invoice('inv_07', 'cust_b', 'plan_2', '2026-02-20', x(5_000), x(5_000)), // before the range
      invoice('inv_08', 'cust_b', 'plan_other', '2026-03-08', x(4_000), x(4_000)), // missed, another plan
      invoice('inv_09', 'cust_d', 'plan_4', '2026-03-09', x(6_000), x(6_000)), // missed, inactive plan
      invoice('inv_10', 'cust_a', 'plan_1', '2026-03-18', x(10_000), x(9_999)), // partial (1 cent paid)
      invoice('inv_11', 'cust_c', null, '2026-03-05', x(10_000), x(10_000)), // missed
      invoice('inv_12', 'cust_a', 'plan_1', '2026-03-14', x(10_000), x(10_000)), // missed
    ],
    lines: [
      line('pay_1', 1, 'inv_05', 'cust_a', '2026-03-15', x(10_000)),
      line('pay_2', 1, 'inv_02', 'cust_b', '2026-03-10', x(3_000)),
      line('pay_3', 1, null, 'cust_b', '2026-03-19', x(1_234)), // unapplied
      line('pay_4', 1, 'inv_10', 'cust_a', '2026-03-18', x(1)),
      line('pay_5', 1, 'inv_07', 'cust_b', '2026-02-28', x(50_000)), // before the range
      line('pay_6', 1, null, 'cust_b', '2026-03-21', x(70_000)), // after it
      line('pay_7', 1, null, 'cust_d', '2026-03-01', x(100)),
      line('pay_7', 2, null, 'cust_d', '2026-03-01', x(200)),
    ],
    plans: [
      // Active; installments 04-05, 05-05, 06-05 from its next date; off (inv_01, inv_12).
      plan(
        'plan_1',
        'cust_a',
        1,
        'Monthly',
        1,
        '2026-01-05',
        '2026-06-05',
        '2026-04-05',
        x(10_000),
      ),
      // Active, open-ended from 12-31: 03-31 ... 2027-01-31, 2027-02-28 (12); on plan:
      // inv_02 is partial, inv_07 before the range, inv_08 belongs to another plan.
      plan('plan_2', 'cust_b', 1, 'Monthly', 1, '2025-12-31', null, null, x(5_000)),
      // Active, every 2 weeks from 03-06: 04-03, 04-17; off by customer (inv_03, inv_11).
      plan('plan_3', 'cust_c', 1, 'Weekly', 2, '2026-03-06', '2026-04-30', null, x(2_500)),
      // Active, plan_3's schedule (counted with it): 04-03, 04-17; on plan, as inv_09 of
      // its customer belongs to plan_4.
      plan('plan_8', 'cust_d', 1, 'Weekly', 2, '2026-03-06', '2026-04-30', null, x(1_000)),
      // Inactive: neither counted nor off (inv_09).
      plan('plan_4', 'cust_d', 0, 'Monthly', 1, '2026-01-09', null, null, x(6_000)),
      // Ended before the end date; starts after it.
      plan('plan_5', 'cust_d', 1, 'Monthly', 1, '2025-12-10', '2026-03-10', null, x(1_000)),
      plan('plan_6', 'cust_d', 1, 'Monthly', 1, '2026-04-01', null, null, x(1_000)),
      // Active, no customer, yearly from 2025-06-01: 2026-06-01 only within 12 months.
      plan('plan_7', null, 1, 'Yearly', 1, '2025-06-01', null, null, x(100_000)),
    ],
    balances: [
      balance('acct_op1', 'Operating Checking', 'operating', '2026-02-28', x(100_000)),
      balance('acct_op1', 'Operating Checking', 'operating', '2026-03-19', x(150_000)),
      balance('acct_op1', 'Operating Checking', 'operating', '2026-03-25', x(999_999)),
      balance('acct_op2', 'Operations Reserve', 'operating', '2026-03-01', x(25_000)),
      balance('acct_pr', 'Profit', 'profit', '2026-03-10', x(10)),
      balance('acct_pr', 'Profit', 'profit', '2026-03-20', x(88_800)),
      balance('acct_pr2', 'Profit Two', 'profit', '2026-03-21', x(1_000)),
      balance('acct_pay', 'Payroll', 'other', '2026-03-20', x(5_555_555)),
    ],
  };
}

async function writeBooks(db: Db, workspace_id: string, rows: Rows): Promise<void> {
  const tag = <T>(list: T[]) => list.map((row) => ({ ...row, workspace_id }));
  await db.insertInto('qbo_customers').values(tag(rows.customers)).execute();
  await db.insertInto('qbo_invoices').values(tag(rows.invoices)).execute();
  await db.insertInto('qbo_payment_lines').values(tag(rows.lines)).execute();
  await db.insertInto('qbo_plans').values(tag(rows.plans)).execute();
  await db.insertInto('qbo_balances').values(tag(rows.balances)).execute();
}

const QBO_TABLES = [
  'qbo_customers',
  'qbo_invoices',
  'qbo_payment_lines',
  'qbo_plans',
  'qbo_balances',
] as const;

describe('QuickBooks Cash Flow from the copy of the books (issue #33)', () => {
  let t: TestServer;
  let db: Db;
  const scopeOf = async (ws: string, range = RANGE): Promise<ReportScope> =>
    dateScope(await loadLookupSet(db, ws), range, NOW);
  const report = async (scope: ReportScope) =>
    cashFlowDataSchema.parse(await quickBooksCashFlow(db, scope));

  beforeAll(async () => {
    t = await startTestServer({ now: () => NOW });
    db = t.server.db;
    for (const table of QBO_TABLES) {
      await db.deleteFrom(table).where('workspace_id', 'in', [LAKESIDE, HARBOR]).execute();
    }
    await writeBooks(db, LAKESIDE, books(1, ''));
    // Harbor's copy holds the same ids with 7 times the amounts and other names.
    await writeBooks(db, HARBOR, books(7, 'Harbor '));
  });
  afterAll(() => t.close());

  const missedList = [
    ['inv_04', 'cust_x', 'Customer cust_x', 300, '2026-03-20'],
    ['inv_12', 'cust_a', 'Ada Able', 100, '2026-03-14'],
    ['inv_01', 'cust_a', 'Ada Able', 100, '2026-03-05'],
    ['inv_11', 'cust_c', 'Cy Cole', 100, '2026-03-05'],
    ['inv_03', 'cust_c', 'Cy Cole', 75, '2026-03-12'],
    ['inv_09', 'cust_d', 'Di Dunn', 60, '2026-03-09'],
    ['inv_08', 'cust_b', 'Bo Baker', 40, '2026-03-08'],
  ] as const;

  it('answers each figure of the hand-computed books, none of another workspace', async () => {
    const scope = await scopeOf(LAKESIDE);
    expect(scope.today).toBe('2026-03-20');
    expect(await report(scope)).toEqual({
      // 100 + 30 + 12.34 (unapplied) + 0.01 + 1 + 2: not 02-28's nor 03-21's.
      collected: 145.35,
      // Largest balance first, then the later due day, then the id.
      missedPayments: missedList.map(([id, contactId, name, amount, dueDate]) => ({
        id,
        contactId,
        name,
        amount,
        dueDate,
      })),
      missedPaymentsTotal: 775,
      // inv_02's 20 and inv_10's 99.99 still owed.
      partialPaymentTotal: 119.99,
      // acct_op1 on 03-19 (not 03-25's) + acct_op2; acct_pr on the end date itself.
      operatingAccount: 1750,
      profitAccount: 888,
      activePaymentPlans: 5,
      onPlan: 3,
      offPlan: 2,
      onPlanRate: 60,
      offPlanRate: 40,
      // plan_1 3 x 100 + plan_2 12 x 50 + plan_3 2 x 25 + plan_8 2 x 10 + plan_7 1 x 1000.
      futureCashFlow: 1970,
      ...RANGE,
    });
  });

  it('reads each workspace’s own rows: Harbor’s copy is 7 times Lakeside’s, with its names', async () => {
    const data = await report(await scopeOf(HARBOR));
    expect(data).toMatchObject({
      collected: 1017.45,
      missedPaymentsTotal: 5425,
      partialPaymentTotal: 839.93,
      operatingAccount: 12_250,
      profitAccount: 6216,
      activePaymentPlans: 5,
      offPlan: 2,
      futureCashFlow: 13_790,
    });
    expect(data.missedPayments.map((m) => [m.name, m.amount])).toEqual(
      missedList.map(([, id, name, amount]) => [
        id === 'cust_x' ? 'Harbor Xena' : `Harbor ${name}`,
        amount * 7,
      ]),
    );
  });

  it('counts an invoice due in the range but after today as scheduled: neither missed nor partial', async () => {
    // A workspace whose today falls before the end date (the route refuses such a range;
    // the rule still holds): inv_12 (03-14), inv_10 (03-18) and inv_04 (03-20) are not due.
    const scope = { ...(await scopeOf(LAKESIDE)), today: '2026-03-12' };
    const data = await report(scope);
    expect(data.missedPayments.map((m) => m.id)).toEqual([
      'inv_01',
      'inv_11',
      'inv_03',
      'inv_09',
      'inv_08',
    ]);
    expect(data.missedPaymentsTotal).toBe(375);
    expect(data.partialPaymentTotal).toBe(20);
    // Still off: plan_1 by inv_01, plan_3 by inv_03 and inv_11.
    expect(data).toMatchObject({ activePaymentPlans: 5, offPlan: 2, collected: 145.35 });
  });

  it('lists the 500 largest missed invoices and totals every one of them', async () => {
    // January 2025: none of the books above falls in it, no plan runs on 01-31 and no
    // balance was read by then.
    const count = MISSED_PAYMENTS_LISTED + 20;
    const many = Array.from({ length: count }, (_, i) =>
      invoice(
        `bulk_${String(i).padStart(4, '0')}`,
        `cust_${i % 3 === 0 ? 'a' : 'b'}`,
        null,
        `2025-01-${String((i % 28) + 1).padStart(2, '0')}`,
        (i + 1) * 100,
        (i + 1) * 100,
      ),
    );
    for (let i = 0; i < many.length; i += 100) {
      await db
        .insertInto('qbo_invoices')
        .values(many.slice(i, i + 100).map((row) => ({ ...row, workspace_id: LAKESIDE })))
        .execute();
    }
    const data = await report(
      await scopeOf(LAKESIDE, { startDate: '2025-01-01', endDate: '2025-01-31' }),
    );
    expect(data.missedPayments).toHaveLength(MISSED_PAYMENTS_LISTED);
    expect(data.missedPayments[0]).toEqual({
      // i = 519: 519 % 3 = 0, 519 % 28 = 15.
      id: 'bulk_0519',
      contactId: 'cust_a',
      name: 'Ada Able',
      amount: count,
      dueDate: '2025-01-16',
    });
    expect(data.missedPayments.at(-1)!.amount).toBe(count - MISSED_PAYMENTS_LISTED + 1);
    // 1 + 2 + ... + 520 dollars.
    expect(data.missedPaymentsTotal).toBe((count * (count + 1)) / 2);
    expect(data).toMatchObject({
      collected: 0,
      partialPaymentTotal: 0,
      operatingAccount: 0,
      profitAccount: 0,
      activePaymentPlans: 0,
      onPlan: 0,
      offPlan: 0,
      futureCashFlow: 0,
    });
  });
});
