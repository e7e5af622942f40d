import {
  DEFAULT_RETRY_POLICY,
  redacted,
  VendorError,
  type VendorHttpOptions,
  type VendorRequest,
  vendorRequest,
  type VendorClientTransport,
} from '../../connectors/vendor-http';
import {
  type ZohoActionResult,
  zohoActionAnswerSchema,
  zohoErrorText,
  zohoErrorWords,
  type ZohoRecord,
  zohoRecordsAnswerSchema,
} from './zoho-crm-schemas';

// A typed client of Zoho CRM's records API, version 7 (issue #33): records written, read,
// searched, their related lists and tags, at the organisation's own data centre (the
// api_domain Zoho gave with the token, server/crm/crm-connections.ts). Each method cites
// the page its request follows; connectors/vendor-http.ts does the retries and errors.
// Every request carries `Authorization: Zoho-oauthtoken {token}`
// (https://www.zoho.com/crm/developer/docs/api/v7/insert-records.html "Header").

export const ZOHO_CRM_API_VERSION = 'v7';

// ---------------------------------------------------------------------------------------
// What the documentation reachable here does not settle. Every ASSUMED detail of this
// client is here, to be checked against Zoho before a firm relies on it.
// ---------------------------------------------------------------------------------------

/**
 * ASSUMED (our choice): writes run no workflow rules, approvals or blueprints (`trigger:
 * []`, which the insert page documents as "to not execute the workflows"). The firm's own
 * automations would otherwise fire on records our sync writes, and again when the outbox
 * repeats a write it could not confirm; what they should do with our records is the
 * firm's decision, made in Zoho, not a side effect of the sync.
 */
export const ZOHO_WRITE_TRIGGERS: readonly string[] = [];

/**
 * ASSUMED: the error codes of a 429 that means the organisation's API credits of the last
 * 24 hours are spent. Zoho documents that a 429 means either that or the concurrency limit
 * (https://zoho.com/crm/developer/docs/api/v8/status-codes.html "TOO MANY REQUESTS") and
 * names TOO_MANY_REQUESTS for the concurrency case (Kaizen #203,
 * https://help.zoho.com/portal/en/community/topic/kaizen-203-answering-your-questions-handling-api-limits-and-error-responses);
 * no page reached here gives the code of the daily case. These two are the limit codes of
 * the v7 SDK's record/APIException (github.com/zoho/zohocrm-php-sdk-7.0). Such a 429 is
 * not retried: the credits free up over hours, not seconds.
 */
export const ZOHO_DAILY_LIMIT_CODES: ReadonlySet<string> = new Set([
  'LIMIT_EXCEEDED',
  'LIMIT_REACHED',
]);

/**
 * The codes of a 401 that a fresh access token cures (an expired or revoked token). Both
 * are in the v7 SDK's error codes; that AUTHENTICATION_FAILURE too is cured by refreshing
 * is ASSUMED. OAUTH_SCOPE_MISMATCH is not here: a new token has the same scopes.
 */
export const ZOHO_STALE_TOKEN_CODES: ReadonlySet<string> = new Set([
  'INVALID_TOKEN',
  'AUTHENTICATION_FAILURE',
]);

/**
 * ASSUMED: GET /{module}/{id} of an id the organisation does not have answers 204 No
 * Content (status-codes.html: "There is no content available for the request"), which
 * getRecord returns as null.
 */
const MISSING_RECORD = null;

// ---------------------------------------------------------------------------------------

/** The most records one search or related-list page holds (get-related-records.html). */
export const ZOHO_MAX_PER_PAGE = 200;

export interface ZohoCrmClientOptions extends VendorClientTransport {
  /** The data centre's API host, from the token answer: https://www.zohoapis.eu, … */
  apiDomain: string;
  /** A valid access token (crm-connections.ts accessToken, refreshed before expiry). */
  accessToken: () => Promise<string>;
  /** A new access token, after Zoho refused one; without it a refusal is final. */
  refreshAccessToken?: () => Promise<string>;
}

/** One condition of a search: equals and starts_with are the documented comparators. */
export interface ZohoCriterion {
  /** A field's API name: Last_Name, Email, Phone, … */
  field: string;
  operator: 'equals' | 'starts_with';
  value: string;
}

/** How to search: by phone or e-mail across the module's fields of that kind, or criteria. */
export type ZohoSearch =
  | { phone: string }
  | { email: string }
  | { criteria: readonly ZohoCriterion[]; join?: 'and' | 'or' };

export interface ZohoSearchOptions {
  /** The fields wanted besides the id (API names); Zoho's default set when absent. */
  fields?: readonly string[];
  page?: number;
  perPage?: number;
}

