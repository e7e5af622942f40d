import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountingAuthorizeResponseSchema,
  accountingConnectionResponseSchema,
} from '@/shared/contracts/accounting-connection';
import { microservicesResponseSchema } from '@/shared/contracts/microservices';
import { cashFlowResponseSchema } from '@/shared/contracts/reports/cash-flow';
import { type FakeQuickBooks, startFakeQuickBooks } from '../../fakes/quickbooks/fake-quickbooks';
import { startTestServer, type TestServer } from '../helpers/test-server';

// Issue #33 "QuickBooks Online": Lakeside's owner connects the firm's QuickBooks company
// (Intuit's OAuth against a fake Intuit that follows its documented shapes), the books are
// read into the local copy (now, on Refresh now, and on a schedule), a grant the firm ends
// in QuickBooks shows "reconnect" and keeps the last copy, and disconnecting forgets the
// grant and the copy. The cash-flow figures read from the copy are in
// quickbooks-cash-flow.test.ts and the end of this file.

const LAKESIDE = 'ws_lakeside';
const REALM = '9130350000000001';
const path = `/api/workspaces/${LAKESIDE}/accounting/connection`;
/** Lakeside's today (its timezone), the last day a report may end on. */
const today = () => new Date().toLocaleDateString('en-CA', { timeZone: 'America/Chicago' });

