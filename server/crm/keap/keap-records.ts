import type {
  AsyncRecordPayload,
  CrmContactPayload,
  CrmEventPayload,
  CrmNotePayload,
} from '@/shared/contracts/call-flow-api';
import { RecordUnwritable } from '../crm-outbox-attempt';
import type {
  KeapAddressInput,
  KeapAppointmentInput,
  KeapContactInput,
  KeapNoteInput,
} from './keap-client';

// What each record of spec 7 "CRM sync" becomes in Keap (issue #33 "Keap"), through Keap's
// REST API v1 (https://developer.infusionsoft.com/docs/rest/). The spec's records are
// Keap's own shapes already (its contact output is the v1 contact; its notes and events
// are Keap's ContactAction, https://developer.infusionsoft.com/docs/table-schema/), so the
// mapping is close to one to one:
//
// - CONTACT → POST /contacts: given_name, family_name, email_addresses (EMAIL1),
//   phone_numbers (PHONE1 the mobile, PHONE2 the home phone), addresses (BILLING),
//   source_type API; its tags by name, found or created, then applied. Our lead source id
//   is ours, not the app's: it is not sent (a firm's Keap lead sources are its own).
// - NOTE → POST /notes: title ActionDescription, body CreationNotes, type Other;
// - CALL → a note of type Call (spec 7: "a call is a Note with ActionType Call");
// - EVENT → POST /appointments: title, description, start_date ActionDate, end_date EndDate
//   (an hour after the start when the flow gives none), location;
// - DEAL → POST /opportunities: opportunity_title (the deal's opportunity_title, title or
//   Deal_Name), the stage it names by stage_id or else the app's first stage, its notes;
// - CONTACT-TAGS → the tags named (all of the contact's when none is named) removed.
//
// ASSUMED (Keap's v1 reference reachable here does not settle it): an address's
// country_code is ISO 3166-1 alpha-3 ("USA") and its region ISO 3166-2 ("US-CA"); the
// intake's two-letter codes are converted for the countries below, others sent as given.

/** What to do in Keap for one record. */
export type KeapWrite =
  | { kind: 'contact'; contact: KeapContactInput; tags: string[] }
  | { kind: 'note'; note: KeapNoteInput & { contact_id: string } }
  | { kind: 'appointment'; appointment: KeapAppointmentInput & { contact_id: string } }
  | {
      kind: 'opportunity';
      contactId: string;
      title: string;
      stageId: string | null;
      notes?: string;
    }
  | { kind: 'removeTags'; contactId: string; tags: string[] };

export interface KeapWriteContext {
  /** The contact's Keap id (for a record about a contact), when known. */
  contactId: string | null;
  /** When this record was written (an event without a start starts then). */
  writtenAt: string;
}

/** The record refers to a contact Keap does not hold yet: it cannot be written. */
export class KeapContactMissing extends RecordUnwritable {
  override name = 'KeapContactMissing';
}

/** ISO 3166-1 alpha-2 → alpha-3, for the countries a US firm's intakes name. */
const ALPHA3: Readonly<Record<string, string>> = {
  US: 'USA',
  CA: 'CAN',
  MX: 'MEX',
  GB: 'GBR',
  PR: 'PRI',
  GU: 'GUM',
  VI: 'VIR',
  AS: 'ASM',
  MP: 'MNP',
};

function keapAddress(address: CrmContactPayload['addresses'][number]): KeapAddressInput {
  const alpha2 = address.country_code?.toUpperCase() ?? '';
  const country = ALPHA3[alpha2] ?? (address.country_code || undefined);
  const region = address.region
    ? ALPHA3[alpha2] && !address.region.includes('-')
      ? `${alpha2}-${address.region.toUpperCase()}`
      : address.region
    : undefined;
  return {
    field: 'BILLING',
    ...(address.line1 ? { line1: address.line1 } : {}),
    ...(address.line2 ? { line2: address.line2 } : {}),
    ...(address.locality ? { locality: address.locality } : {}),
    // Keap requires a country with a region.
    ...(region && country ? { region } : {}),
    ...(address.postal_code ? { postal_code: address.postal_code } : {}),
    ...(country ? { country_code: country } : {}),
  };
}

