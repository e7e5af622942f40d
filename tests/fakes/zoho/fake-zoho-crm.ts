import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// A fake Zoho CRM records API, version 7, one per data centre: start it twice for two
// (each its own base URL, the api_domain Zoho gives with a token). Its shapes follow Zoho's
// documentation and its official v7 SDK, never our contracts, so a test against it catches
// our mistakes (issue #33). Sources:
// - records: insert https://www.zoho.com/crm/developer/docs/api/v7/insert-records.html
//   ({data: [...], trigger}, at most 100 records, INVALID_DATA, duplicates on unique
//   fields), update https://zoho.com/crm/developer/docs/api/v2.1/update-records.html (PUT
//   /{module}/{id} and PUT /{module} with ids in data), get
//   https://zoho.com/crm/developer/docs/api/getrecords.html (fields optional for one record);
// - search https://zoho.com/crm/developer/docs/api/v2.1/search-records.html and Kaizen #82
//   (https://help.zoho.com/portal/en/community/topic/kaizen-82-search-records-api-v4):
//   criteria (Field:equals|starts_with:value) joined by and/or, at most 10, "(", ")" and ","
//   escaped with a backslash; phone and email across the module's fields of that kind;
//   page, per_page (200 at most); 204 with no body when nothing matches;
// - related lists https://www.zoho.com/crm/developer/docs/api/v7/get-related-records.html
//   (fields mandatory, 204 when empty); notes
//   https://www.zoho.com/crm/developer/docs/api/v7/create-notes.html (Note_Content and
//   Parent_Id {module: {api_name}, id} mandatory; POST /{module}/{id}/Notes too);
// - tags https://www.zoho.com/crm/developer/docs/api/v7/add-tags.html and
//   https://zoho.com/crm/developer/docs/api/v7/remove-tags.html ({tags: [{name}]} in the
//   body, not v2's tag_names query);
// - calls: Kaizen #38 (https://help.zoho.com/portal/en/community/topic/kaizen-38-calls-api):
//   Call_Type Inbound|Outbound|Missed, Call_Start_Time mandatory in ISO 8601, Call_Duration
//   mandatory for a completed call, Call_Type not updatable, INVALID_DATA for these;
// - answers: per record {code, details: {api_name, json_path}, message, status}, 201 when
//   every record was added, 207 when some were, 400 when none; 401 for a token it did not
//   issue; 204 No Content; 429 TOO MANY REQUESTS
//   (https://zoho.com/crm/developer/docs/api/v8/status-codes.html); the error codes are the
//   v7 SDK's (github.com/zoho/zohocrm-php-sdk-7.0, record/APIException).
//
// ASSUMED, where the pages reachable here stop (kept in this one place):
// - the `message` words of each error (only their codes are documented here): "required
//   field not found", "invalid data", "duplicate data", "invalid oauth token", …;
// - GET of a record id it does not have answers 204; a write, tag action or related list
//   on one answers 400 INVALID_DATA {id}; an unknown related list 404 INVALID_URL_PATTERN;
// - a lookup (Who_Id, What_Id, Parent_Id, …) given as a bare id is kept as {id}; only a
//   note's Parent_Id must name a record it holds;
// - a call is completed (so needs Call_Duration, "mm:ss") when it is Inbound, or Outbound
//   with a start time not in the future; Missed calls need none;
// - search matching: equals and starts_with ignore case; phone compares digits only, across
//   Phone, Mobile, Home_Phone, Other_Phone and Asst_Phone; email ignores case, across Email
//   and Secondary_Email; criteria mixing "and" with "or" answer INVALID_QUERY;
// - per_page over 200 answers INVALID_DATA; no unique field unless a test sets one.

export type FakeZohoModule = 'Contacts' | 'Deals' | 'Calls' | 'Events' | 'Notes';
export const FAKE_ZOHO_MODULES: readonly FakeZohoModule[] = [
  'Contacts',
  'Deals',
  'Calls',
  'Events',
  'Notes',
];

/** A record as the fake keeps it: Zoho's field API names, `id` a 19-digit string. */
export interface FakeZohoRecord {
  id: string;
  [field: string]: unknown;
}

