import { z } from 'zod';

// Keap's (Infusionsoft's) own answer shapes, REST API v1 (issue #33), read from Keap's
// published OpenAPI document of v1 (https://developer.infusionsoft.com/docs/rest/, rendered
// from https://crm.infusionsoft.com/app/v3/api-docs/V1: components FullContact,
// RestPartialContact, EmailAddress, PhoneNumber, ContactAddress, ContactList, Note,
// NoteList, Appointment, AppointmentList, Task, TaskList, Opportunity, OpportunityList,
// SalesPipeline, Tag, Tags, TagId) and Keap's generated SDKs of it
// (github.com/infusionsoft/infusionsoft-sdk-java docs/, github.com/infusionsoft/
// infusionsoft-php src/Infusionsoft/Api/Rest/), never from our contracts. Keap's keys stay
// snake_case; records keep every field (z.looseObject: a firm's Keap carries custom fields
// and properties we do not read), envelopes strip what we do not read. Keap's ids are
// integers in JSON (int64); they leave here as strings.

// ---------------------------------------------------------------------------------------
// ASSUMED, where the documentation reachable here does not settle a shape (kept here):
// - Appointment and Task answers carry their `id`: the v1 document's Appointment and Task
//   schemas list no `id` property, yet the record has one (GET /appointments/{id},
//   /tasks/{taskId}), and nothing could be updated or linked without it.
// - An application error (a validation refusal, a record not found) answers `{message}`:
//   the v1 document declares every error as Spring's ModelAndView, which says nothing of
//   the body; `{message}` is the body Keap's SDKs surface. Keap's v2 adds `code`,
//   `status` and `details`, read here when present.
// - A refusal by Keap's API gateway itself (a token it does not accept, a quota spent)
//   answers Apigee's `{fault: {faultstring, detail: {errorcode}}}`, a shape no Keap
//   document shows; it is what integrations observe from api.infusionsoft.com
//   (errorcode keymanagement.service.invalid_access_token, …access_token_expired,
//   oauth.v2.InvalidAccessToken, policies.ratelimit.QuotaViolation).
// ---------------------------------------------------------------------------------------

/** A Keap id: an integer in JSON, a string at our surface. */
export const keapIdSchema = z.number().int().nonnegative().transform(String);

const text = z.string();
const optionalText = text.nullish();
/** Keap's date-times: ISO 8601 strings, e.g. 2024-01-15T09:00:00.000Z. */
const dateTime = text.nullish();

/** The paging of every v1 list: `count` of all matches, `next`/`previous` page URLs. */
const pageFields = {
  count: z.number().int().min(0).nullish(),
  next: optionalText,
  previous: optionalText,
};

/** EmailAddress: `field` EMAIL1 | EMAIL2 | EMAIL3 (required), the address. */
export const keapEmailAddressSchema = z.looseObject({ email: text, field: text });

/** PhoneNumber: `field` PHONE1 … PHONE5 (required), the number as given, its type. */
export const keapPhoneNumberSchema = z.looseObject({
  number: text,
  field: text,
  type: optionalText,
  extension: optionalText,
  number_e164: optionalText,
});

/** ContactAddress: `field` BILLING | SHIPPING | OTHER (required). */
export const keapAddressSchema = z.looseObject({
  field: text,
  line1: optionalText,
  line2: optionalText,
  locality: optionalText,
  region: optionalText,
  zip_code: optionalText,
  zip_four: optionalText,
  postal_code: optionalText,
  country_code: optionalText,
});

/**
 * A contact: FullContact (one contact, with `tag_ids`) or RestPartialContact (a list's,
 * without them). `lead_source_id` comes only when asked through `optional_properties`.
 */
export const keapContactSchema = z.looseObject({
  id: keapIdSchema,
  given_name: optionalText,
  family_name: optionalText,
  middle_name: optionalText,
  email_addresses: z.array(keapEmailAddressSchema).nullish(),
  phone_numbers: z.array(keapPhoneNumberSchema).nullish(),
  addresses: z.array(keapAddressSchema).nullish(),
  lead_source_id: keapIdSchema.nullish(),
  owner_id: keapIdSchema.nullish(),
  tag_ids: z.array(keapIdSchema).nullish(),
  date_created: dateTime,
  last_updated: dateTime,
});
export type KeapContact = z.infer<typeof keapContactSchema>;

export const keapContactListSchema = z.object({
  contacts: z.array(keapContactSchema),
  ...pageFields,
});

/** A note's `type`, as RequestNote enumerates it. */
export const KEAP_NOTE_TYPES = ['Appointment', 'Call', 'Email', 'Fax', 'Letter', 'Other'] as const;
export type KeapNoteType = (typeof KEAP_NOTE_TYPES)[number];

/** Note (POST /notes answers 201 with it). */
export const keapNoteSchema = z.looseObject({
  id: keapIdSchema,
  title: optionalText,
  body: optionalText,
  type: optionalText,
  contact_id: keapIdSchema.nullish(),
  user_id: keapIdSchema.nullish(),
  date_created: dateTime,
  last_updated: dateTime,
});
export type KeapNote = z.infer<typeof keapNoteSchema>;

