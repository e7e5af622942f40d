import { describe, expect, it } from 'vitest';
import { MAX_EVENT_RANGE_DAYS, SCHEDULING_ERRORS } from '@/shared/contracts/scheduling';
import {
  belongsToCall,
  bookingIdentity,
  daysOfRange,
  eventRangeProblem,
  eventTimesProblem,
  findOverlap,
  formatDay,
  formatTimeInZone,
  freeSlots,
  groupEventsByDay,
  rangeBounds,
  spansOverlap,
  zonedTimeToInstant,
  ownConsultantCalendar,
} from '@/shared/domain/scheduling';

// Consultation scheduling rules (issue #16; spec: dashboards 7 calendars and events).

const span = (start: string, end: string) => ({ startTime: start, endTime: end });
const LONG_AGO = new Date('2000-01-01T00:00:00Z');

describe('zonedTimeToInstant', () => {
  it('places a wall-clock time of a calendar day in its timezone (spec: dashboards 7 TIMEZONE)', () => {
    expect(zonedTimeToInstant('2026-12-01', 9 * 60, 'America/Chicago').toISOString()).toBe(
      '2026-12-01T15:00:00.000Z',
    );
    expect(zonedTimeToInstant('2026-07-01', 9 * 60, 'America/Chicago').toISOString()).toBe(
      '2026-07-01T14:00:00.000Z',
    );
    expect(zonedTimeToInstant('2026-12-01', 0, 'UTC').toISOString()).toBe(
      '2026-12-01T00:00:00.000Z',
    );
  });

  it('lands on the right hour on the days daylight saving starts and ends', () => {
    // US DST 2026: starts 8 March, ends 1 November.
    expect(zonedTimeToInstant('2026-03-08', 9 * 60, 'America/New_York').toISOString()).toBe(
      '2026-03-08T13:00:00.000Z',
    );
    expect(zonedTimeToInstant('2026-11-01', 9 * 60, 'America/New_York').toISOString()).toBe(
      '2026-11-01T14:00:00.000Z',
    );
  });
});

describe('overlaps', () => {
  it('treats bookings as half-open: back to back is not an overlap', () => {
    const a = span('2026-12-01T15:00:00Z', '2026-12-01T16:00:00Z');
    expect(spansOverlap(a, span('2026-12-01T16:00:00Z', '2026-12-01T17:00:00Z'))).toBe(false);
    expect(spansOverlap(a, span('2026-12-01T15:30:00Z', '2026-12-01T16:30:00Z'))).toBe(true);
    expect(spansOverlap(a, span('2026-12-01T14:00:00Z', '2026-12-01T18:00:00Z'))).toBe(true);
  });

  it('ignores the event being moved when checking its new time', () => {
    const events = [{ id: 'e1', ...span('2026-12-01T15:00:00Z', '2026-12-01T16:00:00Z') }];
    const moved = span('2026-12-01T15:30:00Z', '2026-12-01T16:30:00Z');
    expect(findOverlap(moved, events)?.id).toBe('e1');
    expect(findOverlap(moved, events, 'e1')).toBeNull();
  });
});

describe('freeSlots', () => {
  it('offers hourly slots from 9:00 to 17:00 in the calendar timezone, minus booked times', () => {
    const slots = freeSlots({
      day: '2026-12-01',
      timezone: 'America/Chicago',
      events: [span('2026-12-01T16:00:00Z', '2026-12-01T17:00:00Z')], // 10:00 Chicago
      now: LONG_AGO,
    });
    expect(slots.map((s) => s.label)).toEqual([
      '9:00 AM',
      '11:00 AM',
      '12:00 PM',
      '1:00 PM',
      '2:00 PM',
      '3:00 PM',
      '4:00 PM',
    ]);
    expect(slots[0]).toMatchObject({
      startTime: '2026-12-01T15:00:00.000Z',
      endTime: '2026-12-01T16:00:00.000Z',
    });
  });

  it('leaves out a slot an event only partly covers, and past times', () => {
    const slots = freeSlots({
      day: '2026-12-01',
      timezone: 'America/Chicago',
      events: [span('2026-12-01T15:45:00Z', '2026-12-01T16:15:00Z')],
      durationMinutes: 30,
      now: new Date('2026-12-01T18:10:00Z'), // 12:10 Chicago
    });
    expect(slots[0].label).toBe('12:30 PM');
    expect(slots[slots.length - 1].label).toBe('4:30 PM');
  });

  it('has no slots on weekends', () => {
    expect(
      freeSlots({ day: '2026-12-05', timezone: 'America/Chicago', events: [], now: LONG_AGO }),
    ).toEqual([]);
  });
});

