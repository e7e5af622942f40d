import { addDays, format } from 'date-fns';
import type { Insertable } from 'kysely';
import { freeSlots, isWeekend } from '@/shared/domain/scheduling';
import { dayInTimezone } from '@/shared/domain/workspace-day';
import type { Db } from '../db/database';
import { readMeta, writeMeta } from '../db/meta';
import type { AppointmentOutcomeTable, CalendarEventTable, CalendarTable } from '../db/schema';
import { DEMO_WORKSPACES } from './demo-workspaces';
import { mulberry32 } from './random';

/** Set once the demo calendars were seeded, so deleted events do not come back. */
export const SCHEDULING_SEED_META_KEY = 'demo_scheduling';
const SCHEDULING_RANDOM_SEED = 20_261_126;
/** How far ahead the demo books consultations (days). */
const WEEKS_AHEAD_DAYS = 28;

/** spec: dashboards 7 appointmentoutcomes; the names the reports' show/no-show rules use. */
export const DEMO_APPOINTMENT_OUTCOMES: ReadonlyArray<readonly [string, string]> = [
  ['showed', 'Showed'],
  ['no_show', 'No Show'],
  ['rescheduled', 'Rescheduled'],
  ['cancelled', 'Cancelled'],
];

const EVENT_TITLES = [
  'Initial consultation',
  'Case review',
  'Follow-up consultation',
  'Document signing',
];
const LOCATIONS = ['At the office', 'By phone', 'Video call'];

/**
 * The demo's calendars and bookings (issue #16; docs/scheduling.md): for each workspace,
 * one calendar per consultant in the workspace's timezone, existing events on weekdays
 * of the coming four weeks (about a third of each day's slots taken, so the booking
 * control has both free and taken times), and the appointment outcomes. Objections are
 * seeded with the reporting records (record-generator.ts, type = objection type).
 * Deterministic (fixed seed, days relative to `now`); runs once per demo database.
 */
export async function seedDemoSchedulingIfMissing(db: Db, now: Date): Promise<number> {
  if ((await readMeta(db, SCHEDULING_SEED_META_KEY)) !== null) return 0;
  const random = mulberry32(SCHEDULING_RANDOM_SEED);
  const stamp = now.toISOString();
  const calendars: Insertable<CalendarTable>[] = [];
  const events: Insertable<CalendarEventTable>[] = [];
  const outcomes: Insertable<AppointmentOutcomeTable>[] = [];

  for (const demo of DEMO_WORKSPACES) {
    const exists = await db
      .selectFrom('workspaces')
      .select('id')
      .where('id', '=', demo.id)
      .executeTakeFirst();
    if (!exists) continue;
    DEMO_APPOINTMENT_OUTCOMES.forEach(([key, name], index) => {
      outcomes.push({
        id: `out_${demo.slug}_${key}`,
        workspace_id: demo.id,
        key,
        name,
        sort_order: index,
      });
    });
    const consultants = await db
      .selectFrom('consultants')
      .select(['id', 'name'])
      .where('workspace_id', '=', demo.id)
      .where('active', '=', 1)
      .orderBy('id')
      .execute();
    const today = dayInTimezone(now, demo.timezone);
    for (const consultant of consultants) {
      const calendarId = `cal_${consultant.id}`;
      calendars.push({
        id: calendarId,
        workspace_id: demo.id,
        consultant_id: consultant.id,
        name: consultant.name,
        timezone: demo.timezone,
        created_at: stamp,
      });
      for (let offset = 0; offset < WEEKS_AHEAD_DAYS; offset += 1) {
        const day = format(addDays(new Date(`${today}T12:00:00`), offset), 'yyyy-MM-dd');
        if (isWeekend(day)) continue;
        const slots = freeSlots({ day, timezone: demo.timezone, events: [], now });
        for (const slot of slots) {
          if (!random.chance(0.3)) continue;
          events.push({
            id: `evt_${calendarId}_${events.length + 1}`,
            workspace_id: demo.id,
            calendar_id: calendarId,
            title: random.pick(EVENT_TITLES),
            start_time: slot.startTime,
            end_time: slot.endTime,
            location: random.pick(LOCATIONS),
            notes: '',
            execution_id: null,
            app_uid: null,
            created_by: 'seed',
            created_at: stamp,
            updated_at: stamp,
          });
        }
      }
    }
  }

  await db.transaction().execute(async (trx) => {
    if (outcomes.length > 0)
      await trx.insertInto('appointment_outcomes').values(outcomes).execute();
    if (calendars.length > 0) await trx.insertInto('calendars').values(calendars).execute();
    // SQLite caps the variables of one statement: insert the events in chunks.
    for (let i = 0; i < events.length; i += 50) {
      await trx
        .insertInto('calendar_events')
        .values(events.slice(i, i + 50))
        .execute();
    }
    await writeMeta(trx, SCHEDULING_SEED_META_KEY, JSON.stringify({ seededAt: stamp }));
  });
  return events.length;
}
