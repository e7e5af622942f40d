import type {
  AsyncRecordPayload,
  CrmContactPayload,
  CrmEventPayload,
  CrmNotePayload,
} from '@/shared/contracts/call-flow-api';
import type { ZohoFieldMapping } from '@/shared/contracts/crm-connection';
import { RecordUnwritable } from '../crm-outbox-attempt';

// What each record of spec 7 "CRM sync" becomes in Zoho CRM (issue #33 "Zoho CRM"): the
// module and the fields, by Zoho's API names (Zoho CRM API v7, "Modules API" and the
// field lists of https://www.zoho.com/crm/developer/docs/api/v7/field-meta.html; the
// standard fields of the Contacts, Notes, Calls, Events and Deals modules):
//
// - CONTACT → Contacts: First_Name, Last_Name (Zoho requires it), Email, Mobile (PHONE1,
//   the mobile phone), Home_Phone (PHONE2), Mailing_Street (line1, line2), Mailing_City,
//   Mailing_State, Mailing_Zip, Mailing_Country, Lead_Source (the lead source's name),
//   Tag [{name}];
// - NOTE → Notes: Note_Title, Note_Content, Parent_Id {module: {api_name: Contacts}, id};
// - CALL → Calls: Subject, Description, Call_Type Inbound, Call_Start_Time (when the intake
//   began), Call_Duration (mm:ss, until the record was written), Who_Id (the contact);
// - EVENT → Events: Event_Title, Description, Start_DateTime, End_DateTime (an hour after
//   the start when the flow gives none), Venue, Who_Id;
// - DEAL → Deals: the trigger's fields as they are (spec 7: deals pass through unchanged,
//   so a flow names Zoho's fields: Deal_Name, Stage, Amount, …), Contact_Name {id};
// - CONTACT-TAGS → the contact's tags removed (Zoho's remove_tags action).
//
// A workspace may send a field of ours to another Zoho field (a custom one, say
// "Case_Type") or to none: its ZohoFieldMapping (shared/domain/zoho-field-mapping.ts), kept
// with the connection. The fields Zoho requires always go to its own: a contact's
// Last_Name, a note's Note_Content, a call's Subject and times, an event's title and times.

export type ZohoModule = 'Contacts' | 'Notes' | 'Calls' | 'Events' | 'Deals';

/** What to do at Zoho for one record. */
export type ZohoWrite =
  | { kind: 'insert'; module: ZohoModule; record: Record<string, unknown> }
  | { kind: 'removeTags'; contactId: string; tags: string[] };

export interface ZohoWriteContext {
  /** The contact's Zoho id (for a record about a contact), when known. */
  contactId: string | null;
  /** The lead source's name for a CONTACT's lead_source_id. */
  leadSourceName: string | null;
  /** When the intake began and when this record was written (a CALL's start and length). */
  intakeStartedAt: string;
  writtenAt: string;
  mapping: ZohoFieldMapping;
}

/** The record refers to a contact Zoho does not hold yet: it cannot be written. */
export class ZohoContactMissing extends RecordUnwritable {
  override name = 'ZohoContactMissing';
}

/** Sets `field` (when mapped) to `value` (when there is one). */
function put(record: Record<string, unknown>, field: string | null, value: unknown) {
  if (field === null || value === undefined || value === null || value === '') return;
  record[field] = value;
}

/** Zoho's date-time: ISO 8601 with the offset, no milliseconds ("2026-11-29T10:00:00+00:00"). */
export function zohoDateTime(value: string | Date): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) throw new RangeError(`Not a date: ${String(value)}`);
  return `${date.toISOString().slice(0, 19)}+00:00`;
}

