import type { CrmRecord } from '@/shared/contracts/call-flow-api';
import { formatPhoneForCrm, usNationalDigits } from '@/shared/domain/phone';
import type { ZohoRecord } from './zoho-crm-schemas';
import type { ZohoCrmClient } from './zoho-crm-client';

// The incoming caller's record in a workspace's Zoho CRM (issue #33 "search by phone for
// the incoming caller's record"): Zoho's Search Records API with its phone parameter,
// which looks through every phone field of the module
// (https://zoho.com/crm/developer/docs/api/v2.1/search-records.html "phone"), and each
// contact found in the shape the active call's card reads from the simulated CRM (spec 7
// "Contact output": given_name, family_name, email_addresses, phone_numbers), so the card
// matches and links it the same way, at the organisation's own data centre.

/** The Contacts fields the card shows and matches (the standard ones; Created_Time orders). */
export const ZOHO_CALLER_FIELDS = [
  'First_Name',
  'Last_Name',
  'Email',
  'Phone',
  'Mobile',
  'Home_Phone',
  'Other_Phone',
  'Created_Time',
] as const;

/** A card offers a few records; more matches of one phone mean the number is shared. */
export const ZOHO_CALLER_PAGE = 20;

/** The phone fields, in the order the card lists a contact's numbers (PHONE1, PHONE2, …). */
const PHONE_FIELDS = ['Mobile', 'Phone', 'Home_Phone', 'Other_Phone'] as const;

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() ? value.trim() : null;

/** Zoho's "2026-11-30T09:15:00+01:00" as an instant; `fallback` when it reads as none. */
function instant(value: unknown, fallback: string): string {
  const at = typeof value === 'string' ? Date.parse(value) : Number.NaN;
  return Number.isNaN(at) ? fallback : new Date(at).toISOString();
}

/** One Zoho contact as the card's CrmRecord: its id is Zoho's, so the link opens it there. */
export function zohoCallerRecord(workspaceId: string, contact: ZohoRecord, now: string): CrmRecord {
  const email = text(contact.Email);
  const phones = PHONE_FIELDS.flatMap((field) => text(contact[field]) ?? []);
  return {
    id: contact.id,
    workspace: workspaceId,
    type: 'CONTACT',
    contactId: contact.id,
    processExecutionHistoryId: null,
    payload: {
      given_name: text(contact.First_Name) ?? '',
      family_name: text(contact.Last_Name) ?? '',
      email_addresses: email ? [{ email, field: 'EMAIL1' }] : [],
      phone_numbers: phones.map((number, index) => ({ number, field: `PHONE${index + 1}` })),
    },
    createdAt: instant(contact.Created_Time, now),
  };
}

/**
 * The ways the caller's number is looked for: as the call gives it ("+1 312 555 0199"),
 * then, for a US number, as our intakes write it to the CRM ("(312) 555-0199", the first
 * step's prefill: shared/domain/caller-prefill.ts). ASSUMED: Zoho's phone search compares
 * the text as stored (its documentation does not say it ignores the formatting), so a
 * contact an intake wrote is found by the second form.
 */
export function callerPhoneForms(phone: string): string[] {
  const national = usNationalDigits(phone);
  const forms = [phone.trim(), national ? formatPhoneForCrm(national) : ''];
  return [...new Set(forms.filter(Boolean))];
}

/** The Zoho contacts with this phone, newest first ([] when none): a search per form until one finds. */
export async function zohoCallerRecords(
  client: ZohoCrmClient,
  workspaceId: string,
  phone: string,
  now: string,
): Promise<CrmRecord[]> {
  for (const form of callerPhoneForms(phone)) {
    const found = await client.search(
      'Contacts',
      { phone: form },
      { fields: ZOHO_CALLER_FIELDS, perPage: ZOHO_CALLER_PAGE },
    );
    if (found.length === 0) continue;
    return found
      .map((contact) => zohoCallerRecord(workspaceId, contact, now))
      .sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
  }
  return [];
}
