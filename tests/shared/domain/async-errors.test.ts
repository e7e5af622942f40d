import { describe, expect, it } from 'vitest';
import type { AsyncRecordPayload } from '@/shared/contracts/call-flow-api';
import {
  closedRecordProblem,
  contactEmail,
  contactNameOf,
  missingRequiredField,
  recordTypeLabel,
  retryAllSummary,
} from '@/shared/domain/async-errors';
import { toAsyncRecordPayload } from '@/shared/domain/crm-sync-mapping';

// Settings > Async error resolution (issue #16): how the simulated CRM refuses a write and
// how the page words the results. The spec only names the page (dashboards 2.2, 6);
// docs/async-error-resolution.md records these choices.

const contact = (fields: Record<string, string>) =>
  toAsyncRecordPayload({ type: 'CONTACT', fields });

describe('the simulated CRM refuses what a real CRM refuses', () => {
  it('refuses a contact without a first or last name, whatever else it has', () => {
    const error = missingRequiredField(contact({ email: 'a@example.com', mobile_phone: '+1617' }));
    expect(error?.code).toBe('REQUIRED_FIELD_MISSING');
    expect(error?.message).toMatch(/^Required field missing: .*given_name/);
    expect(missingRequiredField(contact({ last_name: 'Byron' }))).toBeNull();
    expect(missingRequiredField(contact({ first_name: 'Ada' }))).toBeNull();
  });

  it('refuses an appointment without its start and a deal without any field', () => {
    const event: AsyncRecordPayload = {
      type: 'EVENT',
      crmFieldMappings: { ObjectType: 'Appointment', ActionDescription: 'Consult' },
    };
    expect(missingRequiredField(event)?.message).toMatch(/ActionDate/);
    expect(
      missingRequiredField({
        ...event,
        crmFieldMappings: { ...event.crmFieldMappings, ActionDate: '2026-12-01T10:00' },
      }),
    ).toBeNull();
    expect(missingRequiredField({ type: 'DEAL', crmFieldMappings: { name: '  ' } })?.code).toBe(
      'REQUIRED_FIELD_MISSING',
    );
    expect(missingRequiredField({ type: 'DEAL', crmFieldMappings: { name: 'PI' } })).toBeNull();
  });

  it('takes notes, calls and tag removals as they are (their contact is checked by the store)', () => {
    expect(
      missingRequiredField({ type: 'NOTE', crmFieldMappings: { ObjectType: 'Note' } }),
    ).toBeNull();
    expect(
      missingRequiredField({ type: 'CONTACT-TAGS', crmFieldMappings: { tags: [] } }),
    ).toBeNull();
  });

  it('compares e-mails case-insensitively and trimmed for the duplicate check', () => {
    expect(contactEmail(contact({ first_name: 'A', email: ' Ada@Example.COM ' }))).toBe(
      'ada@example.com',
    );
    expect(contactEmail(contact({ first_name: 'A' }))).toBeNull();
    expect(contactEmail({ type: 'NOTE', crmFieldMappings: { ObjectType: 'Note' } })).toBeNull();
  });
});

describe('how a failed record is named and what can be done with it', () => {
  it('names a contact by its name, else its e-mail, else not at all', () => {
    expect(contactNameOf(contact({ first_name: 'Ada', last_name: 'Byron' }))).toBe('Ada Byron');
    expect(contactNameOf(contact({ last_name: 'Byron' }))).toBe('Byron');
    expect(contactNameOf(contact({ email: 'Ada@example.com' }))).toBe('ada@example.com');
    expect(contactNameOf({ type: 'NOTE', crmFieldMappings: { ObjectType: 'Note' } })).toBeNull();
  });

  it('lets only open records be retried or dismissed', () => {
    expect(closedRecordProblem('open')).toBeNull();
    expect(closedRecordProblem('resolved')).toMatch(/already synced/);
    expect(closedRecordProblem('dismissed')).toMatch(/dismissed/);
  });

  it('labels every record type for people', () => {
    expect(recordTypeLabel('CONTACT-TAGS')).toBe('Contact tags');
    expect(recordTypeLabel('EVENT')).toBe('Event');
  });
});

describe('the Retry all summary', () => {
  it('says how many synced and how many still fail', () => {
    expect(retryAllSummary({ attempted: 3, succeeded: 2, failed: 1, remaining: 1 })).toBe(
      '2 records synced, 1 record still failing.',
    );
    expect(retryAllSummary({ attempted: 1, succeeded: 1, failed: 0, remaining: 0 })).toBe(
      '1 record synced.',
    );
  });

  it('says when records were left for another run (the run is bounded)', () => {
    expect(retryAllSummary({ attempted: 50, succeeded: 0, failed: 50, remaining: 52 })).toBe(
      '0 records synced, 50 records still failing. 2 records not tried yet: run Retry all again.',
    );
  });

  it('says when there was nothing to retry', () => {
    expect(retryAllSummary({ attempted: 0, succeeded: 0, failed: 0, remaining: 0 })).toBe(
      'There were no failed records to retry.',
    );
  });
});
