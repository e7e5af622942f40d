import { randomUUID } from 'node:crypto';
import {
  type AsyncRecordPayload,
  type AsyncRecordResponse,
  crmContactPayloadSchema,
} from '@/shared/contracts/call-flow-api';
import type { CrmError } from '@/shared/contracts/async-errors';
import {
  contactEmail,
  contactNotFoundError,
  CRM_UNAVAILABLE_ERROR,
  duplicateEmailError,
  missingRequiredField,
} from '@/shared/domain/async-errors';
import { namedContact } from '@/shared/domain/crm-sync-mapping';
import type { Db } from '../db/database';
import type { CrmRecordTable } from '../db/schema';

// The simulated CRM (spec: session 7 CRM sync, the crm_records table) and how it refuses a
// write, the way a real CRM does (issue #16 async error resolution): a required field
// missing, a duplicate e-mail, a contact it does not hold, or an outage the system user
// switches on (simulated_crm_outages). Both POST async-records and the retries of
// Settings > Async error resolution write through writeCrmRecord.

/** The CRM refused the write. `status` is what a synchronous caller is answered. */
export class CrmRefusal extends Error {
  constructor(
    readonly crmError: CrmError,
    readonly status: number,
  ) {
    super(crmError.message);
    this.name = 'CrmRefusal';
  }
}

async function findContact(db: Db, workspaceId: string, contactId: string) {
  return db
    .selectFrom('crm_records')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .where('type', '=', 'CONTACT')
    .where('id', '=', contactId)
    .executeTakeFirst();
}

/** The contact a NOTE / CALL / EVENT / DEAL belongs to: the one named, else the execution's last. */
async function contactFor(
  db: Db,
  workspaceId: string,
  executionId: string | null,
  named: string | undefined,
): Promise<CrmRecordTable | null> {
  if (named !== undefined) {
    const contact = await findContact(db, workspaceId, named);
    // 400 to a synchronous caller, as before: the request named a contact that is not there.
    if (!contact) throw new CrmRefusal(contactNotFoundError(named), 400);
    return contact;
  }
  if (executionId === null) return null;
  const last = await db
    .selectFrom('crm_records')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .where('execution_id', '=', executionId)
    .where('type', '=', 'CONTACT')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return last ?? null;
}

export async function isCrmDown(db: Db, workspaceId: string): Promise<boolean> {
  const row = await db
    .selectFrom('simulated_crm_outages')
    .select('workspace_id')
    .where('workspace_id', '=', workspaceId)
    .executeTakeFirst();
  return row !== undefined;
}

async function hasContactWithEmail(db: Db, workspaceId: string, email: string) {
  const contacts = await db
    .selectFrom('crm_records')
    .select('payload')
    .where('workspace_id', '=', workspaceId)
    .where('type', '=', 'CONTACT')
    // A cheap pre-filter on the stored JSON text; the exact check parses each candidate.
    .where('payload', 'like', `%${email.replace(/[%_\\]/g, '')}%`)
    .execute();
  return contacts.some((row) => {
    const stored = crmContactPayloadSchema.safeParse(JSON.parse(row.payload));
    return (
      stored.success &&
      stored.data.email_addresses.some((e) => e.email.trim().toLowerCase() === email)
    );
  });
}

/**
 * Writes one re-mapped record to the simulated CRM, or throws a CrmRefusal saying why the
 * CRM would not take it. CONTACT-TAGS removes tags from its contact instead of writing.
 */
export async function writeCrmRecord(
  db: Db,
  workspaceId: string,
  executionId: string | null,
  payload: AsyncRecordPayload,
  now: string,
): Promise<Omit<AsyncRecordResponse, 'failure'>> {
  if (await isCrmDown(db, workspaceId)) throw new CrmRefusal(CRM_UNAVAILABLE_ERROR, 503);
  const missing = missingRequiredField(payload);
  if (missing) throw new CrmRefusal(missing, 422);

  if (payload.type === 'CONTACT-TAGS') {
    const contact = await contactFor(db, workspaceId, executionId, namedContact(payload));
    if (!contact) throw new CrmRefusal(contactNotFoundError(null), 404);
    const stored = crmContactPayloadSchema.parse(JSON.parse(contact.payload));
    const removing = new Set(payload.crmFieldMappings.tags);
    // No tags named: all of them (our choice; spec 7 only says the endpoint deletes tags).
    const tags = removing.size === 0 ? [] : stored.tags.filter((tag) => !removing.has(tag));
    await db
      .updateTable('crm_records')
      .set({ payload: JSON.stringify({ ...stored, tags }) })
      .where('id', '=', contact.id)
      .execute();
    return { id: contact.id, type: payload.type, contactId: contact.id };
  }

  const email = contactEmail(payload);
  if (email !== null && (await hasContactWithEmail(db, workspaceId, email))) {
    throw new CrmRefusal(duplicateEmailError(email), 409);
  }
  const recordId = randomUUID();
  const contactId =
    payload.type === 'CONTACT'
      ? recordId
      : ((await contactFor(db, workspaceId, executionId, namedContact(payload)))?.id ?? null);
  await db
    .insertInto('crm_records')
    .values({
      id: recordId,
      workspace_id: workspaceId,
      type: payload.type,
      contact_id: contactId,
      execution_id: executionId,
      payload: JSON.stringify(payload.crmFieldMappings),
      created_at: now,
    })
    .execute();
  return { id: recordId, type: payload.type, contactId };
}
