import { z } from 'zod';
import { idSchema, itemResponseSchema, listResponseSchema } from './common';
import { consultantSchema } from './lookups';

// Calendars and events, objections, appointment outcomes, consultants/{id} (spec: dashboards
// 7 Lookups, 8 "Event save error: Rethrown to caller", 9 page limits and the event timeout;
// session 7 Workspace and lookups; issue #16). docs/scheduling.md has the endpoint table.

/** spec: dashboards 9 — the calendar events call times out at 120 000 ms (others 60 s). */
export const EVENTS_TIMEOUT_MS = 120_000;
/** spec: dashboards 9 — objections are read with page[limit]=100 (and never more). */
export const OBJECTIONS_PAGE_LIMIT = 100;
/** The longest range one events call may ask for (inclusive days); longer answers 400. */
export const MAX_EVENT_RANGE_DAYS = 62;
/** spec: dashboards 7 — what DELETE answers. */
export const EVENT_DELETED = 'Event Deleted';

/** The refusals a person reads (the server's 4xx messages, shown as they are). */
export const SCHEDULING_ERRORS = {
  overlap: 'That time is already booked on this calendar. Pick another time.',
  calendarNotFound: 'Calendar not found.',
  eventNotFound: 'Event not found.',
  consultantNotFound: 'Consultant not found.',
  executionIdRequired:
    'executionId is required: this workspace generates leads asynchronously (spec: dashboards 7).',
  appIdRequired: 'appId is required to delete an event of this workspace.',
  otherCall: 'This event was booked on another call and cannot be changed from this one.',
  rangeOrder: 'endDate must be on or after startDate.',
  rangeTooLong: `The range may cover at most ${MAX_EVENT_RANGE_DAYS} days.`,
  endBeforeStart: 'endTime must be after startTime.',
  tooLong: 'An event may last at most 12 hours.',
  notOwnCalendar: 'Consultants can only read their own calendar.',
  objectionsLimit: `page[limit] may be at most ${OBJECTIONS_PAGE_LIMIT} for objections.`,
} as const;

const isoDay = z.iso.date();
/** An instant with its offset ("2026-12-01T15:00:00.000Z" or "...-06:00"). */
const instant = z.iso.datetime({ offset: true });

// ---------------------------------------------------------------- calendars

/** spec: dashboards 7 "GET calendars (ID, NAME, TIMEZONE)" — the spec's own field names. */
export const calendarSchema = z.object({
  ID: idSchema,
  NAME: z.string(),
  TIMEZONE: z.string(),
  /** The consultant the calendar belongs to (null for a shared calendar). */
  consultantId: idSchema.nullable(),
});
export type Calendar = z.infer<typeof calendarSchema>;
export const calendarListResponseSchema = listResponseSchema(calendarSchema);

// ---------------------------------------------------------------- events

export const calendarEventSchema = z.object({
  id: idSchema,
  calendarId: idSchema,
  title: z.string(),
  startTime: instant,
  endTime: instant,
  location: z.string(),
  notes: z.string(),
  /** The call's execution history, when the workspace's lead generation is async. */
  executionId: z.string().nullable(),
  /** The call-flow case (app_uid) that booked it, when lead generation is not async. */
  appId: z.string().nullable(),
});
export type CalendarEvent = z.infer<typeof calendarEventSchema>;

/** One calendar day (in the calendar's timezone) and the events that start on it. */
export const calendarDaySchema = z.object({
  date: isoDay,
  events: z.array(calendarEventSchema),
});
export type CalendarDay = z.infer<typeof calendarDaySchema>;

/** spec: dashboards 7 "calendars/{id}/events?startDate=&endDate= (reads days[])". */
export const calendarEventsResponseSchema = z.object({
  calendarId: idSchema,
  timezone: z.string(),
  days: z.array(calendarDaySchema),
});
export type CalendarEventsResponse = z.infer<typeof calendarEventsResponseSchema>;

export const eventRangeQuerySchema = z.object({ startDate: isoDay, endDate: isoDay });
export type EventRangeQuery = z.infer<typeof eventRangeQuerySchema>;

