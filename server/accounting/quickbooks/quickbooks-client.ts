import { z } from 'zod';
import {
  DEFAULT_RETRY_POLICY,
  redacted,
  type VendorClientTransport,
  VendorError,
  type VendorErrorKind,
  type VendorHttpOptions,
  type VendorRequest,
  vendorRequest,
} from '../../connectors/vendor-http';
import { QUICKBOOKS_PRODUCTION_API_BASE, QUICKBOOKS_REALM_ID } from './quickbooks-oauth';
import {
  type QuickBooksAccount,
  quickBooksAccountSchema,
  type QuickBooksCompanyInfo,
  quickBooksCompanyInfoResponseSchema,
  type QuickBooksCustomer,
  quickBooksCustomerSchema,
  quickBooksErrorWords,
  type QuickBooksFault,
  quickBooksFaultOf,
  quickBooksFaultWords,
  type QuickBooksInvoice,
  quickBooksInvoiceSchema,
  type QuickBooksPayment,
  quickBooksPaymentSchema,
  quickBooksQueryPageSchema,
  type QuickBooksRecurringInvoice,
  quickBooksRecurringTransactionSchema,
} from './quickbooks-schemas';

// A typed, read-only client of the QuickBooks Online Accounting API v3 (issue #33): the
// invoices, payments, customers, bank accounts and recurring invoice templates of the
// company (realm) the OAuth grant is for, read through Intuit's query operation
// (https://developer.intuit.com/app/developer/qbo/docs/learn/explore-the-quickbooks-online-api/data-queries:
// GET {base}/v3/company/{realmId}/query?query=<select statement>; "SELECT * FROM
// IntuitEntity [WHERE WhereClause] [ORDERBY OrderByClause] [STARTPOSITION Number]
// [MAXRESULTS Number]"; operators IN, =, <, >, <=, >=, LIKE; clauses joined by AND only,
// "The OR operation isn't supported"; the entity name is case sensitive).
// connectors/vendor-http.ts does the retries and errors. Every request carries
// `Authorization: Bearer {access token}` and `Accept: application/json` (Intuit answers XML
// without it: https://developer.intuit.com/app/developer/qbo/docs/learn/rest-api-features).
//
// - Base URLs: production https://quickbooks.api.intuit.com, sandbox
//   https://sandbox-quickbooks.api.intuit.com (each entity page's "Production Base URL" /
//   "Sandbox Base URL").
// - minorversion: "Beginning August 1, 2025 … All API requests to the Accounting API will
//   use the minor version 75 by default and previous minor versions will be ignored"
//   (https://blogs.intuit.com/2025/01/21/changes-to-our-accounting-api-that-may-impact-your-application);
//   75 is sent unless told otherwise.
// - Incremental sync: MetaData.LastUpdatedTime is "filterable, sortable" on every entity
//   (the entity pages, e.g. …/all-entities/recurringtransaction), and the data queries page's
//   own example filters on it ("SELECT * FROM Customer WHERE Metadata.LastUpdatedTime >
//   '2011-08-10T10:20:30-0700'"). The change data capture operation is not used: it looks
//   back 30 days at most and answers at most 1,000 objects
//   (https://developer.intuit.com/app/developer/qbo/docs/learn/explore-the-quickbooks-online-api/change-data-capture).
// - Values in a select statement are quoted, an apostrophe escaped with a backslash ("Use
//   backslash (\) to escape special characters like apostrophe",
//   https://developer.intuit.com/hub/blog/2017/02/08/deep-dive-sql-queries); field names
//   are checked against Intuit's property syntax. No caller text reaches a statement
//   unchecked.
// - Limits: 500 requests a minute per realmId and 10 at once; past them Intuit answers 429
//   (https://blogs.intuit.com/blog/2016/08/08/idg-concurrent-api-use-changes-coming-soon/).
// - Errors: https://developer.intuit.com/app/developer/qbo/docs/develop/troubleshooting/error-codes
//   (401 "the token in use won't work … either expired or revoked"; 500 "Resubmit the
//   request once"; 200 with a <Fault> element, read here as the failure it is).

// ---------------------------------------------------------------------------------------
// What the documentation reachable here does not settle. Every ASSUMED detail of this
// client is here, to be checked against Intuit before a firm relies on it.
// ---------------------------------------------------------------------------------------

