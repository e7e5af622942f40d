import { useEffect, useMemo, useRef, useState } from 'react';
import { useDataQuery } from '@/app/query/use-data-query';
import { useMutateAndInvalidate } from '@/app/query/use-mutate-and-invalidate';
import type { VariableValue } from '@/shared/contracts/call-flow';
import type {
  Calendar,
  CalendarEvent,
  ConsultationValue,
  CreateEventRequest,
} from '@/shared/contracts/scheduling';
import { consultationLabel, ownConsultantCalendar } from '@/shared/domain/scheduling';
import type { DataQueryOptions } from '@/shared/query/data-query';
import { TransportError } from '@/shared/transport/transport';
import type { ConsultationBooking } from './consultation-booking';

// The consultation field's state (issue #16): its reads as queries of the booking's data
// layer, the preselection of a calendar, and the booking and cancelling writes.

export type Load<T> =
  { status: 'loading' } | { status: 'error'; message: string } | { status: 'loaded'; data: T };

export interface DayData {
  timezone: string;
  events: CalendarEvent[];
}

export type Save =
  | { phase: 'idle' }
  | { phase: 'saving' }
  | { phase: 'cancelling' }
  | { phase: 'error'; message: string };

/** The server's own words when it gave some (409 overlap, 400), else the error's text. */
export function failureText(error: unknown): string {
  if (error instanceof TransportError) return error.serverMessage || error.message;
  return error instanceof Error ? error.message : 'Something went wrong.';
}

/** The value as JSON the process variables can hold (no undefined members). */
export function toVariable(value: ConsultationValue): VariableValue {
  const out: Record<string, VariableValue> = {};
  for (const [key, member] of Object.entries(value)) {
    if (typeof member === 'string') out[key] = member;
  }
  return out;
}

/** One read of the field: loading (also while Try Again runs), its failure in the server's words, or its answer. */
function useLoad<T>(options: DataQueryOptions<T> | null): { load: Load<T> | null; retry(): void } {
  const { status, data, error, retry } = useDataQuery(options);
  const load: Load<T> | null =
    status === 'idle'
      ? null
      : status === 'loaded'
        ? { status: 'loaded', data: data as T }
        : status === 'error'
          ? { status: 'error', message: failureText(error) }
          : { status: 'loading' };
  return { load, retry };
}

/**
 * The calendars (and the agent's own consultant's among them), the chosen day's events,
 * and the preselection: one calendar only is chosen; else the linked consultant's, unless
 * the agent (or a restored value) already chose one. No link or no answer: nothing.
 */
export function useConsultationReads(
  booking: ConsultationBooking,
  current: ConsultationValue,
  latest: { current: ConsultationValue },
  write: (next: ConsultationValue) => void,
) {
  const calendars = useLoad(booking.calendars);
  const own = useDataQuery(booking.ownParameters);
  const { calendarId, date } = current;
  const day = useLoad(calendarId && date ? booking.day(calendarId, date) : null);
  const items = calendars.load?.status === 'loaded' ? calendars.load.data : null;
  const consultantId = own.data?.consultantId ?? null;
  const preselected = items ? ownConsultantCalendar(items, consultantId) : null;
  // The "your consultant" marker: only where there is a choice.
  const ownCalendarId = items && items.length > 1 ? preselected : null;
  const writeNow = useRef(write);
  writeNow.current = write;
  useEffect(() => {
    if (!preselected || latest.current.calendarId) return;
    writeNow.current({ ...latest.current, calendarId: preselected, slotStart: '' });
  }, [preselected, latest]);
  const dayData = useMemo<Load<DayData> | null>(() => {
    const load = day.load;
    if (load?.status !== 'loaded') return load;
    const { timezone, days } = load.data;
    return { status: 'loaded', data: { timezone, events: days.flatMap((d) => d.events) } };
  }, [day.load]);
  return {
    calendars: calendars.load ?? { status: 'loading' as const },
    retryCalendars: calendars.retry,
    ownCalendarId,
    day: dayData,
    retryDay: day.retry,
  };
}

interface BookVariables {
  calendar: Calendar;
  slot: { startTime: string; endTime: string };
  eventId: string | undefined;
}

/**
 * Booking and cancelling (the field's writes): each through useMutateAndInvalidate, the
 * calendar's days made stale, the value written as soon as the server answers. A failed
 * save is shown and keeps every choice (spec: dashboards 8); a failed booking reloads the
 * day too (the time may just have been taken).
 */
export function useConsultationWrites(
  booking: ConsultationBooking,
  latest: { current: ConsultationValue },
  write: (next: ConsultationValue) => void,
  reloadDay: () => void,
) {
  const [save, setSave] = useState<Save>({ phase: 'idle' });
  const [announcement, setAnnouncement] = useState('');
  // Where focus goes once the value written by a booking or a cancellation has rendered.
  const focusAfter = useRef<'booked' | 'day' | null>(null);
  const booker = useMutateAndInvalidate(
    ({ calendar, slot, eventId }: BookVariables) => {
      const title = booking.callerName ? `Consultation: ${booking.callerName}` : 'Consultation';
      // The slot's times only: a slot on screen carries more than the request allows.
      const { startTime, endTime } = slot;
      const request: CreateEventRequest = { calendarId: calendar.ID, title, startTime, endTime };
      return booking.book(request, eventId);
    },
    {
      invalidates: (_event, { calendar }) => [booking.daysKey(calendar.ID)],
      onAnswer: (event, { calendar }) => {
        const label = consultationLabel({
          startTime: event.startTime,
          timezone: calendar.TIMEZONE,
          consultant: calendar.NAME,
        });
        const { startTime, endTime } = event;
        write({
          ...latest.current,
          slotStart: startTime,
          eventId: event.id,
          startTime,
          endTime,
          timezone: calendar.TIMEZONE,
          consultant: calendar.NAME,
          label,
        });
        setSave({ phase: 'idle' });
        setAnnouncement(`Consultation booked: ${label}.`);
        focusAfter.current = 'booked';
      },
    },
  );
  const canceller = useMutateAndInvalidate((eventId: string) => booking.cancel(eventId), {
    invalidates: () =>
      latest.current.calendarId ? [booking.daysKey(latest.current.calendarId)] : [],
    onAnswer: () => {
      focusAfter.current = 'day';
      const { calendarId, date } = latest.current;
      write({ calendarId, date, slotStart: '' });
      setSave({ phase: 'idle' });
      setAnnouncement('Booking cancelled.');
    },
  });

  const book = async (variables: Omit<BookVariables, 'eventId'>) => {
    setSave({ phase: 'saving' });
    setAnnouncement('');
    try {
      await booker.mutate({ ...variables, eventId: latest.current.eventId });
    } catch (failure) {
      // spec: dashboards 8 — the save error reaches the form: shown, nothing chosen is lost.
      setSave({ phase: 'error', message: failureText(failure) });
      reloadDay();
    }
  };
  const cancel = async (eventId: string) => {
    setSave({ phase: 'cancelling' });
    setAnnouncement('');
    try {
      await canceller.mutate(eventId);
    } catch (failure) {
      setSave({
        phase: 'error',
        message: `The booking was not cancelled: ${failureText(failure)}`,
      });
    }
  };
  const clearError = () => {
    if (save.phase === 'error') setSave({ phase: 'idle' });
  };
  return { save, announcement, focusAfter, book, cancel, clearError };
}
