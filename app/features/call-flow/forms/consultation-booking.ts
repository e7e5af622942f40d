import { createContext, useMemo } from 'react';
import { useHost } from '@/app/host/host';
import { useQueryScope } from '@/app/query/use-data-query';
import type { ApiClient } from '@/shared/api/client';
import { createEvent, deleteEvent, updateEvent } from '@/shared/api/scheduling';
import type {
  Calendar,
  CalendarEvent,
  CalendarEventsResponse,
  CreateEventRequest,
} from '@/shared/contracts/scheduling';
import type { AgentParameters } from '@/shared/contracts/users-parameters';
import { type BookingIdentity, bookingIdentity } from '@/shared/domain/scheduling';
import { hasAsyncLeadGeneration } from '@/shared/domain/workspace-features';
import type { DataQueryOptions, QueryKey } from '@/shared/query/data-query';
import { queryScope, type QueryScope } from '@/shared/query/query-scope';
import {
  calendarDayQuery,
  calendarDaysKey,
  consultantCalendarsQuery,
} from '@/shared/query/scheduling-queries';
import { ownAgentParametersQuery } from '../call-flow-queries';

/**
 * What a consultation field needs from the call it runs in (issue #16; spec: dashboards 7
 * calendars and events): the calendars, a day's events, and saving the booking with the
 * call's id (the execution id when the workspace's lead generation is async, else the
 * case's app id). A failed save rejects (spec: dashboards 8 "Event save error: Rethrown to
 * caller"): the field shows it and keeps the agent's choice.
 */
export interface ConsultationBooking {
  /** The consultants' calendars (a query of the host's data layer). */
  calendars: DataQueryOptions<Calendar[]>;
  /** One calendar's events of one day. */
  day(calendarId: string, day: string): DataQueryOptions<CalendarEventsResponse>;
  /** Every day of a calendar: what a booking or a cancellation makes stale. */
  daysKey(calendarId: string): QueryKey;
  /** Books a new event, or moves the call's event `eventId` (PUT, body minus id). */
  book(request: CreateEventRequest, eventId?: string): Promise<CalendarEvent>;
  cancel(eventId: string): Promise<void>;
  /**
   * The signed-in agent's parameters, whose linked consultant's calendar the field
   * preselects (Settings > Users parameters); answers null when no agent record or no
   * answer (never an error: the agent just chooses). Null without a workspace.
   */
  ownParameters: DataQueryOptions<AgentParameters | null> | null;
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

/**
 * The booking service of a host that talks to our API, for one call; its reads are keyed
 * by `scope` (the signed-in user and workspace), so every field of a sign-in shares them.
 */
export function createConsultationBooking(
  api: ApiClient,
  call: BookingCall,
  scope: QueryScope = queryScope({
    user: null,
    workspace: call.workspaceId ? { id: call.workspaceId } : null,
  }),
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
    calendars: consultantCalendarsQuery(scope, api),
    day: (calendarId, day) => calendarDayQuery(scope, api, calendarId, day),
    daysKey: (calendarId) => calendarDaysKey(scope, calendarId),
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
    ownParameters: call.workspaceId ? ownAgentParametersQuery(scope, api, call.workspaceId) : null,
    callerName: call.callerName ?? '',
    now: () => new Date(),
  };
}

/** The booking service of the wizard's current call (the host's API and workspace). */
export function useConsultationBooking(call: Omit<BookingCall, 'asyncLeadGeneration'>) {
  const { api, session } = useHost();
  const scope = useQueryScope();
  const asyncLeadGeneration = hasAsyncLeadGeneration(session.workspace);
  const workspaceId = session.workspace?.id ?? null;
  const { executionId = null, appId = null, callerName = '' } = call;
  return useMemo(
    () =>
      createConsultationBooking(
        api,
        { asyncLeadGeneration, executionId, appId, callerName, workspaceId },
        scope,
      ),
    [api, asyncLeadGeneration, executionId, appId, callerName, workspaceId, scope],
  );
}
