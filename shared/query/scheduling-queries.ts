import type { ApiClient } from '@/shared/api/client';
import { fetchCalendarEvents, listCalendars } from '@/shared/api/scheduling';
import type { Calendar, CalendarEventsResponse } from '@/shared/contracts/scheduling';
import { withSignal } from './api-with-signal';
import type { DataQueryOptions } from './data-query';
import type { QueryScope } from './query-scope';

// The reads of a consultation booking in a call flow (issue #16; spec: dashboards 7
// calendars and events). Asked each time a field opens (a colleague may have booked
// meanwhile); the field's Try Again is the retry.

/** GET calendars: the consultants' calendars. */
export function consultantCalendarsQuery(
  scope: QueryScope,
  api: ApiClient,
): DataQueryOptions<Calendar[]> {
  return {
    queryKey: [...scope, 'calendars'],
    queryFn: ({ signal }) => listCalendars(withSignal(api, signal)),
    retry: false,
  };
}

/** Every day of one calendar: a booking or a cancellation in it makes them stale. */
export const calendarDaysKey = (scope: QueryScope, calendarId: string) =>
  [...scope, 'calendar-events', calendarId] as const;

/** GET calendars/{id}/events for one day. */
export function calendarDayQuery(
  scope: QueryScope,
  api: ApiClient,
  calendarId: string,
  day: string,
): DataQueryOptions<CalendarEventsResponse> {
  return {
    queryKey: [...calendarDaysKey(scope, calendarId), day],
    queryFn: ({ signal }) =>
      fetchCalendarEvents(withSignal(api, signal), calendarId, { startDate: day, endDate: day }),
    retry: false,
  };
}