const eventFields = {
  calendarId: idSchema,
  title: z.string().trim().min(1, 'title is required').max(200),
  startTime: instant,
  endTime: instant,
  location: z.string().trim().max(200).default(''),
  notes: z.string().max(2_000).default(''),
  executionId: z.string().min(1).max(128).optional(),
  appId: z.string().min(1).max(128).optional(),
};

/** POST events. */
export const createEventRequestSchema = z.object(eventFields).strict();
export type CreateEventRequest = z.input<typeof createEventRequestSchema>;

/** PUT events/{id}: the event minus its id (spec: dashboards 7 "PUT (body minus id)"). */
export const updateEventRequestSchema = createEventRequestSchema;
export type UpdateEventRequest = z.input<typeof updateEventRequestSchema>;

/** DELETE events/{id}?executionId= (async lead generation) or ?appId= (otherwise). */
export const deleteEventQuerySchema = z.object({
  executionId: z.string().min(1).max(128).optional(),
  appId: z.string().min(1).max(128).optional(),
});

export const calendarEventResponseSchema = itemResponseSchema(calendarEventSchema);
export const eventDeletedResponseSchema = z.object({ result: z.literal(EVENT_DELETED) });

// ---------------------------------------------------------------- objections, outcomes

export const objectionTypeSchema = z.object({ id: z.string(), name: z.string() });
export type ObjectionType = z.infer<typeof objectionTypeSchema>;

/** spec: dashboards 7 "objections?page[limit]=100&include=objectionType&sort=name". */
export const objectionSchema = z.object({
  id: idSchema,
  name: z.string(),
  objectionTypeId: z.string(),
  /** Present with `include=objectionType`. */
  objectionType: objectionTypeSchema.optional(),
});
export type Objection = z.infer<typeof objectionSchema>;
export const objectionListResponseSchema = listResponseSchema(objectionSchema);

export const objectionsQuerySchema = z.object({
  include: z.enum(['objectionType']).optional(),
  sort: z.enum(['name', '-name']).optional(),
});

export const appointmentOutcomeSchema = z.object({
  id: idSchema,
  key: z.string(),
  name: z.string(),
});
export type AppointmentOutcome = z.infer<typeof appointmentOutcomeSchema>;
export const appointmentOutcomeListResponseSchema = listResponseSchema(appointmentOutcomeSchema);

// ---------------------------------------------------------------- consultants/{id}

export const consultantResponseSchema = itemResponseSchema(consultantSchema);

// ---------------------------------------------------------------- paths

export const schedulingPaths = {
  calendars: () => 'calendars',
  workspaceCalendars: (workspaceId: string) =>
    `workspaces/${encodeURIComponent(workspaceId)}/calendars`,
  events: (calendarId: string) => `calendars/${encodeURIComponent(calendarId)}/events`,
  createEvent: () => 'events',
  event: (eventId: string) => `events/${encodeURIComponent(eventId)}`,
  objections: () => 'objections',
  appointmentOutcomes: () => 'appointmentoutcomes',
  consultant: (consultantId: string) => `consultants/${encodeURIComponent(consultantId)}`,
} as const;

// ---------------------------------------------------------------- the call-flow field's value

/**
 * What a call flow's consultation field stores (shared/contracts/call-flow.ts
 * consultationFieldSchema): the agent's choice as it is made (calendar, day, slot), and
 * once booked the event's id and times and a `label` that templates read
 * (`@@consultation` → "12/01/2026 at 9:00 AM (America/Chicago) with Dana Reyes").
 */
export const consultationValueSchema = z.object({
  calendarId: z.string().default(''),
  date: z.string().default(''),
  /** The chosen slot's start, before and after booking. */
  slotStart: z.string().default(''),
  eventId: z.string().optional(),
  startTime: z.string().optional(),
  endTime: z.string().optional(),
  timezone: z.string().optional(),
  consultant: z.string().optional(),
  label: z.string().optional(),
});
export type ConsultationValue = z.infer<typeof consultationValueSchema>;
