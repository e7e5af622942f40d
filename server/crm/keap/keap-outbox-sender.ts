import type { AsyncRecordPayload } from '@/shared/contracts/call-flow-api';
import { type CrmAttempt, type CrmWritten, RecordUnwritable } from '../crm-outbox-attempt';
import { type AttemptOutcome, type OutboxRow, wasUncertain } from '../crm-outbox-store';
import type { KeapClient } from './keap-client';
import { toKeapWrite, type KeapWrite } from './keap-records';

// One attempt at an outbox row against Keap (issue #33; server/crm/crm-outbox.ts decides
// when, crm-outbox-attempt.ts turns the way it ended into the outbox's outcome): the
// record mapped to Keap's REST v1 shapes (keap-records.ts), looked for first when an
// earlier attempt may have written it (Keap has no external id on these records: search
// before create), then written.
//
// A contact's tags are found by name or created, then applied: applying a tag the contact
// has already is no error in Keap, so a retry after a half-done attempt repeats nothing.
// A contact with neither e-mail nor names cannot be looked for (Keap's contact search has
// no phone filter, https://developer.infusionsoft.com/docs/rest/#operation/listContactsUsingGET):
// after an attempt that got no answer, it may be created twice.

export interface KeapOutboxSenderOptions {
  keapClient(workspaceId: string): Promise<KeapClient>;
  attempt: CrmAttempt;
}

/** What the outbox knows about the row besides its payload (read from our tables). */
export interface KeapRowFacts {
  /** The contact's Keap id (for a record about a contact), when known. */
  contactId: string | null;
}

const same = (a: string | null | undefined, b: string | null | undefined) =>
  (a ?? '').trim() === (b ?? '').trim();

/** The ids of the app's tags by these names, creating those it does not have. */
async function tagIds(client: KeapClient, names: readonly string[], create: boolean) {
  const ids: string[] = [];
  for (const name of new Set(names.map((n) => n.trim()).filter(Boolean))) {
    const found = (await client.listTags({ name })).items.find((tag) => tag.name === name);
    if (found) ids.push(found.id);
    else if (create) ids.push((await client.createTag({ name })).id);
  }
  return ids;
}

/** The contact an earlier attempt made: by e-mail, else by names (and a phone, when given). */
async function findContact(client: KeapClient, write: KeapWrite & { kind: 'contact' }) {
  const { contact } = write;
  const email = contact.email_addresses?.[0]?.email;
  if (!email && !contact.given_name && !contact.family_name) return null;
  const query = email
    ? { email }
    : {
        ...(contact.given_name ? { given_name: contact.given_name } : {}),
        ...(contact.family_name ? { family_name: contact.family_name } : {}),
      };
  const phone = contact.phone_numbers?.[0]?.number;
  const found = (await client.findContacts({ ...query, limit: 50 })).items.find(
    (held) =>
      same(held.given_name, contact.given_name) &&
      same(held.family_name, contact.family_name) &&
      (email || !phone || (held.phone_numbers ?? []).some((p) => same(p.number, phone))),
  );
  return found?.id ?? null;
}

async function writeContact(
  client: KeapClient,
  row: OutboxRow,
  write: KeapWrite & { kind: 'contact' },
): Promise<CrmWritten> {
  const existing = wasUncertain(row) ? await findContact(client, write) : null;
  const id = existing ?? (await client.createContact(write.contact)).id;
  if (write.tags.length > 0) await client.applyTags(id, await tagIds(client, write.tags, true));
  return { module: 'contacts', crmId: id };
}

async function writeNote(client: KeapClient, row: OutboxRow, write: KeapWrite & { kind: 'note' }) {
  const { note } = write;
  if (wasUncertain(row)) {
    const held = (await client.listNotes({ contact_id: note.contact_id, limit: 200 })).items;
    const found = held.find(
      (n) => same(n.title, note.title) && same(n.body, note.body) && same(n.type, note.type),
    );
    if (found) return { module: 'notes', crmId: found.id };
  }
  return { module: 'notes', crmId: (await client.createNote(note)).id };
}

async function writeAppointment(
  client: KeapClient,
  row: OutboxRow,
  write: KeapWrite & { kind: 'appointment' },
): Promise<CrmWritten> {
  const { appointment } = write;
  if (wasUncertain(row)) {
    const held = (await client.listAppointments({ contact_id: appointment.contact_id, limit: 200 }))
      .items;
    const found = held.find(
      (a) =>
        same(a.title, appointment.title) &&
        Date.parse(a.start_date) === Date.parse(appointment.start_date),
    );
    if (found) return { module: 'appointments', crmId: found.id };
  }
  return { module: 'appointments', crmId: (await client.createAppointment(appointment)).id };
}

async function writeOpportunity(
  client: KeapClient,
  row: OutboxRow,
  write: KeapWrite & { kind: 'opportunity' },
): Promise<CrmWritten> {
  if (wasUncertain(row)) {
    const held = (await client.listOpportunities({ search_term: write.title, limit: 200 })).items;
    const found = held.find(
      (o) => o.contact.id === write.contactId && same(o.opportunity_title, write.title),
    );
    if (found) return { module: 'opportunities', crmId: found.id };
  }
  // Keap requires a stage: the one the deal names, else the pipeline's first.
  let stageId = write.stageId;
  if (stageId === null) {
    const stages = await client.listOpportunityStages();
    const first = [...stages].sort((a, b) => (a.stage_order ?? 0) - (b.stage_order ?? 0))[0];
    stageId = first?.stage_id ?? null;
  }
  if (stageId === null) {
    throw new RecordUnwritable('Keap has no opportunity stage to put the deal in.');
  }
  const created = await client.createOpportunity({
    contact: { id: write.contactId },
    opportunity_title: write.title,
    stage: { id: stageId },
    ...(write.notes ? { opportunity_notes: write.notes } : {}),
  });
  return { module: 'opportunities', crmId: created.id };
}

async function removeTags(client: KeapClient, write: KeapWrite & { kind: 'removeTags' }) {
  const ids =
    write.tags.length > 0
      ? await tagIds(client, write.tags, false)
      : ((await client.getContact(write.contactId, ['tag_ids']))?.tag_ids ?? []);
  if (ids.length > 0) await client.removeTags(write.contactId, ids);
  return { module: 'contacts', crmId: write.contactId };
}

function write(client: KeapClient, row: OutboxRow, keap: KeapWrite): Promise<CrmWritten> {
  switch (keap.kind) {
    case 'contact':
      return writeContact(client, row, keap);
    case 'note':
      return writeNote(client, row, keap);
    case 'appointment':
      return writeAppointment(client, row, keap);
    case 'opportunity':
      return writeOpportunity(client, row, keap);
    case 'removeTags':
      return removeTags(client, keap);
  }
}

export function createKeapOutboxSender(options: KeapOutboxSenderOptions) {
  /** One attempt at the row's record in the workspace's Keap app. */
  function attempt(
    row: OutboxRow,
    payload: AsyncRecordPayload,
    facts: KeapRowFacts,
  ): Promise<AttemptOutcome> {
    return options.attempt(
      row,
      'Keap',
      async () => toKeapWrite(payload, { contactId: facts.contactId, writtenAt: row.created_at }),
      async (keap) => write(await options.keapClient(row.workspace_id), row, keap),
    );
  }

  return { attempt };
}

export type KeapOutboxSender = ReturnType<typeof createKeapOutboxSender>;
