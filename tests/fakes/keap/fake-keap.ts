import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// A fake Keap (Infusionsoft): its OAuth 2.0 and its REST API v1, on one ephemeral port
// (issue #33). Its shapes follow Keap's documentation and Keap's published v1 OpenAPI
// document, never our contracts, so a test against it catches our mistakes. Sources:
// - OAuth: https://developer.infusionsoft.com/getting-started-oauth-keys and
//   https://developer.infusionsoft.com/authentication: /app/oauth/authorize (client_id,
//   redirect_uri, response_type=code, scope=full) sends the person back with `code`;
//   POST /token, form-encoded: authorization_code (client_id and client_secret in the
//   form) and refresh_token (client credentials in a Basic header), each answering
//   access_token, refresh_token, expires_in, token_type and scope; refresh tokens rotate
//   ("securing tokens by requiring rotation"); an access token lives 24 hours, a refresh
//   token 45 days (https://community.keap.com/t/how-to-get-access-token/86529).
// - REST v1 (https://developer.infusionsoft.com/docs/rest/, the OpenAPI document
//   https://crm.infusionsoft.com/app/v3/api-docs/V1): contacts (POST 201 FullContact,
//   "must contain at least one item in email_addresses or phone_numbers and country_code
//   is required if region is specified"; PATCH "only the values provided"; GET list with
//   ContactQueryCommand; GET one with optional_properties), notes (RequestNote, contact_id
//   required, "Either a title or body is required", 201), appointments (title, start_date
//   and end_date required), tasks ("title and due_date", 200), opportunities (contact,
//   opportunity_title and stage required), GET /opportunity/stage_pipeline, tags (GET with
//   name, POST CreateTag), POST /contacts/{id}/tags {tagIds} answering {id: SUCCESS |
//   DUPLICATE | CONTACT_NOT_FOUND | TAG_ID_NOT_FOUND}, DELETE /contacts/{id}/tags?ids=1,2
//   answering 204; lists {<records>, count, next, previous}; ids integers.
// - Quotas: https://developer.infusionsoft.com/api-token-quota-and-usage-measurements/
//   (x-keap-product-quota-*, x-keap-product-throttle-*, x-keap-tenant-throttle-* on every
//   answer; 150,000 a day and 1,500 a minute per OAuth client; reset at 00:00 UTC).
//
// ASSUMED, where the pages reachable here stop (kept in this one place):
// - error bodies: the application's `{message}` (words ours, after Keap's documented
//   rules), the gateway's Apigee `{fault: {faultstring, detail: {errorcode}}}` for tokens
//   (keymanagement.service.invalid_access_token, …access_token_expired,
//   oauth.v2.InvalidAccessToken) and quotas (policies.ratelimit.QuotaViolation,
//   …SpikeArrestViolation); the token endpoint's RFC 6749 `{error, error_description}`
//   (400 invalid_grant / invalid_request / unsupported_grant_type, 401 invalid_client);
// - the callback carries `scope` (full|{app}) besides code and state; a code lasts 10
//   minutes and works once; an access token stays valid until it expires after a refresh
//   (only the refresh token rotates), and revoking the grant ends both;
// - `count` is the number of all records matching, `next` the URL of the next page (null
//   on the last), `limit` defaults to and stops at 1,000; filters match exactly,
//   ignoring case (a contact's email against any of its addresses);
// - appointments, tasks, opportunities and tags created answer 201 like contacts and
//   notes, except tasks (documented 200); a contact, stage or tag that a record names must
//   exist (400); DELETE of tags on a contact it does not have answers 404;
// - an email address must look like one; a phone number needs a digit;
// - a spent daily quota answers 429 without Retry-After until the quota resets.

/** A record as the fake keeps it: Keap's field names, `id` an integer. */
export interface FakeKeapRecord {
  id: number;
  [field: string]: unknown;
}

export type FakeKeapCollection =
  'contacts' | 'notes' | 'appointments' | 'tasks' | 'opportunities' | 'tags';

export interface FakeKeapStage {
  stage_id: number;
  stage_name: string;
  stage_order: number;
  end_stage: boolean;
  is_default: boolean;
}

export interface FakeKeapRequest {
  method: string;
  /** e.g. /crm/rest/v1/contacts or /token */
  path: string;
  query: Record<string, string>;
  /** JSON for the API, the form for /token, null without a body. */
  body: unknown;
  /** The Authorization header as sent, null without one. */
  authorization: string | null;
}

export interface FakeKeapOptions {
  now?: () => Date;
  /** The Keap app (tenant) the grant is for. */
  app?: string;
}

