import { z } from 'zod';
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
  type KeapAppointment,
  keapAppointmentListSchema,
  keapAppointmentSchema,
  type KeapContact,
  keapContactListSchema,
  keapContactSchema,
  keapErrorWords,
  type KeapNote,
  keapNoteListSchema,
  keapNoteSchema,
  type KeapNoteType,
  type KeapOpportunity,
  keapOpportunityListSchema,
  keapOpportunitySchema,
  type KeapStage,
  keapStageListSchema,
  type KeapTag,
  keapTagApplicationSchema,
  keapTagListSchema,
  keapTagSchema,
  type KeapTagOutcome,
  type KeapTask,
  keapTaskSchema,
} from './keap-schemas';

// A typed client of Keap's (Infusionsoft's) REST API v1 (issue #33): contacts, notes,
// appointments, tasks, opportunities and tags of the Keap app the OAuth grant is for. Each
// method cites the operation its request follows in Keap's v1 reference
// (https://developer.infusionsoft.com/docs/rest/, whose content is Keap's OpenAPI document
// https://crm.infusionsoft.com/app/v3/api-docs/V1; the operation ids are its own);
// connectors/vendor-http.ts does the retries and errors. Every request carries
// `Authorization: Bearer {access token}` (https://developer.infusionsoft.com/authentication).
// Keap's ids are integers in JSON; they are strings here, checked before they go out.
//
// Rate limits (https://developer.infusionsoft.com/api-token-quota-and-usage-measurements/):
// an OAuth client has 1,500 requests a minute and 150,000 a day (reset at 00:00 UTC), an
// app instance 10,000 a minute and 250,000 a day, and every answer reports them in the
// x-keap-product-quota-*, x-keap-product-throttle-* and x-keap-tenant-throttle-* headers.

// ---------------------------------------------------------------------------------------
// What the documentation reachable here does not settle. Every ASSUMED detail of this
// client is here, to be checked against Keap before a firm relies on it.
// ---------------------------------------------------------------------------------------

/**
 * ASSUMED: a list answers at most 1,000 records, and that is its default `limit`; the v1
 * document names `limit` and `offset` without a bound.
 */
export const KEAP_MAX_PAGE_SIZE = 1000;

/**
 * ASSUMED: a 429 that comes while x-keap-product-quota-available is 0 (or the day window
 * of x-keap-tenant-throttle-available is, which Keap sends as "minute|day" values) means
 * the day's quota is spent. Waiting seconds will not cure it, so it is not retried; its
 * `retryAfterMs` runs to x-keap-product-quota-expiry-time (milliseconds since the epoch)
 * or, without it, to the next 00:00 UTC (the documented reset).
 */
function dailyQuotaSpent(headers: Headers | null): boolean {
  if (!headers) return false;
  if (headers.get('x-keap-product-quota-available')?.trim() === '0') return true;
  const units = (headers.get('x-keap-tenant-throttle-time-unit') ?? '').split('|');
  const left = (headers.get('x-keap-tenant-throttle-available') ?? '').split('|');
  return units.some((unit, i) => unit.trim() === 'day' && left[i]?.trim() === '0');
}

function quotaResetsAt(headers: Headers | null, now: number): number {
  const expiry = Number(headers?.get('x-keap-product-quota-expiry-time') ?? '');
  if (Number.isFinite(expiry) && expiry > now) return expiry;
  const midnight = new Date(now);
  midnight.setUTCHours(24, 0, 0, 0);
  return midnight.getTime();
}

/**
 * ASSUMED: any 401 is cured, if at all, by a new access token (Keap's gateway answers 401
 * for an expired, revoked or unknown token alike), so a 401 is refreshed once; a 403 (a
 * user without permission) is not.
 */
const STALE_TOKEN_STATUS = 401;

// ---------------------------------------------------------------------------------------

export const KEAP_API_BASE = 'https://api.infusionsoft.com/crm/rest/v1';

export interface KeapClientOptions extends VendorClientTransport {
  /** Keap's REST v1 base unless set (a fake's in tests). */
  apiBase?: string;
  /** A valid access token (refreshed before expiry by whoever holds the connection). */
  accessToken: () => Promise<string>;
  /**
   * A new access token, after Keap refused one (KeapOAuth.refresh, whose rotated refresh
   * token the caller saves); without it a refusal is final. Its own failure (a
   * KeapOAuthError whose grant is gone) passes through as it is.
   */
  refreshAccessToken?: () => Promise<string>;
}

