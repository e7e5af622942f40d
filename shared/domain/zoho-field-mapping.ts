import type { ZohoFieldMapping } from '@/shared/contracts/crm-connection';

// Where our fields go in Zoho CRM by default, and what the owner's field mapping editor
// calls them (issue #33; shared/contracts/crm-connection.ts zohoFieldMappingSchema). Zoho's
// standard fields of Contacts, Notes, Calls and Events (API v7 field names).

export const DEFAULT_ZOHO_FIELDS: ZohoFieldMapping = {
  contact: {
    firstName: 'First_Name',
    email: 'Email',
    mobilePhone: 'Mobile',
    homePhone: 'Home_Phone',
    street: 'Mailing_Street',
    city: 'Mailing_City',
    state: 'Mailing_State',
    zip: 'Mailing_Zip',
    country: 'Mailing_Country',
    leadSource: 'Lead_Source',
  },
  note: { title: 'Note_Title' },
  call: { description: 'Description' },
  event: { description: 'Description', location: 'Venue' },
};

type Kind = keyof ZohoFieldMapping;

/** The editor's words: each kind of record, and each of its fields. */
export const ZOHO_MAPPING_LABELS: {
  [K in Kind]: { title: string; fields: { [F in keyof ZohoFieldMapping[K]]: string } };
} = {
  contact: {
    title: 'Contact',
    fields: {
      firstName: 'First name',
      email: 'E-mail',
      mobilePhone: 'Mobile phone',
      homePhone: 'Home phone',
      street: 'Street (both lines)',
      city: 'City',
      state: 'State',
      zip: 'ZIP code',
      country: 'Country',
      leadSource: 'Lead source (its name)',
    },
  },
  note: { title: 'Note', fields: { title: 'Title' } },
  call: { title: 'Call', fields: { description: 'Notes' } },
  event: { title: 'Event (consultation)', fields: { description: 'Notes', location: 'Location' } },
};

/** What a workspace chose, as stored (only what differs from the defaults need be there). */
export type ChosenZohoFields = { [K in Kind]?: Partial<ZohoFieldMapping[K]> };

/** The defaults with a workspace's choices over them (unknown kinds and fields are ignored). */
export function zohoFieldMapping(chosen: ChosenZohoFields | null): ZohoFieldMapping {
  const merged = structuredClone(DEFAULT_ZOHO_FIELDS);
  if (!chosen) return merged;
  for (const kind of Object.keys(merged) as Kind[]) {
    const fields: Record<string, string | null> = merged[kind];
    const own: Record<string, string | null | undefined> = chosen[kind] ?? {};
    for (const field of Object.keys(fields)) {
      if (own[field] !== undefined) fields[field] = own[field];
    }
  }
  return merged;
}