export interface FakeKeap {
  /** http://127.0.0.1:{port} */
  url: string;
  /** The REST v1 base: {url}/crm/rest/v1 */
  apiBase: string;
  /** Where people approve: {url}/app/oauth/authorize */
  authorizeUrl: string;
  /** The token endpoint: {url}/token */
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  app: string;
  /** Seconds an access token lives (86,400 at Keap). */
  accessLifetimeSeconds: number;
  /** Seconds a refresh token lives (45 days at Keap). */
  refreshLifetimeSeconds: number;
  records: Record<FakeKeapCollection, FakeKeapRecord[]>;
  stages: FakeKeapStage[];
  requests: FakeKeapRequest[];
  /** The refresh tokens Keap still accepts. */
  refreshTokens(): string[];
  /**
   * The person approves on Keap's consent page: the redirect back to `redirect_uri` with
   * `code`, `scope` and `state`, as the browser would follow it.
   */
  approve(authorizeUrl: string): string;
  /** An access token Keap accepts, issued without the OAuth dance (client tests). */
  issueAccessToken(): string;
  /** The person removes our access in Keap: every token of the grant stops working. */
  revokeGrant(): void;
  /** Every access token issued so far is expired (a refresh is needed). */
  expireAccessTokens(): void;
  /** The next `times` API requests answer 429 (spike arrest), Retry-After when given. */
  rateLimitNext(times: number, retryAfterSeconds?: number): void;
  /** The day's quota is spent: every API request answers 429 until recover(). */
  spendDailyQuota(): void;
  /**
   * The next `times` API requests answer `status` (Keap's own body by default). With
   * `afterHandling` the request is carried out first: a write happened whose answer failed.
   */
  failNext(
    times: number,
    status: number,
    options?: { body?: unknown; headers?: Record<string, string>; afterHandling?: boolean },
  ): void;
  /** The next `times` API requests get no answer (connection destroyed), after handling them if asked. */
  dropConnectionNext(times: number, options?: { afterHandling?: boolean }): void;
  /** A record put straight in, as if made in Keap by a person. */
  seed(collection: FakeKeapCollection, fields: Record<string, unknown>): FakeKeapRecord;
  /** Answers normally again: queued failures, rate limits and a spent quota are forgotten. */
  recover(): void;
  close(): Promise<void>;
}

interface Answer {
  status: number;
  /** Absent for 204. */
  body?: unknown;
  headers?: Record<string, string>;
}

const API_PREFIX = '/crm/rest/v1/';
const MAX_LIMIT = 1000;
const CODE_LIFETIME_MS = 10 * 60 * 1000;
const DAILY_QUOTA = 150_000;
const MINUTE_THROTTLE = 1_500;
const TENANT_LIMITS = [10_000, 250_000];
const EMAIL_FIELDS = ['EMAIL1', 'EMAIL2', 'EMAIL3'];
const PHONE_FIELDS = ['PHONE1', 'PHONE2', 'PHONE3', 'PHONE4', 'PHONE5'];
const ADDRESS_FIELDS = ['BILLING', 'SHIPPING', 'OTHER'];
const NOTE_TYPES = ['Appointment', 'Call', 'Email', 'Fax', 'Letter', 'Other'];
const REMIND_TIMES = [5, 10, 15, 30, 60, 120, 240, 480, 1440, 2880];
const CONTACT_ORDERS = ['id', 'date_created', 'last_updated', 'name', 'firstName', 'email'];
/** RestPartialContact (a list's contact) has no tag_ids; these come only when asked. */
const OPTIONAL_CONTACT_PROPERTIES = ['lead_source_id', 'job_title', 'custom_fields'];
const CONVERSION_REFUSAL = 'Input could not be converted to a valid request';

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isText = (value: unknown): value is string =>
  typeof value === 'string' && value.trim() !== '';
const lower = (value: unknown) => (typeof value === 'string' ? value.toLowerCase() : '');
const refused = (status: number, message: string): Answer => ({ status, body: { message } });
const fault = (status: number, faultstring: string, errorcode: string): Answer => ({
  status,
  body: { fault: { faultstring, detail: { errorcode } } },
});
const tokenRefusal = (status: number, error: string, description: string): Answer => ({
  status,
  body: { error, error_description: description },
});
const token = () => randomBytes(18).toString('base64url');

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
  res.writeHead(answer.status, { 'content-type': 'application/json;charset=UTF-8', ...headers });
  res.end(JSON.stringify(answer.body));
}