export interface ZohoCrmClient {
  readonly apiDomain: string;
  /** A new record; Zoho's id of it. */
  insert(module: string, record: Record<string, unknown>): Promise<{ id: string }>;
  /** The fields given changed on record `id`. */
  update(module: string, id: string, record: Record<string, unknown>): Promise<{ id: string }>;
  /** The first page of matches ([] when none). */
  search(module: string, by: ZohoSearch, options?: ZohoSearchOptions): Promise<ZohoRecord[]>;
  /** The first page of a related list of record `id` (Contacts/{id}/Notes); [] when empty. */
  related(
    module: string,
    id: string,
    relatedList: string,
    fields: readonly string[],
  ): Promise<ZohoRecord[]>;
  /** Record `id`, or null when the organisation has no such record. */
  getRecord(module: string, id: string, fields?: readonly string[]): Promise<ZohoRecord | null>;
  /** Tags put on record `id` by name (Zoho creates a tag it does not have yet). */
  addTags(module: string, id: string, tags: readonly string[]): Promise<void>;
  removeTags(module: string, id: string, tags: readonly string[]): Promise<void>;
}

const API_NAME = /^[A-Za-z][A-Za-z0-9_]*$/;
const RECORD_ID = /^\d{1,30}$/;

/** A module or field API name, or a record id, checked before it goes into a URL. */
function checked(kind: 'module' | 'field' | 'record id', value: string): string {
  if ((kind === 'record id' ? RECORD_ID : API_NAME).test(value)) return value;
  throw new VendorError('bad-request', `"${value}" is not a Zoho CRM ${kind}.`);
}

/**
 * The criteria parameter: (Field:operator:value), several wrapped and joined by and/or,
 * parentheses and commas of a value escaped with a backslash (the URL encodes the rest).
 * https://zoho.com/crm/developer/docs/api/v2.1/search-records.html "criteria"; Kaizen #82,
 * https://help.zoho.com/portal/en/community/topic/kaizen-82-search-records-api-v4.
 */
export function zohoCriteria(criteria: readonly ZohoCriterion[], join: 'and' | 'or' = 'and') {
  if (criteria.length === 0 || criteria.length > 10) {
    throw new VendorError('bad-request', 'A Zoho CRM search takes 1 to 10 criteria.');
  }
  const parts = criteria.map(
    (c) => `(${checked('field', c.field)}:${c.operator}:${c.value.replace(/[(),]/g, '\\$&')})`,
  );
  return parts.length === 1 ? parts[0]! : `(${parts.join(join)})`;
}

/** The search parameters of `by` (search-records.html: criteria, email, phone). */
function searchQuery(by: ZohoSearch): Record<string, string> {
  if ('phone' in by) return { phone: by.phone };
  if ('email' in by) return { email: by.email };
  return { criteria: zohoCriteria(by.criteria, by.join) };
}

/** The one record's outcome of a write; a refused record is a bad-request in Zoho's words. */
function outcomeOf(answer: { data: ZohoActionResult[] }): { id: string } {
  const result = answer.data[0]!;
  if (result.status === 'success') return { id: result.details.id };
  // A 2xx whose record was refused (Zoho answers 400 when every record of a write is
  // refused, so this is a defence): the status of the answer is not known here.
  throw new VendorError('bad-request', zohoErrorText(result), null, null, result.code);
}

const pageOf = (options: ZohoSearchOptions) => ({
  fields: options.fields?.map((f) => checked('field', f)).join(','),
  page: options.page,
  per_page:
    options.perPage === undefined ? undefined : Math.min(options.perPage, ZOHO_MAX_PER_PAGE),
});

const isDailyLimit = (error: VendorError) =>
  error.kind === 'rate-limited' && error.code !== null && ZOHO_DAILY_LIMIT_CODES.has(error.code);

/** The daily limit in words a person can act on; any other failure as it is. */
function inPlainWords(error: VendorError): VendorError {
  if (!isDailyLimit(error)) return error;
  return new VendorError(
    'rate-limited',
    "Zoho CRM's daily API limit is reached: requests to it resume as the credits used over the last 24 hours free up.",
    error.status,
    error.retryAfterMs,
    error.code,
  );
}

