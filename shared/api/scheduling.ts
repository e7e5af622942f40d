import type { Consultant } from '@/shared/contracts/lookups';
import {
  type AppointmentOutcome,
  appointmentOutcomeListResponseSchema,
  type Calendar,
  type CalendarEvent,
  calendarEventResponseSchema,
  calendarEventsResponseSchema,
  type CalendarEventsResponse,
  calendarListResponseSchema,
  consultantResponseSchema,
  type CreateEventRequest,
  eventDeletedResponseSchema,
  EVENTS_TIMEOUT_MS,
  type Objection,
  objectionListResponseSchema,
  OBJECTIONS_PAGE_LIMIT,
  schedulingPaths,
  type UpdateEventRequest,
} from '@/shared/contracts/scheduling';
import type { ApiClient, CallOptions } from './client';
import { callForData } from './client';

// Calendars and events, objections, appointment outcomes, consultants/{id} (spec: dashboards
// 7 Lookups; issue #16). Every answer is checked by its contract. Event saves are not
// swallowed: spec: dashboards 8 "Event save error: Rethrown to caller" — the booking
// control shows the failure itself (pass `silent` to skip the toast).

/** GET calendars: the token's workspace's calendars (a consultant gets their own). */
export async function listCalendars(api: ApiClient): Promise<Calendar[]> {
  return callForData(api, calendarListResponseSchema, {
    method: 'GET',
    path: schedulingPaths.calendars(),
  });
}

/** GET workspaces/{id}/calendars: the same for a named workspace (the system user). */
export async function listWorkspaceCalendars(
  api: ApiClient,
  workspaceId: string,
): Promise<Calendar[]> {
  return callForData(api, calendarListResponseSchema, {
    method: 'GET',
    path: schedulingPaths.workspaceCalendars(workspaceId),
  });
}

/**
 * GET calendars/{id}/events?startDate=&endDate= (days 'YYYY-MM-DD' of the calendar's
 * timezone): the range's days, each with its events. spec: dashboards 9 — 120 000 ms.
 */
export async function fetchCalendarEvents(
  api: ApiClient,
  calendarId: string,
  range: { startDate: string; endDate: string },
  options: CallOptions & { signal?: AbortSignal } = {},
): Promise<CalendarEventsResponse> {
  const { signal, ...callOptions } = options;
  return api.call(
    calendarEventsResponseSchema,
    {
      method: 'GET',
      path: schedulingPaths.events(calendarId),
      query: { startDate: range.startDate, endDate: range.endDate },
      timeoutMs: EVENTS_TIMEOUT_MS,
      signal,
    },
    callOptions,
  );
}

/** POST events. A refusal (409 overlap, 400) is rethrown to the caller (spec: dashboards 8). */
export async function createEvent(
  api: ApiClient,
  event: CreateEventRequest,
  options?: CallOptions,
): Promise<CalendarEvent> {
  return callForData(
    api,
    calendarEventResponseSchema,
    { method: 'POST', path: schedulingPaths.createEvent(), body: event },
    options,
  );
}

/** PUT events/{id} with the event minus its id (spec: dashboards 7). */
export async function updateEvent(
  api: ApiClient,
  eventId: string,
  event: UpdateEventRequest,
  options?: CallOptions,
): Promise<CalendarEvent> {
  return callForData(
    api,
    calendarEventResponseSchema,
    { method: 'PUT', path: schedulingPaths.event(eventId), body: event },
    options,
  );
}

/**
 * DELETE events/{id}: `?executionId=` when the workspace's lead generation is async, else
 * `?appId=` (spec: dashboards 7). Answers 'Event Deleted'.
 */
export async function deleteEvent(
  api: ApiClient,
  eventId: string,
  identity: { executionId: string } | { appId: string },
  options?: CallOptions,
): Promise<string> {
  const answer = await api.call(
    eventDeletedResponseSchema,
    { method: 'DELETE', path: schedulingPaths.event(eventId), query: { ...identity } },
    options,
  );
  return answer.result;
}

/** GET objections?page[limit]=100&include=objectionType&sort=name (spec: dashboards 7). */
export async function listObjections(api: ApiClient): Promise<Objection[]> {
  return callForData(api, objectionListResponseSchema, {
    method: 'GET',
    path: schedulingPaths.objections(),
    query: { 'page[limit]': OBJECTIONS_PAGE_LIMIT, include: 'objectionType', sort: 'name' },
  });
}

/** GET appointmentoutcomes. */
export async function listAppointmentOutcomes(api: ApiClient): Promise<AppointmentOutcome[]> {
  return callForData(api, appointmentOutcomeListResponseSchema, {
    method: 'GET',
    path: schedulingPaths.appointmentOutcomes(),
  });
}

/** GET consultants/{id}: one consultant of the token's workspace (404 otherwise). */
export async function fetchConsultant(api: ApiClient, consultantId: string): Promise<Consultant> {
  return callForData(api, consultantResponseSchema, {
    method: 'GET',
    path: schedulingPaths.consultant(consultantId),
  });
}