export interface FakeZohoCrmRequest {
  method: string;
  /** e.g. /crm/v7/Contacts/search */
  path: string;
  query: Record<string, string>;
  body: unknown;
  /** The token after "Zoho-oauthtoken ", null when none came in that form. */
  token: string | null;
}

export interface FakeZohoCrm {
  /** Its base URL: what Zoho Accounts gives as api_domain (https://www.zohoapis.eu, …). */
  apiDomain: string;
  location: string;
  records: Record<FakeZohoModule, FakeZohoRecord[]>;
  /** Fields whose values must be unique per module (none unless a test sets some). */
  uniqueFields: Partial<Record<FakeZohoModule, string[]>>;
  requests: FakeZohoCrmRequest[];
  /** From now on only these access tokens are valid (the list replaces the previous one). */
  acceptTokens(tokens: Iterable<string>): void;
  /** The next `times` requests are answered so, doing nothing (Zoho's own error body by default). */
  failNext(times: number, status: number, body?: unknown, headers?: Record<string, string>): void;
  /**
   * The next `times` requests get no answer: the connection is destroyed (a killed process,
   * a timeout). With `afterHandling` the request is carried out first, so a write happened
   * whose answer was lost.
   */
  dropConnectionNext(times: number, options?: { afterHandling?: boolean }): void;
  /** A record put straight in, as if made in Zoho by a person; it is returned with its id. */
  seed(module: FakeZohoModule, fields: Record<string, unknown>): FakeZohoRecord;
  /** Answers normally again: queued failures and drops are forgotten. */
  recover(): void;
  close(): Promise<void>;
}

interface Answer {
  status: number;
  /** Absent for 204. */
  body?: unknown;
  headers?: Record<string, string>;
}

type ZohoError = {
  code: string;
  details: Record<string, unknown>;
  message: string;
  status: 'error';
};

const API_PREFIX = '/crm/v7/';
const MAX_RECORDS_PER_CALL = 100;
const MAX_PER_PAGE = 200;
const MAX_CRITERIA = 10;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/;
const DURATION = /^\d{1,3}:\d{2}$/;
const CALL_TYPES = ['Inbound', 'Outbound', 'Missed'];
const PHONE_FIELDS = ['Phone', 'Mobile', 'Home_Phone', 'Other_Phone', 'Asst_Phone'];
const EMAIL_FIELDS = ['Email', 'Secondary_Email'];
const LOOKUP_FIELDS = ['Who_Id', 'What_Id', 'Contact_Name', 'Account_Name', 'Parent_Id'];
const SYSTEM_FIELDS = ['id', 'Created_Time', 'Modified_Time', 'Created_By', 'Modified_By'];
const DATE_TIME_FIELDS = ['Call_Start_Time', 'Start_DateTime', 'End_DateTime'];

/** The fields each module requires on insert (MANDATORY_NOT_FOUND when absent or empty). */
const MANDATORY: Record<FakeZohoModule, readonly string[]> = {
  Contacts: ['Last_Name'],
  Deals: ['Deal_Name', 'Stage'],
  Calls: ['Subject', 'Call_Type'],
  Events: ['Event_Title', 'Start_DateTime', 'End_DateTime'],
  Notes: ['Note_Content', 'Parent_Id'],
};

/** An org-like 11-digit prefix per data centre, so ids of two fakes never meet. */
const ID_PREFIX: Record<string, string> = {
  us: '48768760000',
  eu: '20637140000',
  in: '60034120000',
  au: '70011430000',
  jp: '80015270000',
  ca: '90024610000',
  cn: '30051890000',
};

const zohoError = (code: string, message: string, details: Record<string, unknown> = {}) =>
  ({ code, details, message, status: 'error' }) satisfies ZohoError;

const fieldError = (code: string, message: string, index: number, apiName: string) =>
  zohoError(code, message, { api_name: apiName, json_path: `$.data[${index}].${apiName}` });

const required = (index: number, apiName: string) =>
  fieldError('MANDATORY_NOT_FOUND', 'required field not found', index, apiName);
const invalid = (index: number, apiName: string, expected?: string) =>
  zohoError('INVALID_DATA', 'invalid data', {
    api_name: apiName,
    json_path: `$.data[${index}].${apiName}`,
    ...(expected ? { expected_data_type: expected } : {}),
  });
