import { describe, expect, it } from 'vitest';
import { asyncRecordPayloadSchema } from '@/shared/contracts/call-flow-api';
import {
  mapContact,
  mapEvent,
  mapNote,
  splitTags,
  toAsyncRecordPayload,
} from '@/shared/domain/crm-sync-mapping';

// spec: session 7 CRM sync — the re-mapping of CONTACT, NOTE, CALL, EVENT, DEAL and
// CONTACT-TAGS records.

describe('CRM sync re-mapping', () => {
  it('maps a contact to given/family name, EMAIL1, PHONE1/PHONE2, a BILLING address and the lead source', () => {
    expect(
      mapContact({
        first_name: ' Ada ',
        last_name: 'Byron',
        email: 'ada@example.com',
        mobile_phone: '+16175550100',
        phone_home: '+16175550199',
        street1: '1 Main St',
        street2: 'Suite 2',
        city: 'Boston',
        state_code: 'MA',
        country_code: 'US',
        zip: '02110',
        LeadSourceId: '42',
        tags: 'VIP, Intake, VIP,',
      }),
    ).toEqual({
      given_name: 'Ada',
      family_name: 'Byron',
      email_addresses: [{ email: 'ada@example.com', field: 'EMAIL1' }],
      phone_numbers: [
        { number: '+16175550100', field: 'PHONE1' },
        { number: '+16175550199', field: 'PHONE2' },
      ],
      addresses: [
        {
          field: 'BILLING',
          line1: '1 Main St',
          line2: 'Suite 2',
          locality: 'Boston',
          region: 'MA',
          country_code: 'US',
          postal_code: '02110',
        },
      ],
      lead_source_id: '42',
      tags: ['VIP', 'Intake'],
    });
  });

  it('leaves out what the caller did not give: no empty e-mail, phone or address entries', () => {
    expect(mapContact({ first_name: 'Jo', email: '  ', mobile_phone: '' })).toEqual({
      given_name: 'Jo',
      email_addresses: [],
      phone_numbers: [],
      addresses: [],
      tags: [],
    });
  });

  it('sends a note as ObjectType Note and a call as a Note with ActionType Call', () => {
    const fields = { title: 'Intake', body: 'Details', contact_id: 'c1', deal_id: 'd1' };
    expect(mapNote(fields)).toEqual({
      ObjectType: 'Note',
      ActionDescription: 'Intake',
      CreationNotes: 'Details',
      ContactId: 'c1',
      OpportunityId: 'd1',
    });
    expect(toAsyncRecordPayload({ type: 'CALL', fields })).toEqual({
      type: 'CALL',
      crmFieldMappings: { ...mapNote(fields), ActionType: 'Call' },
    });
  });

  it('sends an event as ObjectType Appointment with ActionDate, EndDate and Location', () => {
    expect(
      mapEvent({
        title: 'Consult',
        start_time: '2026-12-01T10:00',
        end_time: '2026-12-01T11:00',
        location: 'Office',
      }),
    ).toEqual({
      ObjectType: 'Appointment',
      ActionDescription: 'Consult',
      ActionDate: '2026-12-01T10:00',
      EndDate: '2026-12-01T11:00',
      Location: 'Office',
    });
  });

  it('passes deals through unchanged and turns CONTACT-TAGS into the contact and its tags', () => {
    expect(toAsyncRecordPayload({ type: 'DEAL', fields: { name: 'PI', stage: 'new' } })).toEqual({
      type: 'DEAL',
      crmFieldMappings: { name: 'PI', stage: 'new' },
    });
    expect(
      toAsyncRecordPayload({ type: 'CONTACT-TAGS', fields: { contact_id: 'c1', tags: 'a,b' } }),
    ).toEqual({ type: 'CONTACT-TAGS', crmFieldMappings: { contact_id: 'c1', tags: ['a', 'b'] } });
  });

  it('produces payloads the async-records contract accepts for every type', () => {
    for (const type of ['CONTACT', 'NOTE', 'CALL', 'EVENT', 'DEAL', 'CONTACT-TAGS'] as const) {
      const payload = toAsyncRecordPayload({ type, fields: { title: 't', first_name: 'f' } });
      expect(asyncRecordPayloadSchema.safeParse(payload).success, type).toBe(true);
    }
  });

  it('reads only own fields: a value inherited through the prototype is never sent', () => {
    const inherited = Object.create({ title: 'inherited' }) as Record<string, string>;
    expect(mapNote(inherited)).toEqual({ ObjectType: 'Note' });
    expect(splitTags(undefined)).toEqual([]);
  });
});
