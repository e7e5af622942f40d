import type { CrmRecord, IfsQueryResponse } from '@/shared/contracts/call-flow-api';
import type { CrmRecordType } from '@/shared/contracts/call-flow';
import type { KeapClient, KeapPage } from './keap-client';
import { KEAP_MAX_PAGE_SIZE } from './keap-client';

// The spec's `ifs` pass-through methods (spec 7 "CRM sync": POST workspaces/{id}/ifs/{method},
// getRecords and countRecords, a query object and an ascending flag "1"/"0") answered from
// the workspace's Keap app once it is connected (issue #33 "Keap"), through Keap's REST
// API v1 (https://developer.infusionsoft.com/docs/rest/): the query's type picks the list
// (CONTACT: contacts, NOTE and CALL: notes of another type or of type Call, EVENT:
// appointments, DEAL: opportunities), its contactId the contact (Keap's id, or the id our
// outbox answered for a contact it sent), and the page and limit Keap's offset and limit.
// Each record is answered in our CrmRecord shape with Keap's record as its payload.
//
// Keap sorts only contacts (by date_created, as asked); the other lists come in Keap's
// order, reversed for "0". Notes are filtered by type here (Keap's note list has no type
// filter), within the first KEAP_MAX_PAGE_SIZE notes of the contact. A DEAL query with a
// contact is filtered here too (Keap's opportunity list has no contact filter), within
// the first KEAP_MAX_PAGE_SIZE opportunities.

export interface KeapIfsQuery {
  method: 'getRecords' | 'countRecords';
  type: CrmRecordType | undefined;
  /** Keap's contact id, resolved by the caller; null: any contact; 'none': a contact Keap lacks. */
  contactId: string | null | 'none';
  ascending: boolean;
  limit: number;
  page: number;
}

type KeapItem = Record<string, unknown> & { id: string };

function toRecord(
  workspaceId: string,
  type: CrmRecordType,
  item: KeapItem,
  contactId: string | null,
): CrmRecord {
  const created = [item.date_created, item.start_date, item.creation_date].find(
    (value): value is string => typeof value === 'string' && !Number.isNaN(Date.parse(value)),
  );
  return {
    id: item.id,
    workspace: workspaceId,
    type,
    contactId: type === 'CONTACT' ? item.id : contactId,
    processExecutionHistoryId: null,
    payload: JSON.parse(JSON.stringify(item)) as CrmRecord['payload'],
    createdAt: new Date(created ?? 0).toISOString(),
  };
}

/** A page cut from a whole list (filtered here), in the order asked. */
function pageOf<T>(items: T[], query: KeapIfsQuery): KeapPage<T> {
  const ordered = query.ascending ? items : [...items].reverse();
  const start = query.page * query.limit;
  return { items: ordered.slice(start, start + query.limit), count: items.length };
}

async function listOf(
  client: KeapClient,
  type: CrmRecordType,
  query: KeapIfsQuery,
  contactId: string | null,
): Promise<KeapPage<KeapItem>> {
  const paged = { limit: query.limit, offset: query.page * query.limit };
  const contact = contactId ? { contact_id: contactId } : {};
  switch (type) {
    case 'CONTACT': {
      if (contactId) {
        const one = await client.getContact(contactId);
        return pageOf(one ? [one] : [], query);
      }
      return client.findContacts({
        ...paged,
        order: 'date_created',
        order_direction: query.ascending ? 'ASCENDING' : 'DESCENDING',
      });
    }
    case 'NOTE':
    case 'CALL': {
      const all = await client.listNotes({ ...contact, limit: KEAP_MAX_PAGE_SIZE, offset: 0 });
      const calls = type === 'CALL';
      return pageOf(
        all.items.filter((note) => (note.type === 'Call') === calls),
        query,
      );
    }
    case 'EVENT': {
      const answer = await client.listAppointments({ ...contact, ...paged });
      return query.ascending ? answer : { ...answer, items: [...answer.items].reverse() };
    }
    case 'DEAL': {
      if (contactId) {
        const all = await client.listOpportunities({ limit: KEAP_MAX_PAGE_SIZE, offset: 0 });
        return pageOf(
          all.items.filter((deal) => deal.contact.id === contactId),
          query,
        );
      }
      const answer = await client.listOpportunities(paged);
      return query.ascending ? answer : { ...answer, items: [...answer.items].reverse() };
    }
    default:
      // CONTACT-TAGS is a removal, not a record Keap keeps.
      return { items: [], count: 0 };
  }
}

/** getRecords / countRecords of the workspace's Keap app. Keap's errors are thrown as they are. */
export async function keapIfs(
  client: KeapClient,
  workspaceId: string,
  query: KeapIfsQuery,
): Promise<IfsQueryResponse> {
  const type = query.type ?? 'CONTACT';
  if (query.contactId === 'none') return { method: query.method, count: 0, records: [] };
  const contactId = query.contactId;
  // countRecords needs Keap's count only: one record asked for.
  const asked = query.method === 'countRecords' ? { ...query, limit: 1, page: 0 } : query;
  const page = await listOf(client, type, asked, contactId);
  return {
    method: query.method,
    count: page.count,
    records:
      query.method === 'getRecords'
        ? page.items.map((item) => toRecord(workspaceId, type, item, contactId))
        : [],
  };
}