export interface KeapEmailAddressInput {
  email: string;
  field: 'EMAIL1' | 'EMAIL2' | 'EMAIL3';
}

export interface KeapPhoneNumberInput {
  number: string;
  field: 'PHONE1' | 'PHONE2' | 'PHONE3' | 'PHONE4' | 'PHONE5';
  type?: string;
  extension?: string;
}

export interface KeapAddressInput {
  field: 'BILLING' | 'SHIPPING' | 'OTHER';
  line1?: string;
  line2?: string;
  locality?: string;
  /** Keap requires country_code when region is given. */
  region?: string;
  zip_code?: string;
  zip_four?: string;
  postal_code?: string;
  country_code?: string;
}

/**
 * A contact to create, or the properties to change (CreateOrPatchContact). A new contact
 * needs at least one email address or phone number. On an update, a collection given
 * (email_addresses, phone_numbers, addresses) replaces Keap's whole list.
 */
export interface KeapContactInput {
  given_name?: string;
  family_name?: string;
  middle_name?: string;
  job_title?: string;
  contact_type?: string;
  time_zone?: string;
  opt_in_reason?: string;
  source_type?: string;
  email_addresses?: KeapEmailAddressInput[];
  phone_numbers?: KeapPhoneNumberInput[];
  addresses?: KeapAddressInput[];
  lead_source_id?: string;
  owner_id?: string;
}

/** GET /contacts filters (ContactQueryCommand). */
export interface KeapContactQuery {
  email?: string;
  given_name?: string;
  family_name?: string;
  limit?: number;
  offset?: number;
  order?: 'id' | 'date_created' | 'last_updated' | 'name' | 'firstName' | 'email';
  order_direction?: 'ASCENDING' | 'DESCENDING';
}

export interface KeapPageQuery {
  limit?: number;
  offset?: number;
}

/** A page of a list: its records and `count`, the number of all that match. */
export interface KeapPage<T> {
  items: T[];
  count: number;
}

export interface KeapNoteInput {
  contact_id: string;
  /** Keap needs a title or a body. */
  title?: string;
  body?: string;
  type?: KeapNoteType;
  user_id?: string;
}

export interface KeapAppointmentInput {
  contact_id?: string;
  title: string;
  description?: string;
  /** ISO 8601 date-times. */
  start_date: string;
  end_date: string;
  location?: string;
  /** The user to remind (Keap: required only for pop-up reminders). */
  user?: string;
  /** Minutes before start: 5, 10, 15, 30, 60, 120, 240, 480, 1440 or 2880. */
  remind_time?: number;
}

export interface KeapTaskInput {
  /** Keap requires a title and a due date. */
  title: string;
  due_date: string;
  description?: string;
  contact_id?: string;
  type?: string;
  priority?: number;
  user_id?: string;
  remind_time?: number;
}

export interface KeapOpportunityInput {
  contact: { id: string };
  opportunity_title: string;
  stage: { id: string };
  user?: { id: string };
  opportunity_notes?: string;
  estimated_close_date?: string;
  next_action_date?: string;
  next_action_notes?: string;
  projected_revenue_low?: number;
  projected_revenue_high?: number;
}