export const keapNoteListSchema = z.object({ notes: z.array(keapNoteSchema), ...pageFields });

/** Appointment: title, start_date and end_date required; `user` is a user id. */
export const keapAppointmentSchema = z.looseObject({
  id: keapIdSchema,
  title: text,
  description: optionalText,
  location: optionalText,
  contact_id: keapIdSchema.nullish(),
  user: keapIdSchema.nullish(),
  start_date: text,
  end_date: text,
  remind_time: z.number().int().nullish(),
});
export type KeapAppointment = z.infer<typeof keapAppointmentSchema>;

export const keapAppointmentListSchema = z.object({
  appointments: z.array(keapAppointmentSchema),
  ...pageFields,
});

/** Task: its contact as BasicContact {id, email, first_name, last_name}. */
export const keapTaskSchema = z.looseObject({
  id: keapIdSchema,
  title: text,
  description: optionalText,
  type: optionalText,
  priority: z.number().int().nullish(),
  completed: z.boolean().nullish(),
  contact: z
    .looseObject({
      id: keapIdSchema,
      email: optionalText,
      first_name: optionalText,
      last_name: optionalText,
    })
    .nullish(),
  due_date: dateTime,
  creation_date: dateTime,
  completion_date: dateTime,
  user_id: keapIdSchema.nullish(),
});
export type KeapTask = z.infer<typeof keapTaskSchema>;

/** Opportunity: contact, opportunity_title and stage required. */
export const keapOpportunitySchema = z.looseObject({
  id: keapIdSchema,
  opportunity_title: text,
  contact: z.looseObject({
    id: keapIdSchema,
    first_name: optionalText,
    last_name: optionalText,
    email: optionalText,
    phone_number: optionalText,
    company_name: optionalText,
  }),
  stage: z.looseObject({ id: keapIdSchema, name: optionalText }),
  user: z
    .looseObject({
      id: keapIdSchema.nullish(),
      first_name: optionalText,
      last_name: optionalText,
    })
    .nullish(),
  opportunity_notes: optionalText,
  next_action_date: dateTime,
  next_action_notes: optionalText,
  estimated_close_date: dateTime,
  projected_revenue_low: z.number().nullish(),
  projected_revenue_high: z.number().nullish(),
  date_created: dateTime,
  last_updated: dateTime,
});
export type KeapOpportunity = z.infer<typeof keapOpportunitySchema>;

export const keapOpportunityListSchema = z.object({
  opportunities: z.array(keapOpportunitySchema),
  ...pageFields,
});

/** One stage of the sales pipeline (GET /opportunity/stage_pipeline: SalesPipeline[]). */
export const keapStageSchema = z.looseObject({
  stage_id: keapIdSchema,
  stage_name: text,
  stage_order: z.number().int().nullish(),
  stage_count: z.number().int().nullish(),
  end_stage: z.boolean().nullish(),
  is_default: z.boolean().nullish(),
});
export type KeapStage = z.infer<typeof keapStageSchema>;
export const keapStageListSchema = z.array(keapStageSchema);

/** Tag: id and name required; its category {id, name, description} when it has one. */
export const keapTagSchema = z.looseObject({
  id: keapIdSchema,
  name: text,
  description: optionalText,
  category: z.looseObject({ id: keapIdSchema, name: optionalText }).nullish(),
});
export type KeapTag = z.infer<typeof keapTagSchema>;

export const keapTagListSchema = z.object({ tags: z.array(keapTagSchema), ...pageFields });

/** The outcome of one tag of POST /contacts/{contactId}/tags. */
export const KEAP_TAG_OUTCOMES = [
  'SUCCESS',
  'DUPLICATE',
  'CONTACT_NOT_FOUND',
  'TAG_ID_NOT_FOUND',
  'FAILURE',
  'NO_PERMISSION',
] as const;
export type KeapTagOutcome = (typeof KEAP_TAG_OUTCOMES)[number];

/** Apply Tags answers 200 with a map of each tag id to its outcome. */
export const keapTagApplicationSchema = z.record(
  z.string().regex(/^\d+$/),
  z.enum(KEAP_TAG_OUTCOMES),
);

/** The gateway's refusal (Apigee): see ASSUMED above. */
export const keapGatewayFaultSchema = z.object({
  fault: z.object({
    faultstring: text,
    detail: z.object({ errorcode: text }).nullish(),
  }),
});

/** The application's refusal: see ASSUMED above. */
export const keapErrorSchema = z.looseObject({
  message: text,
  code: z.union([text, z.number()]).nullish(),
});

/**
 * The words and code of an error answer, whether Keap's gateway or its application
 * refused; null when the body is neither (an HTML error page).
 */
export function keapErrorWords(body: unknown): { words: string; code?: string } | null {
  const fault = keapGatewayFaultSchema.safeParse(body);
  if (fault.success) {
    const code = fault.data.fault.detail?.errorcode;
    return { words: fault.data.fault.faultstring, ...(code ? { code } : {}) };
  }
  const error = keapErrorSchema.safeParse(body);
  if (!error.success || error.data.message.trim() === '') return null;
  const code = error.data.code;
  return {
    words: error.data.message.trim(),
    ...(code === null || code === undefined ? {} : { code: String(code) }),
  };
}