/**
 * ASSUMED: a page holds at most 1,000 entities (what Intuit's SDKs and integrations page
 * by: node-quickbooks `limit = 1000`); the copy of the data queries page reachable here
 * stops before its pagination section. STARTPOSITION counts from 1.
 */
export const QUICKBOOKS_MAX_RESULTS = 1000;

/**
 * ASSUMED: a backslash inside a quoted value is escaped too (as `\\`): the blog documents
 * the backslash as the escape character, so a value ending in one would otherwise escape
 * its closing quote.
 */
function quoted(value: string): string {
  if ([...value].some((char) => char.charCodeAt(0) < 0x20)) {
    throw new VendorError(
      'bad-request',
      'A QuickBooks query value cannot hold control characters.',
    );
  }
  return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

/**
 * ASSUMED: any 401 is cured, if at all, by a new access token (expired and revoked
 * tokens both answer 401), so a 401 is refreshed once; a 403 (a company the keys may not
 * reach) is not.
 */
const STALE_TOKEN_STATUS = 401;

/** ASSUMED: the kinds of a Fault that came with HTTP 200, by its documented type. */
function faultKind(fault: QuickBooksFault): VendorErrorKind {
  const type = (fault.type ?? '').toLowerCase();
  if (type.startsWith('authentication') || type.startsWith('authorization')) return 'auth';
  if (type === 'systemfault') return 'unavailable';
  return 'bad-request';
}

// ---------------------------------------------------------------------------------------

export const QUICKBOOKS_API_BASE = QUICKBOOKS_PRODUCTION_API_BASE;
export const QUICKBOOKS_SANDBOX_API_BASE = 'https://sandbox-quickbooks.api.intuit.com';
export const QUICKBOOKS_MINOR_VERSION = 75;

/** The entities this client reads, each with the schema of its rows. */
const ROW_SCHEMAS = {
  Invoice: quickBooksInvoiceSchema,
  Payment: quickBooksPaymentSchema,
  Customer: quickBooksCustomerSchema,
  Account: quickBooksAccountSchema,
  RecurringTransaction: quickBooksRecurringTransactionSchema,
} as const;
export type QuickBooksEntity = keyof typeof ROW_SCHEMAS;
export type QuickBooksRow<E extends QuickBooksEntity> = z.infer<(typeof ROW_SCHEMAS)[E]>;

export type QuickBooksOperator = '=' | '<' | '>' | '<=' | '>=';

/** One clause of a WHERE: a property, an operator, a value (quoted and escaped here). */
export interface QuickBooksCondition {
  /** Intuit's property name: "TxnDate", "MetaData.LastUpdatedTime". */
  field: string;
  op: QuickBooksOperator;
  /** A Date is sent as an ISO 8601 date-time in UTC, to the second. */
  value: string | number | boolean | Date;
}

export interface QuickBooksQuery {
  /** Clauses joined by AND (Intuit has no OR). */
  where?: readonly QuickBooksCondition[];
  orderBy?: { field: string; direction?: 'ASC' | 'DESC' };
}

export interface QuickBooksChangedSince {
  /** Only records changed after this moment (MetaData.LastUpdatedTime >). */
  changedSince?: Date;
}

export interface QuickBooksClientOptions extends VendorClientTransport {
  /** Production's Accounting API unless set (QUICKBOOKS_SANDBOX_API_BASE, a fake's). */
  apiBase?: string;
  /** The company: the callback's realmId. */
  realmId: string;
  /** A valid access token (refreshed before expiry by whoever holds the connection). */
  accessToken: () => Promise<string>;
  /**
   * A new access token after Intuit refused one (QuickBooksOAuth.refresh, whose rotated
   * refresh token the caller saves); without it a refusal is final. Its own failure (a
   * QuickBooksOAuthError whose grant is gone) passes through as it is.
   */
  refreshAccessToken?: () => Promise<string>;
  /** 75 unless set. */
  minorVersion?: number;
}

export interface QuickBooksClient {
  readonly apiBase: string;
  readonly realmId: string;
  /** Every row of `entity` that matches, read page by page (1,000 a page). */
  query<E extends QuickBooksEntity>(
    entity: E,
    query?: QuickBooksQuery,
  ): Promise<QuickBooksRow<E>[]>;
  invoices(options?: QuickBooksChangedSince): Promise<QuickBooksInvoice[]>;
  payments(options?: QuickBooksChangedSince): Promise<QuickBooksPayment[]>;
  customers(options?: QuickBooksChangedSince): Promise<QuickBooksCustomer[]>;
  /** Accounts of AccountType "Bank". */
  bankAccounts(): Promise<QuickBooksAccount[]>;
  /** The recurring templates that make invoices (RecurringTransaction of kind Invoice). */
  recurringInvoices(): Promise<QuickBooksRecurringInvoice[]>;
  companyInfo(): Promise<QuickBooksCompanyInfo>;
}

const PROPERTY = /^[A-Z][A-Za-z0-9]{0,63}(\.[A-Za-z][A-Za-z0-9]{0,63}){0,2}$/;
const OPERATORS: readonly string[] = ['=', '<', '>', '<=', '>='];

function property(name: string): string {
  if (PROPERTY.test(name)) return name;
  throw new VendorError('bad-request', `"${name}" is not a QuickBooks property.`);
}

/** Intuit's DateTime in UTC: YYYY-MM-DDTHH:MM:SSZ. */
function dateTime(at: Date): string {
  if (Number.isNaN(at.getTime())) throw new VendorError('bad-request', 'An invalid date.');
  return `${at.toISOString().slice(0, 19)}Z`;
}

function literal(value: QuickBooksCondition['value']): string {
  if (typeof value === 'boolean') return String(value);
  if (value instanceof Date) return quoted(dateTime(value));
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new VendorError('bad-request', `${value} is not a value.`);
    return quoted(String(value));
  }
  return quoted(value);
}

