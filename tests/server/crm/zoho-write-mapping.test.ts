import { describe, expect, it } from 'vitest';
import type { AsyncRecordPayload } from '@/shared/contracts/call-flow-api';
import {
  toZohoWrite,
  ZohoContactMissing,
  type ZohoWriteContext,
  zohoDuration,
} from '@/server/crm/zoho/zoho-records';
import { zohoFieldMapping } from '@/shared/domain/zoho-field-mapping';

// Issue #33 "Zoho CRM": what each record of spec 7 becomes in Zoho CRM (docs/connect-zoho-crm.md
// section 4), with the defaults and with a workspace's own field mapping.

const context = (overrides: Partial<ZohoWriteContext> = {}): ZohoWriteContext => ({
  contactId: '20637140001000001',
  leadSourceName: null,
  intakeStartedAt: '2026-11-29T10:00:00.000Z',
  writtenAt: '2026-11-29T10:07:05.000Z',
  mapping: zohoFieldMapping(null),
  ...overrides,
});

const contact = (
  fields: Partial<Extract<AsyncRecordPayload, { type: 'CONTACT' }>['crmFieldMappings']>,
) =>
  ({
    type: 'CONTACT',
    crmFieldMappings: {
      email_addresses: [],
      phone_numbers: [],
      addresses: [],
      tags: [],
      ...fields,
    },
  }) as AsyncRecordPayload;

describe('our records as Zoho CRM writes (issue #33)', () => {
  it('maps a contact to Contacts with Zoho’s field names, its lead source by name and its tags', () => {
    const write = toZohoWrite(
      contact({
        given_name: 'Jordan',
        family_name: 'Reyes',
        email_addresses: [{ email: 'jordan@example.com', field: 'EMAIL1' }],
        phone_numbers: [
          { number: '6175550142', field: 'PHONE1' },
          { number: '6175550100', field: 'PHONE2' },
        ],
        addresses: [
          {
            field: 'BILLING',
            line1: '1 Main St',
            line2: 'Apt 2',
            locality: 'Boston',
            region: 'MA',
            postal_code: '02108',
            country_code: 'US',
          },
        ],
        lead_source_id: 'ls_1',
        tags: ['Personal Injury', 'car'],
      }),
      context({ contactId: null, leadSourceName: 'Google Ads' }),
    );
    expect(write).toEqual({
      kind: 'insert',
      module: 'Contacts',
      record: {
        First_Name: 'Jordan',
        Last_Name: 'Reyes',
        Email: 'jordan@example.com',
        Mobile: '6175550142',
        Home_Phone: '6175550100',
        Mailing_Street: '1 Main St\nApt 2',
        Mailing_City: 'Boston',
        Mailing_State: 'MA',
        Mailing_Zip: '02108',
        Mailing_Country: 'US',
        Lead_Source: 'Google Ads',
        Tag: [{ name: 'Personal Injury' }, { name: 'car' }],
      },
    });
  });

  it('gives Zoho the Last_Name it requires from the first name when the flow has none', () => {
    const write = toZohoWrite(contact({ given_name: 'Cher' }), context({ contactId: null }));
    expect(write).toMatchObject({ record: { First_Name: 'Cher', Last_Name: 'Cher' } });
  });

  it('follows a workspace’s own mapping: a custom field, and a field sent nowhere', () => {
    const mapping = zohoFieldMapping({
      contact: { mobilePhone: 'Mobile_Phone__c', homePhone: null },
    });
    const write = toZohoWrite(
      contact({
        family_name: 'Reyes',
        phone_numbers: [
          { number: '6175550142', field: 'PHONE1' },
          { number: '6175550100', field: 'PHONE2' },
        ],
      }),
      context({ contactId: null, mapping }),
    );
    expect(write).toEqual({
      kind: 'insert',
      module: 'Contacts',
      record: { Last_Name: 'Reyes', Mobile_Phone__c: '6175550142' },
    });
    expect(mapping.contact.email).toBe('Email');
  });

  it('writes a note under its contact, and refuses one with no contact', () => {
    const note: AsyncRecordPayload = {
      type: 'NOTE',
      crmFieldMappings: { ObjectType: 'Note', ActionDescription: 'Intake', CreationNotes: 'Fell.' },
    };
    expect(toZohoWrite(note, context())).toEqual({
      kind: 'insert',
      module: 'Notes',
      record: {
        Note_Title: 'Intake',
        Note_Content: 'Fell.',
        Parent_Id: { module: { api_name: 'Contacts' }, id: '20637140001000001' },
      },
    });
    expect(() => toZohoWrite(note, context({ contactId: null }))).toThrow(ZohoContactMissing);
  });

  it('writes the intake call with its start and length, and an event an hour long by default', () => {
    const call = toZohoWrite(
      {
        type: 'CALL',
        crmFieldMappings: {
          ObjectType: 'Note',
          ActionType: 'Call',
          ActionDescription: 'Intake call',
        },
      },
      context(),
    );
    expect(call).toMatchObject({
      module: 'Calls',
      record: {
        Subject: 'Intake call',
        Call_Type: 'Inbound',
        Call_Start_Time: '2026-11-29T10:00:00+00:00',
        Call_Duration: '07:05',
        Who_Id: { id: '20637140001000001' },
      },
    });
    const event = toZohoWrite(
      {
        type: 'EVENT',
        crmFieldMappings: {
          ObjectType: 'Appointment',
          ActionDate: '2026-12-03T15:30:00Z',
          Location: 'Boston',
        },
      },
      context(),
    );
    expect(event).toMatchObject({
      module: 'Events',
      record: {
        Event_Title: 'Consultation',
        Start_DateTime: '2026-12-03T15:30:00+00:00',
        End_DateTime: '2026-12-03T16:30:00+00:00',
        Venue: 'Boston',
      },
    });
    expect(() =>
      toZohoWrite(
        {
          type: 'EVENT',
          crmFieldMappings: { ObjectType: 'Appointment', ActionDate: 'next Tuesday' },
        },
        context(),
      ),
    ).toThrow(RangeError);
  });

  it('passes a deal’s fields through to Deals with its contact, and removes tags from a contact', () => {
    expect(
      toZohoWrite(
        {
          type: 'DEAL',
          crmFieldMappings: {
            Deal_Name: 'Reyes v. Grocery',
            Stage: 'Qualification',
            contact_id: 'x',
          },
        },
        context(),
      ),
    ).toEqual({
      kind: 'insert',
      module: 'Deals',
      record: {
        Deal_Name: 'Reyes v. Grocery',
        Stage: 'Qualification',
        Contact_Name: { id: '20637140001000001' },
      },
    });
    expect(
      toZohoWrite({ type: 'CONTACT-TAGS', crmFieldMappings: { tags: ['car'] } }, context()),
    ).toEqual({ kind: 'removeTags', contactId: '20637140001000001', tags: ['car'] });
  });

  it('words a call’s length as Zoho’s mm:ss, minutes past an hour included', () => {
    expect(zohoDuration('2026-11-29T10:00:00Z', '2026-11-29T10:00:09Z')).toBe('00:09');
    expect(zohoDuration('2026-11-29T10:00:00Z', '2026-11-29T11:15:30Z')).toBe('75:30');
    expect(zohoDuration('2026-11-29T10:00:00Z', '2026-11-29T09:00:00Z')).toBe('00:00');
  });
});
