import { type RefObject, useContext, useEffect, useId, useRef } from 'react';
import { Button } from '@/app/components/button/button';
import { fieldClassNames } from '@/app/components/field/field';
import { Icon } from '@/app/components/icon/icon';
import type { FormField, VariableValue } from '@/shared/contracts/call-flow';
import type { Calendar, ConsultationValue } from '@/shared/contracts/scheduling';
import { formatDay, freeSlots, readConsultationValue, type Slot } from '@/shared/domain/scheduling';
import { dayInTimezone } from '@/shared/domain/workspace-day';
import { type ConsultationBooking, ConsultationBookingContext } from './consultation-booking';
import {
  type DayData,
  type Load,
  type Save,
  toVariable,
  useConsultationReads,
  useConsultationWrites,
} from './consultation-state';
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

/**
 * "Book a consultation" in a call flow (issue #16; spec: dashboards 7 calendars and
 * events, 8 "Event save error: Rethrown to caller"): the agent picks the consultant's
 * calendar and a day, the day's free times are listed (native radios: arrow keys move
 * between them), and "Book consultation" saves the event at once with the call's id. A
 * failed save is shown here and keeps every choice; a booked time can be moved or
 * cancelled. The field's value counts as answered only once the event is saved.
 */
export function ConsultationField(props: ConsultationFieldProps) {
  const booking = useContext(ConsultationBookingContext);
  if (!booking) {
    const { field, id, error } = props;
    return (
      <FieldFrame
        {...frameOf(field, id, error, isRequired(field))}
        kind="group"
        className="ic-consultation-field"
      >
        <p className="ic-consultation-field__note">
          Booking a consultation is not available here. Book it from the call flow in the app.
        </p>
      </FieldFrame>
    );
  }
  return <BookingField {...props} booking={booking} />;
}

/** The field over the call's booking service: its pickers, the free times, book and cancel. */
function BookingField({
  field,
  id,
  value,
  error,
  onChange,
  onBlur,
  disabled,
  booking,
}: ConsultationFieldProps & { booking: ConsultationBooking }) {
  const current = readConsultationValue(value);
  const locked = disabled || field.disabled === true;
  const prefix = useId();
  const bookedRef = useRef<HTMLParagraphElement>(null);
  const dayRef = useRef<HTMLInputElement>(null);
  // The latest value, for writes after an await (the agent may have changed something).
  const latest = useRef(current);
  latest.current = current;
  const write = (next: ConsultationValue) => {
    latest.current = next;
    onChange(toVariable(next));
  };
  const reads = useConsultationReads(booking, current, latest, write);
  const writes = useConsultationWrites(booking, latest, write, reads.retryDay);
  const { save, focusAfter } = writes;

  useEffect(() => {
    if (focusAfter.current === 'booked') bookedRef.current?.focus();
    if (focusAfter.current === 'day') dayRef.current?.focus();
    focusAfter.current = null;
  }, [current.eventId, current.startTime, focusAfter]);

  const { calendars, day } = reads;
  const calendarList = calendars.status === 'loaded' ? calendars.data : [];
  const calendar = calendarList.find((c) => c.ID === current.calendarId) ?? null;
  const booked = Boolean(current.eventId);
  const dayData = day?.status === 'loaded' ? day.data : null;
  // Our own booking is not "taken" for us: its time shows as the chosen one.
  const slots: Slot[] = dayData
    ? freeSlots({
        day: current.date,
        timezone: dayData.timezone,
        events: dayData.events.filter((event) => event.id !== current.eventId),
        durationMinutes: field.durationMinutes,
        now: booking.now(),
      })
    : [];
  const chosen = slots.find((slot) => slot.startTime === current.slotStart) ?? null;
  const busy = save.phase === 'saving' || save.phase === 'cancelling';

  const choose = (patch: Partial<ConsultationValue>) => {
    writes.clearError();
    write({ ...latest.current, ...patch });
  };
  const book = () => {
    if (!chosen || !calendar || busy || locked) return;
    void writes.book({ calendar, slot: chosen });
  };
  const cancel = () => {
    const eventId = latest.current.eventId;
    if (!eventId || busy || locked) return;
    void writes.cancel(eventId);
  };

  return (
    <FieldFrame
      {...frameOf(field, id, error, isRequired(field))}
      kind="group"
      className="ic-consultation-field"
    >
      <ConsultationPickers
        field={field}
        prefix={prefix}
        value={current}
        calendars={calendars}
        ownCalendarId={reads.ownCalendarId}
        today={calendar ? dayInTimezone(booking.now(), calendar.TIMEZONE) : undefined}
        describe={describedBy(field.help && helpId(id), error && errorId(id))}
        invalid={Boolean(error)}
        disabled={locked || busy}
        dayRef={dayRef}
        onChoose={choose}
        onBlur={onBlur}
      />
      <CalendarsNotes calendars={calendars} onRetry={reads.retryCalendars} />
      <div className="ic-consultation-field__slots" aria-live="polite">
        <SlotList
          name={`${prefix}-slot`}
          day={day}
          date={current.date}
          hasCalendar={Boolean(calendar)}
          slots={slots}
          chosen={current.slotStart}
          disabled={locked || busy}
          onChoose={(slotStart) => choose({ slotStart })}
          onRetry={reads.retryDay}
        />
      </div>
      <BookingActions
        save={save}
        booked={booked}
        canBook={!locked && !busy && Boolean(chosen)}
        unchanged={booked && current.startTime === chosen?.startTime}
        canCancel={!locked && !busy}
        onBook={book}
        onCancel={cancel}
      />
      <BookingOutcome value={current} save={save} bookedRef={bookedRef} />
      <p className="ic-visually-hidden" role="status">
        {writes.announcement}
      </p>
    </FieldFrame>
  );
}