/** The select statement of one page; every name checked, every value quoted. */
export function quickBooksStatement(
  entity: QuickBooksEntity,
  query: QuickBooksQuery,
  startPosition: number,
  maxResults = QUICKBOOKS_MAX_RESULTS,
): string {
  if (!Object.hasOwn(ROW_SCHEMAS, entity)) {
    throw new VendorError(
      'bad-request',
      `"${String(entity)}" is not a QuickBooks entity read here.`,
    );
  }
  const clauses = (query.where ?? []).map((condition) => {
    if (!OPERATORS.includes(condition.op)) {
      throw new VendorError('bad-request', `"${String(condition.op)}" is not a query operator.`);
    }
    return `${property(condition.field)} ${condition.op} ${literal(condition.value)}`;
  });
  const where = clauses.length > 0 ? ` WHERE ${clauses.join(' AND ')}` : '';
  const order = query.orderBy;
  const direction = order?.direction === 'DESC' ? 'DESC' : 'ASC';
  const orderBy = order ? ` ORDERBY ${property(order.field)} ${direction}` : '';
  return `SELECT * FROM ${entity}${where}${orderBy} STARTPOSITION ${startPosition} MAXRESULTS ${maxResults}`;
}

const changedSinceWhere = (options: QuickBooksChangedSince = {}): QuickBooksCondition[] =>
  options.changedSince
    ? [{ field: 'MetaData.LastUpdatedTime', op: '>', value: options.changedSince }]
    : [];

/** The answer, or its Fault (HTTP 200 with a Fault) kept apart to be thrown in Intuit's words. */
function orFault<T>(schema: z.ZodType<T>): z.ZodType<{ fault: QuickBooksFault } | { ok: T }> {
  return z.unknown().transform((body, ctx) => {
    const fault = quickBooksFaultOf(body);
    if (fault) return { fault };
    const parsed = schema.safeParse(body);
    if (parsed.success) return { ok: parsed.data };
    for (const issue of parsed.error.issues) {
      ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
    }
    return z.NEVER;
  });
}

/** A read: none of Intuit's answers read here is a 204. */
type QuickBooksRequest<T> = Omit<VendorRequest<T>, 'noContent'>;
type Send = <T>(request: QuickBooksRequest<T>) => Promise<T>;