/** The refusal of a contact's collections, or null (CreateOrPatchContact's rules). */
function contactFieldsRefusal(fields: Record<string, unknown>): Answer | null {
  for (const [key, allowed] of [
    ['email_addresses', EMAIL_FIELDS],
    ['phone_numbers', PHONE_FIELDS],
    ['addresses', ADDRESS_FIELDS],
  ] as const) {
    const list = fields[key];
    if (list === undefined) continue;
    if (!Array.isArray(list)) return refused(400, CONVERSION_REFUSAL);
    for (const item of list) {
      if (!isObject(item) || !allowed.includes(String(item.field))) {
        return refused(400, CONVERSION_REFUSAL);
      }
    }
  }
  for (const item of (fields.email_addresses as Record<string, unknown>[] | undefined) ?? []) {
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(String(item.email ?? ''))) {
      return refused(400, `Email address is invalid: ${String(item.email ?? '')}`);
    }
  }
  for (const item of (fields.phone_numbers as Record<string, unknown>[] | undefined) ?? []) {
    if (!/\d/.test(String(item.number ?? ''))) {
      return refused(400, `Phone number is invalid: ${String(item.number ?? '')}`);
    }
  }
  for (const item of (fields.addresses as Record<string, unknown>[] | undefined) ?? []) {
    if (isText(item.region) && !isText(item.country_code)) {
      return refused(400, 'country_code is required if region is specified');
    }
  }
  return null;
}

const hasItems = (value: unknown) => Array.isArray(value) && value.length > 0;

/** `fields` less the keys a client may not set (Keap's own: id, dates, applied tags). */
function settable(fields: Record<string, unknown>, keys: readonly string[]) {
  return Object.fromEntries(Object.entries(fields).filter(([key]) => !keys.includes(key)));
}
const SYSTEM_KEYS = ['id', 'tag_ids', 'date_created', 'last_updated'];

