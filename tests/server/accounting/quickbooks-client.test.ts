import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { VendorError } from '@/server/connectors/vendor-http';
import {
  createQuickBooksClient,
  type QuickBooksClientOptions,
  type QuickBooksEntity,
  quickBooksStatement,
} from '@/server/accounting/quickbooks/quickbooks-client';
import { type FakeQuickBooks, startFakeQuickBooks } from '../../fakes/quickbooks/fake-quickbooks';
import { allOf, caught } from '../helpers/vendor-errors';

const NOW = new Date(Date.UTC(2026, 10, 2, 12));
const REALM = '9130350000000001';

/** issue #33: the QuickBooks Online Accounting API client against the fake Intuit. */
describe('QuickBooks client', () => {
  let intuit: FakeQuickBooks;
  let token: string;
  let sleeps: number[];
  const client = (over: Partial<QuickBooksClientOptions> = {}) =>
    createQuickBooksClient({
      apiBase: intuit.apiBase,
      realmId: REALM,
      accessToken: async () => token,
      sleep: async (ms) => {
        sleeps.push(ms);
      },
      random: () => 0.5,
      now: () => NOW.getTime(),
      ...over,
    });
  const api = () => intuit.requests.filter((r) => r.path.startsWith('/v3/company/'));
  const statements = () => api().map((r) => r.query.query);
  const seedInvoice = (fields: Record<string, unknown> = {}) =>
    intuit.seed(REALM, 'Invoice', {
      DocNumber: '1001',
      TxnDate: '2026-10-01',
      DueDate: '2026-10-31',
      TotalAmt: 1500,
      Balance: 1500,
      CustomerRef: { value: '1', name: 'Ada Byron' },
      ...fields,
    });

  beforeEach(async () => {
    sleeps = [];
    intuit = await startFakeQuickBooks({ now: () => NOW });
    token = intuit.issueAccessToken();
  });
  afterEach(async () => {
    await intuit.close();
  });

  it('pages through more than 1,000 invoices, 1,000 at a time, in Id order', async () => {
    for (let i = 0; i < 2345; i++) seedInvoice({ DocNumber: String(5000 + i) });
    const invoices = await client().invoices();
    expect(invoices).toHaveLength(2345);
    expect(invoices.map((i) => Number(i.Id))).toEqual(
      Array.from({ length: 2345 }, (_, i) => i + 1),
    );
    expect(invoices[0]).toMatchObject({
      Id: '1',
      DocNumber: '5000',
      TotalAmt: 1500,
      CustomerRef: { value: '1', name: 'Ada Byron' },
      MetaData: { LastUpdatedTime: NOW.toISOString() },
    });
    expect(statements()).toEqual([
      'SELECT * FROM Invoice STARTPOSITION 1 MAXRESULTS 1000',
      'SELECT * FROM Invoice STARTPOSITION 1001 MAXRESULTS 1000',
      'SELECT * FROM Invoice STARTPOSITION 2001 MAXRESULTS 1000',
    ]);
    expect(api()[0]).toMatchObject({
      method: 'GET',
      path: `/v3/company/${REALM}/query`,
      query: { minorversion: '75' },
      authorization: `Bearer ${token}`,
      accept: 'application/json',
    });
  });

  it('asks once more after a full page, and stops at the empty one', async () => {
    for (let i = 0; i < 1000; i++) {
      intuit.seed(REALM, 'Customer', { DisplayName: `Client ${i}` });
    }
    await expect(client().customers()).resolves.toHaveLength(1000);
    expect(statements()).toEqual([
      'SELECT * FROM Customer STARTPOSITION 1 MAXRESULTS 1000',
      'SELECT * FROM Customer STARTPOSITION 1001 MAXRESULTS 1000',
    ]);
    await expect(client().payments()).resolves.toEqual([]);
  });

  it('reads only what changed since a moment (MetaData.LastUpdatedTime)', async () => {
    seedInvoice({ DocNumber: 'old', MetaData: { LastUpdatedTime: '2026-10-31T16:59:59-07:00' } });
    seedInvoice({ DocNumber: 'new', MetaData: { LastUpdatedTime: '2026-10-31T17:00:01-07:00' } });
    const since = new Date('2026-11-01T00:00:00.000Z');
    const changed = await client().invoices({ changedSince: since });
    expect(changed.map((i) => i.DocNumber)).toEqual(['new']);
    expect(statements()).toEqual([
      "SELECT * FROM Invoice WHERE MetaData.LastUpdatedTime > '2026-11-01T00:00:00Z' STARTPOSITION 1 MAXRESULTS 1000",
    ]);

    intuit.seed(REALM, 'Payment', {
      TotalAmt: 500,
      TxnDate: '2026-11-01',
      CustomerRef: { value: '1', name: 'Ada Byron' },
      Line: [{ Amount: 500, LinkedTxn: [{ TxnId: '2', TxnType: 'Invoice' }] }],
      MetaData: { LastUpdatedTime: '2026-11-01T09:00:00Z' },
    });
    await expect(client().payments({ changedSince: since })).resolves.toMatchObject([
      { TotalAmt: 500, Line: [{ Amount: 500, LinkedTxn: [{ TxnId: '2', TxnType: 'Invoice' }] }] },
    ]);
    await expect(
      client().payments({ changedSince: new Date('2026-11-01T09:00:00Z') }),
    ).resolves.toEqual([]);
  });

  it('filters with several clauses joined by AND and orders as asked', async () => {
    seedInvoice({ DocNumber: 'a', TxnDate: '2026-09-15', DueDate: '2026-10-15' });
    seedInvoice({ DocNumber: 'b', TxnDate: '2026-10-01', DueDate: '2026-10-31' });
    seedInvoice({ DocNumber: 'c', TxnDate: '2026-10-05', DueDate: '2026-11-04' });
    seedInvoice({ DocNumber: 'd', TxnDate: '2026-10-20', DueDate: '2026-11-19' });
    const rows = await client().query('Invoice', {
      where: [
        { field: 'TxnDate', op: '>=', value: '2026-10-01' },
        { field: 'DueDate', op: '<', value: '2026-11-10' },
      ],
      orderBy: { field: 'DueDate', direction: 'DESC' },
    });
    expect(rows.map((r) => r.DocNumber)).toEqual(['c', 'b']);
    expect(statements().at(-1)).toBe(
      "SELECT * FROM Invoice WHERE TxnDate >= '2026-10-01' AND DueDate < '2026-11-10' ORDERBY DueDate DESC STARTPOSITION 1 MAXRESULTS 1000",
    );
    await expect(
      client().query('Invoice', { where: [{ field: 'Id', op: '=', value: 3 }] }),
    ).resolves.toMatchObject([{ DocNumber: 'c' }]);
  });

  it('reads bank accounts, recurring invoice templates and the company', async () => {
    intuit.seed(REALM, 'Account', {
      Name: 'Operating',
      AccountType: 'Bank',
      AccountSubType: 'Checking',
      CurrentBalance: 12500.5,
    });
    intuit.seed(REALM, 'Account', { Name: 'Sales', AccountType: 'Income', CurrentBalance: 0 });
    intuit.seed(REALM, 'Account', { Name: 'Trust', AccountType: 'Bank', CurrentBalance: 900 });
    const banks = await client().bankAccounts();
    expect(banks.map((a) => [a.Name, a.CurrentBalance])).toEqual([
      ['Operating', 12500.5],
      ['Trust', 900],
    ]);
    expect(statements().at(-1)).toBe(
      "SELECT * FROM Account WHERE AccountType = 'Bank' STARTPOSITION 1 MAXRESULTS 1000",
    );

    intuit.seed(REALM, 'RecurringTransaction', {
      Invoice: {
        TotalAmt: 750,
        CustomerRef: { value: '1', name: 'Ada Byron' },
        RecurDataRef: { value: '4' },
        RecurringInfo: {
          Name: 'Monthly retainer',
          RecurType: 'Automated',
          Active: true,
          ScheduleInfo: {
            IntervalType: 'Monthly',
            NumInterval: 1,
            DayOfMonth: '1',
            StartDate: '2026-01-01',
            NextDate: '2026-12-01',
          },
        },
      },
    });
    intuit.seed(REALM, 'RecurringTransaction', {
      Bill: { TotalAmt: 74.36, RecurringInfo: { Name: 'Telephone Bill', Active: true } },
    });
    const templates = await client().recurringInvoices();
    expect(templates).toHaveLength(1);
    expect(templates[0]).toMatchObject({
      TotalAmt: 750,
      RecurringInfo: {
        Name: 'Monthly retainer',
        Active: true,
        ScheduleInfo: {
          IntervalType: 'Monthly',
          NumInterval: 1,
          DayOfMonth: 1,
          NextDate: '2026-12-01',
        },
      },
    });

    await expect(client().companyInfo()).resolves.toMatchObject({
      CompanyName: 'Lakeside Law LLP',
    });
    expect(api().at(-1)).toMatchObject({
      path: `/v3/company/${REALM}/companyinfo/${REALM}`,
      query: { minorversion: '75' },
    });
  });

  it('escapes quotes in values, so a value can never change the statement', async () => {
    intuit.seed(REALM, 'Customer', { DisplayName: "O'Brien & Sons" });
    intuit.seed(REALM, 'Customer', { DisplayName: 'Back\\slash' });
    intuit.seed(REALM, 'Customer', { DisplayName: 'Plain' });
    const obrien = await client().query('Customer', {
      where: [{ field: 'DisplayName', op: '=', value: "O'Brien & Sons" }],
    });
    expect(obrien.map((c) => c.DisplayName)).toEqual(["O'Brien & Sons"]);
    expect(statements().at(-1)).toBe(
      "SELECT * FROM Customer WHERE DisplayName = 'O\\'Brien & Sons' STARTPOSITION 1 MAXRESULTS 1000",
    );
    const slash = await client().query('Customer', {
      where: [{ field: 'DisplayName', op: '=', value: 'Back\\slash' }],
    });
    expect(slash.map((c) => c.DisplayName)).toEqual(['Back\\slash']);

    // An attempt to widen the query stays one quoted value: it matches nobody.
    await expect(
      client().query('Customer', {
        where: [{ field: 'DisplayName', op: '=', value: "x' AND Id > '0" }],
      }),
    ).resolves.toEqual([]);
    await expect(
      client().query('Customer', {
        where: [{ field: 'DisplayName', op: '=', value: "x\\' AND Id > '0" }],
      }),
    ).resolves.toEqual([]);

    // Names and operators are checked before anything is sent.
    const before = api().length;
    const badField = await caught(
      client().query('Customer', { where: [{ field: "Id = '1' OR Id", op: '>', value: '0' }] }),
    );
    expect(badField).toMatchObject({ kind: 'bad-request', status: null });
    await expect(
      client().query('Customer' as QuickBooksEntity, {
        where: [{ field: 'Id', op: '<>' as '=', value: '1' }],
      }),
    ).rejects.toMatchObject({ kind: 'bad-request' });
    await expect(client().query('Customer; DROP' as QuickBooksEntity)).rejects.toMatchObject({
      kind: 'bad-request',
    });
    await expect(
      client().query('Customer', { orderBy: { field: 'Id DESC, Name' } }),
    ).rejects.toMatchObject({ kind: 'bad-request' });
    await expect(
      client().query('Customer', { where: [{ field: 'DisplayName', op: '=', value: 'a\nb' }] }),
    ).rejects.toMatchObject({ kind: 'bad-request' });
    expect(api()).toHaveLength(before);
    expect(() => client({ realmId: '1/../2' })).toThrow(/realmId/);
    expect(
      quickBooksStatement('Customer', { where: [{ field: 'Active', op: '=', value: true }] }, 1),
    ).toBe('SELECT * FROM Customer WHERE Active = true STARTPOSITION 1 MAXRESULTS 1000');
  });

  it("surfaces Intuit's Fault in its words (Message and Detail), sent once", async () => {
    const error = await caught(
      client().query('Invoice', { where: [{ field: 'Balance', op: '>', value: 0 }] }),
    );
    expect(error).toMatchObject({
      kind: 'bad-request',
      status: 400,
      code: '4001',
      message: 'Invalid query: QueryValidationError: Property Balance not found for Entity Invoice',
    });
    expect(api()).toHaveLength(1);
    expect(sleeps).toEqual([]);

    // A Fault that came with HTTP 200 is the failure it is.
    const okFault = await caught(
      client({
        fetch: async () =>
          Response.json({
            Fault: {
              Error: [
                {
                  Message: 'Error parsing query',
                  Detail: 'QueryParserError: Encountered "<EOF>" at line 1, column 14.',
                  code: '4000',
                },
              ],
              type: 'ValidationFault',
            },
            time: NOW.toISOString(),
          }),
      }).invoices(),
    );
    expect(okFault).toMatchObject({
      kind: 'bad-request',
      status: 200,
      code: '4000',
      message: 'Error parsing query: QueryParserError: Encountered "<EOF>" at line 1, column 14.',
    });
  });

  it('refreshes a refused token once and repeats the read with the new one', async () => {
    intuit.seed(REALM, 'Customer', { DisplayName: 'Ada Byron' });
    intuit.expireAccessTokens();
    const fresh = intuit.issueAccessToken();
    let refreshes = 0;
    const customers = await client({
      refreshAccessToken: async () => {
        refreshes += 1;
        return fresh;
      },
    }).customers();
    expect(customers.map((c) => c.DisplayName)).toEqual(['Ada Byron']);
    expect(refreshes).toBe(1);
    expect(api().map((r) => r.authorization)).toEqual([`Bearer ${token}`, `Bearer ${fresh}`]);
  });

  it("fails as auth in Intuit's words when the token stays refused", async () => {
    intuit.revokeGrant();
    let refreshes = 0;
    const error = await caught(
      client({
        refreshAccessToken: async () => {
          refreshes += 1;
          return 'also-refused';
        },
      }).invoices(),
    );
    expect(error).toMatchObject({
      kind: 'auth',
      status: 401,
      code: '3200',
      message: 'message=AuthenticationFailed; errorCode=003200; statusCode=401: Token invalid',
    });
    expect(refreshes).toBe(1);
    expect(api()).toHaveLength(2);

    // Without a way to refresh the refusal is final at once; the lowercase 401 reads alike.
    intuit.failNext(1, 401, {
      fault: {
        error: [
          {
            message: 'message=AuthenticationFailed; errorCode=003200',
            detail: 'Token expired',
            code: '3200',
          },
        ],
        type: 'AUTHENTICATION',
      },
    });
    const once = await caught(client().companyInfo());
    expect(once).toMatchObject({
      kind: 'auth',
      code: '3200',
      message: 'message=AuthenticationFailed; errorCode=003200: Token expired',
    });
    expect(api()).toHaveLength(3);
  });

  it('waits as Retry-After says on a 429, then reads on', async () => {
    seedInvoice();
    intuit.failNext(1, 429, undefined, { 'retry-after': '7' });
    await expect(client().invoices()).resolves.toHaveLength(1);
    expect(sleeps).toEqual([7000]);
    expect(api()).toHaveLength(2);

    // Told to wait longer than a minute: rate-limited at once, in Intuit's words.
    intuit.failNext(1, 429, undefined, { 'retry-after': '120' });
    const limited = await caught(client().invoices());
    expect(limited).toMatchObject({
      kind: 'rate-limited',
      status: 429,
      retryAfterMs: 120_000,
      code: '3001',
      message:
        'message=ThrottleExceeded; errorCode=003001; statusCode=429: The request limit was reached.',
    });
    expect(sleeps).toEqual([7000]);

    // Without Retry-After: capped exponential backoff.
    intuit.failNext(2, 429);
    await expect(client().invoices()).resolves.toHaveLength(1);
    expect(sleeps).toEqual([7000, 375, 750]);
  });

  it('retries a read through outages and dropped connections, then gives up as unavailable', async () => {
    seedInvoice();
    intuit.failNext(2, 503);
    intuit.dropConnectionNext(1);
    await expect(client().invoices()).resolves.toHaveLength(1);
    expect(sleeps).toHaveLength(3);

    intuit.failNext(10, 500, '<html>Service Unavailable</html>');
    const down = await caught(client({ retry: { maxRetries: 2 } }).invoices());
    expect(down).toMatchObject({ kind: 'unavailable', status: 500 });
    expect(down.message).toBe('QuickBooks is unavailable (HTTP 500).');
  });

  it("refuses an answer out of Intuit's shape", async () => {
    const answering = (body: unknown) => client({ fetch: async () => Response.json(body) });
    const numericId = await caught(
      answering({
        QueryResponse: { Invoice: [{ Id: 5, TotalAmt: 1, CustomerRef: { value: '1' } }] },
      }).invoices(),
    );
    expect(numericId).toMatchObject({ kind: 'invalid-answer', status: 200 });
    expect(numericId.message).toBe(
      'QuickBooks answered in an unexpected shape (QueryResponse.Invoice.0.Id).',
    );
    await expect(answering({ invoices: [] }).invoices()).rejects.toMatchObject({
      kind: 'invalid-answer',
    });
    await expect(answering({ QueryResponse: {} }).companyInfo()).rejects.toMatchObject({
      kind: 'invalid-answer',
    });
    const tooMany = Array.from({ length: 1001 }, (_, i) => ({ Id: String(i + 1), Name: 'x' }));
    await expect(
      answering({ QueryResponse: { Account: tooMany } }).bankAccounts(),
    ).rejects.toMatchObject({ kind: 'invalid-answer' });
  });

  it('keeps every token out of every error', async () => {
    const errors: VendorError[] = [];
    intuit.revokeGrant();
    errors.push(await caught(client().invoices()));
    token = intuit.issueAccessToken();
    intuit.failNext(1, 400, {
      Fault: {
        Error: [{ Message: 'Refused', Detail: `token ${token} is odd`, code: '1' }],
        type: 'ValidationFault',
      },
    });
    errors.push(await caught(client().invoices()));
    const base = intuit.apiBase;
    await intuit.close();
    errors.push(
      await caught(
        createQuickBooksClient({
          apiBase: base,
          realmId: REALM,
          accessToken: async () => token,
          sleep: async () => {},
        }).invoices(),
      ),
    );
    intuit = await startFakeQuickBooks();
    expect(errors.map((e) => e.kind)).toEqual(['auth', 'bad-request', 'unavailable']);
    for (const error of errors) expect(allOf(error)).not.toContain(token);
    expect(errors[1]?.message).toBe('Refused: token [redacted] is odd');
  });
});