function contactInput(payload: CrmContactPayload): KeapContactInput {
  const phones = payload.phone_numbers
    .filter((p) => p.number)
    .map((p) => ({
      number: p.number,
      field: p.field === 'PHONE2' ? ('PHONE2' as const) : ('PHONE1' as const),
      type: p.field === 'PHONE2' ? 'Home' : 'Mobile',
    }));
  const email = payload.email_addresses[0]?.email;
  return {
    ...(payload.given_name ? { given_name: payload.given_name } : {}),
    ...(payload.family_name ? { family_name: payload.family_name } : {}),
    ...(email ? { email_addresses: [{ email, field: 'EMAIL1' as const }] } : {}),
    ...(phones.length > 0 ? { phone_numbers: phones } : {}),
    ...(payload.addresses[0] ? { addresses: [keapAddress(payload.addresses[0])] } : {}),
    source_type: 'API',
  };
}

function requireContact(context: KeapWriteContext, what: string): string {
  if (context.contactId === null) {
    throw new KeapContactMissing(`The ${what} names no contact this intake wrote to Keap.`);
  }
  return context.contactId;
}

function noteInput(payload: CrmNotePayload, context: KeapWriteContext, call: boolean) {
  const title = payload.ActionDescription || (call ? 'Intake call' : undefined);
  const body = payload.CreationNotes || undefined;
  return {
    contact_id: requireContact(context, call ? 'call' : 'note'),
    // Keap needs a title or a body.
    ...(title || !body ? { title: title ?? 'Note' } : {}),
    ...(body ? { body } : {}),
    type: call ? ('Call' as const) : ('Other' as const),
  };
}

/** Keap's date-time: ISO 8601 in UTC ("2026-11-29T10:00:00.000Z"). RangeError on a non-date. */
export function keapDateTime(value: string | Date): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) throw new RangeError(`Not a date: ${String(value)}`);
  return date.toISOString();
}

function appointmentInput(payload: CrmEventPayload, context: KeapWriteContext) {
  const start = new Date(payload.ActionDate || context.writtenAt);
  const end = payload.EndDate
    ? new Date(payload.EndDate)
    : new Date(start.getTime() + 60 * 60 * 1000);
  return {
    contact_id: requireContact(context, 'event'),
    title: payload.ActionDescription || 'Consultation',
    ...(payload.CreationNotes ? { description: payload.CreationNotes } : {}),
    start_date: keapDateTime(start),
    end_date: keapDateTime(end),
    ...(payload.Location ? { location: payload.Location } : {}),
  };
}

/** The Keap write for one of our records. Throws KeapContactMissing, or RangeError on a bad date. */
export function toKeapWrite(payload: AsyncRecordPayload, context: KeapWriteContext): KeapWrite {
  switch (payload.type) {
    case 'CONTACT':
      return {
        kind: 'contact',
        contact: contactInput(payload.crmFieldMappings),
        tags: payload.crmFieldMappings.tags,
      };
    case 'NOTE':
    case 'CALL':
      return {
        kind: 'note',
        note: noteInput(payload.crmFieldMappings, context, payload.type === 'CALL'),
      };
    case 'EVENT':
      return {
        kind: 'appointment',
        appointment: appointmentInput(payload.crmFieldMappings, context),
      };
    case 'DEAL': {
      const deal = payload.crmFieldMappings;
      const notes = deal.opportunity_notes || deal.description;
      return {
        kind: 'opportunity',
        contactId: requireContact(context, 'deal'),
        title: deal.opportunity_title || deal.title || deal.Deal_Name || 'Intake',
        stageId: deal.stage_id && /^\d+$/.test(deal.stage_id) ? deal.stage_id : null,
        ...(notes ? { notes } : {}),
      };
    }
    case 'CONTACT-TAGS':
      return {
        kind: 'removeTags',
        contactId: requireContact(context, 'tag removal'),
        tags: payload.crmFieldMappings.tags,
      };
  }
}