export interface KeapClient {
  readonly apiBase: string;
  createContact(contact: KeapContactInput): Promise<KeapContact>;
  /** Only the properties given change (PATCH). */
  updateContact(id: string, patch: KeapContactInput): Promise<KeapContact>;
  findContacts(query?: KeapContactQuery): Promise<KeapPage<KeapContact>>;
  /** Contact `id`, or null when the app has no such contact. */
  getContact(id: string, optionalProperties?: readonly string[]): Promise<KeapContact | null>;
  createNote(note: KeapNoteInput): Promise<KeapNote>;
  listNotes(query: KeapPageQuery & { contact_id?: string }): Promise<KeapPage<KeapNote>>;
  createAppointment(appointment: KeapAppointmentInput): Promise<KeapAppointment>;
  listAppointments(
    query: KeapPageQuery & { contact_id?: string; since?: string; until?: string },
  ): Promise<KeapPage<KeapAppointment>>;
  createTask(task: KeapTaskInput): Promise<KeapTask>;
  createOpportunity(opportunity: KeapOpportunityInput): Promise<KeapOpportunity>;
  listOpportunities(
    query: KeapPageQuery & { stage_id?: string; user_id?: string; search_term?: string },
  ): Promise<KeapPage<KeapOpportunity>>;
  listOpportunityStages(): Promise<KeapStage[]>;
  /** Tags put on contact `contactId` (one already there is no error). */
  applyTags(contactId: string, tagIds: readonly string[]): Promise<void>;
  removeTags(contactId: string, tagIds: readonly string[]): Promise<void>;
  /** Tags of the app, those named `name` when given. */
  listTags(query?: KeapPageQuery & { name?: string }): Promise<KeapPage<KeapTag>>;
  createTag(tag: { name: string; description?: string; category_id?: string }): Promise<KeapTag>;
}

const KEAP_ID = /^[1-9]\d{0,15}$/;

/** A Keap id given as a string, as the integer Keap takes, or a bad-request. */
export function keapNumber(kind: string, value: string): number {
  const number = Number(value);
  if (KEAP_ID.test(value) && Number.isSafeInteger(number)) return number;
  throw new VendorError('bad-request', `"${value}" is not a Keap ${kind}.`);
}

const optionalNumber = (kind: string, value: string | undefined) =>
  value === undefined ? undefined : keapNumber(kind, value);

/** A page size Keap accepts; undefined when not asked. */
function limitOf(limit: number | undefined): number | undefined {
  if (limit === undefined) return undefined;
  if (!Number.isInteger(limit) || limit < 1) {
    throw new VendorError('bad-request', `${limit} is not a page size.`);
  }
  return Math.min(limit, KEAP_MAX_PAGE_SIZE);
}

function pageQuery(query: KeapPageQuery) {
  if (query.offset !== undefined && (!Number.isInteger(query.offset) || query.offset < 0)) {
    throw new VendorError('bad-request', `${query.offset} is not an offset.`);
  }
  return { limit: limitOf(query.limit), offset: query.offset };
}

const pageOf = <T>(items: T[], count: number | null | undefined): KeapPage<T> => ({
  items,
  count: count ?? items.length,
});

/** The body of CreateOrPatchContact: our input with its ids as Keap's integers. */
function contactBody(contact: KeapContactInput): Record<string, unknown> {
  const { lead_source_id: leadSource, owner_id: owner, ...rest } = contact;
  return {
    ...rest,
    ...(leadSource === undefined ? {} : { lead_source_id: keapNumber('lead source', leadSource) }),
    ...(owner === undefined ? {} : { owner_id: keapNumber('user id', owner) }),
  };
}

/** Fails unless Keap applied (or already had) every tag asked for. */
function appliedOrThrow(
  contactId: string,
  tagIds: readonly string[],
  outcomes: Record<string, KeapTagOutcome>,
) {
  const missing = tagIds.find((tag) => outcomes[tag] === undefined);
  if (missing !== undefined) {
    throw new VendorError('invalid-answer', `Keap did not say what became of tag ${missing}.`);
  }
  const failed = tagIds.filter((tag) => !['SUCCESS', 'DUPLICATE'].includes(outcomes[tag]!));
  if (failed.length === 0) return;
  const first = outcomes[failed[0]!]!;
  if (first === 'CONTACT_NOT_FOUND') {
    throw new VendorError('not-found', `Keap has no contact ${contactId}.`, 200, null, first);
  }
  const kind = first === 'NO_PERMISSION' ? 'auth' : 'bad-request';
  const message = `Keap did not apply tag ${failed.join(', ')} to contact ${contactId} (${first}).`;
  throw new VendorError(kind, message, 200, null, first);
}

/** Keap's Apply Tags and Remove Applied Tags take at most 100 tag ids a request. */
const TAGS_PER_REQUEST = 100;

function batchesOf<T>(items: readonly T[], size: number): T[][] {
  const batches: T[][] = [];
  for (let i = 0; i < items.length; i += size) batches.push(items.slice(i, i + size));
  return batches;
}