export function createZohoCrmClient(options: ZohoCrmClientOptions): ZohoCrmClient {
  const apiDomain = options.apiDomain.replace(/\/+$/, '');
  const base: Omit<VendorHttpOptions, 'headers' | 'redact'> = {
    vendor: 'Zoho CRM',
    baseUrl: `${apiDomain}/crm/${ZOHO_CRM_API_VERSION}/`,
    errorWords: zohoErrorWords,
    fetch: options.fetch ?? globalThis.fetch,
    sleep: options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms))),
    now: options.now ?? Date.now,
    random: options.random ?? Math.random,
    retry: { ...DEFAULT_RETRY_POLICY, ...options.retry },
    timeoutMs: options.timeoutMs ?? 15_000,
    giveUp: isDailyLimit,
  };

  /**
   * The request with the current token, once more with a new one if Zoho refused it as
   * stale; `finish` reads the answer. No failure leaves here with a token in its words.
   */
  async function send<T, R>(request: VendorRequest<T>, finish: (answer: T) => R): Promise<R> {
    const used: string[] = [];
    let token = await options.accessToken();
    for (;;) {
      used.push(token);
      const current = token;
      try {
        const headers = () => ({ authorization: `Zoho-oauthtoken ${current}` });
        return finish(await vendorRequest({ ...base, headers, redact: () => used }, request));
      } catch (error) {
        if (!(error instanceof VendorError)) throw error;
        const stale =
          error.kind === 'auth' && error.code !== null && ZOHO_STALE_TOKEN_CODES.has(error.code);
        if (stale && options.refreshAccessToken && used.length === 1) {
          token = await options.refreshAccessToken();
          continue;
        }
        const { kind, status, retryAfterMs, code } = error;
        throw inPlainWords(
          new VendorError(kind, redacted(error.message, used), status, retryAfterMs, code),
        );
      }
    }
  }

  const recordPath = (module: string, id: string) =>
    `${encodeURIComponent(checked('module', module))}/${encodeURIComponent(checked('record id', id))}`;

  return {
    apiDomain,

    // POST /crm/v7/{module} with {data: [record], trigger: []}; 201 with the record's
    // outcome. https://www.zoho.com/crm/developer/docs/api/v7/insert-records.html.
    insert: async (module, record) =>
      send(
        {
          method: 'POST',
          path: encodeURIComponent(checked('module', module)),
          body: { data: [record], trigger: ZOHO_WRITE_TRIGGERS },
          schema: zohoActionAnswerSchema,
        },
        outcomeOf,
      ),

    // PUT /crm/v7/{module}/{record_id} ("To update a specific record"), same body and
    // outcome as insert. https://zoho.com/crm/developer/docs/api/v2.1/update-records.html.
    update: async (module, id, record) =>
      send(
        {
          method: 'PUT',
          path: recordPath(module, id),
          body: { data: [record], trigger: ZOHO_WRITE_TRIGGERS },
          schema: zohoActionAnswerSchema,
        },
        outcomeOf,
      ),

    // GET /crm/v7/{module}/search?phone=|email=|criteria= (&fields, page, per_page); 204
    // when nothing matches. https://zoho.com/crm/developer/docs/api/v2.1/search-records.html
    // and the v7 SDK's SearchRecordsParam (criteria, email, phone, word, fields, page, per_page).
    search: async (module, by, searchOptions = {}) =>
      send(
        {
          method: 'GET',
          path: `${encodeURIComponent(checked('module', module))}/search`,
          query: { ...searchQuery(by), ...pageOf(searchOptions) },
          schema: zohoRecordsAnswerSchema,
          noContent: { data: [] },
        },
        (answer) => answer.data,
      ),

    // GET /crm/v7/{module}/{record_id}/{related_list_api_name}?fields= (fields mandatory);
    // 204 when the list is empty.
    // https://www.zoho.com/crm/developer/docs/api/v7/get-related-records.html.
    related: async (module, id, relatedList, fields) => {
      if (fields.length === 0) throw new VendorError('bad-request', 'Name the fields wanted.');
      return send(
        {
          method: 'GET',
          path: `${recordPath(module, id)}/${encodeURIComponent(checked('module', relatedList))}`,
          query: pageOf({ fields }),
          schema: zohoRecordsAnswerSchema,
          noContent: { data: [] },
        },
        (answer) => answer.data,
      );
    },

    // GET /crm/v7/{module}/{record_id} (fields optional for one record), {data: [record]}.
    // https://zoho.com/crm/developer/docs/api/getrecords.html "To get specific record".
    getRecord: async (module, id, fields) =>
      send(
        {
          method: 'GET',
          path: recordPath(module, id),
          query: pageOf({ fields }),
          schema: zohoRecordsAnswerSchema,
          noContent: { data: [] },
        },
        (answer) => answer.data[0] ?? MISSING_RECORD,
      ),

    // POST /crm/v7/{module}/{record_id}/actions/add_tags with {tags: [{name}]} in the body
    // (v7 takes the tags in the body; the tag_names query was v2's).
    // https://www.zoho.com/crm/developer/docs/api/v7/add-tags.html.
    addTags: async (module, id, tags) => {
      if (tags.length === 0) return;
      await send(
        {
          method: 'POST',
          path: `${recordPath(module, id)}/actions/add_tags`,
          body: { tags: tags.map((name) => ({ name })) },
          schema: zohoActionAnswerSchema,
        },
        outcomeOf,
      );
    },

    // POST /crm/v7/{module}/{record_id}/actions/remove_tags with {tags: [{name}]}.
    // https://zoho.com/crm/developer/docs/api/v7/remove-tags.html.
    removeTags: async (module, id, tags) => {
      if (tags.length === 0) return;
      await send(
        {
          method: 'POST',
          path: `${recordPath(module, id)}/actions/remove_tags`,
          body: { tags: tags.map((name) => ({ name })) },
          schema: zohoActionAnswerSchema,
        },
        outcomeOf,
      );
    },
  };
}
