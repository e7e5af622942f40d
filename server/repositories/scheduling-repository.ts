import type { Selectable } from 'kysely';
import type { Consultant } from '@/shared/contracts/lookups';
import type {
  AppointmentOutcome,
  Calendar,
  CalendarEvent,
  Objection,
} from '@/shared/contracts/scheduling';
import type { Db } from '../db/database';
import type { CalendarEventTable, CalendarTable } from '../db/schema';
import { compareCodes, compareLabels } from '@/shared/domain/sorting';

// Calendars, events, objections, appointment outcomes and one consultant (issue #16;
// server/routes/scheduling-lookups.ts). Rows become the contracts of shared/contracts/
// scheduling.ts here and nowhere else.

export function toCalendar(row: Selectable<CalendarTable>): Calendar {
  return { ID: row.id, NAME: row.name, TIMEZONE: row.timezone, consultantId: row.consultant_id };
}

export function toCalendarEvent(row: Selectable<CalendarEventTable>): CalendarEvent {
  return {
    id: row.id,
    calendarId: row.calendar_id,
    title: row.title,
    startTime: row.start_time,
    endTime: row.end_time,
    location: row.location,
    notes: row.notes,
    executionId: row.execution_id,
    appId: row.app_uid,
  };
}

export async function listCalendars(db: Db, workspaceId: string): Promise<Calendar[]> {
  const rows = await db
    .selectFrom('calendars')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .orderBy('name')
    .orderBy('id')
    .execute();
  return rows.map(toCalendar);
}

export async function findCalendarRow(db: Db, calendarId: string) {
  return db.selectFrom('calendars').selectAll().where('id', '=', calendarId).executeTakeFirst();
}

/** The consultant record of a user (consultants.person_id = users.person_id), if any. */
export async function consultantIdOfUser(
  db: Db,
  workspaceId: string,
  userId: string,
): Promise<string | null> {
  const row = await db
    .selectFrom('consultants')
    .innerJoin('users', 'users.person_id', 'consultants.person_id')
    .select('consultants.id')
    .where('users.id', '=', userId)
    .where('consultants.workspace_id', '=', workspaceId)
    .executeTakeFirst();
  return row?.id ?? null;
}

/** A calendar's events, to narrow down. */
const eventsOfCalendar = (db: Db, calendarId: string) =>
  db.selectFrom('calendar_events').selectAll().where('calendar_id', '=', calendarId);

/** Events of a calendar that start in [from, to) (ISO UTC instants), in start order. */
export async function listEventsStarting(
  db: Db,
  calendarId: string,
  from: string,
  to: string,
): Promise<CalendarEvent[]> {
  const rows = await eventsOfCalendar(db, calendarId)
    .where('start_time', '>=', from)
    .where('start_time', '<', to)
    .orderBy('start_time')
    .orderBy('id')
    .execute();
  return rows.map(toCalendarEvent);
}

/** Events of a calendar that overlap [from, to): the candidates of an overlap check. */
export async function listEventsOverlapping(
  db: Db,
  calendarId: string,
  from: string,
  to: string,
): Promise<CalendarEvent[]> {
  const rows = await eventsOfCalendar(db, calendarId)
    .where('start_time', '<', to)
    .where('end_time', '>', from)
    .execute();
  return rows.map(toCalendarEvent);
}

export async function findEventRow(db: Db, eventId: string) {
  return db.selectFrom('calendar_events').selectAll().where('id', '=', eventId).executeTakeFirst();
}

export type EventRow = Selectable<CalendarEventTable>;

/**
 * Stores an event, new or replacing its row; `check` (the overlap check) runs first inside
 * the same transaction, so two agents cannot take the same slot.
 */
export async function saveEvent(
  db: Db,
  row: EventRow,
  check: (trx: Db) => Promise<void>,
  stored: 'new' | 'existing',
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await check(trx);
    if (stored === 'new') await trx.insertInto('calendar_events').values(row).execute();
    else await trx.updateTable('calendar_events').set(row).where('id', '=', row.id).execute();
  });
}

export async function deleteEvent(db: Db, eventId: string): Promise<void> {
  await db.deleteFrom('calendar_events').where('id', '=', eventId).execute();
}

/** Objection type names: the stored key, capitalised ('price' → 'Price'). */
function objectionTypeName(key: string): string {
  return key.length === 0 ? key : key[0].toUpperCase() + key.slice(1);
}

/** A workspace's objections, by name (case-insensitive), with their type. */
export async function listObjections(db: Db, workspaceId: string): Promise<Objection[]> {
  const rows = await db
    .selectFrom('objections')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .execute();
  return rows
    .map((row) => ({
      id: row.id,
      name: row.name,
      objectionTypeId: row.type,
      objectionType: { id: row.type, name: objectionTypeName(row.type) },
    }))
    .sort((a, b) => compareLabels(a.name, b.name) || compareCodes(a.id, b.id));
}

export async function listAppointmentOutcomes(
  db: Db,
  workspaceId: string,
): Promise<AppointmentOutcome[]> {
  const rows = await db
    .selectFrom('appointment_outcomes')
    .select(['id', 'key', 'name'])
    .where('workspace_id', '=', workspaceId)
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
  return rows;
}

export async function findConsultant(
  db: Db,
  workspaceId: string,
  consultantId: string,
): Promise<Consultant | null> {
  const row = await db
    .selectFrom('consultants')
    .selectAll()
    .where('id', '=', consultantId)
    .where('workspace_id', '=', workspaceId)
    .executeTakeFirst();
  if (!row) return null;
  return { id: row.id, name: row.name, personId: row.person_id, active: row.active === 1 };
}

/** The workspace of a consultant, whichever it is (the system user's look-up); null if none. */
export async function consultantWorkspaceId(db: Db, consultantId: string): Promise<string | null> {
  const row = await db
    .selectFrom('consultants')
    .select('workspace_id')
    .where('id', '=', consultantId)
    .executeTakeFirst();
  return row?.workspace_id ?? null;
}