export async function startFakeKeap(options: FakeKeapOptions = {}): Promise<FakeKeap> {
  const now = options.now ?? (() => new Date());
  const codes = new Map<string, { redirectUri: string; expiresAt: number }>();
  const refreshTokens = new Map<string, number>();
  const accessTokens = new Map<string, number>();
  const nextIds: Record<FakeKeapCollection, number> = {
    contacts: 101,
    notes: 201,
    appointments: 301,
    tasks: 401,
    opportunities: 501,
    tags: 91,
  };
  const failures: { times: number; answer: Answer; afterHandling: boolean }[] = [];
  const drops: { times: number; afterHandling: boolean }[] = [];
  const limits: { times: number; retryAfter: number | undefined }[] = [];
  const quota = { used: 0, spent: false, minute: '', minuteUsed: 0 };
  const time = () => now().toISOString();

  function store(collection: FakeKeapCollection, fields: Record<string, unknown>) {
    const record: FakeKeapRecord = { ...fields, id: nextIds[collection]++ };
    fake.records[collection].push(record);
    return record;
  }

  const find = (collection: FakeKeapCollection, id: unknown) =>
    fake.records[collection].find((r) => r.id === Number(id));

  // ----- OAuth -------------------------------------------------------------------------

  function issueTokens(): Answer {
    const access = token();
    const refresh = token();
    accessTokens.set(access, now().getTime() + fake.accessLifetimeSeconds * 1000);
    refreshTokens.set(refresh, now().getTime() + fake.refreshLifetimeSeconds * 1000);
    return {
      status: 200,
      body: {
        access_token: access,
        token_type: 'bearer',
        expires_in: fake.accessLifetimeSeconds,
        refresh_token: refresh,
        scope: `full|${fake.app}`,
      },
    };
  }

  function approve(authorizeUrl: string): string {
    const asked = new URL(authorizeUrl);
    const query = Object.fromEntries(asked.searchParams);
    if (query.client_id !== fake.clientId) throw new Error('Keap: unknown client_id');
    if (query.response_type !== 'code') throw new Error('Keap: response_type must be code');
    if (query.scope !== undefined && query.scope !== 'full') throw new Error('Keap: scope');
    if (!query.redirect_uri) throw new Error('Keap: redirect_uri is required');
    const code = token();
    codes.set(code, {
      redirectUri: query.redirect_uri,
      expiresAt: now().getTime() + CODE_LIFETIME_MS,
    });
    const back = new URL(query.redirect_uri);
    back.searchParams.set('scope', `full|${fake.app}`);
    back.searchParams.set('code', code);
    if (query.state !== undefined) back.searchParams.set('state', query.state);
    return back.toString();
  }

  function basicClient(authorization: string | null): boolean {
    if (!authorization?.startsWith('Basic ')) return false;
    const decoded = Buffer.from(authorization.slice(6), 'base64').toString('utf8');
    return decoded === `${fake.clientId}:${fake.clientSecret}`;
  }

  function tokenGrant(form: Record<string, string>, authorization: string | null): Answer {
    if (form.grant_type === 'authorization_code') {
      if (form.client_id !== fake.clientId || form.client_secret !== fake.clientSecret) {
        return tokenRefusal(401, 'invalid_client', 'Invalid client credentials');
      }
      const issued = codes.get(form.code ?? '');
      codes.delete(form.code ?? '');
      if (!issued || issued.expiresAt < now().getTime()) {
        return tokenRefusal(400, 'invalid_grant', 'Invalid authorization code');
      }
      if (issued.redirectUri !== form.redirect_uri) {
        return tokenRefusal(400, 'invalid_grant', 'redirect_uri does not match');
      }
      return issueTokens();
    }
    if (form.grant_type === 'refresh_token') {
      if (!basicClient(authorization)) {
        return tokenRefusal(401, 'invalid_client', 'Invalid client credentials');
      }
      const expiresAt = refreshTokens.get(form.refresh_token ?? '');
      if (expiresAt === undefined || expiresAt < now().getTime()) {
        return tokenRefusal(400, 'invalid_grant', 'Invalid refresh token');
      }
      // Rotation: the refresh token used is spent, the answer's replaces it.
      refreshTokens.delete(form.refresh_token ?? '');
      return issueTokens();
    }
    return tokenRefusal(400, 'unsupported_grant_type', 'Unsupported grant type');
  }

  /** The gateway's 401 for a request without a token it accepts, or null. */
  function refusedToken(authorization: string | null): Answer | null {
    if (!authorization?.startsWith('Bearer ')) {
      return fault(401, 'Invalid access token', 'oauth.v2.InvalidAccessToken');
    }
    const expiresAt = accessTokens.get(authorization.slice(7));
    if (expiresAt === undefined) {
      return fault(401, 'Invalid Access Token', 'keymanagement.service.invalid_access_token');
    }
    if (expiresAt <= now().getTime()) {
      return fault(401, 'Access Token expired', 'keymanagement.service.access_token_expired');
    }
    return null;
  }

  // ----- Quotas ------------------------------------------------------------------------

  function countRequest() {
    const minute = time().slice(0, 16);
    if (quota.minute !== minute) {
      quota.minute = minute;
      quota.minuteUsed = 0;
    }
    quota.used += 1;
    quota.minuteUsed += 1;
  }

  function quotaHeaders(): Record<string, string> {
    const reset = new Date(now());
    reset.setUTCHours(24, 0, 0, 0);
    const dayLeft = quota.spent ? 0 : Math.max(0, DAILY_QUOTA - quota.used);
    const tenantLeft = [TENANT_LIMITS[0]! - quota.minuteUsed, TENANT_LIMITS[1]! - quota.used];
    return {
      'x-keap-product-quota-limit': String(DAILY_QUOTA),
      'x-keap-product-quota-time-unit': 'day',
      'x-keap-product-quota-interval': '1',
      'x-keap-product-quota-available': String(dayLeft),
      'x-keap-product-quota-used': String(quota.used),
      'x-keap-product-quota-expiry-time': String(reset.getTime()),
      'x-keap-product-throttle-limit': String(MINUTE_THROTTLE),
      'x-keap-product-throttle-time-unit': 'minute',
      'x-keap-product-throttle-interval': '1',
      'x-keap-product-throttle-available': String(MINUTE_THROTTLE - quota.minuteUsed),
      'x-keap-product-throttle-used': String(quota.minuteUsed),
      'x-keap-tenant-id': fake.app,
      'x-keap-tenant-throttle-limit': TENANT_LIMITS.join('|'),
      'x-keap-tenant-throttle-time-unit': 'minute|day',
      'x-keap-tenant-throttle-interval': '1|1',
      'x-keap-tenant-throttle-available': tenantLeft.map((n) => Math.max(0, n)).join('|'),
    };
  }

  // ----- Paging ------------------------------------------------------------------------

  function page(
    key: string,
    records: Record<string, unknown>[],
    url: URL,
    query: Record<string, string>,
  ): Answer {
    const limit = Number(query.limit ?? MAX_LIMIT);
    const offset = Number(query.offset ?? 0);
    if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT) {
      return refused(400, `limit must be between 1 and ${MAX_LIMIT}`);
    }
    if (!Number.isInteger(offset) || offset < 0) return refused(400, 'offset is invalid');
    const linkTo = (at: number) => {
      const link = new URL(url.toString());
      link.searchParams.set('limit', String(limit));
      link.searchParams.set('offset', String(at));
      return link.toString();
    };
    return {
      status: 200,
      body: {
        [key]: records.slice(offset, offset + limit),
        count: records.length,
        next: offset + limit < records.length ? linkTo(offset + limit) : null,
        previous: offset > 0 ? linkTo(Math.max(0, offset - limit)) : null,
      },
    };
  }

  const matches = (value: unknown, wanted: string | undefined) =>
    wanted === undefined || lower(value) === wanted.toLowerCase();

  // ----- Contacts ----------------------------------------------------------------------

  /** FullContact (one) or RestPartialContact (a list's): optional properties only when asked. */
  function contactView(record: FakeKeapRecord, asked: string[], full: boolean) {
    const view: Record<string, unknown> = { ...record };
    for (const property of OPTIONAL_CONTACT_PROPERTIES) {
      if (!asked.includes(property)) delete view[property];
    }
    if (!full) delete view.tag_ids;
    return view;
  }

  function createContact(body: unknown): Answer {
    if (!isObject(body)) return refused(400, CONVERSION_REFUSAL);
    const invalid = contactFieldsRefusal(body);
    if (invalid) return invalid;
    if (!hasItems(body.email_addresses) && !hasItems(body.phone_numbers)) {
      return refused(
        400,
        'Contact must contain at least one item in email_addresses or phone_numbers',
      );
    }
    const fields = settable(body, SYSTEM_KEYS);
    const record = store('contacts', {
      email_addresses: [],
      phone_numbers: [],
      addresses: [],
      ...fields,
      tag_ids: [],
      email_opted_in: false,
      email_status: 'UnengagedMarketable',
      source_type: fields.source_type ?? 'API',
      date_created: time(),
      last_updated: time(),
    });
    return { status: 201, body: contactView(record, OPTIONAL_CONTACT_PROPERTIES, true) };
  }

  function updateContact(id: string, body: unknown): Answer {
    const record = find('contacts', id);
    if (!record) return refused(404, `Contact ${id} not found`);
    if (!isObject(body)) return refused(400, CONVERSION_REFUSAL);
    const invalid = contactFieldsRefusal(body);
    if (invalid) return invalid;
    Object.assign(record, settable(body, SYSTEM_KEYS), { last_updated: time() });
    return { status: 200, body: contactView(record, OPTIONAL_CONTACT_PROPERTIES, true) };
  }

  function listContacts(url: URL, query: Record<string, string>): Answer {
    if (query.order !== undefined && !CONTACT_ORDERS.includes(query.order)) {
      return refused(400, CONVERSION_REFUSAL);
    }
    const direction = query.order_direction ?? 'ASCENDING';
    if (!['ASCENDING', 'DESCENDING'].includes(direction)) return refused(400, CONVERSION_REFUSAL);
    const found = fake.records.contacts.filter(
      (c) =>
        (query.email === undefined ||
          ((c.email_addresses as { email: string }[]) ?? []).some((e) =>
            matches(e.email, query.email),
          )) &&
        matches(c.given_name, query.given_name) &&
        matches(c.family_name, query.family_name),
    );
    const key = query.order ?? 'id';
    const sortKey = (c: FakeKeapRecord) =>
      key === 'name'
        ? `${lower(c.family_name)} ${lower(c.given_name)}`
        : key === 'firstName'
          ? lower(c.given_name)
          : key === 'email'
            ? lower((c.email_addresses as { email: string }[])[0]?.email)
            : key === 'id'
              ? String(c.id).padStart(20, '0')
              : String(c[key] ?? '');
    const sorted = [...found].sort((a, b) => sortKey(a).localeCompare(sortKey(b)));
    if (direction === 'DESCENDING') sorted.reverse();
    return page(
      'contacts',
      sorted.map((c) => contactView(c, [], false)),
      url,
      query,
    );
  }

  function getContact(id: string, query: Record<string, string>): Answer {
    const record = find('contacts', id);
    if (!record) return refused(404, `Contact ${id} not found`);
    const asked = (query.optional_properties ?? '').split(',').map((p) => p.trim());
    return { status: 200, body: contactView(record, asked, true) };
  }

  // ----- Notes, appointments, tasks ----------------------------------------------------

  function createNote(body: unknown): Answer {
    if (!isObject(body)) return refused(400, CONVERSION_REFUSAL);
    if (body.type !== undefined && !NOTE_TYPES.includes(String(body.type))) {
      return refused(400, CONVERSION_REFUSAL);
    }
    if (body.contact_id === undefined) return refused(400, 'contact_id is required');
    if (!find('contacts', body.contact_id)) {
      return refused(400, `Contact ${String(body.contact_id)} not found`);
    }
    if (!isText(body.title) && !isText(body.body)) {
      return refused(400, 'Either a title or body is required');
    }
    const record = store('notes', {
      title: body.title ?? null,
      body: body.body ?? null,
      type: body.type ?? 'Other',
      contact_id: Number(body.contact_id),
      user_id: body.user_id ?? 1,
      date_created: time(),
      last_updated: time(),
    });
    return { status: 201, body: record };
  }

  function createAppointment(body: unknown): Answer {
    if (!isObject(body)) return refused(400, CONVERSION_REFUSAL);
    for (const field of ['title', 'start_date', 'end_date']) {
      if (!isText(body[field])) return refused(400, `${field} is required`);
    }
    const start = Date.parse(String(body.start_date));
    const end = Date.parse(String(body.end_date));
    if (Number.isNaN(start) || Number.isNaN(end)) return refused(400, CONVERSION_REFUSAL);
    if (end < start) return refused(400, 'end_date must not be before start_date');
    if (body.remind_time !== undefined && !REMIND_TIMES.includes(Number(body.remind_time))) {
      return refused(400, 'remind_time is invalid');
    }
    if (body.contact_id !== undefined && !find('contacts', body.contact_id)) {
      return refused(400, `Contact ${String(body.contact_id)} not found`);
    }
    return { status: 201, body: store('appointments', settable(body, SYSTEM_KEYS)) };
  }

  function createTask(body: unknown): Answer {
    if (!isObject(body)) return refused(400, CONVERSION_REFUSAL);
    if (!isText(body.title) || !isText(body.due_date)) {
      return refused(400, 'title and due_date are required');
    }
    if (Number.isNaN(Date.parse(body.due_date))) return refused(400, CONVERSION_REFUSAL);
    let contact: Record<string, unknown> | undefined;
    if (body.contact !== undefined) {
      const record = isObject(body.contact) ? find('contacts', body.contact.id) : undefined;
      if (!record) return refused(400, 'Contact not found');
      const emails = (record.email_addresses as { email: string }[]) ?? [];
      contact = {
        id: record.id,
        email: emails[0]?.email ?? null,
        first_name: record.given_name ?? null,
        last_name: record.family_name ?? null,
      };
    }
    const record = store('tasks', {
      completed: false,
      priority: 1,
      ...settable(body, SYSTEM_KEYS),
      ...(contact ? { contact } : {}),
      creation_date: time(),
      modification_date: time(),
    });
    return { status: 200, body: record };
  }

  // ----- Opportunities -----------------------------------------------------------------

  function createOpportunity(body: unknown): Answer {
    if (!isObject(body)) return refused(400, CONVERSION_REFUSAL);
    if (!isObject(body.contact) || body.contact.id === undefined) {
      return refused(400, 'contact is required');
    }
    if (!isText(body.opportunity_title)) return refused(400, 'opportunity_title is required');
    if (!isObject(body.stage) || body.stage.id === undefined) {
      return refused(400, 'stage is required');
    }
    const contact = find('contacts', body.contact.id);
    if (!contact) return refused(400, `Contact ${String(body.contact.id)} not found`);
    const stage = fake.stages.find(
      (s) => s.stage_id === Number((body.stage as { id: unknown }).id),
    );
    if (!stage) return refused(400, 'Invalid stage');
    const emails = (contact.email_addresses as { email: string }[]) ?? [];
    const phones = (contact.phone_numbers as { number: string }[]) ?? [];
    const record = store('opportunities', {
      ...settable(body, SYSTEM_KEYS),
      contact: {
        id: contact.id,
        first_name: contact.given_name ?? null,
        last_name: contact.family_name ?? null,
        email: emails[0]?.email ?? null,
        phone_number: phones[0]?.number ?? null,
        company_name: null,
      },
      stage: {
        id: stage.stage_id,
        name: stage.stage_name,
        details: { stage_order: stage.stage_order, probability: 0, target_num_days: 0 },
        reasons: [],
      },
      date_created: time(),
      last_updated: time(),
    });
    return { status: 201, body: record };
  }

  function listOpportunities(url: URL, query: Record<string, string>): Answer {
    const term = query.search_term?.toLowerCase();
    const found = fake.records.opportunities.filter((o) => {
      const contact = o.contact as Record<string, unknown>;
      const haystack = [
        o.opportunity_title,
        contact.first_name,
        contact.last_name,
        contact.email,
        contact.company_name,
      ].map(lower);
      return (
        (query.stage_id === undefined ||
          (o.stage as { id: number }).id === Number(query.stage_id)) &&
        (query.user_id === undefined ||
          (o.user as { id?: number } | undefined)?.id === Number(query.user_id)) &&
        (term === undefined || haystack.some((h) => h.includes(term)))
      );
    });
    // The list leaves out what only the retrieve operation gives (stage reasons, details).
    const listed = found.map((o) => {
      const stage = o.stage as { id: number; name: string };
      return { ...o, stage: { id: stage.id, name: stage.name } };
    });
    return page('opportunities', listed, url, query);
  }

  // ----- Tags --------------------------------------------------------------------------

  function createTag(body: unknown): Answer {
    if (!isObject(body)) return refused(400, CONVERSION_REFUSAL);
    if (!isText(body.name)) return refused(400, 'name is required');
    if (body.category !== undefined) return refused(400, 'Tag category not found');
    const record = store('tags', {
      name: body.name,
      description: body.description ?? null,
      category: null,
    });
    return { status: 201, body: record };
  }

  function applyTags(contactId: string, body: unknown): Answer {
    if (!isObject(body) || !Array.isArray(body.tagIds) || body.tagIds.length === 0) {
      return refused(400, CONVERSION_REFUSAL);
    }
    const contact = find('contacts', contactId);
    const outcomes: Record<string, string> = {};
    for (const raw of body.tagIds) {
      const tagId = Number(raw);
      const applied = (contact?.tag_ids as number[] | undefined) ?? [];
      if (!contact) outcomes[tagId] = 'CONTACT_NOT_FOUND';
      else if (!find('tags', tagId)) outcomes[tagId] = 'TAG_ID_NOT_FOUND';
      else if (applied.includes(tagId)) outcomes[tagId] = 'DUPLICATE';
      else {
        contact.tag_ids = [...applied, tagId];
        outcomes[tagId] = 'SUCCESS';
      }
    }
    return { status: 200, body: outcomes };
  }

  function removeTags(contactId: string, query: Record<string, string>): Answer {
    const contact = find('contacts', contactId);
    if (!contact) return refused(404, `Contact ${contactId} not found`);
    const ids = (query.ids ?? '').split(',').filter((id) => id.trim() !== '');
    if (ids.length === 0 || ids.some((id) => !/^\d+$/.test(id.trim()))) {
      return refused(400, 'ids is required');
    }
    const gone = new Set(ids.map(Number));
    contact.tag_ids = ((contact.tag_ids as number[]) ?? []).filter((t) => !gone.has(t));
    return { status: 204 };
  }

  // ----- Routing -----------------------------------------------------------------------

  const notFound = (): Answer => refused(404, 'Not Found');
  const wrongMethod = (): Answer => refused(405, 'Method Not Allowed');

  function route(method: string, url: URL, body: unknown): Answer {
    const query = Object.fromEntries(url.searchParams);
    const parts = url.pathname.slice(API_PREFIX.length).split('/').filter(Boolean);
    const [resource = '', id, sub] = parts;
    if (body instanceof SyntaxError) return refused(400, CONVERSION_REFUSAL);
    if (resource === 'contacts' && id === undefined) {
      if (method === 'POST') return createContact(body);
      return method === 'GET' ? listContacts(url, query) : wrongMethod();
    }
    if (resource === 'contacts' && id !== undefined && sub === undefined) {
      if (method === 'GET') return getContact(id, query);
      return method === 'PATCH' ? updateContact(id, body) : wrongMethod();
    }
    if (resource === 'contacts' && id !== undefined && sub === 'tags' && parts.length === 3) {
      if (method === 'POST') return applyTags(id, body);
      return method === 'DELETE' ? removeTags(id, query) : wrongMethod();
    }
    if (parts.length === 1 && method === 'POST') {
      if (resource === 'notes') return createNote(body);
      if (resource === 'appointments') return createAppointment(body);
      if (resource === 'tasks') return createTask(body);
      if (resource === 'opportunities') return createOpportunity(body);
      if (resource === 'tags') return createTag(body);
    }
    if (parts.length === 1 && method === 'GET') {
      const byContact = (r: FakeKeapRecord) =>
        query.contact_id === undefined || r.contact_id === Number(query.contact_id);
      if (resource === 'notes') {
        const notes = fake.records.notes.filter(
          (n) =>
            byContact(n) && (query.user_id === undefined || n.user_id === Number(query.user_id)),
        );
        return page('notes', notes, url, query);
      }
      if (resource === 'appointments') {
        return page('appointments', fake.records.appointments.filter(byContact), url, query);
      }
      if (resource === 'opportunities') return listOpportunities(url, query);
      if (resource === 'tags') {
        const tags = fake.records.tags.filter((t) => matches(t.name, query.name));
        return page('tags', tags, url, query);
      }
    }
    if (resource === 'opportunity' && id === 'stage_pipeline' && parts.length === 2) {
      return method === 'GET'
        ? { status: 200, body: fake.stages.map((s) => ({ ...s, stage_count: 0 })) }
        : wrongMethod();
    }
    return notFound();
  }

  /** An API request: the gateway (token, quota, queued failures), then the application. */
  function handleApi(
    req: IncomingMessage,
    res: ServerResponse,
    url: URL,
    body: unknown,
    authorization: string | null,
  ) {
    const method = req.method ?? 'GET';
    const carryOut = () => {
      if (!refusedToken(authorization)) route(method, url, body);
    };
    const drop = drops[0];
    if (drop) {
      if (--drop.times <= 0) drops.shift();
      if (drop.afterHandling) carryOut();
      req.socket.destroy();
      return;
    }
    const failure = failures[0];
    if (failure) {
      if (--failure.times <= 0) failures.shift();
      if (failure.afterHandling) carryOut();
      send(res, failure.answer);
      return;
    }
    const tokenRefused = refusedToken(authorization);
    if (tokenRefused) {
      send(res, tokenRefused);
      return;
    }
    countRequest();
    if (quota.spent) {
      const spent = fault(
        429,
        'Rate limit quota violation. Quota limit exceeded.',
        'policies.ratelimit.QuotaViolation',
      );
      send(res, { ...spent, headers: quotaHeaders() });
      return;
    }
    const limited = limits[0];
    if (limited) {
      if (--limited.times <= 0) limits.shift();
      const spike = fault(
        429,
        'Spike arrest violation.',
        'policies.ratelimit.SpikeArrestViolation',
      );
      const retry: Record<string, string> =
        limited.retryAfter === undefined ? {} : { 'retry-after': String(limited.retryAfter) };
      send(res, { ...spike, headers: { ...quotaHeaders(), ...retry } });
      return;
    }
    const answer = route(method, url, body);
    send(res, { ...answer, headers: { ...quotaHeaders(), ...answer.headers } });
  }

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', fake.url);
      const text = await readBody(req);
      const authorization = req.headers.authorization ?? null;
      const method = req.method ?? 'GET';
      const query = Object.fromEntries(url.searchParams);
      if (url.pathname === '/token') {
        const form = Object.fromEntries(new URLSearchParams(text));
        fake.requests.push({ method, path: url.pathname, query, body: form, authorization });
        send(res, method === 'POST' ? tokenGrant(form, authorization) : wrongMethod());
        return;
      }
      if (url.pathname === '/app/oauth/authorize' && method === 'GET') {
        fake.requests.push({ method, path: url.pathname, query, body: null, authorization });
        try {
          send(res, { status: 302, headers: { location: approve(url.toString()) } });
        } catch (error) {
          send(res, refused(400, error instanceof Error ? error.message : 'invalid request'));
        }
        return;
      }
      let body: unknown = null;
      if (text !== '') {
        try {
          body = JSON.parse(text) as unknown;
        } catch (error) {
          body = error;
        }
      }
      fake.requests.push({
        method,
        path: url.pathname,
        query,
        body: body instanceof SyntaxError ? text : body,
        authorization,
      });
      if (!url.pathname.startsWith(API_PREFIX)) {
        send(res, fault(401, 'Invalid access token', 'oauth.v2.InvalidAccessToken'));
        return;
      }
      handleApi(req, res, url, body, authorization);
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const url = `http://127.0.0.1:${port}`;

  const fake: FakeKeap = {
    url,
    apiBase: `${url}/crm/rest/v1`,
    authorizeUrl: `${url}/app/oauth/authorize`,
    tokenUrl: `${url}/token`,
    clientId: 'fake-keap-client-id',
    clientSecret: 'fake-keap-client-secret',
    app: options.app ?? 'ab123.infusionsoft.com',
    accessLifetimeSeconds: 24 * 60 * 60,
    refreshLifetimeSeconds: 45 * 24 * 60 * 60,
    records: { contacts: [], notes: [], appointments: [], tasks: [], opportunities: [], tags: [] },
    stages: [
      { stage_id: 11, stage_name: 'New Lead', stage_order: 1, end_stage: false, is_default: true },
      {
        stage_id: 12,
        stage_name: 'Consultation',
        stage_order: 2,
        end_stage: false,
        is_default: false,
      },
      { stage_id: 13, stage_name: 'Retained', stage_order: 3, end_stage: true, is_default: false },
      { stage_id: 14, stage_name: 'Declined', stage_order: 4, end_stage: true, is_default: false },
    ],
    requests: [],
    refreshTokens: () =>
      [...refreshTokens].filter(([, at]) => at >= now().getTime()).map(([t]) => t),
    approve,
    issueAccessToken: () => {
      const access = token();
      accessTokens.set(access, now().getTime() + fake.accessLifetimeSeconds * 1000);
      return access;
    },
    revokeGrant: () => {
      refreshTokens.clear();
      accessTokens.clear();
    },
    expireAccessTokens: () => {
      for (const key of accessTokens.keys()) accessTokens.set(key, now().getTime());
    },
    rateLimitNext: (times, retryAfterSeconds) =>
      limits.push({ times, retryAfter: retryAfterSeconds }),
    spendDailyQuota: () => {
      quota.spent = true;
    },
    failNext: (times, status, failOptions = {}) => {
      const body =
        failOptions.body ??
        (status >= 500 ? { message: 'Internal Server Error' } : { message: `HTTP ${status}` });
      failures.push({
        times,
        answer: { status, body, headers: failOptions.headers },
        afterHandling: failOptions.afterHandling ?? false,
      });
    },
    dropConnectionNext: (times, dropOptions = {}) =>
      drops.push({ times, afterHandling: dropOptions.afterHandling ?? false }),
    seed: (collection, fields) =>
      store(
        collection,
        collection === 'contacts'
          ? {
              email_addresses: [],
              phone_numbers: [],
              addresses: [],
              tag_ids: [],
              date_created: time(),
              last_updated: time(),
              ...fields,
            }
          : fields,
      ),
    recover: () => {
      failures.splice(0);
      drops.splice(0);
      limits.splice(0);
      quota.spent = false;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
  return fake;
}