describe('ranges and days', () => {
  it('lists every day of a range, both ends included', () => {
    expect(daysOfRange('2026-12-30', '2027-01-02')).toEqual([
      '2026-12-30',
      '2026-12-31',
      '2027-01-01',
      '2027-01-02',
    ]);
  });

  it(`refuses a reversed range and one longer than ${MAX_EVENT_RANGE_DAYS} days`, () => {
    expect(eventRangeProblem('2026-12-01', '2026-12-01')).toBeNull();
    expect(eventRangeProblem('2026-12-02', '2026-12-01')).toBe(SCHEDULING_ERRORS.rangeOrder);
    expect(eventRangeProblem('2026-01-01', '2026-12-31')).toBe(SCHEDULING_ERRORS.rangeTooLong);
  });

  it('groups events by the calendar-timezone day they start on (spec: dashboards 7 days[])', () => {
    // 23:30 Chicago on 1 December is 05:30Z on 2 December: it belongs to 1 December.
    const late = { id: 'late', ...span('2026-12-02T05:30:00Z', '2026-12-02T06:00:00Z') };
    const early = { id: 'early', ...span('2026-12-01T15:00:00Z', '2026-12-01T16:00:00Z') };
    const days = groupEventsByDay([late, early], '2026-12-01', '2026-12-02', 'America/Chicago');
    expect(days).toEqual([
      { date: '2026-12-01', events: [early, late] },
      { date: '2026-12-02', events: [] },
    ]);
  });

  it('bounds a range by the local midnights around it', () => {
    expect(rangeBounds('2026-12-01', '2026-12-01', 'America/Chicago')).toEqual({
      startTime: '2026-12-01T06:00:00.000Z',
      endTime: '2026-12-02T06:00:00.000Z',
    });
  });

  it('refuses events that end before they start or last more than 12 hours', () => {
    expect(eventTimesProblem(span('2026-12-01T15:00:00Z', '2026-12-01T15:00:00Z'))).toBe(
      SCHEDULING_ERRORS.endBeforeStart,
    );
    expect(eventTimesProblem(span('2026-12-01T00:00:00Z', '2026-12-01T13:00:00Z'))).toBe(
      SCHEDULING_ERRORS.tooLong,
    );
    expect(eventTimesProblem(span('2026-12-01T15:00:00Z', '2026-12-01T16:00:00Z'))).toBeNull();
  });

  it('formats days MM/DD/YYYY (spec: dashboards 9) and times in the calendar timezone', () => {
    expect(formatDay('2026-12-01')).toBe('12/01/2026');
    expect(formatTimeInZone('2026-12-01T15:00:00Z', 'America/New_York')).toBe('10:00 AM');
  });
});

describe('booking identity (spec: dashboards 7 executionId when async, else appId)', () => {
  it('uses the execution id when lead generation is async, else the app id', () => {
    expect(bookingIdentity(true, { executionId: 'x', appId: 'a' })).toEqual({ executionId: 'x' });
    expect(bookingIdentity(false, { executionId: 'x', appId: 'a' })).toEqual({ appId: 'a' });
    expect(bookingIdentity(true, { appId: 'a' })).toBeNull();
    expect(bookingIdentity(false, { executionId: 'x' })).toBeNull();
  });

  it('lets a call change only its own bookings and those made outside a call', () => {
    const booked = { executionId: 'x', appId: null };
    expect(belongsToCall(booked, { executionId: 'x' })).toBe(true);
    expect(belongsToCall(booked, { executionId: 'y' })).toBe(false);
    expect(belongsToCall({ executionId: null, appId: null }, { appId: 'a' })).toBe(true);
    expect(belongsToCall({ executionId: null, appId: 'b' }, { appId: 'a' })).toBe(false);
  });
});

describe('ownConsultantCalendar (the consultant a booking starts on)', () => {
  const dana = { ID: 'cal_dana', consultantId: 'con_dana' };
  const eli = { ID: 'cal_eli', consultantId: 'con_eli' };
  it('is the only calendar, linked or not', () => {
    expect(ownConsultantCalendar([dana], null)).toBe('cal_dana');
    expect(ownConsultantCalendar([dana], 'con_eli')).toBe('cal_dana');
  });
  it("is the linked consultant's among several, else none", () => {
    expect(ownConsultantCalendar([dana, eli], 'con_eli')).toBe('cal_eli');
    expect(ownConsultantCalendar([dana, eli], 'con_nobody')).toBeNull();
    expect(ownConsultantCalendar([dana, eli], null)).toBeNull();
    expect(ownConsultantCalendar([], 'con_eli')).toBeNull();
  });
});
