import { useQueryClient } from '@tanstack/react-query';
import { createContext, useMemo } from 'react';
import { useHost } from '@/app/host/host';
import { useQueryScope } from '@/app/query/use-data-query';
import type { ApiClient } from '@/shared/api/client';
import {
  createEvent,
  deleteEvent,
  fetchCalendarEvents,
  listCalendars,
  updateEvent,
} from '@/shared/api/scheduling';
import { fetchOwnAgentParameters } from '@/shared/api/users-parameters';
import type {
  Calendar,
  CalendarEvent,
  CalendarEventsResponse,
  CreateEventRequest,
} from '@/shared/contracts/scheduling';
import { type BookingIdentity, bookingIdentity } from '@/shared/domain/scheduling';
import { hasAsyncLeadGeneration } from '@/shared/domain/workspace-features';
import { ownAgentParametersQuery } from '../call-flow-queries';

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
  /**
   * The consultant linked to the signed-in agent (Settings > Users parameters), whose
   * calendar the field preselects; null when none is linked or it could not be read
   * (never an error: the agent just chooses).
   */
  ownConsultantId?(): Promise<string | null>;
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
  /** The signed-in workspace, for the agent's own consultant (users-parameters/me). */
  workspaceId?: string | null;
}

/** The agent's own parameters (GET users-parameters/me), however the host caches them. */
export type OwnParametersLoader = () => Promise<{ consultantId: string | null } | null>;

/** The booking service of a host that talks to our API, for one call. */
export function createConsultationBooking(
  api: ApiClient,
  call: BookingCall,
  loadOwnParameters?: OwnParametersLoader,
): ConsultationBooking {
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
    ownConsultantId: async () => {
      const workspaceId = call.workspaceId;
      const load =
        loadOwnParameters ??
        (workspaceId ? () => fetchOwnAgentParameters(api, workspaceId, { silent: true }) : null);
      if (!load) return null;
      try {
        return (await load())?.consultantId ?? null;
      } catch {
        // No agent record (404), no access, offline: no preselection, the agent chooses.
        return null;
      }
    },
    callerName: call.callerName ?? '',
    now: () => new Date(),
  };
}

/** The booking service of the wizard's current call (the host's API and workspace). */
export function useConsultationBooking(call: Omit<BookingCall, 'asyncLeadGeneration'>) {
  const { api, session } = useHost();
  const queryClient = useQueryClient();
  const scope = useQueryScope();
  const asyncLeadGeneration = hasAsyncLeadGeneration(session.workspace);
  const workspaceId = session.workspace?.id ?? null;
  const { executionId = null, appId = null, callerName = '' } = call;
  return useMemo(
    () =>
      createConsultationBooking(
        api,
        { asyncLeadGeneration, executionId, appId, callerName, workspaceId },
        // From the host's query cache: one request per sign-in, shared with the process list.
        workspaceId
          ? () => {
              const own = ownAgentParametersQuery(scope, api, workspaceId);
              return queryClient.fetchQuery({ ...own, queryKey: [...own.queryKey] });
            }
          : undefined,
      ),
    [api, asyncLeadGeneration, executionId, appId, callerName, workspaceId, queryClient, scope],
  );
}
