import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountingAuthorizeResponseSchema,
  accountingConnectionResponseSchema,
} from '@/shared/contracts/accounting-connection';
import { type FakeQuickBooks, startFakeQuickBooks } from '../fakes/quickbooks/fake-quickbooks';
import { freshAppPage, signInToApp } from './harness/app-pages';
import { appSuite } from './harness/app-suite';
import type { startServer } from './harness/start-server';
import { until } from './harness';

// Issue #33 "Cash flow and Collections from the fake QuickBooks match what the fake holds":
// Lakeside's owner connects the firm's company (a fake Intuit that follows its documented
// OAuth and Accounting API), the server reads the books on its own, and the Collections
// screen in a real Chromium shows the company's payments, what is owed, and who missed,
// by the names QuickBooks holds.

const LAKESIDE = 'ws_lakeside';
const REALM = '9130350000000042';
const today = () => new Date().toLocaleDateString('en-CA', { timeZone: 'America/Chicago' });

let intuit: FakeQuickBooks;
const options: Parameters<typeof startServer>[0] = {};
beforeAll(async () => {
  intuit = await startFakeQuickBooks({ realmIds: [REALM] });
  const avery = intuit.seed(REALM, 'Customer', { DisplayName: 'Avery Stonebridge' });
  const blake = intuit.seed(REALM, 'Customer', { DisplayName: 'Blake Marlowe' });
  const casey = intuit.seed(REALM, 'Customer', { DisplayName: 'Casey Lindqvist' });
  // Avery paid nothing of $700 due on the 10th: missed.
  intuit.seed(REALM, 'Invoice', {
    DueDate: '2026-11-10',
    TxnDate: '2026-11-01',
    TotalAmt: 700,
    Balance: 700,
    CustomerRef: { value: avery.Id },
  });
  // Blake paid $250 of $400: $150 still owed.
  const part = intuit.seed(REALM, 'Invoice', {
    DueDate: '2026-11-12',
    TxnDate: '2026-11-01',
    TotalAmt: 400,
    Balance: 150,
    CustomerRef: { value: blake.Id },
  });
  intuit.seed(REALM, 'Payment', {
    TxnDate: '2026-11-11',
    TotalAmt: 250,
    CustomerRef: { value: blake.Id },
    Line: [{ Amount: 250, LinkedTxn: [{ TxnId: part.Id, TxnType: 'Invoice' }] }],
  });
  // Casey paid $300 in full.
  const paid = intuit.seed(REALM, 'Invoice', {
    DueDate: '2026-11-05',
    TxnDate: '2026-11-01',
    TotalAmt: 300,
    Balance: 0,
    CustomerRef: { value: casey.Id },
  });
  intuit.seed(REALM, 'Payment', {
    TxnDate: '2026-11-05',
    TotalAmt: 300,
    CustomerRef: { value: casey.Id },
    Line: [{ Amount: 300, LinkedTxn: [{ TxnId: paid.Id, TxnType: 'Invoice' }] }],
  });
  options.quickBooks = {
    clientId: intuit.clientId,
    clientSecret: intuit.clientSecret,
    authorizeUrl: intuit.authorizeUrl,
    tokenUrl: intuit.tokenUrl,
    revokeUrl: intuit.revokeUrl,
    apiBase: intuit.apiBase,
  };
});
afterAll(async () => {
  await intuit?.close();
});
const suite = appSuite(options);

describe('Collections from the firm’s QuickBooks company (issue #33)', () => {
  it('shows what the company’s books hold once the owner connected it', async () => {
    const { url } = suite.server;
    const owner = await suite.server.signIn('owner@lakeside.test');
    const connection = `${url}/api/workspaces/${LAKESIDE}/accounting/connection`;
    const asked = await fetch(`${connection}/authorize`, {
      method: 'POST',
      headers: { authorization: `Bearer ${owner}` },
    });
    const consent = accountingAuthorizeResponseSchema.parse(await asked.json()).data.url;
    expect((await fetch(intuit.approve(consent, REALM))).status).toBe(200);
    // The server reads the books by itself after the connection.
    await until(
      'the books read',
      async () => {
        const view = await fetch(connection, { headers: { authorization: `Bearer ${owner}` } });
        const data = accountingConnectionResponseSchema.parse(await view.json()).data;
        return data.connection?.syncedAt !== null && data.connection?.syncedAt !== undefined;
      },
      async () => 'not yet',
      30_000,
    );

    const { context, page } = await freshAppPage(suite.chromium.browser);
    try {
      await signInToApp(page, url, 'owner@lakeside.test');
      await page.goto(
        `${url}/app/cash-flow-pipeline/collections?startDate=2026-11-01&endDate=${today()}`,
      );
      await page.waitForSelector('table[aria-label="Missed payments"], caption', {
        timeout: 15_000,
      });
      const text = await page.evaluate(() => document.querySelector('main')?.textContent ?? '');
      // Collected: Blake's $250 and Casey's $300; owed: Avery's $700 missed, Blake's $150.
      expect(text).toContain('Collected$550.00');
      expect(text).toContain('Missed payments$700.00');
      expect(text).toContain('Partial payments$150.00');
      // It says which books, and that they were read (not live).
      expect(text).toMatch(/From QuickBooks Online \([^)]+\), read [A-Z][a-z]{2} \d{1,2}, \d{4}/);
      const rows = await page.$$eval('table tbody tr', (trs) =>
        trs.map((tr) => [...tr.querySelectorAll('td, th')].map((cell) => cell.textContent?.trim())),
      );
      expect(rows).toHaveLength(1);
      expect(rows[0]).toEqual(expect.arrayContaining(['Avery Stonebridge', '$700.00']));
    } finally {
      await context.close();
    }
  }, 120_000);
});
