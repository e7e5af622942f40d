import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  parseQuery,
  type ParsedQuery,
  type QueryCondition,
  QueryRefusal,
} from './fake-quickbooks-query';

// A fake Intuit: its OAuth 2.0 server and the QuickBooks Online Accounting API v3 of one or
// more companies (realms), on one ephemeral port (issue #33). Its shapes follow Intuit's
// documentation, never our contracts, so a test against it catches our mistakes. Sources:
// - OAuth: https://developer.intuit.com/app/developer/qbo/docs/develop/authentication-and-authorization/oauth-2.0,
//   …/oauth-openid-discovery-doc, …/faq, and Intuit's github.com/intuit/oauth-jsclient:
//   /connect/oauth2 (client_id, response_type=code, scope com.intuit.quickbooks.accounting,
//   redirect_uri, state) sends the person back with `code`, `state` and `realmId`;
//   POST /oauth2/v1/tokens/bearer, form-encoded, client in a Basic header:
//   authorization_code (code, redirect_uri) and refresh_token, each answering
//   access_token, refresh_token, token_type "bearer", expires_in 3600 and
//   x_refresh_token_expires_in (8726400 in Intuit's SDK samples); "use the latest
//   refresh_token returned"; POST /v2/oauth2/tokens/revoke, Basic client, JSON {token};
//   refusals {error, error_description} (invalid_grant "Token invalid").
// - API: GET /v3/company/{realmId}/query?query=…&minorversion=… (fake-quickbooks-query.ts
//   for the language) answering {QueryResponse: {<Entity>: […], startPosition,
//   maxResults}, time}; GET /v3/company/{realmId}/companyinfo/{realmId} answering
//   {CompanyInfo, time} (the entity pages under
//   https://developer.intuit.com/app/developer/qbo/docs/api/accounting/); "Id … Sort order
//   is ASC by default"; MetaData.LastUpdatedTime filterable; AccountType filterable.
// - Faults: https://developer.intuit.com/app/developer/qbo/docs/develop/troubleshooting/error-codes
//   ({Fault: {Error: [{Message, Detail, code, element}], type}, time}; 400 ValidationFault,
//   401 for an expired or revoked token, 500 "Resubmit the request once").
// - Throttling: 500 requests a minute and 10 at once per realm, past which 429
//   (https://blogs.intuit.com/blog/2016/08/08/idg-concurrent-api-use-changes-coming-soon/).
//
// ASSUMED, where the pages reachable here stop (kept in this one place):
// - a refresh token stops working once used (the rotation made strict; Intuit may accept
//   the previous one for a while), and revoking any token of a grant ends the whole grant;
// - an authorization code works once, for 5 minutes;
// - the 401 body is {Fault: {Error: [{Message: "message=AuthenticationFailed;
//   errorCode=003200; statusCode=401", Detail, code: "3200"}], type: "AUTHENTICATION"}}
//   and a token of another company answers 403 "ApplicationAuthorizationFailed;
//   errorCode=003100" (the bodies integrations record from Intuit);
// - the throttle's 429 body is {Fault: {Error: [{Message: "message=ThrottleExceeded;
//   errorCode=003001; statusCode=429", Detail: "The request limit was reached.", code:
//   "3001"}], type: "SERVICE"}}, without Retry-After unless a test adds one;
// - MAXRESULTS defaults to 100 and stops silently at 1,000; an empty page answers
//   {QueryResponse: {}}; Id compares as a number, TxnDate and DueDate as dates,
//   MetaData times as instants, anything else as text; a property the fake does not
//   filter on answers QueryValidationError (code 4001);
// - without `Accept: application/json` Intuit answers XML (the fake: an empty
//   IntuitResponse document);
// - the revocation endpoint answers 200 with no body, also for a token it does not know
//   (RFC 7009 §2.2).

export const FAKE_QUICKBOOKS_ENTITIES = [
  'Invoice',
  'Payment',
  'Customer',
  'Account',
  'RecurringTransaction',
] as const;
export type FakeQuickBooksEntity = (typeof FAKE_QUICKBOOKS_ENTITIES)[number];

/** A record as the fake keeps it: Intuit's field names (RecurringTransaction: the wrapper). */
export type FakeQuickBooksRecord = Record<string, unknown>;

export interface FakeQuickBooksCompany {
  realmId: string;
  /** The CompanyInfo object. */
  info: FakeQuickBooksRecord;
  entities: Record<FakeQuickBooksEntity, FakeQuickBooksRecord[]>;
}