export function createQuickBooksClient(options: QuickBooksClientOptions): QuickBooksClient {
  if (!QUICKBOOKS_REALM_ID.test(options.realmId)) {
    throw new VendorError('bad-request', `"${options.realmId}" is not a QuickBooks realmId.`);
  }
  const apiBase = (options.apiBase ?? QUICKBOOKS_API_BASE).replace(/\/+$/, '');
  const realmId = options.realmId;
  const minorversion = options.minorVersion ?? QUICKBOOKS_MINOR_VERSION;
  const companyPath = `v3/company/${realmId}`;
  const base: Omit<VendorHttpOptions, 'headers' | 'redact'> = {
    vendor: 'QuickBooks',
    baseUrl: `${apiBase}/`,
    errorWords: quickBooksErrorWords,
    fetch: options.fetch ?? globalThis.fetch,
    sleep: options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms))),
    now: options.now ?? Date.now,
    random: options.random ?? Math.random,
    retry: { ...DEFAULT_RETRY_POLICY, ...options.retry },
    timeoutMs: options.timeoutMs ?? 30_000,
  };

  /**
   * The request with the current token, once more with a new one if Intuit refused it
   * (401). A Fault that came with HTTP 200 fails in Intuit's words. No failure leaves here
   * with a token in its words.
   */
  const send: Send = async <T>(request: QuickBooksRequest<T>): Promise<T> => {
    const used: string[] = [];
    let token = await options.accessToken();
    for (;;) {
      used.push(token);
      const current = token;
      const http: VendorHttpOptions = {
        ...base,
        headers: () => ({ authorization: `Bearer ${current}` }),
        redact: () => used,
      };
      try {
        const answer = await vendorRequest(http, { ...request, schema: orFault(request.schema) });
        if ('ok' in answer) return answer.ok;
        const { words, code } = quickBooksFaultWords(answer.fault);
        throw new VendorError(faultKind(answer.fault), words, 200, null, code ?? null);
      } catch (error) {
        if (!(error instanceof VendorError)) throw error;
        const stale = error.status === STALE_TOKEN_STATUS;
        if (stale && options.refreshAccessToken && used.length === 1) {
          token = await options.refreshAccessToken();
          continue;
        }
        const { kind, status, retryAfterMs, code } = error;
        throw new VendorError(kind, redacted(error.message, used), status, retryAfterMs, code);
      }
    }
  };

  async function query<E extends QuickBooksEntity>(
    entity: E,
    query: QuickBooksQuery = {},
  ): Promise<QuickBooksRow<E>[]> {
    // Checked (and the statement built) before anything is sent.
    quickBooksStatement(entity, query, 1);
    const schema = quickBooksQueryPageSchema(
      entity,
      ROW_SCHEMAS[entity] as unknown as z.ZodType<QuickBooksRow<E>>,
    );
    const rows: QuickBooksRow<E>[] = [];
    for (let start = 1; ; start += QUICKBOOKS_MAX_RESULTS) {
      const page = await send({
        method: 'GET',
        path: `${companyPath}/query`,
        query: { query: quickBooksStatement(entity, query, start), minorversion },
        schema,
      });
      if (page.rows.length > QUICKBOOKS_MAX_RESULTS) {
        throw new VendorError(
          'invalid-answer',
          `QuickBooks answered ${page.rows.length} rows for a page of ${QUICKBOOKS_MAX_RESULTS}.`,
          200,
        );
      }
      rows.push(...page.rows);
      if (page.rows.length < QUICKBOOKS_MAX_RESULTS) return rows;
    }
  }

  return {
    apiBase,
    realmId,
    query,
    invoices: (options) => query('Invoice', { where: changedSinceWhere(options) }),
    payments: (options) => query('Payment', { where: changedSinceWhere(options) }),
    customers: (options) => query('Customer', { where: changedSinceWhere(options) }),
    bankAccounts: () =>
      query('Account', { where: [{ field: 'AccountType', op: '=', value: 'Bank' }] }),
    recurringInvoices: async () =>
      (await query('RecurringTransaction')).flatMap((row) => (row.Invoice ? [row.Invoice] : [])),
    companyInfo: async () =>
      (
        await send({
          method: 'GET',
          path: `${companyPath}/companyinfo/${realmId}`,
          query: { minorversion },
          schema: quickBooksCompanyInfoResponseSchema,
        })
      ).CompanyInfo,
  };
}