describe('a workspace connected to its QuickBooks Online company (issue #33)', () => {
  let intuit: FakeQuickBooks;
  let t: TestServer;
  let owner: string;

  beforeAll(async () => {
    intuit = await startFakeQuickBooks({ realmIds: [REALM] });
    intuit.companies[REALM]!.info.CompanyName = 'Lakeside Law LLC';
    const customer = intuit.seed(REALM, 'Customer', { DisplayName: 'Dana Reyes' });
    intuit.seed(REALM, 'Invoice', {
      DocNumber: '1001',
      TxnDate: '2026-11-01',
      DueDate: '2026-11-15',
      TotalAmt: 500,
      Balance: 200,
      CustomerRef: { value: customer.Id, name: 'Dana Reyes' },
    });
    intuit.seed(REALM, 'Payment', {
      TxnDate: '2026-11-14',
      TotalAmt: 300,
      CustomerRef: { value: customer.Id },
      Line: [{ Amount: 300, LinkedTxn: [{ TxnId: '1', TxnType: 'Invoice' }] }],
    });
    intuit.seed(REALM, 'Account', {
      Name: 'Operating',
      AccountType: 'Bank',
      CurrentBalance: 12_345.67,
    });
    intuit.seed(REALM, 'RecurringTransaction', {
      Invoice: {
        RecurringInfo: {
          Name: 'Dana Reyes plan',
          RecurType: 'Automated',
          Active: true,
          ScheduleInfo: { IntervalType: 'Monthly', NumInterval: 1, StartDate: '2026-10-15' },
        },
        CustomerRef: { value: customer.Id },
        TotalAmt: 500,
      },
    });
    t = await startTestServer({
      quickBooks: {
        clientId: intuit.clientId,
        clientSecret: intuit.clientSecret,
        authorizeUrl: intuit.authorizeUrl,
        tokenUrl: intuit.tokenUrl,
        revokeUrl: intuit.revokeUrl,
        apiBase: intuit.apiBase,
        // The test reads the books when it says (runOnce).
        autoSync: false,
      },
    });
    owner = (await t.signIn('owner@lakeside.test')).accessToken;
  });
  afterAll(async () => {
    await t?.close();
    await intuit?.close();
  });

  const view = async (token = owner) =>
    accountingConnectionResponseSchema.parse((await t.api(path, { token })).body).data;
  const read = () => t.server.quickBooks.sync.runOnce();
  const copied = (table: 'qbo_invoices' | 'qbo_customers' | 'qbo_payment_lines' | 'qbo_plans') =>
    t.server.db.selectFrom(table).selectAll().where('workspace_id', '=', LAKESIDE).execute();

  async function connect() {
    const asked = await t.api(`${path}/authorize`, { method: 'POST', token: owner });
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    const consent = accountingAuthorizeResponseSchema.parse(asked.body).data.url;
    expect(new URL(consent).searchParams.get('scope')).toBe('com.intuit.quickbooks.accounting');
    const back = await fetch(intuit.approve(consent, REALM));
    const page = await back.text();
    expect(back.status, page).toBe(200);
    expect(page).toContain('Lakeside Law is connected to QuickBooks');
  }

  it('connects through Intuit, then reads the books into the local copy', async () => {
    expect(await view()).toMatchObject({ usesQuickBooks: true, available: true, connection: null });
    await connect();
    expect((await view()).connection).toMatchObject({
      realmId: REALM,
      status: 'ok',
      syncedAt: null,
      syncing: true,
    });

    const readCount = await read();
    const connection = (await view()).connection;
    expect(readCount, JSON.stringify(connection)).toBe(1);
    expect(connection).toMatchObject({
      companyName: 'Lakeside Law LLC',
      syncError: null,
      syncing: false,
      copy: { invoices: 1, customers: 1, plans: 1 },
    });
    expect(connection?.syncedAt).not.toBeNull();
    expect(await copied('qbo_invoices')).toEqual([
      expect.objectContaining({
        id: '1',
        customer_id: '1',
        due_day: '2026-11-15',
        total_cents: 50_000,
        balance_cents: 20_000,
      }),
    ]);
    expect(await copied('qbo_payment_lines')).toEqual([
      expect.objectContaining({ invoice_id: '1', txn_day: '2026-11-14', amount_cents: 30_000 }),
    ]);
    // The Cash Flow card (and Collections, the QuickBooks screen) now read the copy, up to
    // today: the bank balances are known from the day the books were first read.
    const report = await t.api(
      `/api/workspaces/${LAKESIDE}/reports/quickbooks?startDate=2026-11-01&endDate=${today()}`,
      { token: owner },
    );
    expect(report.status, JSON.stringify(report.body)).toBe(200);
    expect(cashFlowResponseSchema.parse(report.body).data).toMatchObject({
      collected: 300,
      partialPaymentTotal: 200,
      missedPaymentsTotal: 0,
      missedPayments: [],
      operatingAccount: 12_345.67,
      profitAccount: 0,
      activePaymentPlans: 1,
      onPlan: 1,
      offPlan: 0,
      // The open-ended monthly plan's next 12 installments of $500.
      futureCashFlow: 6_000,
      // The screens say which books and when they were read.
      books: { vendor: 'quickbooks', companyName: 'Lakeside Law LLC', problem: null },
    });
    expect(cashFlowResponseSchema.parse(report.body).data.books?.readAt).toBe(
      (await view()).connection?.syncedAt,
    );
    // Read again only when due: nothing more now.
    expect(await read()).toBe(0);
    // Every request named the company and asked for JSON.
    const api = intuit.requests.filter((r) => r.path.startsWith('/v3/company/'));
    expect(api.length).toBeGreaterThan(0);
    expect(api.every((r) => r.path.startsWith(`/v3/company/${REALM}/`))).toBe(true);
  });

  it('reads the books again when someone asks (Refresh now), admins included', async () => {
    intuit.seed(REALM, 'Invoice', {
      TxnDate: '2026-11-20',
      DueDate: '2026-12-15',
      TotalAmt: 500,
      Balance: 500,
      CustomerRef: { value: '1' },
    });
    const admin = (await t.signIn('admin@lakeside.test')).accessToken;
    const asked = await t.api(`${path}/sync`, { method: 'POST', token: admin });
    expect(asked.status).toBe(202);
    expect(accountingConnectionResponseSchema.parse(asked.body).data.connection?.syncing).toBe(
      true,
    );
    expect(await read()).toBe(1);
    expect((await view()).connection?.copy.invoices).toBe(2);
    // Admins see and refresh; they neither connect nor disconnect.
    expect((await t.api(`${path}/authorize`, { method: 'POST', token: admin })).status).toBe(403);
    expect((await t.api(path, { method: 'DELETE', token: admin })).status).toBe(403);
    const harborOwner = (await t.signIn('owner@harbor.test')).accessToken;
    expect((await t.api(path, { token: harborOwner })).status).toBe(403);
  });

  it('says "reconnect" when the firm ends the grant in QuickBooks, keeping the last copy', async () => {
    intuit.revokeGrant();
    await t.api(`${path}/sync`, { method: 'POST', token: owner });
    expect(await read()).toBe(0);
    const connection = (await view()).connection;
    expect(connection).toMatchObject({ status: 'reconnect', copy: { invoices: 2 } });
    expect(connection?.lastError).toMatch(/ended the connection|refused/);
    // System > Microservices names the workspace to connect again.
    const system = (await t.signIn('system@intake.test')).accessToken;
    const health = microservicesResponseSchema.parse(
      (await t.api('/api/system/microservices', { token: system })).body,
    );
    expect(health.data.checks.find((c) => c.id === 'quickbooks')).toMatchObject({
      status: 'degraded',
      detail: expect.stringContaining('Lakeside Law (to connect again)'),
    });
    // System > Workspaces says what needs attention in Lakeside.
    const listed = await t.api(`/api/system/workspaces/${LAKESIDE}`, { token: system });
    expect(JSON.stringify(listed.body)).toContain(
      'QuickBooks ended the connection: the owner must connect it again.',
    );
    // The cash-flow screens say their figures are the last reading's, and why.
    const report = await t.api(
      `/api/workspaces/${LAKESIDE}/reports/quickbooks?startDate=2026-11-01&endDate=2026-11-20`,
      { token: owner },
    );
    expect(cashFlowResponseSchema.parse(report.body).data.books).toMatchObject({
      problem: 'reconnect',
      readAt: connection?.syncedAt,
    });
    // Nothing is read while it waits for the owner.
    await t.api(`${path}/sync`, { method: 'POST', token: owner });
    const before = intuit.requests.length;
    expect(await read()).toBe(0);
    expect(intuit.requests.length).toBe(before);

    // The owner connects again: the same company keeps its copy until the next reading.
    await connect();
    expect((await view()).connection).toMatchObject({ status: 'ok', copy: { invoices: 2 } });
    expect(await read()).toBe(1);
  });

  it('forgets the grant and the copy when the owner disconnects', async () => {
    const gone = await t.api(path, { method: 'DELETE', token: owner });
    expect(gone.status).toBe(200);
    expect(accountingConnectionResponseSchema.parse(gone.body).data.connection).toBeNull();
    expect(await copied('qbo_invoices')).toEqual([]);
    expect(await copied('qbo_customers')).toEqual([]);
    // The grant was ended at Intuit too.
    expect(intuit.refreshTokens()).toEqual([]);
    // The cash-flow screens read the seeded books again.
    const report = await t.api(
      `/api/workspaces/${LAKESIDE}/reports/quickbooks?startDate=2026-11-01&endDate=2026-11-20`,
      { token: owner },
    );
    expect(cashFlowResponseSchema.parse(report.body).data.collected).not.toBe(300);
    expect(cashFlowResponseSchema.parse(report.body).data.books).toBeUndefined();
    expect((await t.api(`${path}/sync`, { method: 'POST', token: owner })).status).toBe(409);
  });

  it('refuses a forged or refused callback with a page that says why', async () => {
    const forged = await fetch(
      `${t.url}/api/oauth/quickbooks/callback?code=x&state=forged&realmId=${REALM}`,
    );
    expect(forged.status).toBe(400);
    expect(await forged.text()).toContain('Not connected');
    const refused = await fetch(`${t.url}/api/oauth/quickbooks/callback?error=access_denied`);
    expect(refused.status).toBe(400);
  });
});