export interface FakeQuickBooksRequest {
  method: string;
  /** e.g. /v3/company/9130350000000001/query or /oauth2/v1/tokens/bearer */
  path: string;
  query: Record<string, string>;
  /** The form or JSON sent; the raw text when it was neither; null without a body. */
  body: unknown;
  authorization: string | null;
  accept: string | null;
}

export interface FakeQuickBooksOptions {
  now?: () => Date;
  /** The companies (realmIds); one by default. */
  realmIds?: string[];
}

export interface FakeQuickBooks {
  /** http://127.0.0.1:{port}: the Accounting API base (paths start /v3/company/). */
  url: string;
  apiBase: string;
  authorizeUrl: string;
  tokenUrl: string;
  revokeUrl: string;
  clientId: string;
  clientSecret: string;
  realmIds: string[];
  /** Seconds an access token lives (3600 at Intuit). */
  accessLifetimeSeconds: number;
  /** Seconds a refresh token lives (x_refresh_token_expires_in). */
  refreshLifetimeSeconds: number;
  companies: Record<string, FakeQuickBooksCompany>;
  requests: FakeQuickBooksRequest[];
  /** The refresh tokens Intuit still accepts. */
  refreshTokens(): string[];
  /**
   * The person approves on Intuit's consent page and picks `realmId` (the first company by
   * default): the redirect back to `redirect_uri` with code, state and realmId.
   */
  approve(authorizeUrl: string, realmId?: string): string;
  /** An access token for `realmId` (the first by default), issued without the OAuth dance. */
  issueAccessToken(realmId?: string): string;
  /** The person disconnects the app in QuickBooks: every token stops working. */
  revokeGrant(): void;
  /** Every access token issued so far is expired (a refresh is needed). */
  expireAccessTokens(): void;
  /**
   * A record put straight into `realmId`'s company, as if made in QuickBooks: Id and
   * MetaData given unless `fields` has them (RecurringTransaction: {Invoice: {…}}).
   */
  seed(
    realmId: string,
    entity: FakeQuickBooksEntity,
    fields: FakeQuickBooksRecord,
  ): FakeQuickBooksRecord;
  /**
   * The next `times` API requests answer `status` with Intuit's own body for it unless
   * `body` is given (a string is sent as text/html).
   */
  failNext(times: number, status: number, body?: unknown, headers?: Record<string, string>): void;
  /** The next `times` API requests get no answer (the connection is destroyed). */
  dropConnectionNext(times: number): void;
  /** Answers normally again: queued failures and drops are forgotten. */
  recover(): void;
  close(): Promise<void>;
}

interface Answer {
  status: number;
  /** JSON unless a string (sent as `contentType`); absent for an empty body. */
  body?: unknown;
  contentType?: string;
  headers?: Record<string, string>;
}

interface IssuedToken {
  realmId: string;
  grant: string;
  expiresAt: number;
}

export const ACCOUNTING_SCOPE = 'com.intuit.quickbooks.accounting';
const DEFAULT_REALM = '9130350000000001';
const CODE_LIFETIME_MS = 5 * 60 * 1000;
const MAX_RESULTS = 1000;
const DEFAULT_MAX_RESULTS = 100;
const API_PATH = /^\/v3\/company\/([^/]+)\/(.+)$/;

const FILTERABLE: Record<FakeQuickBooksEntity, readonly string[]> = {
  Invoice: ['Id', 'DocNumber', 'TxnDate', 'DueDate', 'CustomerRef'],
  Payment: ['Id', 'TxnDate', 'CustomerRef', 'PaymentRefNum'],
  Customer: ['Id', 'DisplayName', 'GivenName', 'FamilyName', 'Active'],
  Account: ['Id', 'Name', 'AccountType', 'Active'],
  RecurringTransaction: ['Id'],
};
const META_FIELDS = ['MetaData.CreateTime', 'MetaData.LastUpdatedTime'];

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const token = () => randomBytes(24).toString('base64url');

const fault = (
  status: number,
  type: string,
  message: string,
  detail: string,
  code: string,
  time: string,
): Answer => ({
  status,
  body: { Fault: { Error: [{ Message: message, Detail: detail, code }], type }, time },
});
const tokenRefusal = (status: number, error: string, description: string): Answer => ({
  status,
  body: { error, error_description: description },
});

