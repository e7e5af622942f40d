import { describe, expect, it } from 'vitest';
import { matchCrmRecords } from '@/shared/domain/crm-record-match';

// issue #13 Incoming calls: the caller's CRM record by phone (digits only, last 10).

interface Contact {
  id: string;
  name: string;
  phone: string | null;
  mobile?: string | null;
}

const contacts: Contact[] = [
  { id: 'c1', name: 'Dana Reyes', phone: '+1 (415) 555-0134' },
  { id: 'c2', name: 'Sam Ortiz', phone: '312.555.0199', mobile: null },
  { id: 'c3', name: 'D. Reyes (work)', phone: null, mobile: '415-555-0134' },
  { id: 'c4', name: 'No phone', phone: null },
];
const phonesOf = (contact: Contact) => [contact.phone, contact.mobile];

describe('finding the caller’s CRM record by phone (issue #13)', () => {
  it('matches one record however the number is written', () => {
    const match = matchCrmRecords(contacts, { leadName: 'Sam', phone: '+13125550199' }, phonesOf);
    expect(match).toEqual({ kind: 'one', record: contacts[1] });
  });

  it('answers every match, in the order given, for the agent to pick', () => {
    const match = matchCrmRecords(
      contacts,
      { leadName: 'Dana Reyes', phone: '14155550134' },
      phonesOf,
    );
    expect(match).toEqual({ kind: 'several', records: [contacts[0], contacts[2]] });
  });

  it('answers a record listed twice once', () => {
    const match = matchCrmRecords(
      [contacts[1], contacts[1]],
      { leadName: 'Sam', phone: '3125550199' },
      phonesOf,
    );
    expect(match).toEqual({ kind: 'one', record: contacts[1] });
  });

  it('offers to create a record with the caller’s name and phone when none matches', () => {
    const match = matchCrmRecords(
      contacts,
      { leadName: ' Lee Park ', phone: ' (212) 555-0100 ' },
      phonesOf,
    );
    expect(match).toEqual({
      kind: 'none',
      searched: true,
      create: { name: 'Lee Park', phone: '(212) 555-0100' },
    });
  });

  it('does not search without digits to search by, and still offers to create', () => {
    const match = matchCrmRecords(contacts, { leadName: 'Anonymous', phone: 'unknown' }, phonesOf);
    expect(match).toEqual({
      kind: 'none',
      searched: false,
      create: { name: 'Anonymous', phone: 'unknown' },
    });
  });
});