const invalidId = (id: string) =>
  zohoError('INVALID_DATA', 'the id given seems to be invalid', { id });

const DEFAULT_FAILURE_BODY: Record<number, ZohoError> = {
  401: zohoError('INVALID_TOKEN', 'invalid oauth token'),
  429: zohoError('TOO_MANY_REQUESTS', 'too many requests'),
  500: zohoError('INTERNAL_ERROR', 'Internal Server Error'),
  503: zohoError('INTERNAL_ERROR', 'Service Unavailable'),
};

/** Zoho's date-time: yyyy-MM-ddTHH:mm:ss±HH:mm (here always in UTC, +00:00). */
const zohoTime = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, '+00:00');

const isEmpty = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const digits = (value: unknown) => String(value ?? '').replace(/\D/g, '');

async function readBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return { unparsable: text };
  }
}

function send(res: ServerResponse, answer: Answer) {
  if (answer.status === 204 || answer.body === undefined) {
    res.writeHead(answer.status, answer.headers ?? {});
    res.end();
    return;
  }
  res.writeHead(answer.status, {
    'content-type': 'application/json;charset=UTF-8',
    ...answer.headers,
  });
  res.end(JSON.stringify(answer.body));
}

/** A write's answer: 201/200 when every record succeeded, 207 when some did, 400 when none. */
function writeAnswer(results: { status: string }[], successStatus: number): Answer {
  const ok = results.filter((r) => r.status === 'success').length;
  const status = ok === results.length ? successStatus : ok === 0 ? 400 : 207;
  return { status, body: { data: results } };
}

interface Condition {
  field: string;
  operator: 'equals' | 'starts_with';
  value: string;
}

/** The conditions of a criteria parameter, or null when it is not of the documented form. */
function parseCriteria(text: string): { join: 'and' | 'or'; conditions: Condition[] } | null {
  const inner = text.startsWith('((') && text.endsWith(')') ? text.slice(1, -1) : text;
  const conditions: Condition[] = [];
  const joins = new Set<string>();
  let at = 0;
  while (at < inner.length) {
    if (conditions.length > 0) {
      const join = /^(and|or)/.exec(inner.slice(at))?.[1];
      if (!join) return null;
      joins.add(join);
      at += join.length;
    }
    if (inner[at] !== '(') return null;
    let end = at + 1;
    while (end < inner.length && inner[end] !== ')') end += inner[end] === '\\' ? 2 : 1;
    if (end >= inner.length) return null;
    const condition = parseCondition(inner.slice(at + 1, end));
    if (!condition) return null;
    conditions.push(condition);
    at = end + 1;
  }
  if (conditions.length === 0 || conditions.length > MAX_CRITERIA || joins.size > 1) return null;
  return { join: joins.has('or') ? 'or' : 'and', conditions };
}

function parseCondition(text: string): Condition | null {
  const match = /^([A-Za-z][A-Za-z0-9_]*):(equals|starts_with):(.*)$/s.exec(text);
  if (!match) return null;
  const value = match[3]!.replace(/\\(.)/g, '$1');
  return { field: match[1]!, operator: match[2] as Condition['operator'], value };
}

function textOf(value: unknown): string {
  if (isObject(value)) return String(value.id ?? value.name ?? '');
  return String(value ?? '');
}

function matches(record: FakeZohoRecord, condition: Condition): boolean {
  const have = textOf(record[condition.field]).toLowerCase();
  const want = condition.value.toLowerCase();
  return condition.operator === 'equals' ? have === want : have.startsWith(want);
}

/** Zoho's Full_Name of a contact: its first and last names. */
const fullName = (record: FakeZohoRecord) =>
  [record.First_Name, record.Last_Name].filter((name) => !isEmpty(name)).join(' ');

/** A lookup given as a bare id is kept as {id}, as Zoho answers lookups. */
function normalized(fields: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) {
    if (SYSTEM_FIELDS.includes(key)) continue;
    out[key] = LOOKUP_FIELDS.includes(key) && typeof value === 'string' ? { id: value } : value;
  }
  return out;
}

