import { addDays, differenceInCalendarDays, format, parseISO } from 'date-fns';
import {
  type ConsultationValue,
  consultationValueSchema,
  MAX_EVENT_RANGE_DAYS,
  SCHEDULING_ERRORS,
} from '@/shared/contracts/scheduling';
import { dayInTimezone, timezoneOffsetMinutes } from './workspace-day';

// Consultation scheduling rules (issue #16; spec: dashboards 7 calendars and events). The
// server and the call-flow's booking control use the same rules: which times of a day are
// free on a consultant's calendar, when two bookings overlap, which ids a booking carries.
// Times are instants (ISO UTC); days and hours are the calendar's own timezone, whatever
// the browser's.

/**
 * Consultation hours (the spec is silent): weekdays 9:00 to 17:00 in the calendar's
 * timezone. A slot must end by closing time.
 */
export const CONSULTATION_HOURS = { open: 9 * 60, close: 17 * 60 } as const;
/** Slot length when the form does not say (minutes). */
export const DEFAULT_CONSULTATION_MINUTES = 60;
/** The longest a single event may last. */
export const MAX_EVENT_MINUTES = 12 * 60;

export interface TimeSpan {
  startTime: string;
  endTime: string;
}

export interface Slot extends TimeSpan {
  /** "9:00 AM" in the calendar's timezone. */
  label: string;
}

/** Half-open intervals: one booking ending at 10:00 and another starting at 10:00 do not overlap. */
export function spansOverlap(a: TimeSpan, b: TimeSpan): boolean {
  return (
    Date.parse(a.startTime) < Date.parse(b.endTime) &&
    Date.parse(b.startTime) < Date.parse(a.endTime)
  );
}

/** The first event (other than `ignoreId`, the one being moved) that the span overlaps. */
export function findOverlap<E extends TimeSpan & { id: string }>(
  span: TimeSpan,
  events: readonly E[],
  ignoreId?: string,
): E | null {
  return events.find((event) => event.id !== ignoreId && spansOverlap(span, event)) ?? null;
}

/**
 * The instant of a wall-clock time on a day in a timezone ("2026-03-09", 9:00,
 * America/Chicago → 14:00Z after the DST switch). Two passes, so days on which the offset
 * changes still land on the right hour.
 */
export function zonedTimeToInstant(day: string, minutesOfDay: number, timezone: string): Date {
  const [year, month, date] = day.split('-').map(Number);
  const wall = Date.UTC(year, month - 1, date, 0, minutesOfDay);
  let instant = wall - timezoneOffsetMinutes(new Date(wall), timezone) * 60_000;
  instant = wall - timezoneOffsetMinutes(new Date(instant), timezone) * 60_000;
  return new Date(instant);
}

const timeFormatters = new Map<string, Intl.DateTimeFormat>();

/** "9:00 AM": the wall-clock time of an instant in a timezone. */
export function formatTimeInZone(instant: string | Date, timezone: string): string {
  let formatter = timeFormatters.get(timezone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: timezone,
      hour: 'numeric',
      minute: '2-digit',
      hour12: true,
    });
    timeFormatters.set(timezone, formatter);
  }
  return formatter.format(typeof instant === 'string' ? new Date(instant) : instant);
}

/** spec: dashboards 9 "Date format MM/DD/YYYY" — for a 'YYYY-MM-DD' day. */
export function formatDay(day: string): string {
  return format(parseISO(day), 'MM/dd/yyyy');
}

/** Saturday and Sunday have no consultation hours. */
export function isWeekend(day: string): boolean {
  const weekday = parseISO(day).getDay();
  return weekday === 0 || weekday === 6;
}

/**
 * The free consultation slots of one day on one calendar: consecutive slots of
 * `durationMinutes` from opening time, leaving out those that overlap an event, that
 * would end after closing time, or that start before `now` (no booking in the past).
 */
export function freeSlots(input: {
  day: string;
  timezone: string;
  events: readonly TimeSpan[];
  durationMinutes?: number;
  now: Date;
}): Slot[] {
  const duration = input.durationMinutes ?? DEFAULT_CONSULTATION_MINUTES;
  if (isWeekend(input.day) || duration <= 0) return [];
  const slots: Slot[] = [];
  for (
    let minute = CONSULTATION_HOURS.open;
    minute + duration <= CONSULTATION_HOURS.close;
    minute += duration
  ) {
    const start = zonedTimeToInstant(input.day, minute, input.timezone);
    const span = {
      startTime: start.toISOString(),
      endTime: new Date(start.getTime() + duration * 60_000).toISOString(),
    };
    if (start.getTime() < input.now.getTime()) continue;
    if (input.events.some((event) => spansOverlap(span, event))) continue;
    slots.push({ ...span, label: formatTimeInZone(start, input.timezone) });
  }
  return slots;
}

