import type { AsyncRecordPayload } from '@/shared/contracts/call-flow-api';
import type { CrmConnections } from '../crm-connections';
import type { CrmAttempt, CrmWritten } from '../crm-outbox-attempt';
import { type AttemptOutcome, type OutboxRow, wasUncertain } from '../crm-outbox-store';
import type { ZohoCrmClient, ZohoSearch } from './zoho-crm-client';
import { toZohoWrite, type ZohoWrite, type ZohoWriteContext } from './zoho-records';

// One attempt at an outbox row against Zoho CRM (issue #33; server/crm/crm-outbox.ts
// decides when, crm-outbox-attempt.ts turns the way it ended into the outbox's outcome):
// the record mapped to its Zoho module and fields with the workspace's field mapping
// (zoho-records.ts), looked for first when an earlier attempt may have written it, then
// written.

export interface ZohoOutboxSenderOptions {
  connections: CrmConnections;
  zohoClient(workspaceId: string): Promise<ZohoCrmClient>;
  attempt: CrmAttempt;
}

/** What the outbox knows about the row besides its payload (read from our tables). */
export type ZohoRowFacts = Pick<
  ZohoWriteContext,
  'contactId' | 'leadSourceName' | 'intakeStartedAt'
>;

export function createZohoOutboxSender(options: ZohoOutboxSenderOptions) {
  const { connections } = options;

  async function write(
    client: ZohoCrmClient,
    row: OutboxRow,
    zoho: ZohoWrite,
  ): Promise<CrmWritten> {
    if (zoho.kind === 'removeTags') {
      const tags =
        zoho.tags.length > 0
          ? zoho.tags
          : tagNames((await client.getRecord('Contacts', zoho.contactId))?.Tag);
      if (tags.length > 0) await client.removeTags('Contacts', zoho.contactId, tags);
      return { module: 'Contacts', crmId: zoho.contactId };
    }
    const existing = wasUncertain(row) ? await findExisting(client, zoho) : null;
    const id = existing ?? (await client.insert(zoho.module, zoho.record)).id;
    return { module: zoho.module, crmId: id };
  }

  /** One attempt at the row's record in the workspace's Zoho CRM. */
  function attempt(
    row: OutboxRow,
    payload: AsyncRecordPayload,
    facts: ZohoRowFacts,
  ): Promise<AttemptOutcome> {
    return options.attempt(
      row,
      'Zoho CRM',
      async () => {
        const mapping = await connections.fieldMapping(row.workspace_id);
        return toZohoWrite(payload, { ...facts, writtenAt: row.created_at, mapping });
      },
      async (zoho) => write(await options.zohoClient(row.workspace_id), row, zoho),
    );
  }

  return { attempt };
}

export type ZohoOutboxSender = ReturnType<typeof createZohoOutboxSender>;

/** A record's field as text ('' when absent), for comparing what we sent with what Zoho has. */
const textOf = (record: Record<string, unknown>, field: string): string => {
  const value = record[field];
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
};

const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}/;

/** Two values alike: date-times as instants (Zoho answers in the user's offset), text trimmed. */
function sameValue(sent: string, held: string): boolean {
  if (DATE_TIME.test(sent) && DATE_TIME.test(held)) return Date.parse(sent) === Date.parse(held);
  return sent.trim() === held.trim();
}

/** The id in a lookup value ({id}) we sent, e.g. Who_Id. */
const lookupId = (value: unknown): string | null =>
  value && typeof value === 'object' && 'id' in value ? String(value.id) : null;

/** Where to look for an earlier attempt's record (a search, or a contact's related list). */
type LookOut =
  { by: ZohoSearch; keys: string[] } | { parent: string; list: string; keys: string[] };

/** Where to look for an earlier attempt's record, and the fields that must match. */
function lookOutFor(zoho: ZohoWrite & { kind: 'insert' }): LookOut | null {
  const { module, record } = zoho;
  switch (module) {
    case 'Contacts': {
      const email = textOf(record, 'Email');
      const phone = textOf(record, 'Mobile') || textOf(record, 'Home_Phone');
      if (!email && !phone) return null;
      const by: ZohoSearch = email ? { email } : { phone };
      return { by, keys: ['First_Name', 'Last_Name', 'Email'] };
    }
    case 'Notes': {
      const parent = lookupId(record.Parent_Id);
      return parent ? { parent, list: 'Notes', keys: ['Note_Title', 'Note_Content'] } : null;
    }
    case 'Calls':
    case 'Events':
    case 'Deals': {
      const parent = lookupId(record.Who_Id) ?? lookupId(record.Contact_Name);
      const keys = {
        Calls: ['Subject', 'Call_Start_Time'],
        Events: ['Event_Title', 'Start_DateTime'],
        Deals: ['Deal_Name'],
      }[module];
      return parent ? { parent, list: module, keys } : null;
    }
  }
}

/**
 * The record Zoho already holds from an attempt whose outcome we never learned (search
 * before create, issue #33 "idempotent where the vendor allows it"): a contact by its
 * e-mail or phone with the same names; a note, call, event or deal among its contact's by
 * the same title and time. Zoho's search and related-records reads (API v7).
 */
async function findExisting(client: ZohoCrmClient, zoho: ZohoWrite & { kind: 'insert' }) {
  const look = lookOutFor(zoho);
  if (!look) return null;
  const keys = look.keys.filter((key) => textOf(zoho.record, key) !== '');
  if (keys.length === 0) return null;
  const candidates =
    'by' in look
      ? await client.search('Contacts', look.by)
      : await client.related('Contacts', look.parent, look.list, keys);
  const found = candidates.find((held) =>
    keys.every((key) => sameValue(textOf(zoho.record, key), textOf(held, key))),
  );
  return found ? String(found.id) : null;
}

function tagNames(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  return value
    .map((tag: unknown) =>
      tag && typeof tag === 'object' && 'name' in tag ? String(tag.name) : '',
    )
    .filter(Boolean);
}