export async function startFakeZohoCrm(
  options: { location?: string; now?: () => Date } = {},
): Promise<FakeZohoCrm> {
  const location = options.location ?? 'us';
  const now = options.now ?? (() => new Date());
  const prefix = ID_PREFIX[location] ?? ID_PREFIX.us!;
  let counter = 1_000_000;
  const nextId = () => `${prefix}${String(++counter).padStart(8, '0')}`;
  const user = { id: `${prefix}00000001`, name: 'Patricia Boyle', email: 'p.boyle@zylker.test' };
  const tokens = new Set<string>();
  const failures: { times: number; answer: Answer }[] = [];
  const drops: { times: number; afterHandling: boolean }[] = [];
  const tagIds = new Map<string, string>();

  const known = (module: string): module is FakeZohoModule =>
    (FAKE_ZOHO_MODULES as readonly string[]).includes(module);
  const find = (module: FakeZohoModule, id: string) =>
    fake.records[module].find((record) => record.id === id);

  /** The first reason Zoho would refuse this record, or null. */
  function refusal(
    module: FakeZohoModule,
    fields: Record<string, unknown>,
    index: number,
    existing?: FakeZohoRecord,
  ): ZohoError | null {
    const merged = { ...existing, ...fields };
    for (const field of MANDATORY[module]) {
      if (existing ? field in fields && isEmpty(fields[field]) : isEmpty(fields[field])) {
        return required(index, field);
      }
    }
    for (const field of DATE_TIME_FIELDS) {
      if (field in fields && !DATE_TIME.test(String(fields[field]))) {
        return invalid(index, field, 'datetime');
      }
    }
    if (module === 'Calls') {
      const call = callRefusal(merged, fields, index, existing);
      if (call) return call;
    }
    const eventEnd = Date.parse(String(merged.End_DateTime));
    if (module === 'Events' && eventEnd < Date.parse(String(merged.Start_DateTime))) {
      return invalid(index, 'End_DateTime');
    }
    if (module === 'Notes' && 'Parent_Id' in fields) {
      const parent = fields.Parent_Id;
      const parentModule =
        isObject(parent) && isObject(parent.module) ? parent.module.api_name : '';
      if (!isObject(parent) || typeof parentModule !== 'string' || !known(parentModule)) {
        return invalid(index, 'Parent_Id', 'jsonobject');
      }
      if (!find(parentModule, String(parent.id))) return invalid(index, 'Parent_Id');
    }
    for (const field of fake.uniqueFields[module] ?? []) {
      const value = textOf(fields[field]).toLowerCase();
      const twin = fake.records[module].find(
        (r) => r !== existing && value !== '' && textOf(r[field]).toLowerCase() === value,
      );
      if (twin) {
        return zohoError('DUPLICATE_DATA', 'duplicate data', {
          api_name: field,
          json_path: `$.data[${index}].${field}`,
          duplicate_record: { id: twin.id, module: { api_name: module }, Owner: twin.Owner },
        });
      }
    }
    return null;
  }

  function callRefusal(
    merged: Record<string, unknown>,
    fields: Record<string, unknown>,
    index: number,
    existing?: FakeZohoRecord,
  ): ZohoError | null {
    if (existing && 'Call_Type' in fields && fields.Call_Type !== existing.Call_Type) {
      return invalid(index, 'Call_Type');
    }
    if (!CALL_TYPES.includes(String(merged.Call_Type))) return invalid(index, 'Call_Type');
    if (isEmpty(merged.Call_Start_Time)) return invalid(index, 'Call_Start_Time', 'datetime');
    const started = Date.parse(String(merged.Call_Start_Time)) <= now().getTime();
    const completed =
      merged.Call_Type === 'Inbound' || (merged.Call_Type === 'Outbound' && started);
    if (completed && !DURATION.test(String(merged.Call_Duration ?? ''))) {
      return invalid(index, 'Call_Duration');
    }
    return null;
  }

  function store(module: FakeZohoModule, fields: Record<string, unknown>): FakeZohoRecord {
    const time = zohoTime(now());
    const owner = { name: user.name, id: user.id, email: user.email };
    const record: FakeZohoRecord = {
      Owner: owner,
      ...normalized(fields),
      id: nextId(),
      Created_Time: time,
      Modified_Time: time,
      Created_By: { name: user.name, id: user.id },
      Modified_By: { name: user.name, id: user.id },
      Tag: [],
    };
    if (module === 'Contacts') record.Full_Name = fullName(record);
    if (module === 'Notes' && isObject(record.Parent_Id) && isObject(record.Parent_Id.module)) {
      record.$se_module = record.Parent_Id.module.api_name;
    }
    fake.records[module].push(record);
    return record;
  }

  const success = (record: FakeZohoRecord, message: string) => ({
    code: 'SUCCESS',
    details: {
      Modified_Time: record.Modified_Time,
      Modified_By: record.Modified_By,
      Created_Time: record.Created_Time,
      id: record.id,
      Created_By: record.Created_By,
    },
    message,
    status: 'success',
  });

  /** The body's `data` list, or the answer refusing a body without one. */
  function dataOf(body: unknown): unknown[] | Answer {
    if (!isObject(body) || !Array.isArray(body.data) || body.data.length === 0) {
      const refused = zohoError('MANDATORY_NOT_FOUND', 'required field not found', {
        api_name: 'data',
        json_path: '$.data',
      });
      return { status: 400, body: refused };
    }
    if (body.data.length > MAX_RECORDS_PER_CALL) {
      const refused = zohoError('LIMIT_EXCEEDED', 'the number of records exceeds the limit', {
        api_name: 'data',
        limit: MAX_RECORDS_PER_CALL,
      });
      return { status: 400, body: refused };
    }
    if ('trigger' in body && !Array.isArray(body.trigger)) {
      return {
        status: 400,
        body: zohoError('INVALID_DATA', 'invalid data', { api_name: 'trigger' }),
      };
    }
    return body.data;
  }

  function insert(module: FakeZohoModule, body: unknown): Answer {
    const data = dataOf(body);
    if (!Array.isArray(data)) return data;
    const results = data.map((item, index) => {
      if (!isObject(item)) return zohoError('INVALID_DATA', 'invalid data', { index });
      const refused = refusal(module, item, index);
      return refused ?? success(store(module, item), 'record added');
    });
    return writeAnswer(results, 201);
  }

  function update(module: FakeZohoModule, body: unknown, pathId?: string): Answer {
    const data = dataOf(body);
    if (!Array.isArray(data)) return data;
    const results = data.map((item, index) => {
      if (!isObject(item)) return zohoError('INVALID_DATA', 'invalid data', { index });
      const id = pathId ?? (typeof item.id === 'string' ? item.id : '');
      const record = find(module, id);
      if (!record) return invalidId(id);
      const refused = refusal(module, item, index, record);
      if (refused) return refused;
      Object.assign(record, normalized(item), {
        Modified_Time: zohoTime(now()),
        Modified_By: { name: user.name, id: user.id },
      });
      if (module === 'Contacts') record.Full_Name = fullName(record);
      return success(record, 'record updated');
    });
    return writeAnswer(results, 200);
  }

  /** A page of records, only the fields asked (and id); 204 when the page is empty. */
  function page(records: FakeZohoRecord[], query: Record<string, string>): Answer {
    const perPage = Number(query.per_page ?? MAX_PER_PAGE);
    const pageNo = Number(query.page ?? 1);
    if (!Number.isInteger(perPage) || perPage < 1 || perPage > MAX_PER_PAGE) {
      return {
        status: 400,
        body: zohoError('INVALID_DATA', 'invalid data', { param: 'per_page' }),
      };
    }
    if (!Number.isInteger(pageNo) || pageNo < 1) {
      return { status: 400, body: zohoError('INVALID_DATA', 'invalid data', { param: 'page' }) };
    }
    const slice = records.slice((pageNo - 1) * perPage, pageNo * perPage);
    if (slice.length === 0) return { status: 204 };
    const fields = query.fields?.split(',').filter((f) => f !== '');
    const project = (record: FakeZohoRecord): FakeZohoRecord =>
      fields
        ? Object.fromEntries([
            ['id', record.id],
            ...fields.filter((f) => f in record).map((f) => [f, record[f]]),
          ])
        : { ...record };
    const info = {
      per_page: perPage,
      count: slice.length,
      page: pageNo,
      more_records: pageNo * perPage < records.length,
    };
    return { status: 200, body: { data: slice.map(project), info } };
  }

  function search(module: FakeZohoModule, query: Record<string, string>): Answer {
    const records = fake.records[module];
    if (query.phone !== undefined) {
      const want = digits(query.phone);
      const found = records.filter((r) =>
        PHONE_FIELDS.some((f) => want !== '' && digits(r[f]) === want),
      );
      return page(found, query);
    }
    if (query.email !== undefined) {
      const want = query.email.toLowerCase();
      const found = records.filter((r) =>
        EMAIL_FIELDS.some((f) => textOf(r[f]).toLowerCase() === want),
      );
      return page(found, query);
    }
    if (query.criteria !== undefined) {
      const parsed = parseCriteria(query.criteria);
      if (!parsed) {
        return {
          status: 400,
          body: zohoError('INVALID_QUERY', 'Invalid query formed', { param: 'criteria' }),
        };
      }
      const test = (r: FakeZohoRecord) =>
        parsed.join === 'and'
          ? parsed.conditions.every((c) => matches(r, c))
          : parsed.conditions.some((c) => matches(r, c));
      return page(records.filter(test), query);
    }
    return {
      status: 400,
      body: zohoError('REQUIRED_PARAM_MISSING', 'One of the expected parameter is missing', {
        param: 'criteria',
      }),
    };
  }

  function related(
    module: FakeZohoModule,
    id: string,
    list: string,
    query: Record<string, string>,
  ): Answer {
    if (!known(list)) return notAUrl();
    if (!find(module, id)) return { status: 400, body: { data: [invalidId(id)] } };
    if (!query.fields) {
      return {
        status: 400,
        body: zohoError('REQUIRED_PARAM_MISSING', 'One of the expected parameter is missing', {
          param: 'fields',
        }),
      };
    }
    const pointsAtParent = (record: FakeZohoRecord) =>
      LOOKUP_FIELDS.some((f) => isObject(record[f]) && (record[f] as { id?: unknown }).id === id);
    return page(fake.records[list].filter(pointsAtParent), query);
  }

  function tags(module: FakeZohoModule, id: string, action: string, body: unknown): Answer {
    const record = find(module, id);
    if (!record) return { status: 400, body: { data: [invalidId(id)] } };
    const given = isObject(body) && Array.isArray(body.tags) ? body.tags : [];
    const names = given
      .map((t) => (isObject(t) && typeof t.name === 'string' ? t.name.trim() : ''))
      .filter((n) => n !== '');
    if (names.length === 0) {
      const refused = zohoError('MANDATORY_NOT_FOUND', 'required field not found', {
        api_name: 'tags',
        json_path: '$.tags',
      });
      return { status: 400, body: refused };
    }
    let current = (record.Tag as { name: string; id: string }[]) ?? [];
    const has = (name: string) => current.some((t) => t.name.toLowerCase() === name.toLowerCase());
    if (action === 'add_tags') {
      for (const name of names.filter((n) => !has(n))) {
        const key = `${module}:${name.toLowerCase()}`;
        if (!tagIds.has(key)) tagIds.set(key, nextId());
        current = [...current, { name, id: tagIds.get(key)! }];
      }
    } else {
      const gone = new Set(names.map((n) => n.toLowerCase()));
      current = current.filter((t) => !gone.has(t.name.toLowerCase()));
    }
    record.Tag = current;
    const result = {
      code: 'SUCCESS',
      details: { id, tags: current.map((t) => ({ ...t, color_code: null })) },
      message: 'tags updated successfully',
      status: 'success',
    };
    return { status: 200, body: { data: [result] } };
  }

  const notAUrl = (): Answer => ({
    status: 404,
    body: zohoError(
      'INVALID_URL_PATTERN',
      'Please check if the URL trying to access is a correct one',
    ),
  });

  const wrongMethod = (): Answer => ({
    status: 400,
    body: zohoError('INVALID_REQUEST_METHOD', 'The http request method type is not a valid one'),
  });

  /** POST /{module}/{id}/Notes: notes of that record (create-notes.html). */
  function notesOf(module: FakeZohoModule, id: string, body: unknown): Answer {
    const data = dataOf(body);
    if (!Array.isArray(data)) return data;
    const parent = { module: { api_name: module }, id };
    const notes = data.map((note) => (isObject(note) ? { ...note, Parent_Id: parent } : note));
    return insert('Notes', { ...(body as object), data: notes });
  }

  function route(method: string, url: URL, body: unknown): Answer {
    if (!url.pathname.startsWith(API_PREFIX)) return notAUrl();
    const query = Object.fromEntries(url.searchParams);
    const parts = url.pathname.slice(API_PREFIX.length).split('/').map(decodeURIComponent);
    const [module = '', id = '', list = '', action = ''] = parts;
    if (!known(module)) {
      const refused = zohoError('INVALID_MODULE', 'the module name given seems to be invalid', {
        resource_path_index: 0,
      });
      return { status: 400, body: refused };
    }
    if (isObject(body) && 'unparsable' in body) {
      return { status: 400, body: zohoError('INVALID_DATA', 'the input JSON is not valid') };
    }
    if (parts.length === 1) {
      if (method === 'POST') return insert(module, body);
      return method === 'PUT' ? update(module, body) : wrongMethod();
    }
    if (parts.length === 2 && id === 'search') {
      return method === 'GET' ? search(module, query) : wrongMethod();
    }
    if (parts.length === 2) {
      if (method === 'PUT') return update(module, body, id);
      if (method !== 'GET') return wrongMethod();
      const record = find(module, id);
      if (!record) return { status: 204 };
      return page([record], query.fields ? { fields: query.fields } : {});
    }
    if (parts.length === 3) {
      if (method === 'GET') return related(module, id, list, query);
      return method === 'POST' && list === 'Notes' ? notesOf(module, id, body) : wrongMethod();
    }
    const tagAction = action === 'add_tags' || action === 'remove_tags';
    if (parts.length === 4 && list === 'actions' && tagAction) {
      return method === 'POST' ? tags(module, id, action, body) : wrongMethod();
    }
    return notAUrl();
  }

  /** Zoho's 401 for a request without a token it issued, or null. */
  function refusedToken(token: string | null): Answer | null {
    if (token === null) {
      return { status: 401, body: zohoError('AUTHENTICATION_FAILURE', 'Authentication failed') };
    }
    return tokens.has(token)
      ? null
      : { status: 401, body: zohoError('INVALID_TOKEN', 'invalid oauth token') };
  }

  const server = createServer((req, res) => {
    void (async () => {
      const body = await readBody(req);
      const url = new URL(req.url ?? '/', fake.apiDomain);
      const method = req.method ?? 'GET';
      const authorization = req.headers.authorization ?? '';
      const token = authorization.startsWith('Zoho-oauthtoken ')
        ? authorization.slice('Zoho-oauthtoken '.length)
        : null;
      const query = Object.fromEntries(url.searchParams);
      fake.requests.push({ method, path: url.pathname, query, body, token });
      const drop = drops[0];
      if (drop) {
        if (--drop.times <= 0) drops.shift();
        if (drop.afterHandling && refusedToken(token) === null) route(method, url, body);
        req.socket.destroy();
        return;
      }
      const failure = failures[0];
      if (failure) {
        if (--failure.times <= 0) failures.shift();
        send(res, failure.answer);
        return;
      }
      send(res, refusedToken(token) ?? route(method, url, body));
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  const fake: FakeZohoCrm = {
    apiDomain: `http://127.0.0.1:${port}`,
    location,
    records: { Contacts: [], Deals: [], Calls: [], Events: [], Notes: [] },
    uniqueFields: {},
    requests: [],
    acceptTokens: (list) => {
      tokens.clear();
      for (const token of list) tokens.add(token);
    },
    failNext: (times, status, body, headers) => {
      const answerBody =
        body ?? DEFAULT_FAILURE_BODY[status] ?? zohoError('INTERNAL_ERROR', `HTTP ${status}`);
      failures.push({ times, answer: { status, body: answerBody, headers } });
    },
    dropConnectionNext: (times, dropOptions = {}) =>
      drops.push({ times, afterHandling: dropOptions.afterHandling ?? false }),
    seed: (module, fields) => store(module, fields),
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
