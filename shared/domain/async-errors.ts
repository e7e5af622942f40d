import type { AsyncRecordPayload } from '../contracts/call-flow-api';
import type { AsyncFailureStatus, CrmError, RetryAllResult } from '../contracts/async-errors';

// Settings > Async error resolution (issue #16): the rules of the simulated CRM's refusals
// and of the page's texts, pure so that the server, the page and their tests share them.
// docs/async-error-resolution.md explains each choice (the spec only names the page).

/** A "retry all" run tries at most this many records (oldest first), so one request stays short. */
export const RETRY_ALL_LIMIT = 50;

/** The refusal of a simulated CRM that is down (toggled by the system user). */
export const CRM_UNAVAILABLE_ERROR: CrmError = {
  code: 'CRM_UNAVAILABLE',
  message: 'CRM unavailable: the CRM did not answer (503 Service Unavailable). Try again later.',
};

const present = (value: string | undefined) => value !== undefined && value.trim() !== '';

/**
 * The required fields a real CRM insists on (Keap/Infusionsoft refuses a contact without a
 * name, an appointment without a start, an empty deal). Null when the payload has them.
 * Notes and calls need nothing more than the mapping gives; tags need a contact, which
 * the server checks against its store.
 */
export function missingRequiredField(payload: AsyncRecordPayload): CrmError | null {
  const refuse = (message: string): CrmError => ({
    code: 'REQUIRED_FIELD_MISSING',
    message: `Required field missing: ${message}`,
  });
  switch (payload.type) {
    case 'CONTACT': {
      const fields = payload.crmFieldMappings;
      if (!present(fields.given_name) && !present(fields.family_name)) {
        return refuse('a contact needs a first or last name (given_name / family_name).');
      }
      return null;
    }
    case 'EVENT':
      return present(payload.crmFieldMappings.ActionDate)
        ? null
        : refuse('an appointment needs its start (ActionDate).');
    case 'DEAL':
      return Object.values(payload.crmFieldMappings).some(present)
        ? null
        : refuse('a deal needs at least one field.');
    case 'NOTE':
    case 'CALL':
    case 'CONTACT-TAGS':
      return null;
  }
}

/** The e-mail a CONTACT payload carries, lower-cased for the duplicate check (else null). */
export function contactEmail(payload: AsyncRecordPayload): string | null {
  if (payload.type !== 'CONTACT') return null;
  const email = payload.crmFieldMappings.email_addresses[0]?.email.trim().toLowerCase();
  return email ? email : null;
}

/** The CRM's answer to a second contact with an e-mail it already holds. */
export function duplicateEmailError(email: string): CrmError {
  return {
    code: 'DUPLICATE_EMAIL',
    message: `Duplicate e-mail: a contact with ${email} already exists in the CRM.`,
  };
}

/** The CRM's answer to a record naming a contact it does not hold. */
export function contactNotFoundError(contactId: string | null): CrmError {
  return {
    code: 'CONTACT_NOT_FOUND',
    message:
      contactId === null
        ? 'Contact not found: there is no contact this record could be attached to.'
        : `Contact not found: contact ${contactId} is not in this workspace's CRM.`,
  };
}

/** "Ada Byron", else the contact's e-mail, else null (a CONTACT payload's own name). */
export function contactNameOf(payload: AsyncRecordPayload): string | null {
  if (payload.type !== 'CONTACT') return null;
  const fields = payload.crmFieldMappings;
  const name = [fields.given_name, fields.family_name]
    .map((part) => part?.trim() ?? '')
    .filter((part) => part !== '')
    .join(' ');
  return name || contactEmail(payload);
}

/** Only open records can be retried or dismissed; the message a 409 carries otherwise. */
export function closedRecordProblem(status: AsyncFailureStatus): string | null {
  switch (status) {
    case 'open':
      return null;
    case 'resolved':
      return 'This record was already synced to the CRM.';
    case 'dismissed':
      return 'This record was dismissed; it can no longer be retried or dismissed.';
  }
}

const records = (n: number) => `${n} record${n === 1 ? '' : 's'}`;

/** The result summary of a "Retry all" run, as the page announces it. */
export function retryAllSummary(result: RetryAllResult): string {
  if (result.attempted === 0) return 'There were no failed records to retry.';
  const parts = [`${records(result.succeeded)} synced`];
  if (result.failed > 0) parts.push(`${records(result.failed)} still failing`);
  const beyond = result.remaining - result.failed;
  const tail = beyond > 0 ? ` ${records(beyond)} not tried yet: run Retry all again.` : '';
  return `${parts.join(', ')}.${tail}`;
}

/** The label of a record type on the page ("CONTACT-TAGS" → "Contact tags"). */
export function recordTypeLabel(type: AsyncRecordPayload['type']): string {
  switch (type) {
    case 'CONTACT':
      return 'Contact';
    case 'NOTE':
      return 'Note';
    case 'CALL':
      return 'Call';
    case 'EVENT':
      return 'Event';
    case 'DEAL':
      return 'Deal';
    case 'CONTACT-TAGS':
      return 'Contact tags';
  }
}
