import { createContext, useMemo } from 'react';
import { useHost } from '@/app/host/host';
import type { ApiClient } from '@/shared/api/client';
import {
  createEvent,
  deleteEvent,
  fetchCalendarEvents,
  listCalendars,
  updateEvent,
} from '@/shared/api/scheduling';
import type {
  Calendar,
  CalendarEvent,
  CalendarEventsResponse,
  CreateEventRequest,
} from '@/shared/contracts/scheduling';
import { type BookingIdentity, bookingIdentity } from '@/shared/domain/scheduling';
import { hasAsyncLeadGeneration } from '@/shared/domain/workspace-features';

/**
 * What a consultation field needs from the call it runs in (issue #16; spec: dashboards 7
 * calendars and events): the calendars, a day's events, and saving the booking with the
 * call's id (the execution id when the workspace's lead generation is async, else the
 * case's app id). A failed save rejects (spec: dashboards 8 "Event save error: Rethrown to
 * caller"): the field shows it and keeps the agent's choice.
 */
export interface ConsultationBooking {
  listCalendars(): Promise<Calendar[]>;
  loadDay(calendarId: string, day: string, signal?: AbortSignal): Promise<CalendarEventsResponse>;
  /** Books a new event, or moves the call's event `eventId` (PUT, body minus id). */
  book(request: CreateEventRequest, eventId?: string): Promise<CalendarEvent>;
  cancel(eventId: string): Promise<void>;
  /** The caller's name, for the event's title. */
  callerName: string;
  now(): Date;
}

/**
 * The host's booking service for every consultation field below it (the call-flow wizard
 * provides one per call). Without it the field says booking is not available here.
 */
export const ConsultationBookingContext = createContext<ConsultationBooking | null>(null);

export interface BookingCall {
  asyncLeadGeneration: boolean;
  executionId?: string | null;
  appId?: string | null;
  callerName?: string;
}

/** The booking service of a host that talks to our API, for one call. */
export function createConsultationBooking(api: ApiClient, call: BookingCall): ConsultationBooking {
  const identity: BookingIdentity | null = bookingIdentity(call.asyncLeadGeneration, call);
  // spec: dashboards 7 — executionId added when lead generation is async.
  const ids = (): Partial<CreateEventRequest> =>
    call.asyncLeadGeneration
      ? { executionId: call.executionId ?? undefined }
      : call.appId
        ? { appId: call.appId }
        : {};
  return {
    listCalendars: () => listCalendars(api),
    loadDay: (calendarId, day, signal) =>
      fetchCalendarEvents(api, calendarId, { startDate: day, endDate: day }, { signal }),
    book: (request, eventId) => {
      const body = { ...request, ...ids() };
      // The field shows the failure itself: no toast on top of it.
      return eventId
        ? updateEvent(api, eventId, body, { silent: true })
        : createEvent(api, body, { silent: true });
    },
    cancel: async (eventId) => {
      if (!identity) throw new Error('This call has no id to cancel its booking with.');
      await deleteEvent(api, eventId, identity, { silent: true });
    },
    callerName: call.callerName ?? '',
    now: () => new Date(),
  };
}

/** The booking service of the wizard's current call (the host's API and workspace). */
export function useConsultationBooking(call: Omit<BookingCall, 'asyncLeadGeneration'>) {
  const { api, session } = useHost();
  const asyncLeadGeneration = hasAsyncLeadGeneration(session.workspace);
  const { executionId = null, appId = null, callerName = '' } = call;
  return useMemo(
    () => createConsultationBooking(api, { asyncLeadGeneration, executionId, appId, callerName }),
    [api, asyncLeadGeneration, executionId, appId, callerName],
  );
}