/** The days of a range ('YYYY-MM-DD', both ends included). */
export function daysOfRange(startDate: string, endDate: string): string[] {
  const days: string[] = [];
  const first = parseISO(startDate);
  const count = differenceInCalendarDays(parseISO(endDate), first);
  for (let i = 0; i <= count; i += 1) days.push(format(addDays(first, i), 'yyyy-MM-dd'));
  return days;
}

/** Why an events range is refused (400), or null: ordered, and at most MAX_EVENT_RANGE_DAYS. */
export function eventRangeProblem(startDate: string, endDate: string): string | null {
  const days = differenceInCalendarDays(parseISO(endDate), parseISO(startDate)) + 1;
  if (days < 1) return SCHEDULING_ERRORS.rangeOrder;
  if (days > MAX_EVENT_RANGE_DAYS) return SCHEDULING_ERRORS.rangeTooLong;
  return null;
}

/** Why an event's times are refused (400), or null. */
export function eventTimesProblem(span: TimeSpan): string | null {
  const minutes = (Date.parse(span.endTime) - Date.parse(span.startTime)) / 60_000;
  if (!(minutes > 0)) return SCHEDULING_ERRORS.endBeforeStart;
  if (minutes > MAX_EVENT_MINUTES) return SCHEDULING_ERRORS.tooLong;
  return null;
}

/**
 * spec: dashboards 7 — the range's days (in the calendar's timezone), each with the events
 * that start on it, in start order. Events starting outside the range are left out.
 */
export function groupEventsByDay<E extends TimeSpan>(
  events: readonly E[],
  startDate: string,
  endDate: string,
  timezone: string,
): { date: string; events: E[] }[] {
  const days = daysOfRange(startDate, endDate).map((date) => ({ date, events: [] as E[] }));
  const byDate = new Map(days.map((day) => [day.date, day]));
  const sorted = [...events].sort((a, b) => Date.parse(a.startTime) - Date.parse(b.startTime));
  for (const event of sorted)
    byDate.get(dayInTimezone(event.startTime, timezone))?.events.push(event);
  return days;
}

/**
 * The instants a range of calendar days covers in a timezone: from the first day's
 * midnight to the midnight after the last day (what the server reads events between).
 */
export function rangeBounds(startDate: string, endDate: string, timezone: string): TimeSpan {
  const after = format(addDays(parseISO(endDate), 1), 'yyyy-MM-dd');
  return {
    startTime: zonedTimeToInstant(startDate, 0, timezone).toISOString(),
    endTime: zonedTimeToInstant(after, 0, timezone).toISOString(),
  };
}

/**
 * Which id ties a booking to its call (spec: dashboards 7): the execution id when the
 * workspace's lead generation is asynchronous, else the case's app id.
 */
export type BookingIdentity = { executionId: string } | { appId: string };

export function bookingIdentity(
  asyncLeadGeneration: boolean,
  ids: { executionId?: string | null; appId?: string | null },
): BookingIdentity | null {
  if (asyncLeadGeneration) return ids.executionId ? { executionId: ids.executionId } : null;
  return ids.appId ? { appId: ids.appId } : null;
}

/**
 * May this call change or delete the event? An event booked on a call (it carries the
 * call's id) belongs to that call; events booked elsewhere (seeded, settings) carry none.
 */
export function belongsToCall(
  event: { executionId: string | null; appId: string | null },
  identity: BookingIdentity,
): boolean {
  if ('executionId' in identity)
    return event.executionId === null || event.executionId === identity.executionId;
  return event.appId === null || event.appId === identity.appId;
}

/** A consultation field's stored value, read leniently (a draft or a variable may hold anything). */
export function readConsultationValue(value: unknown): ConsultationValue {
  const parsed = consultationValueSchema.safeParse(
    typeof value === 'object' && value !== null && !Array.isArray(value) ? value : {},
  );
  return parsed.success ? parsed.data : consultationValueSchema.parse({});
}

/** Booked: the event was saved (a chosen slot alone is not a booking). */
export function isConsultationBooked(value: unknown): boolean {
  const v = readConsultationValue(value);
  return typeof v.eventId === 'string' && v.eventId.length > 0;
}

/** "12/01/2026 at 9:00 AM (America/Chicago) with Dana Reyes": what templates read. */
export function consultationLabel(booking: {
  startTime: string;
  timezone: string;
  consultant: string;
}): string {
  const day = formatDay(dayInTimezone(booking.startTime, booking.timezone));
  const time = formatTimeInZone(booking.startTime, booking.timezone);
  return `${day} at ${time} (${booking.timezone}) with ${booking.consultant}`;
}

/**
 * The consultant a consultation booking starts on (issue #16): the only calendar when there
 * is one; else the calendar of the agent's linked consultant (Settings > Users parameters),
 * if any; else none, and the agent chooses.
 */
export function ownConsultantCalendar(
  calendars: readonly { ID: string; consultantId?: string | null }[],
  consultantId: string | null,
): string | null {
  if (calendars.length === 1) return calendars[0].ID;
  if (!consultantId) return null;
  return calendars.find((c) => c.consultantId === consultantId)?.ID ?? null;
}
