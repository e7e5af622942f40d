import { describe, expect, it } from 'vitest';
import { ShapeMismatchError } from '@/shared/api/client';
import {
  createEvent,
  deleteEvent,
  fetchCalendarEvents,
  fetchConsultant,
  listAppointmentOutcomes,
  listObjections,
  updateEvent,
} from '@/shared/api/scheduling';
import { EVENTS_TIMEOUT_MS } from '@/shared/contracts/scheduling';
import { TransportError } from '@/shared/transport/transport';
import { recordingApi } from './recording-api';

// The scheduling calls (spec: dashboards 7 Lookups, 8, 9; issue #16): paths, queries, the
// events timeout, and that a failed event save reaches the caller.

const recording = (answer: unknown | (() => never)) =>
  recordingApi(typeof answer === 'function' ? (answer as () => never) : () => answer);

const event = {
  id: 'evt_1',
  calendarId: 'cal_1',
  title: 'Consultation',
  startTime: '2030-01-07T15:00:00.000Z',
  endTime: '2030-01-07T16:00:00.000Z',
  location: '',
  notes: '',
  executionId: 'peh_1',
  appId: null,
};

describe('scheduling client calls', () => {
  it('reads a calendar range with the 120 000 ms timeout (spec: dashboards 9)', async () => {
    const { api, requests } = recording({
      calendarId: 'cal_1',
      timezone: 'America/Chicago',
      days: [{ date: '2030-01-07', events: [event] }],
    });
    const answer = await fetchCalendarEvents(api, 'cal_1', {
      startDate: '2030-01-07',
      endDate: '2030-01-07',
    });
    expect(answer.days[0].events[0].id).toBe('evt_1');
    expect(EVENTS_TIMEOUT_MS).toBe(120_000);
    expect(requests[0]).toMatchObject({
      method: 'GET',
      path: 'calendars/cal_1/events',
      query: { startDate: '2030-01-07', endDate: '2030-01-07' },
      timeoutMs: 120_000,
    });
  });

  it('asks objections with page[limit]=100, include=objectionType and sort=name', async () => {
    const { api, requests } = recording({
      data: [
        {
          id: 'obj_1',
          name: 'Fee too high',
          objectionTypeId: 'price',
          objectionType: { id: 'price', name: 'Price' },
        },
      ],
      meta: { total: 1, limit: 100, offset: 0 },
    });
    const objections = await listObjections(api);
    expect(objections[0].objectionType?.name).toBe('Price');
    expect(requests[0]).toMatchObject({
      path: 'objections',
      query: { 'page[limit]': 100, include: 'objectionType', sort: 'name' },
    });
  });

  it('reads appointment outcomes and one consultant', async () => {
    const outcomes = recording({
      data: [{ id: 'out_1', key: 'showed', name: 'Showed' }],
      meta: { total: 1, limit: 1000, offset: 0 },
    });
    expect((await listAppointmentOutcomes(outcomes.api))[0].name).toBe('Showed');
    expect(outcomes.requests[0].path).toBe('appointmentoutcomes');
    const consultant = recording({
      data: { id: 'cns_1', name: 'Dana Reyes', personId: null, active: true },
    });
    expect((await fetchConsultant(consultant.api, 'cns_1')).name).toBe('Dana Reyes');
    expect(consultant.requests[0].path).toBe('consultants/cns_1');
  });

  it('posts, puts without the id, and deletes with the call id', async () => {
    const saved = recording({ data: event });
    const body = {
      calendarId: 'cal_1',
      title: 'Consultation',
      startTime: event.startTime,
      endTime: event.endTime,
      executionId: 'peh_1',
    };
    await createEvent(saved.api, body);
    await updateEvent(saved.api, 'evt_1', body);
    expect(saved.requests.map((r) => [r.method, r.path])).toEqual([
      ['POST', 'events'],
      ['PUT', 'events/evt_1'],
    ]);
    expect(saved.requests[1].body).not.toHaveProperty('id');
    const deleted = recording({ result: 'Event Deleted' });
    expect(await deleteEvent(deleted.api, 'evt_1', { appId: 'app_1' })).toBe('Event Deleted');
    expect(deleted.requests[0]).toMatchObject({
      method: 'DELETE',
      path: 'events/evt_1',
      query: { appId: 'app_1' },
    });
  });

  it('rethrows a failed event save to the caller (spec: dashboards 8)', async () => {
    const { api } = recording(() => {
      throw new TransportError('Conflict', 409, 'That time is already booked.');
    });
    await expect(
      createEvent(api, {
        calendarId: 'cal_1',
        title: 'x',
        startTime: event.startTime,
        endTime: event.endTime,
      }),
    ).rejects.toMatchObject({ status: 409, serverMessage: 'That time is already booked.' });
  });

  it('refuses an events answer without days[] as a shape mismatch', async () => {
    const { api } = recording({ calendarId: 'cal_1', timezone: 'UTC' });
    await expect(
      fetchCalendarEvents(api, 'cal_1', { startDate: '2030-01-07', endDate: '2030-01-07' }),
    ).rejects.toBeInstanceOf(ShapeMismatchError);
  });
});
