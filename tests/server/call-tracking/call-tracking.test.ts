import type { Socket } from 'socket.io-client';
import { openRecordingSocket } from '../helpers/test-sockets';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  callDeletedResponseSchema,
  CTM_NOT_LINKED_MESSAGE,
  CTM_NOT_LINKED_STATUS,
  incomingCallEvent,
  incomingCallEventSchema,
  trackedCallResponseSchema,
  trackingInfoResponseSchema,
  trackingNumberListResponseSchema,
  type TrackedCall,
} from '@/shared/contracts/call-tracking';
import { apiErrorSchema } from '@/shared/contracts/common';
import { agentSchema } from '@/shared/contracts/lookups';
import { LIVE_CALLS_EVENT, liveCallsSchema } from '@/shared/contracts/notification';
import { NON_US_NUMBER_WARNING } from '@/shared/domain/phone-dialing';
import type { TestServer } from '../helpers/test-server';
import { simulatedProviderServer } from './simulated-provider-server';

// spec: session 7 Call tracking (call-centre base), 4 Sockets (ctmcallsdata,
// incomingCalls::{userId}), 8 'Uh oh!'; issues #12 and #13. The real server with the
// simulated provider on a manual scheduler: calls ring and end when the test moves time.

const RING_SECONDS = 5;
const TALK_SECONDS = 90;