/** A length in Zoho's Call_Duration form, "mm:ss" (minutes may pass 59). */
export function zohoDuration(fromIso: string, toIso: string): string {
  const seconds = Math.max(0, Math.round((Date.parse(toIso) - Date.parse(fromIso)) / 1000));
  const minutes = Math.floor(seconds / 60);
  return `${String(minutes).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
}

function contactRecord(payload: CrmContactPayload, context: ZohoWriteContext) {
  const fields = context.mapping.contact;
  const record: Record<string, unknown> = {};
  put(record, fields.firstName, payload.given_name);
  // Zoho requires Last_Name: an intake that has none yet sends the first name there.
  put(record, 'Last_Name', payload.family_name || payload.given_name);
  put(record, fields.email, payload.email_addresses[0]?.email);
  put(record, fields.mobilePhone, payload.phone_numbers.find((p) => p.field === 'PHONE1')?.number);
  put(record, fields.homePhone, payload.phone_numbers.find((p) => p.field === 'PHONE2')?.number);
  const address = payload.addresses[0];
  if (address) {
    const street = [address.line1, address.line2].filter(Boolean).join('\n');
    put(record, fields.street, street);
    put(record, fields.city, address.locality);
    put(record, fields.state, address.region);
    put(record, fields.zip, address.postal_code);
    put(record, fields.country, address.country_code);
  }
  put(record, fields.leadSource, context.leadSourceName);
  if (payload.tags.length > 0) record.Tag = payload.tags.map((name) => ({ name }));
  return record;
}

function requireContact(context: ZohoWriteContext, what: string): string {
  if (context.contactId === null) {
    throw new ZohoContactMissing(`The ${what} names no contact this intake wrote to Zoho CRM.`);
  }
  return context.contactId;
}

function noteRecord(payload: CrmNotePayload, context: ZohoWriteContext) {
  const fields = context.mapping.note;
  const record: Record<string, unknown> = {
    Parent_Id: { module: { api_name: 'Contacts' }, id: requireContact(context, 'note') },
  };
  put(record, fields.title, payload.ActionDescription);
  // Zoho requires Note_Content: a note with a title only repeats it there.
  put(record, 'Note_Content', payload.CreationNotes || payload.ActionDescription || '(no text)');
  return record;
}

function callRecord(payload: CrmNotePayload, context: ZohoWriteContext) {
  const fields = context.mapping.call;
  const record: Record<string, unknown> = {
    Who_Id: { id: requireContact(context, 'call') },
    Call_Type: 'Inbound',
    Call_Start_Time: zohoDateTime(context.intakeStartedAt),
    Call_Duration: zohoDuration(context.intakeStartedAt, context.writtenAt),
  };
  put(record, 'Subject', payload.ActionDescription || 'Intake call');
  put(record, fields.description, payload.CreationNotes);
  return record;
}

function eventRecord(payload: CrmEventPayload, context: ZohoWriteContext) {
  const fields = context.mapping.event;
  const start = payload.ActionDate ? new Date(payload.ActionDate) : new Date(context.writtenAt);
  const end = payload.EndDate
    ? new Date(payload.EndDate)
    : new Date(start.getTime() + 60 * 60 * 1000);
  const record: Record<string, unknown> = { Who_Id: { id: requireContact(context, 'event') } };
  put(record, 'Event_Title', payload.ActionDescription || 'Consultation');
  put(record, fields.description, payload.CreationNotes);
  put(record, 'Start_DateTime', zohoDateTime(start));
  put(record, 'End_DateTime', zohoDateTime(end));
  put(record, fields.location, payload.Location);
  return record;
}

/** The Zoho write for one of our records. Throws ZohoContactMissing, or RangeError on a bad date. */
export function toZohoWrite(payload: AsyncRecordPayload, context: ZohoWriteContext): ZohoWrite {
  switch (payload.type) {
    case 'CONTACT':
      return {
        kind: 'insert',
        module: 'Contacts',
        record: contactRecord(payload.crmFieldMappings, context),
      };
    case 'NOTE':
      return {
        kind: 'insert',
        module: 'Notes',
        record: noteRecord(payload.crmFieldMappings, context),
      };
    case 'CALL':
      return {
        kind: 'insert',
        module: 'Calls',
        record: callRecord(payload.crmFieldMappings, context),
      };
    case 'EVENT':
      return {
        kind: 'insert',
        module: 'Events',
        record: eventRecord(payload.crmFieldMappings, context),
      };
    case 'DEAL': {
      const record: Record<string, unknown> = { ...payload.crmFieldMappings };
      delete record.contact_id;
      if (context.contactId !== null) record.Contact_Name = { id: context.contactId };
      return { kind: 'insert', module: 'Deals', record };
    }
    case 'CONTACT-TAGS':
      return {
        kind: 'removeTags',
        contactId: requireContact(context, 'tag removal'),
        tags: payload.crmFieldMappings.tags,
      };
  }
}
