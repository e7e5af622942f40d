import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '@/shared/contracts/common';
import {
  appointmentOutcomeListResponseSchema,
  type Calendar,
  calendarEventResponseSchema,
  calendarEventsResponseSchema,
  calendarListResponseSchema,
  consultantResponseSchema,
  EVENT_DELETED,
  eventDeletedResponseSchema,
  MAX_EVENT_RANGE_DAYS,
  objectionListResponseSchema,
  SCHEDULING_ERRORS,
} from '@/shared/contracts/scheduling';
import { freeSlots, zonedTimeToInstant } from '@/shared/domain/scheduling';
import { startTestServer, type TestServer } from '../helpers/test-server';

// Calendars and events, objections, appointment outcomes, consultants/{id} (spec: dashboards
// 7 Lookups, 8, 9; issue #16). The real server, a fresh demo database. Lakeside generates
// leads asynchronously (executionId), Harbor does not (appId).

/** A weekday a few weeks ahead (past the seeded bookings' busiest days is not needed). */
function futureWeekday(daysAhead: number): string {
  const date = new Date(Date.now() + daysAhead * 24 * 60 * 60 * 1000);
  while (date.getUTCDay() === 0 || date.getUTCDay() === 6) date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

describe('scheduling lookups', () => {
  let t: TestServer;
  const tokens = new Map<string, string>();
  const bearer = async (username: string) => {
    let token = tokens.get(username);
    if (!token) {
      token = (await t.signIn(username)).accessToken;
      tokens.set(username, token);
    }
    return token;
  };
  const message = (body: unknown) => apiErrorSchema.parse(body).message;

  beforeAll(async () => {
    t = await startTestServer();
  });
  afterAll(() => t.close());

  async function calendarsOf(username: string): Promise<Calendar[]> {
    const answer = await t.api('/api/calendars', { token: await bearer(username) });
    expect(answer.status).toBe(200);
    return calendarListResponseSchema.parse(answer.body).data;
  }

  /** A free slot of a calendar on a weekday, read through the events endpoint. */
  async function freeSlotOf(calendar: Calendar, day: string, token: string) {
    const answer = await t.api(
      `/api/calendars/${calendar.ID}/events?startDate=${day}&endDate=${day}`,
      { token },
    );
    expect(answer.status).toBe(200);
    const { days } = calendarEventsResponseSchema.parse(answer.body);
    const slots = freeSlots({
      day,
      timezone: calendar.TIMEZONE,
      events: days[0].events,
      now: new Date(),
    });
    expect(slots.length).toBeGreaterThan(0);
    return slots[0];
  }

  describe('GET calendars', () => {
    it("lists the token's workspace's consultant calendars with ID, NAME and TIMEZONE", async () => {
      const calendars = await calendarsOf('agent@lakeside.test');
      expect(calendars.length).toBeGreaterThan(0);
      for (const calendar of calendars) {
        expect(calendar.TIMEZONE).toBe('America/Chicago');
        expect(calendar.consultantId).toMatch(/^cns_lakeside_/);
      }
      const harbor = await calendarsOf('owner@harbor.test');
      expect(harbor.every((c) => c.TIMEZONE === 'America/New_York')).toBe(true);
      expect(harbor.some((c) => calendars.some((l) => l.ID === c.ID))).toBe(false);
    });

    it('gives a consultant only their own calendar', async () => {
      const all = await calendarsOf('owner@lakeside.test');
      const own = await calendarsOf('consultant@lakeside.test');
      expect(own).toHaveLength(1);
      expect(all.length).toBeGreaterThan(own.length);
    });

    it('serves workspaces/{id}/calendars to the system user, 403 to another workspace', async () => {
      const system = await t.api('/api/workspaces/ws_harbor/calendars', {
        token: await bearer('system@intake.test'),
      });
      expect(system.status).toBe(200);
      expect(calendarListResponseSchema.parse(system.body).data.length).toBeGreaterThan(0);
      const foreign = await t.api('/api/workspaces/ws_harbor/calendars', {
        token: await bearer('owner@lakeside.test'),
      });
      expect(foreign.status).toBe(403);
    });

    it('answers 401 without a token', async () => {
      expect((await t.api('/api/calendars')).status).toBe(401);
    });
  });

  describe('GET calendars/{id}/events', () => {
    it('answers every day of the range with the events that start on it', async () => {
      const [calendar] = await calendarsOf('agent@lakeside.test');
      const start = futureWeekday(3);
      const end = futureWeekday(10);
      const answer = await t.api(
        `/api/calendars/${calendar.ID}/events?startDate=${start}&endDate=${end}`,
        { token: await bearer('agent@lakeside.test') },
      );
      expect(answer.status).toBe(200);
      const body = calendarEventsResponseSchema.parse(answer.body);
      expect(body.timezone).toBe('America/Chicago');
      expect(body.days[0].date).toBe(start);
      expect(body.days[body.days.length - 1].date).toBe(end);
      const events = body.days.flatMap((d) => d.events);
      expect(events.length).toBeGreaterThan(0);
      for (const event of events) expect(event.calendarId).toBe(calendar.ID);
    });

    it('refuses a reversed range, a range beyond the limit and a missing date with 400', async () => {
      const [calendar] = await calendarsOf('agent@lakeside.test');
      const token = await bearer('agent@lakeside.test');
      const reversed = await t.api(
        `/api/calendars/${calendar.ID}/events?startDate=2030-01-10&endDate=2030-01-01`,
        { token },
      );
      expect(reversed.status).toBe(400);
      expect(message(reversed.body)).toBe(SCHEDULING_ERRORS.rangeOrder);
      const tooLong = await t.api(
        `/api/calendars/${calendar.ID}/events?startDate=2030-01-01&endDate=2030-06-01`,
        { token },
      );
      expect(tooLong.status).toBe(400);
      expect(message(tooLong.body)).toContain(String(MAX_EVENT_RANGE_DAYS));
      const missing = await t.api(`/api/calendars/${calendar.ID}/events?startDate=2030-01-01`, {
        token,
      });
      expect(missing.status).toBe(400);
      expect(message(missing.body)).toContain('endDate');
      const garbage = await t.api(
        `/api/calendars/${calendar.ID}/events?startDate=tomorrow&endDate=2030-01-01`,
        { token },
      );
      expect(garbage.status).toBe(400);
    });

    it("answers 404 for another workspace's calendar and 403 for another consultant's", async () => {
      const [harbor] = await calendarsOf('owner@harbor.test');
      const foreign = await t.api(
        `/api/calendars/${harbor.ID}/events?startDate=2030-01-01&endDate=2030-01-02`,
        { token: await bearer('agent@lakeside.test') },
      );
      expect(foreign.status).toBe(404);
      const own = (await calendarsOf('consultant@lakeside.test'))[0];
      const other = (await calendarsOf('owner@lakeside.test')).find((c) => c.ID !== own.ID)!;
      const consultant = await bearer('consultant@lakeside.test');
      const refused = await t.api(
        `/api/calendars/${other.ID}/events?startDate=2030-01-01&endDate=2030-01-02`,
        { token: consultant },
      );
      expect(refused.status).toBe(403);
      const allowed = await t.api(
        `/api/calendars/${own.ID}/events?startDate=2030-01-01&endDate=2030-01-02`,
        { token: consultant },
      );
      expect(allowed.status).toBe(200);
    });
  });

  describe('events POST / PUT / DELETE', () => {
    it('books, moves and deletes an event with the execution id when lead generation is async', async () => {
      const token = await bearer('agent@lakeside.test');
      const [calendar] = await calendarsOf('agent@lakeside.test');
      const day = futureWeekday(14);
      const slot = await freeSlotOf(calendar, day, token);
      const body = {
        calendarId: calendar.ID,
        title: 'Consultation: Ana Diaz',
        startTime: slot.startTime,
        endTime: slot.endTime,
        executionId: 'exec-async-1',
      };

      const withoutId = await t.api('/api/events', {
        method: 'POST',
        token,
        body: { ...body, executionId: undefined },
      });
      expect(withoutId.status).toBe(400);
      expect(message(withoutId.body)).toBe(SCHEDULING_ERRORS.executionIdRequired);

      const created = await t.api('/api/events', { method: 'POST', token, body });
      expect(created.status).toBe(201);
      const event = calendarEventResponseSchema.parse(created.body).data;
      expect(event).toMatchObject({ calendarId: calendar.ID, executionId: 'exec-async-1' });

      // The day view shows it.
      const view = await t.api(
        `/api/calendars/${calendar.ID}/events?startDate=${day}&endDate=${day}`,
        { token },
      );
      const ids = calendarEventsResponseSchema.parse(view.body).days[0].events.map((e) => e.id);
      expect(ids).toContain(event.id);

      // The same time again is refused with a clear message.
      const again = await t.api('/api/events', {
        method: 'POST',
        token,
        body: { ...body, executionId: 'exec-async-2' },
      });
      expect(again.status).toBe(409);
      expect(message(again.body)).toBe(SCHEDULING_ERRORS.overlap);

      // PUT takes the body minus id; an id in the body is refused.
      const withId = await t.api(`/api/events/${event.id}`, {
        method: 'PUT',
        token,
        body: { ...body, id: event.id },
      });
      expect(withId.status).toBe(400);
      const later = zonedTimeToInstant(day, 16 * 60, calendar.TIMEZONE);
      const moved = await t.api(`/api/events/${event.id}`, {
        method: 'PUT',
        token,
        body: {
          ...body,
          startTime: later.toISOString(),
          endTime: new Date(later.getTime() + 30 * 60_000).toISOString(),
          title: 'Consultation moved',
        },
      });
      // 16:00 may be taken by a seeded event: then the move is refused as an overlap.
      expect([200, 409]).toContain(moved.status);
      if (moved.status === 200) {
        expect(calendarEventResponseSchema.parse(moved.body).data.title).toBe('Consultation moved');
      }

      // Another call cannot change or delete it.
      const otherCall = await t.api(`/api/events/${event.id}?executionId=exec-other`, {
        method: 'DELETE',
        token,
      });
      expect(otherCall.status).toBe(409);
      const noId = await t.api(`/api/events/${event.id}`, { method: 'DELETE', token });
      expect(noId.status).toBe(400);
      expect(message(noId.body)).toBe(SCHEDULING_ERRORS.executionIdRequired);

      const deleted = await t.api(`/api/events/${event.id}?executionId=exec-async-1`, {
        method: 'DELETE',
        token,
      });
      expect(deleted.status).toBe(200);
      expect(eventDeletedResponseSchema.parse(deleted.body).result).toBe(EVENT_DELETED);
      const gone = await t.api(`/api/events/${event.id}?executionId=exec-async-1`, {
        method: 'DELETE',
        token,
      });
      expect(gone.status).toBe(404);
    });

    it('deletes with ?appId= when lead generation is not async', async () => {
      const token = await bearer('intake@harbor.test');
      const [calendar] = await calendarsOf('intake@harbor.test');
      const slot = await freeSlotOf(calendar, futureWeekday(15), token);
      const created = await t.api('/api/events', {
        method: 'POST',
        token,
        body: {
          calendarId: calendar.ID,
          title: 'Consultation',
          startTime: slot.startTime,
          endTime: slot.endTime,
          appId: 'app-harbor-1',
        },
      });
      expect(created.status).toBe(201);
      const event = calendarEventResponseSchema.parse(created.body).data;
      expect(event.appId).toBe('app-harbor-1');
      const noId = await t.api(`/api/events/${event.id}`, { method: 'DELETE', token });
      expect(noId.status).toBe(400);
      expect(message(noId.body)).toBe(SCHEDULING_ERRORS.appIdRequired);
      const deleted = await t.api(`/api/events/${event.id}?appId=app-harbor-1`, {
        method: 'DELETE',
        token,
      });
      expect(deleted.status).toBe(200);
      expect(deleted.body).toEqual({ result: 'Event Deleted' });
    });

    it('refuses bad times with 400 and never a 500', async () => {
      const token = await bearer('intake@harbor.test');
      const [calendar] = await calendarsOf('intake@harbor.test');
      const base = { calendarId: calendar.ID, title: 'x', appId: 'a' };
      const reversed = await t.api('/api/events', {
        method: 'POST',
        token,
        body: { ...base, startTime: '2030-01-01T15:00:00Z', endTime: '2030-01-01T14:00:00Z' },
      });
      expect(reversed.status).toBe(400);
      expect(message(reversed.body)).toBe(SCHEDULING_ERRORS.endBeforeStart);
      const notADate = await t.api('/api/events', {
        method: 'POST',
        token,
        body: { ...base, startTime: 'soon', endTime: '2030-01-01T14:00:00Z' },
      });
      expect(notADate.status).toBe(400);
      expect(message(notADate.body)).toContain('startTime');
      const noTitle = await t.api('/api/events', {
        method: 'POST',
        token,
        body: {
          ...base,
          title: '  ',
          startTime: '2030-01-01T14:00:00Z',
          endTime: '2030-01-01T15:00:00Z',
        },
      });
      expect(noTitle.status).toBe(400);
      const notJson = await t.api('/api/events', { method: 'POST', token, body: '[1,2' });
      expect(notJson.status).toBe(400);
    });

    it("refuses a consultant's writes with 403 and another workspace's calendar with 404", async () => {
      const [own] = await calendarsOf('consultant@lakeside.test');
      const consultant = await t.api('/api/events', {
        method: 'POST',
        token: await bearer('consultant@lakeside.test'),
        body: {
          calendarId: own.ID,
          title: 'x',
          startTime: '2030-01-07T15:00:00Z',
          endTime: '2030-01-07T16:00:00Z',
          executionId: 'e',
        },
      });
      expect(consultant.status).toBe(403);
      const [harbor] = await calendarsOf('owner@harbor.test');
      const foreign = await t.api('/api/events', {
        method: 'POST',
        token: await bearer('agent@lakeside.test'),
        body: {
          calendarId: harbor.ID,
          title: 'x',
          startTime: '2030-01-07T15:00:00Z',
          endTime: '2030-01-07T16:00:00Z',
          executionId: 'e',
        },
      });
      expect(foreign.status).toBe(404);
    });

    it("lets the system user book on any workspace's calendar", async () => {
      const token = await bearer('system@intake.test');
      const list = await t.api('/api/workspaces/ws_summit/calendars', { token });
      const [calendar] = calendarListResponseSchema.parse(list.body).data;
      const start = zonedTimeToInstant('2030-01-08', 9 * 60, calendar.TIMEZONE);
      const created = await t.api('/api/events', {
        method: 'POST',
        token,
        body: {
          calendarId: calendar.ID,
          title: 'System booking',
          startTime: start.toISOString(),
          endTime: new Date(start.getTime() + 3_600_000).toISOString(),
        },
      });
      expect(created.status).toBe(201);
    });
  });

  describe('objections, appointment outcomes, consultants/{id}', () => {
    it('lists objections by name with their objection type', async () => {
      const token = await bearer('agent@lakeside.test');
      const answer = await t.api(
        '/api/objections?page[limit]=100&include=objectionType&sort=name',
        { token },
      );
      expect(answer.status).toBe(200);
      const { data, meta } = objectionListResponseSchema.parse(answer.body);
      expect(meta.limit).toBe(100);
      expect(data.length).toBeGreaterThan(0);
      const names = data.map((o) => o.name.toLowerCase());
      expect(names).toEqual([...names].sort());
      expect(data.find((o) => o.name === 'Fee too high')?.objectionType).toEqual({
        id: 'price',
        name: 'Price',
      });
      const plain = objectionListResponseSchema.parse(
        (await t.api('/api/objections', { token })).body,
      );
      expect(plain.data[0].objectionType).toBeUndefined();
      expect(plain.data.find((o) => o.name === 'Fee too high')?.objectionTypeId).toBe('price');
    });

    it('refuses page[limit] above 100 and an unknown sort with 400', async () => {
      const token = await bearer('agent@lakeside.test');
      const big = await t.api('/api/objections?page[limit]=101', { token });
      expect(big.status).toBe(400);
      expect(message(big.body)).toBe(SCHEDULING_ERRORS.objectionsLimit);
      expect((await t.api('/api/objections?sort=type', { token })).status).toBe(400);
    });

    it('lists the appointment outcomes in order', async () => {
      const answer = await t.api('/api/appointmentoutcomes', {
        token: await bearer('agent@harbor.test'),
      });
      expect(answer.status).toBe(200);
      const names = appointmentOutcomeListResponseSchema.parse(answer.body).data.map((o) => o.name);
      expect(names).toEqual(['Showed', 'No Show', 'Rescheduled', 'Cancelled']);
    });

    it("answers consultants/{id} for the workspace's own and 404 for another's", async () => {
      const [calendar] = await calendarsOf('agent@lakeside.test');
      const id = calendar.consultantId!;
      const own = await t.api(`/api/consultants/${id}`, {
        token: await bearer('agent@lakeside.test'),
      });
      expect(own.status).toBe(200);
      expect(consultantResponseSchema.parse(own.body).data.name).toBe(calendar.NAME);
      const foreign = await t.api(`/api/consultants/${id}`, {
        token: await bearer('owner@harbor.test'),
      });
      expect(foreign.status).toBe(404);
      expect(message(foreign.body)).toBe(SCHEDULING_ERRORS.consultantNotFound);
      const system = await t.api(`/api/consultants/${id}`, {
        token: await bearer('system@intake.test'),
      });
      expect(system.status).toBe(200);
    });
  });
});