describe('call tracking (simulated provider)', () => {
  const provider = simulatedProviderServer({
    ringSeconds: RING_SECONDS,
    talkSeconds: TALK_SECONDS,
  });
  const { time, sockets } = provider;
  let t: TestServer;
  beforeAll(() => {
    t = provider.server();
  });

  async function advance(seconds: number) {
    time.advance(seconds * 1000);
    await t.server.callTracking.simulator.settled();
  }

  const bearer = async (username: string) => (await t.signIn(username)).accessToken;

  /** A connected socket that records every event it receives, in order. */
  async function openSocket(token: string) {
    const opened = await openRecordingSocket(t.url, token, sockets);
    // The count a joining socket gets is sent asynchronously: wait until it went out.
    await t.server.callTracking.settled();
    return opened;
  }

  /** Resolves with the next payload of `event` on the socket. */
  function next(socket: Socket, event: string): Promise<unknown> {
    return new Promise((resolve) => socket.once(event, resolve));
  }

  const liveCounts = (events: { event: string; payload: unknown }[]) =>
    events
      .filter((e) => e.event === LIVE_CALLS_EVENT)
      .map((e) => liveCallsSchema.parse(e.payload).count);

  /** A round trip through the server: everything it sent before has arrived. */
  async function flush(socket: Socket, workspaceId: string) {
    const marker = next(socket, 'test:flush');
    t.server.emitToWorkspace(workspaceId, 'test:flush', null);
    await marker;
  }

  /** What the client does (spec 3: the agent is found by the user's person). */
  async function ownCtmUserId(token: string, personId: string) {
    const answer = await t.api('/api/agents', { token });
    const agents = agentSchema.array().parse((answer.body as { data: unknown }).data);
    return agents.find((a) => a.personId === personId)?.ctmUserId ?? null;
  }

  async function harborNumbers(token: string) {
    const answer = await t.api('/call-center/workspaces/ws_harbor/ctm/numbers', { token });
    expect(answer.status).toBe(200);
    return trackingNumberListResponseSchema.parse(answer.body).data;
  }

  async function placeOutbound(token: string, body: Record<string, unknown> = {}) {
    const [line] = (await harborNumbers(token)).filter((n) => n.valid && n.campaign);
    return t.api('/call-center/workspaces/ws_harbor/ctm/calls', {
      method: 'POST',
      token,
      body: { from_number: line.number, call_number: '(617) 555-0177', ...body },
    });
  }

  const callOf = (body: unknown): TrackedCall => trackedCallResponseSchema.parse(body).data;

  it('places no call by itself: the demo callers are off unless asked for', async () => {
    await advance(10 * 60);
    expect(await t.server.db.selectFrom('ctm_calls').select('id').execute()).toEqual([]);
  });

  it('lists the tracking numbers in international US format with the valid flag', async () => {
    const numbers = await harborNumbers(await bearer('intake@harbor.test'));
    const main = numbers.find((n) => n.label === 'Main Office Line');
    expect(main).toMatchObject({
      number: '+16175550100',
      formatted: '+1 617-555-0100',
      valid: true,
    });
    expect(main?.campaign).toBeNull();
    const london = numbers.find((n) => n.label === 'London Referral Line');
    expect(london).toMatchObject({ valid: false, number: '+442079460958' });
    // Valid numbers first (spec 2 number picker), campaign numbers named after their campaign.
    expect(numbers.at(-1)?.label).toBe('London Referral Line');
    const campaignLines = numbers.filter((n) => n.campaign);
    expect(campaignLines.length).toBeGreaterThanOrEqual(3);
    for (const line of campaignLines) {
      expect(line.label).toBe(line.campaign?.name);
      expect(line.leadSource).toMatchObject({
        id: expect.any(String),
        name: expect.stringMatching(/\S/),
      });
      expect(line.formatted).toMatch(/^\+1 \d{3}-555-01\d{2}$/);
    }
  });

  it('answers tracking info for a tracked number written any way, and nulls without tracking data', async () => {
    const token = await bearer('intake@harbor.test');
    const line = (await harborNumbers(token)).find((n) => n.campaign)!;
    const digits = line.number.slice(2);
    const written = `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
    const info = await t.api(
      `/call-center/workspaces/ws_harbor/ctm/tracking-info/${encodeURIComponent(written)}?title=Intake&processExecutionId=abc`,
      { token },
    );
    expect(info.status).toBe(200);
    expect(trackingInfoResponseSchema.parse(info.body).data).toEqual({
      trackingNumber: line.number,
      label: line.label,
      campaign: line.campaign,
      leadSource: line.leadSource,
    });

    const untracked = await t.api(
      `/call-center/workspaces/ws_harbor/ctm/tracking-info/${encodeURIComponent('+1 212 555 0999')}`,
      { token },
    );
    expect(trackingInfoResponseSchema.parse(untracked.body).data).toEqual({
      trackingNumber: '+12125550999',
      label: null,
      campaign: null,
      leadSource: null,
    });
  });

  it('places an outbound call: ringing, marked connected, then completed with a duration and a sid', async () => {
    const token = await bearer('intake@harbor.test');
    const placed = await placeOutbound(token, {
      to_agent: await ownCtmUserId(token, 'per_intake_harbor'),
    });
    expect(placed.status).toBe(201);
    const call = callOf(placed.body);
    expect(call).toMatchObject({
      direction: 'outbound',
      status: 'ringing',
      toNumber: '+16175550177',
      connected: false,
      sid: null,
      duration: null,
    });
    expect(call.campaign).not.toBeNull();

    const path = `/call-center/workspaces/ws_harbor/ctm/calls/${call.id}`;
    const connected = await t.api(path, {
      method: 'PUT',
      token,
      body: { connected: true, fourIizAgent: 'agt_harbor_02' },
    });
    expect(connected.status).toBe(200);
    expect(callOf(connected.body)).toMatchObject({ status: 'in-progress', connected: true });

    await advance(TALK_SECONDS);
    const ended = callOf((await t.api(path, { token })).body);
    expect(ended).toMatchObject({ status: 'completed', connected: true, duration: TALK_SECONDS });
    expect(ended.sid).toMatch(/^CA[0-9a-f]{32}$/);

    // The ended call is a reporting call record, under its sid.
    const record = await t.server.db
      .selectFrom('calls')
      .selectAll()
      .where('call_sid', '=', ended.sid!)
      .executeTakeFirst();
    expect(record).toMatchObject({ direction: 'outbound', connected: 1, duration_seconds: 90 });

    const again = await t.api(path, { method: 'PUT', token, body: { connected: true } });
    expect(again.status).toBe(409);
  });

  it('answers a ringing call by itself after the ring and ends it after the conversation', async () => {
    const token = await bearer('intake@harbor.test');
    const call = callOf((await placeOutbound(token)).body);
    const path = `/call-center/workspaces/ws_harbor/ctm/calls/${call.id}`;
    await advance(RING_SECONDS);
    expect(callOf((await t.api(path, { token })).body)).toMatchObject({
      status: 'in-progress',
      connected: true,
    });
    await advance(TALK_SECONDS);
    expect(callOf((await t.api(path, { token })).body)).toMatchObject({
      status: 'completed',
      duration: TALK_SECONDS,
    });
  });

  it('pushes ctmcallsdata to the call’s workspace as calls start and end, and to a socket as it connects', async () => {
    const token = await bearer('intake@harbor.test');
    const harbor = await openSocket(token);
    const lakeside = await openSocket(await bearer('agent@lakeside.test'));
    const summit = await openSocket(await bearer('agent@summit.test'));
    await flush(harbor.socket, 'ws_harbor');
    // On connect: the current count (none live).
    expect(liveCounts(harbor.events)).toEqual([0]);

    const started = next(harbor.socket, LIVE_CALLS_EVENT);
    const call = callOf((await placeOutbound(token)).body);
    expect(liveCallsSchema.parse(await started)).toEqual({ count: 1 });

    // A socket connecting now gets the live count at once.
    const late = await openSocket(token);
    await flush(late.socket, 'ws_harbor');
    expect(liveCounts(late.events)).toEqual([1]);

    const hungUp = await t.api(`/call-center/workspaces/ws_harbor/ctm/calls/${call.id}/hangup`, {
      method: 'POST',
      token,
    });
    expect(callOf(hungUp.body)).toMatchObject({ status: 'no-answer', duration: 0 });
    await flush(harbor.socket, 'ws_harbor');
    expect(liveCounts(harbor.events)).toEqual([0, 1, 0]);

    // Lakeside got its own count on connect and nothing of Harbor's; Summit has no call
    // tracking and gets no count at all.
    await flush(lakeside.socket, 'ws_lakeside');
    await flush(summit.socket, 'ws_summit');
    expect(liveCounts(lakeside.events)).toEqual([0]);
    expect(liveCounts(summit.events)).toEqual([]);
  });

  it('refuses a call for an agent without a call-tracking user with the Uh oh! text', async () => {
    const answer = await placeOutbound(await bearer('agent@harbor.test'));
    expect(answer.status).toBe(CTM_NOT_LINKED_STATUS);
    expect(apiErrorSchema.parse(answer.body).message).toBe(CTM_NOT_LINKED_MESSAGE);
  });

  it('lets an operator ring only their own call-tracking user', async () => {
    const intake = await bearer('intake@harbor.test');
    const answer = await placeOutbound(intake, { to_agent: '000000' });
    expect(answer.status).toBe(403);
    expect(apiErrorSchema.parse(answer.body).message).toMatch(/ring only your own line/);
  });

  it('answers bad input with 400 and a message naming the field', async () => {
    const token = await bearer('intake@harbor.test');
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ call_number: '555-0177' }, /call_number: enter at least 10 characters/],
      [{ call_number: '+44 20 7946 0958' }, new RegExp(NON_US_NUMBER_WARNING.slice(0, 40))],
      [{ from_number: '+1 999 555 0100' }, /from_number: .* is not a tracking number/],
      [{ from_number: '+44 20 7946 0958' }, /from_number: This is not a United States/],
      [{ call_number: undefined }, /call_number/],
      [{ extra: 1 }, /extra|Unrecognized/i],
    ];
    for (const [body, message] of cases) {
      const answer = await placeOutbound(token, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(apiErrorSchema.parse(answer.body).message).toMatch(message);
    }
    const call = callOf((await placeOutbound(token)).body);
    const put = await t.api(`/call-center/workspaces/ws_harbor/ctm/calls/${call.id}`, {
      method: 'PUT',
      token,
      body: { connected: false },
    });
    expect(put.status).toBe(400);
  });

  it('refuses workspaces without call tracking, and other workspaces', async () => {
    const summit = await t.api('/call-center/workspaces/ws_summit/ctm/numbers', {
      token: await bearer('owner@summit.test'),
    });
    expect(summit.status).toBe(403);
    expect(apiErrorSchema.parse(summit.body).message).toMatch(/Call tracking is not enabled/);
    const foreign = await t.api('/call-center/workspaces/ws_harbor/ctm/numbers', {
      token: await bearer('owner@lakeside.test'),
    });
    expect(foreign.status).toBe(403);
  });

  it('deletes a call (deleteCall) and the live count drops', async () => {
    const token = await bearer('intake@harbor.test');
    const harbor = await openSocket(token);
    const call = callOf((await placeOutbound(token)).body);
    const path = `/api/ctm/ws_harbor/${call.id}/deleteCall`;

    const foreign = await t.api(path, {
      method: 'DELETE',
      token: await bearer('owner@lakeside.test'),
    });
    expect(foreign.status).toBe(403);

    const deleted = await t.api(path, { method: 'DELETE', token });
    expect(deleted.status).toBe(200);
    expect(callDeletedResponseSchema.parse(deleted.body).data).toEqual({ id: call.id });
    await flush(harbor.socket, 'ws_harbor');
    expect(liveCounts(harbor.events)).toEqual([0, 1, 0]);

    const gone = await t.api(`/call-center/workspaces/ws_harbor/ctm/calls/${call.id}`, { token });
    expect(gone.status).toBe(404);
    expect((await t.api(path, { method: 'DELETE', token })).status).toBe(404);
    // Deleted while ringing: nothing is left to end it later.
    await advance(RING_SECONDS + TALK_SECONDS);
    expect(await t.server.callTracking.simulator.liveCount('ws_harbor')).toBe(0);
  });

  describe('test calls (system/test-calls)', () => {
    it('rings the agent with an inbound call and sends incomingCalls to that user only', async () => {
      const intake = await openSocket(await bearer('intake@harbor.test'));
      const other = await openSocket(await bearer('agent@harbor.test'));
      const system = await bearer('system@intake.test');
      const incoming = next(intake.socket, incomingCallEvent('usr_intake_harbor'));

      const answer = await t.api('/api/system/test-calls', {
        method: 'POST',
        token: system,
        body: { username: 'Intake@Harbor.test', leadName: 'Dana Reyes', phone: '+1 555 010 0199' },
      });
      expect(answer.status).toBe(201);
      const call = callOf(answer.body);
      expect(call).toMatchObject({
        direction: 'inbound',
        status: 'ringing',
        fromNumber: '+1 555 010 0199',
        leadName: 'Dana Reyes',
      });
      expect(call.trackingNumber).not.toBeNull();
      expect(call.campaign).not.toBeNull();

      expect(incomingCallEventSchema.parse(await incoming)).toEqual({
        statusCode: 200,
        data: {
          leadName: 'Dana Reyes',
          phone: '+1 555 010 0199',
          callId: call.id,
          direction: 'inbound',
          trackingNumber: call.trackingNumber,
        },
      });
      await flush(other.socket, 'ws_harbor');
      expect(other.events.filter((e) => e.event.startsWith('incomingCalls::'))).toEqual([]);
      expect(liveCounts(other.events)).toEqual([0, 1]);

      // The agent's client then looks the tracking number up (spec 4 Inbound).
      const info = await t.api(
        `/call-center/workspaces/ws_harbor/ctm/tracking-info/${encodeURIComponent(call.trackingNumber!)}`,
        { token: await bearer('intake@harbor.test') },
      );
      expect(trackingInfoResponseSchema.parse(info.body).data.campaign).toEqual(call.campaign);
    });

    it('names the agent by user id or agent id too', async () => {
      const system = await bearer('system@intake.test');
      for (const target of [
        { userId: 'usr_intake_harbor' },
        { agentId: 'agt_harbor_02', workspaceId: 'ws_harbor' },
      ]) {
        const answer = await t.api('/api/system/test-calls', {
          method: 'POST',
          token: system,
          body: { ...target, leadName: 'Sam Lee', phone: '617 555 0142' },
        });
        expect(answer.status, JSON.stringify(answer.body)).toBe(201);
      }
    });

    it('refuses an agent without a call-tracking user, unknown agents, bad input and non-system users', async () => {
      const system = await bearer('system@intake.test');
      const place = (body: unknown, token = system) =>
        t.api('/api/system/test-calls', { method: 'POST', token, body });

      const unlinked = await place({
        username: 'agent@harbor.test',
        leadName: 'A B',
        phone: '6175550100',
      });
      expect(unlinked.status).toBe(CTM_NOT_LINKED_STATUS);
      expect(apiErrorSchema.parse(unlinked.body).message).toMatch(
        /Nina Brooks \(agent@harbor.test\) cannot take calls: .*not linked to a CallTrackingMetrics User ID/,
      );

      const unknown = await place({
        username: 'nobody@harbor.test',
        leadName: 'A B',
        phone: '6175550100',
      });
      expect(unknown.status).toBe(404);
      expect(apiErrorSchema.parse(unknown.body).message).toMatch(/nobody@harbor.test/);

      const noTracking = await place({
        username: 'agent@summit.test',
        leadName: 'A B',
        phone: '6175550100',
      });
      expect(noTracking.status).toBe(403);

      for (const body of [
        { leadName: 'A B', phone: '6175550100' },
        {
          username: 'intake@harbor.test',
          userId: 'usr_intake_harbor',
          leadName: 'A B',
          phone: '1',
        },
        { username: 'intake@harbor.test', leadName: '', phone: '6175550100' },
        { username: 'intake@harbor.test', leadName: 'A B', phone: 'none' },
      ]) {
        const answer = await place(body);
        expect(answer.status, JSON.stringify(body)).toBe(400);
      }

      const owner = await place(
        { username: 'intake@harbor.test', leadName: 'A B', phone: '6175550100' },
        await bearer('owner@harbor.test'),
      );
      expect(owner.status).toBe(403);
    });
  });
});
