import type { CrmRecord } from '@/shared/contracts/call-flow-api';

// What a simulated CRM record says, as short lines a manager reads at a glance
// (spec: session 7 CRM sync, Contact / Note / Event output).

type Json = CrmRecord['payload'][string];

function text(value: Json | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return '';
}

function list(value: Json | undefined): Record<string, Json>[] {
  return Array.isArray(value)
    ? value.filter(
        (v): v is Record<string, Json> => typeof v === 'object' && v !== null && !Array.isArray(v),
      )
    : [];
}

function field(payload: CrmRecord['payload'], key: string): Json | undefined {
  return Object.hasOwn(payload, key) ? payload[key] : undefined;
}

export function crmRecordLines(record: CrmRecord): string[] {
  const p = record.payload;
  const get = (key: string) => text(field(p, key));
  switch (record.type) {
    case 'CONTACT': {
      const name = [get('given_name'), get('family_name')].filter(Boolean).join(' ');
      const emails = list(field(p, 'email_addresses')).map((e) => text(e.email));
      const phones = list(field(p, 'phone_numbers')).map((e) => text(e.number));
      const address = list(field(p, 'addresses'))[0];
      const addressLine = address
        ? [
            text(address.line1),
            text(address.line2),
            text(address.locality),
            text(address.region),
            text(address.postal_code),
          ]
            .filter(Boolean)
            .join(', ')
        : '';
      const tags = Array.isArray(field(p, 'tags')) ? (field(p, 'tags') as Json[]).map(text) : [];
      return [
        name,
        ...emails,
        ...phones,
        addressLine,
        tags.length ? `Tags: ${tags.filter(Boolean).join(', ')}` : '',
      ].filter(Boolean);
    }
    case 'NOTE':
    case 'CALL':
    case 'EVENT':
      return [
        get('ActionDescription'),
        get('CreationNotes'),
        get('ActionDate') &&
          `From ${get('ActionDate')}${get('EndDate') ? ` to ${get('EndDate')}` : ''}`,
        get('Location'),
      ].filter(Boolean);
    default:
      return Object.keys(p)
        .map((key) => {
          const value = text(p[key]);
          return value ? `${key}: ${value}` : '';
        })
        .filter(Boolean);
  }
}