/** The daily quota in words a person can act on; any other failure as it is. */
function inPlainWords(error: VendorError, headers: Headers | null, now: number): VendorError {
  if (error.kind !== 'rate-limited' || !dailyQuotaSpent(headers)) return error;
  return new VendorError(
    'rate-limited',
    "Keap's daily API quota for this connection is spent: requests resume when it resets (00:00 UTC).",
    error.status,
    quotaResetsAt(headers, now) - now,
    error.code,
  );
}

type Send = <T, R>(request: VendorRequest<T>, finish: (answer: T) => R) => Promise<R>;

const contactPath = (id: string) => `contacts/${keapNumber('contact id', id)}`;

/** Contacts: https://developer.infusionsoft.com/docs/rest/ (Contact). */
function contactMethods(send: Send) {
  return {
    // POST /contacts (createContact): CreateOrPatchContact; 201 with the FullContact.
    createContact: async (contact: KeapContactInput) =>
      send(
        { method: 'POST', path: 'contacts', body: contactBody(contact), schema: keapContactSchema },
        (answer) => answer,
      ),

    // PATCH /contacts/{contactId} (updatePropertiesOnContact): "Updates a contact with only
    // the values provided in the request"; 200 with the FullContact. The same patch twice
    // leaves the same contact, so an outage is retried.
    updateContact: async (id: string, patch: KeapContactInput) =>
      send(
        {
          method: 'PATCH',
          path: contactPath(id),
          body: contactBody(patch),
          schema: keapContactSchema,
          retryOutage: true,
        },
        (answer) => answer,
      ),

    // GET /contacts (listContacts): ContactQueryCommand (limit, offset, email, given_name,
    // family_name, order, order_direction); ContactList {contacts, count, next, previous}.
    findContacts: async (query: KeapContactQuery = {}) =>
      send(
        {
          method: 'GET',
          path: 'contacts',
          query: {
            email: query.email,
            given_name: query.given_name,
            family_name: query.family_name,
            order: query.order,
            order_direction: query.order_direction,
            ...pageQuery(query),
          },
          schema: keapContactListSchema,
        },
        (answer) => pageOf(answer.contacts, answer.count),
      ),

    // GET /contacts/{id} (getContact), optional_properties a comma-delimited list ("Some
    // fields such as lead_source_id, custom_fields, and job_title aren't included, by
    // default"); 404 when the app has no such contact.
    getContact: async (id: string, optionalProperties: readonly string[] = []) => {
      const path = contactPath(id);
      try {
        return await send(
          {
            method: 'GET',
            path,
            query: {
              optional_properties:
                optionalProperties.length > 0 ? optionalProperties.join(',') : undefined,
            },
            schema: keapContactSchema,
          },
          (answer): KeapContact | null => answer,
        );
      } catch (error) {
        if (error instanceof VendorError && error.kind === 'not-found') return null;
        throw error;
      }
    },
  };
}

