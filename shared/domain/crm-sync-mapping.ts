import type { CrmSyncRecord } from '../contracts/call-flow';
import type {
  AsyncRecordPayload,
  CrmContactPayload,
  CrmEventPayload,
  CrmNotePayload,
} from '../contracts/call-flow-api';

// spec: session 7 CRM sync — the re-mapping of a crmSync trigger's record (CRM input field →
// text) into what POST workspaces/{id}/async-records/{processExecutionHistoryId} carries:
// type upper-cased and crmFieldMappings in the CRM's own shape. Pure: the client builds the
// payload with it, and the server re-maps a raw record with the same function.

type Fields = Readonly<Record<string, string>>;

/** A field's trimmed text, or undefined when it is absent or empty (never sent empty). */
function text(fields: Fields, name: string): string | undefined {
  if (!Object.hasOwn(fields, name)) return undefined;
  const value = fields[name].trim();
  return value === '' ? undefined : value;
}

/** Drops undefined members so the payload carries only what was given. */
function compact<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

/** "Personal Injury, car," → ["Personal Injury", "car"] (our choice: tags are comma-separated). */
export function splitTags(value: string | undefined): string[] {
  if (!value) return [];
  return [
    ...new Set(
      value
        .split(',')
        .map((tag) => tag.trim())
        .filter((tag) => tag !== ''),
    ),
  ];
}

/**
 * spec 7 Contact: first_name, last_name, email, mobile_phone, phone_home, street1, street2,
 * city, state_code, country_code, zip, LeadSourceId, tags → given_name, family_name,
 * email_addresses (EMAIL1), phone_numbers (PHONE1, PHONE2), an addresses entry with field
 * BILLING, and lead_source_id.
 */
export function mapContact(fields: Fields): CrmContactPayload {
  const email = text(fields, 'email');
  const mobile = text(fields, 'mobile_phone');
  const home = text(fields, 'phone_home');
  const address = compact({
    field: 'BILLING' as const,
    line1: text(fields, 'street1'),
    line2: text(fields, 'street2'),
    locality: text(fields, 'city'),
    region: text(fields, 'state_code'),
    country_code: text(fields, 'country_code'),
    postal_code: text(fields, 'zip'),
  });
  return compact({
    given_name: text(fields, 'first_name'),
    family_name: text(fields, 'last_name'),
    email_addresses: email ? [{ email, field: 'EMAIL1' as const }] : [],
    phone_numbers: [
      ...(mobile ? [{ number: mobile, field: 'PHONE1' as const }] : []),
      ...(home ? [{ number: home, field: 'PHONE2' as const }] : []),
    ],
    addresses: Object.keys(address).length > 1 ? [address] : [],
    lead_source_id: text(fields, 'LeadSourceId'),
    tags: splitTags(text(fields, 'tags')),
  });
}

/** spec 7: a note is ObjectType Note with ActionDescription, CreationNotes, ContactId, OpportunityId. */
export function mapNote(fields: Fields): CrmNotePayload {
  return compact({
    ObjectType: 'Note' as const,
    ActionDescription: text(fields, 'title'),
    CreationNotes: text(fields, 'body'),
    ContactId: text(fields, 'contact_id'),
    OpportunityId: text(fields, 'deal_id'),
    custom_fields: text(fields, 'custom_fields'),
  });
}

/** spec 7: a call is a Note with ActionType Call. */
export function mapCall(fields: Fields): CrmNotePayload {
  return { ...mapNote(fields), ActionType: 'Call' };
}

/** spec 7: an event is ObjectType Appointment with ActionDate, EndDate, Location. */
export function mapEvent(fields: Fields): CrmEventPayload {
  return compact({
    ObjectType: 'Appointment' as const,
    ActionDescription: text(fields, 'title'),
    CreationNotes: text(fields, 'body'),
    ContactId: text(fields, 'contact_id'),
    OpportunityId: text(fields, 'deal_id'),
    ActionDate: text(fields, 'start_time'),
    EndDate: text(fields, 'end_time'),
    Location: text(fields, 'location'),
    custom_fields: text(fields, 'custom_fields'),
  });
}

/** The async-records payload of a trigger's record (spec 7 CRM sync). */
export function toAsyncRecordPayload(record: CrmSyncRecord): AsyncRecordPayload {
  const fields = record.fields;
  switch (record.type) {
    case 'CONTACT':
      return { type: 'CONTACT', crmFieldMappings: mapContact(fields) };
    case 'NOTE':
      return { type: 'NOTE', crmFieldMappings: mapNote(fields) };
    case 'CALL':
      return { type: 'CALL', crmFieldMappings: mapCall(fields) };
    case 'EVENT':
      return { type: 'EVENT', crmFieldMappings: mapEvent(fields) };
    case 'DEAL':
      // spec 7: "Deals pass through unchanged" (a copy, own keys only).
      return { type: 'DEAL', crmFieldMappings: Object.fromEntries(Object.entries(fields)) };
    case 'CONTACT-TAGS':
      return {
        type: 'CONTACT-TAGS',
        crmFieldMappings: compact({
          contact_id: text(fields, 'contact_id'),
          tags: splitTags(text(fields, 'tags')),
        }),
      };
  }
}

/**
 * The contact a NOTE / CALL / EVENT / DEAL / CONTACT-TAGS record names (spec 7: ContactId
 * or contact_id), if it names one; a record naming none is about the execution's last
 * contact (the simulated CRM, the CRM outbox and the async failures all read it so).
 */
export function namedContact(payload: AsyncRecordPayload): string | undefined {
  switch (payload.type) {
    case 'NOTE':
    case 'CALL':
    case 'EVENT':
      return payload.crmFieldMappings.ContactId;
    case 'DEAL':
    case 'CONTACT-TAGS':
      return payload.crmFieldMappings.contact_id;
    case 'CONTACT':
      return undefined;
  }
}