function defaultFailure(status: number, time: string): unknown {
  if (status === 429) {
    return fault(
      429,
      'SERVICE',
      'message=ThrottleExceeded; errorCode=003001; statusCode=429',
      'The request limit was reached.',
      '3001',
      time,
    ).body;
  }
  if (status === 401) {
    return fault(
      401,
      'AUTHENTICATION',
      'message=AuthenticationFailed; errorCode=003200; statusCode=401',
      'Token expired',
      '3200',
      time,
    ).body;
  }
  if (status >= 500) {
    return fault(
      status,
      'SystemFault',
      'An application error has occurred while processing your request',
      'System Failure Error: An unexpected error occurred',
      '10000',
      time,
    ).body;
  }
  return fault(
    status,
    'ValidationFault',
    'Request has invalid or unsupported property',
    `HTTP ${status}`,
    '2010',
    time,
  ).body;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function send(res: ServerResponse, answer: Answer) {
  const headers = { ...answer.headers };
  if (answer.body === undefined) {
    res.writeHead(answer.status, headers);
    res.end();
    return;
  }
  if (typeof answer.body === 'string') {
    res.writeHead(answer.status, { 'content-type': answer.contentType ?? 'text/html', ...headers });
    res.end(answer.body);
    return;
  }
  res.writeHead(answer.status, { 'content-type': 'application/json;charset=UTF-8', ...headers });
  res.end(JSON.stringify(answer.body));
}

/** The object a query filters: the record, or for a RecurringTransaction the template in it. */
function filtered(
  entity: FakeQuickBooksEntity,
  record: FakeQuickBooksRecord,
): FakeQuickBooksRecord {
  if (entity !== 'RecurringTransaction') return record;
  const inner = Object.values(record).find(isObject);
  return inner ?? {};
}

/** The value a property names: a reference compares by its value (CustomerRef = '12'). */
function valueAt(record: FakeQuickBooksRecord, field: string): unknown {
  let value: unknown = record;
  for (const part of field.split('.')) value = isObject(value) ? value[part] : undefined;
  return isObject(value) && 'value' in value ? value.value : value;
}

/** -1, 0 or 1 in the property's own order; null when the two cannot be compared. */
function compare(field: string, left: unknown, right: unknown): number | null {
  if (left === undefined || left === null) return null;
  let a: number | string | boolean;
  let b: number | string | boolean;
  if (field === 'Id') {
    a = Number(left);
    b = Number(right);
  } else if (field.startsWith('MetaData.')) {
    a = Date.parse(String(left));
    b = Date.parse(String(right));
  } else if (typeof left === 'boolean') {
    a = left;
    b = right === true || right === 'true';
  } else {
    a = String(left);
    b = String(right);
  }
  if (typeof a === 'number' && (Number.isNaN(a) || Number.isNaN(b as number))) return null;
  return a === b ? 0 : a < b ? -1 : 1;
}

function matches(
  entity: FakeQuickBooksEntity,
  record: FakeQuickBooksRecord,
  condition: QueryCondition,
) {
  const order = compare(
    condition.field,
    valueAt(filtered(entity, record), condition.field),
    condition.value,
  );
  if (order === null) return false;
  switch (condition.op) {
    case '=':
      return order === 0;
    case '<':
      return order < 0;
    case '>':
      return order > 0;
    case '<=':
      return order <= 0;
    default:
      return order >= 0;
  }
}

const isEntity = (name: string): name is FakeQuickBooksEntity =>
  (FAKE_QUICKBOOKS_ENTITIES as readonly string[]).includes(name);

/** The rows of a parsed statement, or the QueryRefusal Intuit would answer. */
function run(company: FakeQuickBooksCompany, query: ParsedQuery) {
  if (!isEntity(query.entity)) {
    throw new QueryRefusal(
      '4001',
      'Invalid query',
      `QueryValidationError: Entity ${query.entity} not found`,
    );
  }
  const entity = query.entity;
  const known = [...FILTERABLE[entity], ...META_FIELDS];
  for (const { field } of [...query.where, ...query.orderBy]) {
    if (!known.includes(field)) {
      throw new QueryRefusal(
        '4001',
        'Invalid query',
        `QueryValidationError: Property ${field} not found for Entity ${entity}`,
      );
    }
  }
  const found = company.entities[entity].filter((record) =>
    query.where.every((condition) => matches(entity, record, condition)),
  );
  const order = query.orderBy.length > 0 ? query.orderBy : [{ field: 'Id', descending: false }];
  found.sort((x, y) => {
    for (const { field, descending } of order) {
      const result =
        compare(field, valueAt(filtered(entity, x), field), valueAt(filtered(entity, y), field)) ??
        0;
      if (result !== 0) return descending ? -result : result;
    }
    return 0;
  });
  return { entity, found };
}

export async function startFakeQuickBooks(
  options: FakeQuickBooksOptions = {},
): Promise<FakeQuickBooks> {
  const now = options.now ?? (() => new Date());
  const realmIds = options.realmIds ?? [DEFAULT_REALM];
  const codes = new Map<string, { redirectUri: string; realmId: string; expiresAt: number }>();
  const refreshTokens = new Map<string, IssuedToken>();
  const accessTokens = new Map<string, IssuedToken>();
  const nextIds = new Map<string, number>();
  const failures: { times: number; answer: Answer }[] = [];
  const drops: { times: number }[] = [];
  const time = () => now().toISOString();

  // ----- OAuth -------------------------------------------------------------------------

  function issueTokens(realmId: string, grant: string): Answer {
    const access = token();
    const refresh = token();
    const at = now().getTime();
    accessTokens.set(access, { realmId, grant, expiresAt: at + fake.accessLifetimeSeconds * 1000 });
    refreshTokens.set(refresh, {
      realmId,
      grant,
      expiresAt: at + fake.refreshLifetimeSeconds * 1000,
    });
    return {
      status: 200,
      body: {
        token_type: 'bearer',
        access_token: access,
        refresh_token: refresh,
        expires_in: fake.accessLifetimeSeconds,
        x_refresh_token_expires_in: fake.refreshLifetimeSeconds,
      },
    };
  }

  function approve(authorizeUrl: string, realmId = realmIds[0]!): string {
    const query = Object.fromEntries(new URL(authorizeUrl).searchParams);
    if (query.client_id !== fake.clientId) throw new Error('Intuit: unknown client_id');
    if (query.response_type !== 'code') throw new Error('Intuit: response_type must be code');
    if (!(query.scope ?? '').split(' ').includes(ACCOUNTING_SCOPE)) {
      throw new Error(`Intuit: the scope must include ${ACCOUNTING_SCOPE}`);
    }
    if (!query.redirect_uri) throw new Error('Intuit: redirect_uri is required');
    if (!query.state) throw new Error('Intuit: state is required');
    if (!realmIds.includes(realmId)) throw new Error(`Intuit: no company ${realmId}`);
    const code = token();
    codes.set(code, {
      redirectUri: query.redirect_uri,
      realmId,
      expiresAt: now().getTime() + CODE_LIFETIME_MS,
    });
    const back = new URL(query.redirect_uri);
    back.searchParams.set('code', code);
    back.searchParams.set('state', query.state);
    back.searchParams.set('realmId', realmId);
    return back.toString();
  }

  function basicClient(authorization: string | null): boolean {
    if (!authorization?.startsWith('Basic ')) return false;
    const decoded = Buffer.from(authorization.slice(6), 'base64').toString('utf8');
    return decoded === `${fake.clientId}:${fake.clientSecret}`;
  }

  function tokenGrant(form: Record<string, string>, authorization: string | null): Answer {
    if (!basicClient(authorization)) return tokenRefusal(401, 'invalid_client', 'Invalid client');
    if (form.grant_type === 'authorization_code') {
      const issued = codes.get(form.code ?? '');
      codes.delete(form.code ?? '');
      if (!issued || issued.expiresAt < now().getTime()) {
        return tokenRefusal(400, 'invalid_grant', 'Token invalid');
      }
      if (issued.redirectUri !== form.redirect_uri) {
        return tokenRefusal(400, 'invalid_grant', 'Redirect URI mismatch');
      }
      return issueTokens(issued.realmId, token());
    }
    if (form.grant_type === 'refresh_token') {
      const issued = refreshTokens.get(form.refresh_token ?? '');
      if (!issued || issued.expiresAt < now().getTime()) {
        return tokenRefusal(400, 'invalid_grant', 'Token invalid');
      }
      // Rotation: the refresh token used is spent, the answer's replaces it.
      refreshTokens.delete(form.refresh_token ?? '');
      return issueTokens(issued.realmId, issued.grant);
    }
    return tokenRefusal(400, 'unsupported_grant_type', 'Unsupported grant type');
  }

  function revoke(body: unknown, authorization: string | null): Answer {
    if (!basicClient(authorization)) return tokenRefusal(401, 'invalid_client', 'Invalid client');
    const revoked = isObject(body) && typeof body.token === 'string' ? body.token : '';
    if (!revoked) return tokenRefusal(400, 'invalid_request', 'token is required');
    const grant = (refreshTokens.get(revoked) ?? accessTokens.get(revoked))?.grant;
    if (grant !== undefined) {
      for (const tokens of [refreshTokens, accessTokens]) {
        for (const [key, issued] of tokens) if (issued.grant === grant) tokens.delete(key);
      }
    }
    return { status: 200 };
  }

  // ----- API ---------------------------------------------------------------------------

  /** The gateway's refusal of a request's token for `realmId`, or null. */
  function refusedToken(authorization: string | null, realmId: string): Answer | null {
    const issued = authorization?.startsWith('Bearer ')
      ? accessTokens.get(authorization.slice(7))
      : undefined;
    if (!issued || issued.expiresAt <= now().getTime()) {
      return fault(
        401,
        'AUTHENTICATION',
        'message=AuthenticationFailed; errorCode=003200; statusCode=401',
        issued ? 'Token expired' : 'Token invalid',
        '3200',
        time(),
      );
    }
    if (issued.realmId !== realmId) {
      return fault(
        403,
        'AUTHORIZATION',
        'message=ApplicationAuthorizationFailed; errorCode=003100; statusCode=403',
        'The token is not for this company',
        '003100',
        time(),
      );
    }
    return null;
  }

  function query(company: FakeQuickBooksCompany, statement: string | undefined): Answer {
    let parsed: ParsedQuery;
    let rows: { entity: FakeQuickBooksEntity; found: FakeQuickBooksRecord[] };
    try {
      parsed = parseQuery(statement ?? '');
      rows = run(company, parsed);
    } catch (error) {
      if (!(error instanceof QueryRefusal)) throw error;
      return fault(400, 'ValidationFault', error.title, error.detail, error.code, time());
    }
    if (parsed.count)
      return {
        status: 200,
        body: { QueryResponse: { totalCount: rows.found.length }, time: time() },
      };
    const start = parsed.startPosition ?? 1;
    const max = Math.min(parsed.maxResults ?? DEFAULT_MAX_RESULTS, MAX_RESULTS);
    const page = rows.found.slice(start - 1, start - 1 + max).map((row) => structuredClone(row));
    const body =
      page.length === 0
        ? {}
        : { [rows.entity]: page, startPosition: start, maxResults: page.length };
    return { status: 200, body: { QueryResponse: body, time: time() } };
  }

  function route(method: string, url: URL, realmId: string, rest: string): Answer {
    const company = fake.companies[realmId]!;
    if (method !== 'GET') {
      return fault(
        400,
        'ValidationFault',
        'Unsupported Operation',
        `Operation ${method} ${rest} is not supported.`,
        '500',
        time(),
      );
    }
    if (rest === 'query') return query(company, url.searchParams.get('query') ?? undefined);
    if (rest === `companyinfo/${realmId}`)
      return { status: 200, body: { CompanyInfo: structuredClone(company.info), time: time() } };
    return fault(
      400,
      'ValidationFault',
      'Unsupported Operation',
      `Operation ${rest} is not supported.`,
      '500',
      time(),
    );
  }

  function handleApi(
    req: IncomingMessage,
    res: ServerResponse,
    url: URL,
    authorization: string | null,
  ) {
    const drop = drops[0];
    if (drop) {
      if (--drop.times <= 0) drops.shift();
      req.socket.destroy();
      return;
    }
    const failure = failures[0];
    if (failure) {
      if (--failure.times <= 0) failures.shift();
      send(res, failure.answer);
      return;
    }
    const [, realmId = '', rest = ''] = API_PATH.exec(url.pathname) ?? [];
    const refused = refusedToken(authorization, realmId);
    if (refused) {
      send(res, refused);
      return;
    }
    if (!(req.headers.accept ?? '').includes('application/json')) {
      const xml = `<?xml version="1.0" encoding="UTF-8"?><IntuitResponse xmlns="http://schema.intuit.com/finance/v3" time="${time()}"/>`;
      send(res, { status: 200, body: xml, contentType: 'application/xml' });
      return;
    }
    send(res, route(req.method ?? 'GET', url, realmId, rest));
  }

  function bodyOf(text: string, contentType: string): unknown {
    if (text === '') return null;
    if (contentType.includes('application/x-www-form-urlencoded')) {
      return Object.fromEntries(new URLSearchParams(text));
    }
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', fake.url);
      const body = bodyOf(await readBody(req), req.headers['content-type'] ?? '');
      const authorization = req.headers.authorization ?? null;
      const method = req.method ?? 'GET';
      fake.requests.push({
        method,
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        body,
        authorization,
        accept: req.headers.accept ?? null,
      });
      if (url.pathname === '/oauth2/v1/tokens/bearer' && method === 'POST') {
        send(
          res,
          tokenGrant(isObject(body) ? (body as Record<string, string>) : {}, authorization),
        );
      } else if (url.pathname === '/v2/oauth2/tokens/revoke' && method === 'POST') {
        send(res, revoke(body, authorization));
      } else if (url.pathname === '/connect/oauth2' && method === 'GET') {
        try {
          send(res, { status: 302, headers: { location: approve(url.toString()) } });
        } catch (error) {
          send(res, {
            status: 400,
            body: error instanceof Error ? error.message : 'invalid request',
          });
        }
      } else if (API_PATH.test(url.pathname)) {
        handleApi(req, res, url, authorization);
      } else {
        send(res, { status: 404, body: 'Not Found' });
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const companies = Object.fromEntries(
    realmIds.map((realmId, index): [string, FakeQuickBooksCompany] => [
      realmId,
      {
        realmId,
        info: {
          Id: '1',
          SyncToken: '0',
          CompanyName: index === 0 ? 'Lakeside Law LLP' : `Company ${index + 1}`,
          LegalName: index === 0 ? 'Lakeside Law LLP' : `Company ${index + 1} LLC`,
          Country: 'US',
          FiscalYearStartMonth: 'January',
          Email: { Address: 'books@lakeside.test' },
          MetaData: { CreateTime: time(), LastUpdatedTime: time() },
        },
        entities: { Invoice: [], Payment: [], Customer: [], Account: [], RecurringTransaction: [] },
      },
    ]),
  );

  function seed(realmId: string, entity: FakeQuickBooksEntity, fields: FakeQuickBooksRecord) {
    const company = companies[realmId];
    if (!company) throw new Error(`fake QuickBooks: no company ${realmId}`);
    const key = `${realmId}:${entity}`;
    const id = nextIds.get(key) ?? 1;
    nextIds.set(key, id + 1);
    const withDefaults = (object: FakeQuickBooksRecord) => ({
      Id: String(id),
      SyncToken: '0',
      domain: 'QBO',
      sparse: false,
      MetaData: { CreateTime: time(), LastUpdatedTime: time() },
      ...object,
    });
    const record =
      entity === 'RecurringTransaction'
        ? Object.fromEntries(
            Object.entries(fields).map(([type, template]) => [
              type,
              withDefaults(isObject(template) ? template : {}),
            ]),
          )
        : withDefaults(fields);
    company.entities[entity].push(record);
    return record;
  }

  const fake: FakeQuickBooks = {
    url,
    apiBase: url,
    authorizeUrl: `${url}/connect/oauth2`,
    tokenUrl: `${url}/oauth2/v1/tokens/bearer`,
    revokeUrl: `${url}/v2/oauth2/tokens/revoke`,
    clientId: 'fake-intuit-client-id',
    clientSecret: 'fake-intuit-client-secret',
    realmIds,
    accessLifetimeSeconds: 3600,
    refreshLifetimeSeconds: 8_726_400,
    companies,
    requests: [],
    refreshTokens: () =>
      [...refreshTokens].filter(([, t]) => t.expiresAt >= now().getTime()).map(([t]) => t),
    approve,
    issueAccessToken: (realmId = realmIds[0]!) => {
      const access = token();
      accessTokens.set(access, {
        realmId,
        grant: 'direct',
        expiresAt: now().getTime() + fake.accessLifetimeSeconds * 1000,
      });
      return access;
    },
    revokeGrant: () => {
      refreshTokens.clear();
      accessTokens.clear();
    },
    expireAccessTokens: () => {
      for (const issued of accessTokens.values()) issued.expiresAt = now().getTime();
    },
    seed,
    failNext: (times, status, body, headers) =>
      failures.push({
        times,
        answer: { status, body: body ?? defaultFailure(status, time()), headers },
      }),
    dropConnectionNext: (times) => drops.push({ times }),
    recover: () => {
      failures.splice(0);
      drops.splice(0);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
  return fake;
}