/** Notes, appointments and tasks: https://developer.infusionsoft.com/docs/rest/. */
function activityMethods(send: Send) {
  return {
    // POST /notes (createNote): RequestNote {contact_id (required), title, body, type,
    // user_id}, "Either a title or body is required"; 201 with the Note.
    createNote: async (note: KeapNoteInput) =>
      send(
        {
          method: 'POST',
          path: 'notes',
          body: {
            contact_id: keapNumber('contact id', note.contact_id),
            title: note.title,
            body: note.body,
            type: note.type,
            user_id: optionalNumber('user id', note.user_id),
          },
          schema: keapNoteSchema,
        },
        (answer) => answer,
      ),

    // GET /notes (listNotes): NoteQueryCommand (limit, offset, user_id, contact_id);
    // NoteList {notes, count, next, previous}.
    listNotes: async (query: KeapPageQuery & { contact_id?: string }) =>
      send(
        {
          method: 'GET',
          path: 'notes',
          query: {
            contact_id: optionalNumber('contact id', query.contact_id),
            ...pageQuery(query),
          },
          schema: keapNoteListSchema,
        },
        (answer) => pageOf(answer.notes, answer.count),
      ),

    // POST /appointments (createAppointment): Appointment (title, start_date, end_date
    // required; contact_id, user, remind_time, location, description); the Appointment.
    createAppointment: async (appointment: KeapAppointmentInput) =>
      send(
        {
          method: 'POST',
          path: 'appointments',
          body: {
            ...appointment,
            contact_id: optionalNumber('contact id', appointment.contact_id),
            user: optionalNumber('user id', appointment.user),
          },
          schema: keapAppointmentSchema,
        },
        (answer) => answer,
      ),

    // GET /appointments (listAppointments): AppointmentSearchCommand sent flat (since,
    // until, limit, offset, contact_id); AppointmentList {appointments, count, …}.
    listAppointments: async (
      query: KeapPageQuery & { contact_id?: string; since?: string; until?: string },
    ) =>
      send(
        {
          method: 'GET',
          path: 'appointments',
          query: {
            contact_id: optionalNumber('contact id', query.contact_id),
            since: query.since,
            until: query.until,
            ...pageQuery(query),
          },
          schema: keapAppointmentListSchema,
        },
        (answer) => pageOf(answer.appointments, answer.count),
      ),

    // POST /tasks (createTask): Task, "must contain … `title` and `due_date`", its contact
    // as {id}; 200 with the Task.
    createTask: async (task: KeapTaskInput) => {
      const { contact_id: contactId, user_id: userId, ...rest } = task;
      return send(
        {
          method: 'POST',
          path: 'tasks',
          body: {
            ...rest,
            ...(contactId === undefined
              ? {}
              : { contact: { id: keapNumber('contact id', contactId) } }),
            user_id: optionalNumber('user id', userId),
          },
          schema: keapTaskSchema,
        },
        (answer) => answer,
      );
    },
  };
}

/** Opportunities: https://developer.infusionsoft.com/docs/rest/ (Opportunity). */
function opportunityMethods(send: Send) {
  return {
    // POST /opportunities (createOpportunity): UpdateOpportunityRequest, contact {id},
    // opportunity_title and stage {id} required; the Opportunity.
    createOpportunity: async (opportunity: KeapOpportunityInput) =>
      send(
        {
          method: 'POST',
          path: 'opportunities',
          body: {
            ...opportunity,
            contact: { id: keapNumber('contact id', opportunity.contact.id) },
            stage: { id: keapNumber('stage id', opportunity.stage.id) },
            user:
              opportunity.user === undefined
                ? undefined
                : { id: keapNumber('user id', opportunity.user.id) },
          },
          schema: keapOpportunitySchema,
        },
        (answer) => answer,
      ),

    // GET /opportunities (listOpportunities): OpportunitySearchCommand (limit, offset,
    // user_id, stage_id, search_term, order); OpportunityList.
    listOpportunities: async (
      query: KeapPageQuery & { stage_id?: string; user_id?: string; search_term?: string },
    ) =>
      send(
        {
          method: 'GET',
          path: 'opportunities',
          query: {
            stage_id: optionalNumber('stage id', query.stage_id),
            user_id: optionalNumber('user id', query.user_id),
            search_term: query.search_term,
            ...pageQuery(query),
          },
          schema: keapOpportunityListSchema,
        },
        (answer) => pageOf(answer.opportunities, answer.count),
      ),

    // GET /opportunity/stage_pipeline (listOpportunityStagePipelines): SalesPipeline[].
    listOpportunityStages: async () =>
      send(
        { method: 'GET', path: 'opportunity/stage_pipeline', schema: keapStageListSchema },
        (answer) => answer,
      ),
  };
}

