import { useContext, useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/app/components/button/button';
import { fieldClassNames } from '@/app/components/field/field';
import { Icon } from '@/app/components/icon/icon';
import type { FormField, VariableValue } from '@/shared/contracts/call-flow';
import type { Calendar, CalendarEvent, ConsultationValue } from '@/shared/contracts/scheduling';
import {
  consultationLabel,
  formatDay,
  freeSlots,
  readConsultationValue,
  type Slot,
} from '@/shared/domain/scheduling';
import { dayInTimezone } from '@/shared/domain/workspace-day';
import { TransportError } from '@/shared/transport/transport';
import { ConsultationBookingContext } from './consultation-booking';
import { errorId, FieldFrame, frameOf, helpId } from './field-frame';
import { describedBy, FOCUS_ATTRIBUTE } from './field-props';
import { isRequired } from './step-control-field';
import './choice-field.css';
import './consultation-field.css';
import '@/app/components/visually-hidden/visually-hidden.css';

type ConsultationField = Extract<FormField, { type: 'consultation' }>;

export interface ConsultationFieldProps {
  field: ConsultationField;
  id: string;
  value: VariableValue | undefined;
  error: string | null;
  onChange(value: VariableValue): void;
  onBlur(): void;
  disabled: boolean;
}

type Load<T> =
  { status: 'loading' } | { status: 'error'; message: string } | { status: 'loaded'; data: T };

interface DayData {
  timezone: string;
  events: CalendarEvent[];
}

type Save =
  | { phase: 'idle' }
  | { phase: 'saving' }
  | { phase: 'cancelling' }
  | { phase: 'error'; message: string };

/** The value as JSON the process variables can hold (no undefined members). */
function toVariable(value: ConsultationValue): VariableValue {
  const out: Record<string, VariableValue> = {};
  for (const [key, member] of Object.entries(value)) {
    if (typeof member === 'string') out[key] = member;
  }
  return out;
}

/** The server's own words when it gave some (409 overlap, 400), else the error's text. */
function failureText(error: unknown): string {
  if (error instanceof TransportError) return error.serverMessage || error.message;
  return error instanceof Error ? error.message : 'Something went wrong.';
}

/**
 * "Book a consultation" in a call flow (issue #16; spec: dashboards 7 calendars and
 * events, 8 "Event save error: Rethrown to caller"): the agent picks the consultant's
 * calendar and a day, the day's free times are listed (native radios: arrow keys move
 * between them), and "Book consultation" saves the event at once with the call's id. A
 * failed save is shown here and keeps every choice; a booked time can be moved or
 * cancelled. The field's value counts as answered only once the event is saved.
 */
export function ConsultationField({
  field,
  id,
  value,
  error,
  onChange,
  onBlur,
  disabled,
}: ConsultationFieldProps) {
  const booking = useContext(ConsultationBookingContext);
  const current = readConsultationValue(value);
  const locked = disabled || field.disabled === true;
  const required = isRequired(field);
  const prefix = useId();
  const [calendars, setCalendars] = useState<Load<Calendar[]>>({ status: 'loading' });
  const [day, setDay] = useState<Load<DayData> | null>(null);
  const [save, setSave] = useState<Save>({ phase: 'idle' });
  const [announcement, setAnnouncement] = useState('');
  const [calendarsVersion, setCalendarsVersion] = useState(0);
  // The calendar of the agent's own consultant (Users parameters), marked in the list.
  const [ownCalendarId, setOwnCalendarId] = useState<string | null>(null);
  const [dayVersion, setDayVersion] = useState(0);
  const bookedRef = useRef<HTMLParagraphElement>(null);
  const dayRef = useRef<HTMLInputElement>(null);
  // Where focus goes once the value written by a booking or a cancellation has rendered.
  const focusAfter = useRef<'booked' | 'day' | null>(null);
  // The latest value, for writes after an await (the agent may have changed something).
  const latest = useRef(current);
  latest.current = current;

  const write = (next: ConsultationValue) => {
    latest.current = next;
    onChange(toVariable(next));
  };

  useEffect(() => {
    if (!booking) return;
    let live = true;
    setCalendars({ status: 'loading' });
    booking.listCalendars().then(
      (items) => {
        if (!live) return;
        setCalendars({ status: 'loaded', data: items });
        // One calendar only: nothing to choose.
        if (items.length === 1 && !latest.current.calendarId) {
          write({ ...latest.current, calendarId: items[0].ID, slotStart: '' });
          return;
        }
        // The agent's linked consultant's calendar is chosen for them, unless they (or a
        // restored value) already chose one. No link or no answer: nothing preselected.
        void booking.ownConsultantId?.().then(
          (consultantId) => {
            const own = consultantId ? items.find((c) => c.consultantId === consultantId) : null;
            if (!live || !own) return;
            setOwnCalendarId(own.ID);
            if (!latest.current.calendarId) {
              write({ ...latest.current, calendarId: own.ID, slotStart: '' });
            }
          },
          () => undefined,
        );
      },
      (failure: unknown) => {
        if (live) setCalendars({ status: 'error', message: failureText(failure) });
      },
    );
    return () => {
      live = false;
    };
    // Once per field and per "Try Again".
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [booking, calendarsVersion]);

  const { calendarId, date } = current;

  useEffect(() => {
    if (focusAfter.current === 'booked') bookedRef.current?.focus();
    if (focusAfter.current === 'day') dayRef.current?.focus();
    focusAfter.current = null;
  }, [current.eventId, current.startTime]);
  useEffect(() => {
    if (!booking || !calendarId || !date) {
      setDay(null);
      return;
    }
    const controller = new AbortController();
    setDay({ status: 'loading' });
    booking.loadDay(calendarId, date, controller.signal).then(
      (answer) => {
        if (controller.signal.aborted) return;
        setDay({
          status: 'loaded',
          data: { timezone: answer.timezone, events: answer.days.flatMap((d) => d.events) },
        });
      },
      (failure: unknown) => {
        if (!controller.signal.aborted) setDay({ status: 'error', message: failureText(failure) });
      },
    );
    return () => controller.abort();
  }, [booking, calendarId, date, dayVersion]);

  if (!booking) {
    return (
      <FieldFrame
        {...frameOf(field, id, error, required)}
        kind="group"
        className="ic-consultation-field"
      >
        <p className="ic-consultation-field__note">
          Booking a consultation is not available here. Book it from the call flow in the app.
        </p>
      </FieldFrame>
    );
  }

  const calendarList = calendars.status === 'loaded' ? calendars.data : [];
  const calendar = calendarList.find((c) => c.ID === calendarId) ?? null;
  const booked = Boolean(current.eventId);
  const dayData = day?.status === 'loaded' ? day.data : null;
  // Our own booking is not "taken" for us: its time shows as the chosen one.
  const slots: Slot[] = dayData
    ? freeSlots({
        day: date,
        timezone: dayData.timezone,
        events: dayData.events.filter((event) => event.id !== current.eventId),
        durationMinutes: field.durationMinutes,
        now: booking.now(),
      })
    : [];
  const chosen = slots.find((slot) => slot.startTime === current.slotStart) ?? null;
  const unchangedBooking = booked && current.startTime === chosen?.startTime;
  const busy = save.phase === 'saving' || save.phase === 'cancelling';
  const today = calendar ? dayInTimezone(booking.now(), calendar.TIMEZONE) : undefined;
  const describe = describedBy(field.help && helpId(id), error && errorId(id));

  const choose = (patch: Partial<ConsultationValue>) => {
    if (save.phase === 'error') setSave({ phase: 'idle' });
    write({ ...latest.current, ...patch });
  };

  const book = async () => {
    if (!chosen || !calendar || busy || locked) return;
    setSave({ phase: 'saving' });
    setAnnouncement('');
    try {
      const event = await booking.book(
        {
          calendarId: calendar.ID,
          title: booking.callerName ? `Consultation: ${booking.callerName}` : 'Consultation',
          startTime: chosen.startTime,
          endTime: chosen.endTime,
        },
        latest.current.eventId,
      );
      const label = consultationLabel({
        startTime: event.startTime,
        timezone: calendar.TIMEZONE,
        consultant: calendar.NAME,
      });
      write({
        ...latest.current,
        slotStart: event.startTime,
        eventId: event.id,
        startTime: event.startTime,
        endTime: event.endTime,
        timezone: calendar.TIMEZONE,
        consultant: calendar.NAME,
        label,
      });
      setSave({ phase: 'idle' });
      setAnnouncement(`Consultation booked: ${label}.`);
      setDayVersion((v) => v + 1);
      focusAfter.current = 'booked';
    } catch (failure) {
      // spec: dashboards 8 — the save error reaches the form: shown, nothing chosen is lost.
      setSave({ phase: 'error', message: failureText(failure) });
      // The time may just have been taken: show the day as it is now.
      setDayVersion((v) => v + 1);
    }
  };

  const cancel = async () => {
    const eventId = latest.current.eventId;
    if (!eventId || busy || locked) return;
    setSave({ phase: 'cancelling' });
    setAnnouncement('');
    try {
      await booking.cancel(eventId);
      focusAfter.current = 'day';
      write({
        calendarId: latest.current.calendarId,
        date: latest.current.date,
        slotStart: '',
      });
      setSave({ phase: 'idle' });
      setAnnouncement('Booking cancelled.');
      setDayVersion((v) => v + 1);
    } catch (failure) {
      setSave({
        phase: 'error',
        message: `The booking was not cancelled: ${failureText(failure)}`,
      });
    }
  };

  const calendarSelectId = `${prefix}-calendar`;
  const dateInputId = `${prefix}-day`;

  return (
    <FieldFrame
      {...frameOf(field, id, error, required)}
      kind="group"
      className="ic-consultation-field"
    >
      <div className="ic-consultation-field__pickers">
        <div className="ic-consultation-field__picker">
          <label className="ic-consultation-field__label" htmlFor={calendarSelectId}>
            Consultant
          </label>
          <select
            id={calendarSelectId}
            className={`${fieldClassNames.select} ${fieldClassNames.large}`}
            value={calendarId}
            disabled={locked || busy || calendars.status !== 'loaded' || calendarList.length === 0}
            aria-invalid={error ? true : undefined}
            aria-describedby={describe}
            {...{ [FOCUS_ATTRIBUTE]: field.name }}
            onChange={(event) => choose({ calendarId: event.target.value, slotStart: '' })}
            onBlur={onBlur}
          >
            <option value="">
              {calendars.status === 'loading' ? 'Loading consultants…' : 'Choose a consultant'}
            </option>
            {calendarList.map((c) => (
              <option key={c.ID} value={c.ID}>
                {c.NAME} ({c.TIMEZONE}){c.ID === ownCalendarId ? ' · your consultant' : ''}
              </option>
            ))}
          </select>
        </div>
        <div className="ic-consultation-field__picker">
          <label className="ic-consultation-field__label" htmlFor={dateInputId}>
            Day
          </label>
          <input
            id={dateInputId}
            ref={dayRef}
            className={`${fieldClassNames.input} ${fieldClassNames.large}`}
            type="date"
            value={date}
            min={today}
            disabled={locked || busy}
            aria-describedby={describe}
            onChange={(event) => choose({ date: event.target.value, slotStart: '' })}
            onBlur={onBlur}
          />
        </div>
      </div>

      {calendars.status === 'error' ? (
        <div className="ic-consultation-field__problem" role="alert">
          <p>
            <Icon name="warning" size="sm" /> The consultants&rsquo; calendars could not be loaded:{' '}
            {calendars.message}
          </p>
          <Button variant="secondary" onClick={() => setCalendarsVersion((v) => v + 1)}>
            Try Again
          </Button>
        </div>
      ) : null}
      {calendars.status === 'loaded' && calendarList.length === 0 ? (
        <p className="ic-consultation-field__note" role="status">
          This workspace has no consultant calendars yet.
        </p>
      ) : null}

      <div className="ic-consultation-field__slots" aria-live="polite">
        <SlotList
          name={`${prefix}-slot`}
          day={day}
          date={date}
          hasCalendar={Boolean(calendar)}
          slots={slots}
          chosen={current.slotStart}
          disabled={locked || busy}
          onChoose={(slotStart) => choose({ slotStart })}
          onRetry={() => setDayVersion((v) => v + 1)}
        />
      </div>

      <div className="ic-consultation-field__actions">
        <Button
          variant="primary"
          disabled={locked || busy || !chosen || unchangedBooking}
          onClick={() => void book()}
        >
          {save.phase === 'saving' ? (
            <span className="ic-spinner" aria-hidden="true" />
          ) : (
            <Icon name="check" size="sm" />
          )}
          {save.phase === 'saving'
            ? 'Booking…'
            : booked
              ? 'Move booking to this time'
              : 'Book consultation'}
        </Button>
        {booked ? (
          <Button variant="ghost" disabled={locked || busy} onClick={() => void cancel()}>
            {save.phase === 'cancelling' ? 'Cancelling…' : 'Cancel booking'}
          </Button>
        ) : null}
      </div>

      {booked && current.label ? (
        <p className="ic-consultation-field__booked" ref={bookedRef} tabIndex={-1}>
          <Icon name="check" size="sm" />
          <span>Booked: {current.label}</span>
        </p>
      ) : current.slotStart && !booked ? (
        <p className="ic-consultation-field__note">Not booked yet: press Book consultation.</p>
      ) : null}

      <div className="ic-consultation-field__alert" role="alert">
        {save.phase === 'error' ? (
          <p className="ic-consultation-field__error">
            <Icon name="warning" size="sm" />
            <span>
              {save.message.startsWith('The booking was not cancelled')
                ? save.message
                : `The consultation was not booked: ${save.message}`}
            </span>
          </p>
        ) : null}
      </div>
      <p className="ic-visually-hidden" role="status">
        {announcement}
      </p>
    </FieldFrame>
  );
}

function SlotList({
  name,
  day,
  date,
  hasCalendar,
  slots,
  chosen,
  disabled,
  onChoose,
  onRetry,
}: {
  name: string;
  day: Load<DayData> | null;
  date: string;
  hasCalendar: boolean;
  slots: Slot[];
  chosen: string;
  disabled: boolean;
  onChoose(slotStart: string): void;
  onRetry(): void;
}) {
  if (!hasCalendar || !date) {
    return (
      <p className="ic-consultation-field__note">
        Choose a consultant and a day to see the free times.
      </p>
    );
  }
  if (!day || day.status === 'loading') {
    return (
      <p className="ic-consultation-field__note" role="status">
        <span className="ic-spinner" aria-hidden="true" /> Loading free times…
      </p>
    );
  }
  if (day.status === 'error') {
    return (
      <div className="ic-consultation-field__problem" role="alert">
        <p>
          <Icon name="warning" size="sm" /> The free times could not be loaded: {day.message}
        </p>
        <Button variant="secondary" onClick={onRetry}>
          Try Again
        </Button>
      </div>
    );
  }
  if (slots.length === 0) {
    return (
      <p className="ic-consultation-field__note">
        No free times on {formatDay(date)}. Try another day.
      </p>
    );
  }
  return (
    <fieldset className="ic-consultation-field__slot-group">
      <legend className="ic-consultation-field__label">
        Free times on {formatDay(date)} ({day.data.timezone})
      </legend>
      <div className="ic-choice-list">
        {slots.map((slot, index) => {
          const optionId = `${name}-${index}`;
          return (
            <label key={slot.startTime} className="ic-choice" htmlFor={optionId}>
              <input
                id={optionId}
                className="ic-choice__input"
                type="radio"
                name={name}
                value={slot.startTime}
                checked={chosen === slot.startTime}
                disabled={disabled}
                onChange={() => onChoose(slot.startTime)}
              />
              <span className="ic-choice__label">{slot.label}</span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