/** The consultant's calendar and the day. */
function ConsultationPickers({
  field,
  prefix,
  value,
  calendars,
  ownCalendarId,
  today,
  describe,
  invalid,
  disabled,
  dayRef,
  onChoose,
  onBlur,
}: {
  field: ConsultationField;
  prefix: string;
  value: ConsultationValue;
  calendars: Load<Calendar[]>;
  ownCalendarId: string | null;
  today: string | undefined;
  describe: string | undefined;
  invalid: boolean;
  disabled: boolean;
  dayRef: RefObject<HTMLInputElement | null>;
  onChoose(patch: Partial<ConsultationValue>): void;
  onBlur(): void;
}) {
  const calendarList = calendars.status === 'loaded' ? calendars.data : [];
  const calendarSelectId = `${prefix}-calendar`;
  const dateInputId = `${prefix}-day`;
  return (
    <div className="ic-consultation-field__pickers">
      <div className="ic-consultation-field__picker">
        <label className="ic-consultation-field__label" htmlFor={calendarSelectId}>
          Consultant
        </label>
        <select
          id={calendarSelectId}
          className={`${fieldClassNames.select} ${fieldClassNames.large}`}
          value={value.calendarId}
          disabled={disabled || calendars.status !== 'loaded' || calendarList.length === 0}
          aria-invalid={invalid ? true : undefined}
          aria-describedby={describe}
          {...{ [FOCUS_ATTRIBUTE]: field.name }}
          onChange={(event) => onChoose({ calendarId: event.target.value, slotStart: '' })}
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
          value={value.date}
          min={today}
          disabled={disabled}
          aria-describedby={describe}
          onChange={(event) => onChoose({ date: event.target.value, slotStart: '' })}
          onBlur={onBlur}
        />
      </div>
    </div>
  );
}

/** The calendars' failure with Try Again, or that the workspace has none. */
function CalendarsNotes({ calendars, onRetry }: { calendars: Load<Calendar[]>; onRetry(): void }) {
  if (calendars.status === 'error') {
    return (
      <div className="ic-consultation-field__problem" role="alert">
        <p>
          <Icon name="warning" size="sm" /> The consultants&rsquo; calendars could not be loaded:{' '}
          {calendars.message}
        </p>
        <Button variant="secondary" onClick={onRetry}>
          Try Again
        </Button>
      </div>
    );
  }
  if (calendars.status === 'loaded' && calendars.data.length === 0) {
    return (
      <p className="ic-consultation-field__note" role="status">
        This workspace has no consultant calendars yet.
      </p>
    );
  }
  return null;
}

/** Book (or move the booking to the chosen time), and Cancel booking once booked. */
function BookingActions({
  save,
  booked,
  canBook,
  unchanged,
  canCancel,
  onBook,
  onCancel,
}: {
  save: Save;
  booked: boolean;
  canBook: boolean;
  unchanged: boolean;
  canCancel: boolean;
  onBook(): void;
  onCancel(): void;
}) {
  return (
    <div className="ic-consultation-field__actions">
      <Button variant="primary" disabled={!canBook || unchanged} onClick={onBook}>
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
        <Button variant="ghost" disabled={!canCancel} onClick={onCancel}>
          {save.phase === 'cancelling' ? 'Cancelling…' : 'Cancel booking'}
        </Button>
      ) : null}
    </div>
  );
}

/** What is booked (or that the chosen time is not yet), and a failed save. */
function BookingOutcome({
  value,
  save,
  bookedRef,
}: {
  value: ConsultationValue;
  save: Save;
  bookedRef: RefObject<HTMLParagraphElement | null>;
}) {
  const booked = Boolean(value.eventId);
  return (
    <>
      {booked && value.label ? (
        <p className="ic-consultation-field__booked" ref={bookedRef} tabIndex={-1}>
          <Icon name="check" size="sm" />
          <span>Booked: {value.label}</span>
        </p>
      ) : value.slotStart && !booked ? (
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
    </>
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