/** Tags: https://developer.infusionsoft.com/docs/rest/ (Contact, Tags). */
function tagMethods(send: Send) {
  return {
    // POST /contacts/{contactId}/tags (applyTagsToContactId): TagId {tagIds} (camelCase, as
    // the schema and infusionsoft-php's ContactService::addTags send it, at most 100);
    // 200 with {tagId: SUCCESS | DUPLICATE | CONTACT_NOT_FOUND | TAG_ID_NOT_FOUND | …}.
    // Applying a tag again answers DUPLICATE, so an outage is retried.
    applyTags: async (contactId: string, tagIds: readonly string[]) => {
      const path = `${contactPath(contactId)}/tags`;
      const ids = tagIds.map((id) => keapNumber('tag id', id));
      for (const batch of batchesOf(ids, TAGS_PER_REQUEST)) {
        await send(
          {
            method: 'POST',
            path,
            body: { tagIds: batch },
            schema: keapTagApplicationSchema,
            retryOutage: true,
          },
          (answer) => appliedOrThrow(contactId, batch.map(String), answer),
        );
      }
    },

    // DELETE /contacts/{contactId}/tags?ids=1,2,3 (removeTagsFromContact): "a
    // comma-separated URIencoded list"; 204 No Content.
    removeTags: async (contactId: string, tagIds: readonly string[]) => {
      const path = `${contactPath(contactId)}/tags`;
      const ids = tagIds.map((id) => keapNumber('tag id', id));
      for (const batch of batchesOf(ids, TAGS_PER_REQUEST)) {
        await send(
          {
            method: 'DELETE',
            path,
            query: { ids: batch.join(',') },
            schema: z.null(),
            noContent: null,
            retryOutage: true,
          },
          () => undefined,
        );
      }
    },

    // GET /tags (listTags): RestTagQueryCommand (limit, offset, category, name "Filter for
    // tags with a specific name"); Tags {tags, count, next, previous}.
    listTags: async (query: KeapPageQuery & { name?: string } = {}) =>
      send(
        {
          method: 'GET',
          path: 'tags',
          query: { name: query.name, ...pageQuery(query) },
          schema: keapTagListSchema,
        },
        (answer) => pageOf(answer.tags, answer.count),
      ),

    // POST /tags (createTag): CreateTag {name (required), description, category {id}}.
    createTag: async (tag: { name: string; description?: string; category_id?: string }) =>
      send(
        {
          method: 'POST',
          path: 'tags',
          body: {
            name: tag.name,
            description: tag.description,
            category:
              tag.category_id === undefined
                ? undefined
                : { id: keapNumber('tag category id', tag.category_id) },
          },
          schema: keapTagSchema,
        },
        (answer) => answer,
      ),
  };
}

export function createKeapClient(options: KeapClientOptions): KeapClient {
  const apiBase = (options.apiBase ?? KEAP_API_BASE).replace(/\/+$/, '');
  const doFetch = options.fetch ?? globalThis.fetch;
  const now = options.now ?? Date.now;
  const base: Omit<VendorHttpOptions, 'headers' | 'redact' | 'fetch'> = {
    vendor: 'Keap',
    baseUrl: `${apiBase}/`,
    errorWords: keapErrorWords,
    sleep: options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms))),
    now,
    random: options.random ?? Math.random,
    retry: { ...DEFAULT_RETRY_POLICY, ...options.retry },
    timeoutMs: options.timeoutMs ?? 15_000,
  };

  /**
   * The request with the current token, once more with a new one if Keap refused it
   * (401); `finish` reads the answer. The quota headers of the last answer decide whether
   * a 429 is waited out. No failure leaves here with a token in its words.
   */
  const send: Send = async (request, finish) => {
    const used: string[] = [];
    let token = await options.accessToken();
    for (;;) {
      used.push(token);
      const current = token;
      let lastHeaders: Headers | null = null;
      const watched: typeof fetch = async (input, init) => {
        const answer = await doFetch(input, init);
        lastHeaders = answer.headers;
        return answer;
      };
      const http: VendorHttpOptions = {
        ...base,
        fetch: watched,
        headers: () => ({ authorization: `Bearer ${current}` }),
        redact: () => used,
        giveUp: (error) => error.kind === 'rate-limited' && dailyQuotaSpent(lastHeaders),
      };
      try {
        return finish(await vendorRequest(http, request));
      } catch (error) {
        if (!(error instanceof VendorError)) throw error;
        const stale = error.status === STALE_TOKEN_STATUS;
        if (stale && options.refreshAccessToken && used.length === 1) {
          token = await options.refreshAccessToken();
          continue;
        }
        const { kind, status, retryAfterMs, code } = error;
        const safe = new VendorError(
          kind,
          redacted(error.message, used),
          status,
          retryAfterMs,
          code,
        );
        throw inPlainWords(safe, lastHeaders, now());
      }
    }
  };

  return {
    apiBase,
    ...contactMethods(send),
    ...activityMethods(send),
    ...opportunityMethods(send),
    ...tagMethods(send),
  };
}
