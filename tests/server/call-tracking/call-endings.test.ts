import { Migrator } from 'kysely';
import type { Socket } from 'socket.io-client';
import { openRecordingSocket } from '../helpers/test-sockets';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  callEndedEvent,
  callEndedEventSchema,
  liveCallListResponseSchema,
  missedCallListResponseSchema,
  trackedCallResponseSchema,
  trackingNumberListResponseSchema,
  type TrackedCall,
} from '@/shared/contracts/call-tracking';
import { apiErrorSchema } from '@/shared/contracts/common';
import {
  NOTIFICATION_EVENT,
  notificationListResponseSchema,
  notificationSchema,
} from '@/shared/contracts/notification';
import { CALL_ENDED_MESSAGE } from '@/server/call-tracking/call-simulator';
import { migrateToLatest } from '@/server/db/database';
import { migrationProvider } from '@/server/db/migration-provider';
import type { TestServer } from '../helpers/test-server';
import { migrationsAfter } from '../helpers/migrations';
import { simulatedProviderServer } from './simulated-provider-server';

// Issue #28 "Every call has an end the client learns of": every end of a call records who
// ended it and is pushed to the agent's user as callEnded::{userId}, whoever ended it (the
// conversation over, the agent, the caller, a stopped server); GET ctm/live-calls is what a
// client reconciles with; the simulated caller hangs up through system/test-calls; an
// inbound call nobody took is a missed-call notification. The real server with the
// simulated provider on a manual scheduler.

const RING_SECONDS = 5;
const TALK_SECONDS = 90;
const INTAKE = 'usr_intake_harbor';
/** intake@harbor.test's agent record (linked to a call-tracking user). */
const INTAKE_AGENT = 'agt_harbor_02';

describe('the end of every call (issue #28)', () => {
  const provider = simulatedProviderServer({
    ringSeconds: RING_SECONDS,
    talkSeconds: TALK_SECONDS,
  });
  const { clock, time, sockets } = provider;
  let t: TestServer;
  beforeAll(() => {
    t = provider.server();
  });

  const simulator = () => t.server.callTracking.simulator;

  async function advance(seconds: number) {
    time.advance(seconds * 1000);
    await simulator().settled();
  }

  /** One sign-in per user for the whole file (the sign-in rate limit counts them). */
  const tokens = new Map<string, Promise<string>>();
  const bearer = (username: string) => {
    let token = tokens.get(username);
    if (!token) {
      token = t.signIn(username).then((signedIn) => signedIn.accessToken);
      tokens.set(username, token);
    }
    return token;
  };

  /** A connected socket that records every event it receives, in order. */
  async function openSocket(token: string) {
    const opened = await openRecordingSocket(t.url, token, sockets);
    await t.server.callTracking.settled();
    return opened;
  }

  /** A round trip through the server: everything it sent the socket before has arrived. */
  async function flush(socket: Socket) {
    const marker = new Promise((resolve) => socket.once('test:flush', resolve));
    t.server.emitToWorkspace('ws_harbor', 'test:flush', null);
    await marker;
  }

  /** The callEnded payloads a socket received (any user's event name). */
  const endsIn = (events: { event: string; payload: unknown }[]) =>
    events
      .filter((e) => e.event.startsWith('callEnded::'))
      .map((e) => ({ event: e.event, ...callEndedEventSchema.parse(e.payload) }));

  const callOf = (body: unknown): TrackedCall => trackedCallResponseSchema.parse(body).data;
  const callPath = (id: string) => `/call-center/workspaces/ws_harbor/ctm/calls/${id}`;

  async function placeOutbound(token: string, body: Record<string, unknown> = {}) {
    const numbers = await t.api('/call-center/workspaces/ws_harbor/ctm/numbers', { token });
    const [line] = trackingNumberListResponseSchema
      .parse(numbers.body)
      .data.filter((n) => n.valid && n.campaign);
    const answer = await t.api('/call-center/workspaces/ws_harbor/ctm/calls', {
      method: 'POST',
      token,
      body: { from_number: line.number, call_number: '(617) 555-0177', ...body },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    return callOf(answer.body);
  }

  async function placeTestCall(leadName = 'Dana Reyes', phone = '+1 555 010 0199') {
    const answer = await t.api('/api/system/test-calls', {
      method: 'POST',
      token: await bearer('system@intake.test'),
      body: { username: 'intake@harbor.test', leadName, phone },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    return callOf(answer.body);
  }

  const callerHangUp = async (id: string, token?: string) =>
    t.api(`/api/system/test-calls/${encodeURIComponent(id)}/caller-hangup`, {
      method: 'POST',
      token: token ?? (await bearer('system@intake.test')),
    });

  const missedNotificationsOf = (callId: string) =>
    t.server.db
      .selectFrom('notifications')
      .selectAll()
      .where('dedupe_key', '=', `missed-call:${callId}`)
      .execute();

  /** A call-tracking user of Harbor whose agent has no sign-in (what the demo callers ring). */
  async function agentWithoutSignIn() {
    const row = await t.server.db
      .selectFrom('agents')
      .leftJoin('users', 'users.person_id', 'agents.person_id')
      .select(['agents.id', 'agents.ctm_user_id'])
      .where('agents.workspace_id', '=', 'ws_harbor')
      .where('agents.ctm_user_id', 'is not', null)
      .where('users.id', 'is', null)
      .orderBy('agents.id')
      .executeTakeFirstOrThrow();
    return { id: row.id, ctmUserId: row.ctm_user_id as string };
  }

  describe('callEnded::{userId} to the agent, whoever ended the call', () => {
    it('when the conversation ends at the provider after its talk time: ended by the caller', async () => {
      const token = await bearer('intake@harbor.test');
      const intake = await openSocket(token);
      const nina = await openSocket(await bearer('agent@harbor.test'));
      const call = await placeOutbound(token);
      const ended = new Promise((resolve) => intake.socket.once(callEndedEvent(INTAKE), resolve));
      // The talk timer starts once the pickup is stored: two moves.
      await advance(RING_SECONDS);
      await advance(TALK_SECONDS);
      const stored = callOf((await t.api(callPath(call.id), { token })).body);
      expect(callEndedEventSchema.parse(await ended)).toEqual({
        callId: call.id,
        workspaceId: 'ws_harbor',
        status: 'completed',
        endedBy: 'caller',
        endedAt: stored.endedAt,
        sid: stored.sid,
        duration: TALK_SECONDS,
      });
      expect(stored).toMatchObject({ status: 'completed', endedBy: 'caller' });
      expect(stored.sid).toMatch(/^CA/);
      // Only the call's agent's user: another agent of the workspace hears nothing.
      await flush(nina.socket);
      expect(endsIn(nina.events)).toEqual([]);
      await flush(intake.socket);
      expect(endsIn(intake.events)).toHaveLength(1);
    });

    it('when the agent hangs up: ended by the agent, once, however often it is hung up', async () => {
      const token = await bearer('intake@harbor.test');
      const intake = await openSocket(token);
      const call = await placeOutbound(token);
      await advance(RING_SECONDS);
      await advance(10);
      const hangUp = () => t.api(`${callPath(call.id)}/hangup`, { method: 'POST', token });
      const answer = await hangUp();
      expect(callOf(answer.body)).toMatchObject({
        status: 'completed',
        endedBy: 'agent',
        duration: 10,
      });
      // A second tab hanging up changes nothing and tells nothing twice.
      expect(callOf((await hangUp()).body)).toEqual(callOf(answer.body));
      await flush(intake.socket);
      expect(endsIn(intake.events)).toEqual([
        expect.objectContaining({
          event: callEndedEvent(INTAKE),
          callId: call.id,
          endedBy: 'agent',
          status: 'completed',
          duration: 10,
        }),
      ]);
    });

    it('when a ring nobody answers ends: ended by the caller, no-answer', async () => {
      const intake = await openSocket(await bearer('intake@harbor.test'));
      const call = await simulator().place({
        workspaceId: 'ws_harbor',
        direction: 'outbound',
        fromNumber: '+16175550100',
        toNumber: '+16175550177',
        agentCtmUserId: 'any',
        agentId: INTAKE_AGENT,
        trackingNumber: '+16175550100',
        campaignId: null,
        leadSourceId: null,
        createdBy: INTAKE,
        answered: false,
      });
      await advance(RING_SECONDS);
      await flush(intake.socket);
      expect(endsIn(intake.events)).toEqual([
        expect.objectContaining({ callId: call.id, endedBy: 'caller', status: 'no-answer' }),
      ]);
    });

    it('when the simulated caller hangs up (system/test-calls/{id}/caller-hangup)', async () => {
      const intake = await openSocket(await bearer('intake@harbor.test'));
      const call = await placeTestCall();
      await advance(RING_SECONDS);
      await advance(20);
      const answer = await callerHangUp(call.id);
      expect(answer.status).toBe(200);
      expect(callOf(answer.body)).toMatchObject({
        id: call.id,
        status: 'completed',
        endedBy: 'caller',
        duration: 20,
      });
      await flush(intake.socket);
      expect(endsIn(intake.events)).toEqual([
        expect.objectContaining({ callId: call.id, endedBy: 'caller', status: 'completed' }),
      ]);
    });

    it('when a stopped server process left the call live (recover): ended by the system', async () => {
      const intake = await openSocket(await bearer('intake@harbor.test'));
      const call = await placeTestCall();
      // Owned by no running process (as a call of a process that stopped).
      await t.server.db
        .updateTable('ctm_calls')
        .set({ owner_instance: null })
        .where('id', '=', call.id)
        .execute();
      expect(await simulator().recover()).toBe(1);
      await flush(intake.socket);
      expect(endsIn(intake.events)).toEqual([
        expect.objectContaining({
          callId: call.id,
          status: 'failed',
          endedBy: 'system',
          sid: null,
          duration: null,
        }),
      ]);
      const token = await bearer('intake@harbor.test');
      expect(callOf((await t.api(callPath(call.id), { token })).body)).toMatchObject({
        status: 'failed',
        endedBy: 'system',
      });
    });

    it('to whoever placed a call with no agent record', async () => {
      const owner = await bearer('owner@harbor.test');
      const ownerSocket = await openSocket(owner);
      const other = await agentWithoutSignIn();
      const call = await placeOutbound(owner, { to_agent: other.ctmUserId });
      await t.server.db
        .updateTable('ctm_calls')
        .set({ agent_id: null })
        .where('id', '=', call.id)
        .execute();
      await t.api(`${callPath(call.id)}/hangup`, { method: 'POST', token: owner });
      await flush(ownerSocket.socket);
      const { id: ownerId } = await t.server.db
        .selectFrom('users')
        .select('id')
        .where('username', '=', 'owner@harbor.test')
        .executeTakeFirstOrThrow();
      expect(endsIn(ownerSocket.events)).toEqual([
        expect.objectContaining({ event: callEndedEvent(ownerId), callId: call.id }),
      ]);
    });
  });

  describe('GET ctm/live-calls', () => {
    const liveCalls = async (token: string) => {
      const answer = await t.api('/call-center/workspaces/ws_harbor/ctm/live-calls', { token });
      expect(answer.status).toBe(200);
      return liveCallListResponseSchema.parse(answer.body);
    };

    it("lists the signed-in agent's live calls only, oldest first, and drops ended ones", async () => {
      const intake = await bearer('intake@harbor.test');
      const owner = await bearer('owner@harbor.test');
      const first = await placeOutbound(intake);
      await advance(1);
      const second = await placeTestCall();
      // Another agent's call (rung by the owner), which intake must not see.
      const other = await placeOutbound(owner, {
        to_agent: (await agentWithoutSignIn()).ctmUserId,
      });

      const listed = await liveCalls(intake);
      expect(listed.data.map((c) => c.id)).toEqual([first.id, second.id]);
      expect(listed.meta.total).toBe(2);
      expect(listed.data.every((c) => c.agentId === INTAKE_AGENT && c.endedBy === null)).toBe(true);
      // Users without an agent record (the owner) or without calls (Nina) have none.
      expect((await liveCalls(owner)).data).toEqual([]);
      expect((await liveCalls(await bearer('agent@harbor.test'))).data).toEqual([]);

      await t.api(`${callPath(first.id)}/hangup`, { method: 'POST', token: intake });
      expect((await liveCalls(intake)).data.map((c) => c.id)).toEqual([second.id]);
      await callerHangUp(second.id);
      expect((await liveCalls(intake)).data).toEqual([]);
      expect(other.agentId).not.toBe(INTAKE_AGENT);
    });

    it('has the same access checks as the other call-tracking calls', async () => {
      const foreign = await t.api('/call-center/workspaces/ws_harbor/ctm/live-calls', {
        token: await bearer('agent@lakeside.test'),
      });
      expect(foreign.status).toBe(403);
      const noTracking = await t.api('/call-center/workspaces/ws_summit/ctm/live-calls', {
        token: await bearer('agent@summit.test'),
      });
      expect(noTracking.status).toBe(403);
      expect(apiErrorSchema.parse(noTracking.body).message).toMatch(/Call tracking is not enabled/);
      const anonymous = await t.api('/call-center/workspaces/ws_harbor/ctm/live-calls');
      expect(anonymous.status).toBe(401);
    });
  });

  describe('the caller hang-up route', () => {
    it('is for system users only, 404 for an unknown call, 409 once the call has ended', async () => {
      const call = await placeTestCall();
      for (const username of ['owner@harbor.test', 'intake@harbor.test']) {
        const refused = await callerHangUp(call.id, await bearer(username));
        expect(refused.status, username).toBe(403);
      }
      expect(
        (await t.api(callPath(call.id), { token: await bearer('intake@harbor.test') })).body,
      ).toMatchObject({ data: { status: 'ringing' } });

      const unknown = await callerHangUp('no-such-call');
      expect(unknown.status).toBe(404);

      expect((await callerHangUp(call.id)).status).toBe(200);
      const again = await callerHangUp(call.id);
      expect(again.status).toBe(409);
      expect(apiErrorSchema.parse(again.body).message).toBe(CALL_ENDED_MESSAGE);
    });
  });

  describe('PUT connected (spec 7) takes the call', () => {
    it('sets takenAt the first time only and keeps the agent id', async () => {
      const token = await bearer('intake@harbor.test');
      const call = await placeTestCall();
      expect(call.takenAt).toBeNull();
      const put = (fourIizAgent: string | null, by = token) =>
        t.api(callPath(call.id), {
          method: 'PUT',
          token: by,
          body: { connected: true, fourIizAgent },
        });

      const takenAt = clock.now().toISOString();
      const taken = await put(INTAKE_AGENT);
      expect(taken.status).toBe(200);
      expect(callOf(taken.body)).toMatchObject({
        status: 'in-progress',
        connected: true,
        takenAt,
        agentId: INTAKE_AGENT,
      });

      await advance(3);
      // Another agent of the workspace named later (by the owner: an agent takes a call only
      // as themselves, issue #29) changes neither.
      const again = await put((await agentWithoutSignIn()).id, await bearer('owner@harbor.test'));
      expect(again.status).toBe(200);
      expect(callOf(again.body)).toMatchObject({ takenAt, agentId: INTAKE_AGENT });
    });

    it("fills in a call's missing agent, and refuses an agent of no such workspace with 400", async () => {
      const owner = await bearer('owner@harbor.test');
      const call = await placeOutbound(owner, {
        to_agent: (await agentWithoutSignIn()).ctmUserId,
      });
      await t.server.db
        .updateTable('ctm_calls')
        .set({ agent_id: null })
        .where('id', '=', call.id)
        .execute();
      const put = (fourIizAgent: string) =>
        t.api(callPath(call.id), {
          method: 'PUT',
          token: owner,
          body: { connected: true, fourIizAgent },
        });

      const foreign = await put('agt_lakeside_01');
      expect(foreign.status).toBe(400);
      expect(apiErrorSchema.parse(foreign.body).message).toMatch(
        /fourIizAgent: agt_lakeside_01 is not an agent of this workspace/,
      );
      expect(callOf((await t.api(callPath(call.id), { token: owner })).body)).toMatchObject({
        agentId: null,
        takenAt: null,
      });

      const filled = await put(INTAKE_AGENT);
      expect(filled.status).toBe(200);
      expect(callOf(filled.body)).toMatchObject({ agentId: INTAKE_AGENT });
      expect(callOf(filled.body).takenAt).not.toBeNull();
    });
  });

  describe('missed calls', () => {
    it('makes one notification for the agent when an inbound call ends untaken', async () => {
      const intake = await openSocket(await bearer('intake@harbor.test'));
      const call = await placeTestCall('Dana Reyes', '(617) 555-0142');
      // Picked up at the provider after the ring, but no agent's client ever took it.
      await advance(RING_SECONDS);
      await advance(30);
      expect((await callerHangUp(call.id)).status).toBe(200);
      await flush(intake.socket);

      const stored = await missedNotificationsOf(call.id);
      expect(stored).toHaveLength(1);
      expect(stored[0]).toMatchObject({
        workspace_id: 'ws_harbor',
        user_id: INTAKE,
        title: 'Missed call',
        action_required: 1,
        // Opens the agent dashboard, whose missed calls list it with Call back.
        path: '/app/dashboards/agent',
      });
      const { timezone } = await t.server.db
        .selectFrom('workspaces')
        .select('timezone')
        .where('id', '=', 'ws_harbor')
        .executeTakeFirstOrThrow();
      const started = new Date(call.startedAt);
      const parts = Object.fromEntries(
        new Intl.DateTimeFormat('en-US', {
          timeZone: timezone,
          year: 'numeric',
          month: '2-digit',
          day: '2-digit',
        })
          .formatToParts(started)
          .map((p) => [p.type, p.value]),
      );
      const clockTime = new Intl.DateTimeFormat('en-US', {
        timeZone: timezone,
        hour: 'numeric',
        minute: '2-digit',
        hour12: true,
      }).format(started);
      const digits = call.trackingNumber!.slice(2);
      expect(stored[0].description).toBe(
        `Dana Reyes (+1 617-555-0142) called +1 ${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)} on ${parts.month}/${parts.day}/${parts.year} at ${clockTime}. Nobody took the call.`,
      );

      // Pushed to the agent's sockets and listed for them, for nobody else.
      const pushed = intake.events
        .filter((e) => e.event === NOTIFICATION_EVENT)
        .map((e) => notificationSchema.parse(e.payload));
      expect(pushed).toEqual([expect.objectContaining({ id: stored[0].id, title: 'Missed call' })]);
      const listed = notificationListResponseSchema.parse(
        (
          await t.api('/api/workspaces/ws_harbor/notifications', {
            token: await bearer('intake@harbor.test'),
          })
        ).body,
      ).data;
      expect(listed.filter((n) => n.id === stored[0].id)).toHaveLength(1);
      const ninas = notificationListResponseSchema.parse(
        (
          await t.api('/api/workspaces/ws_harbor/notifications', {
            token: await bearer('agent@harbor.test'),
          })
        ).body,
      ).data;
      expect(ninas.filter((n) => n.title === 'Missed call')).toEqual([]);
    });

    it('names an unknown caller, and counts a call a stopped server failed before anyone took it', async () => {
      const call = await simulator().place({
        workspaceId: 'ws_harbor',
        direction: 'inbound',
        fromNumber: '6175550142',
        toNumber: '+16175550100',
        agentCtmUserId: 'any',
        agentId: INTAKE_AGENT,
        trackingNumber: '+16175550100',
        campaignId: null,
        leadSourceId: null,
        createdBy: null,
      });
      await t.server.db
        .updateTable('ctm_calls')
        .set({ owner_instance: null })
        .where('id', '=', call.id)
        .execute();
      await simulator().recover();
      const [missed, ...more] = await missedNotificationsOf(call.id);
      expect(more).toEqual([]);
      expect(missed.description).toMatch(
        /^Unknown caller \(\+1 617-555-0142\) called \+1 617-555-0100 on \d\d\/\d\d\/\d{4} at \d{1,2}:\d\d [AP]M\. Nobody took the call\.$/,
      );
    });

    it('makes none for a call the agent took, whoever ends it, nor for outbound calls', async () => {
      const token = await bearer('intake@harbor.test');
      const takenThenHungUp = await placeTestCall();
      await t.api(callPath(takenThenHungUp.id), {
        method: 'PUT',
        token,
        body: { connected: true, fourIizAgent: INTAKE_AGENT },
      });
      await advance(10);
      expect((await callerHangUp(takenThenHungUp.id)).status).toBe(200);

      const takenThenLost = await placeTestCall();
      // Taken without naming the agent (fourIizAgent is optional): still taken.
      const took = await t.api(callPath(takenThenLost.id), {
        method: 'PUT',
        token,
        body: { connected: true },
      });
      expect(callOf(took.body)).toMatchObject({ agentId: INTAKE_AGENT });
      expect(callOf(took.body).takenAt).not.toBeNull();
      await t.server.db
        .updateTable('ctm_calls')
        .set({ owner_instance: null })
        .where('id', '=', takenThenLost.id)
        .execute();
      await simulator().recover();

      const outbound = await placeOutbound(token);
      await advance(RING_SECONDS);
      await t.api(`${callPath(outbound.id)}/hangup`, { method: 'POST', token });

      for (const call of [takenThenHungUp, takenThenLost, outbound]) {
        expect(await missedNotificationsOf(call.id), call.id).toEqual([]);
      }
      const ended = await t.server.db
        .selectFrom('ctm_calls')
        .select(['id', 'ended_by'])
        .where('id', 'in', [takenThenHungUp.id, takenThenLost.id, outbound.id])
        .orderBy('id')
        .execute();
      expect(Object.fromEntries(ended.map((c) => [c.id, c.ended_by]))).toEqual({
        [takenThenHungUp.id]: 'caller',
        [takenThenLost.id]: 'system',
        [outbound.id]: 'agent',
      });
    });

    it("makes none for the demo activity's background calls (notifyMissed: false)", async () => {
      const intake = await openSocket(await bearer('intake@harbor.test'));
      // Even one that rings an agent with a sign-in and goes unanswered.
      const call = await simulator().place({
        workspaceId: 'ws_harbor',
        direction: 'inbound',
        fromNumber: '+16175550142',
        toNumber: '+16175550100',
        agentCtmUserId: 'any',
        agentId: INTAKE_AGENT,
        trackingNumber: '+16175550100',
        campaignId: null,
        leadSourceId: null,
        leadName: 'Demo Caller',
        createdBy: null,
        answered: false,
        notifyMissed: false,
      });
      await advance(RING_SECONDS);
      await flush(intake.socket);
      // Its end is still told; only the notification is left out.
      expect(endsIn(intake.events)).toEqual([
        expect.objectContaining({ callId: call.id, endedBy: 'caller', status: 'no-answer' }),
      ]);
      expect(await missedNotificationsOf(call.id)).toEqual([]);
      expect(intake.events.filter((e) => e.event === NOTIFICATION_EVENT)).toEqual([]);
    });
  });
  describe('GET ctm/missed-calls', () => {
    const missedIds = async (token: string) => {
      const answer = await t.api('/call-center/workspaces/ws_harbor/ctm/missed-calls', { token });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return missedCallListResponseSchema.parse(answer.body).data;
    };

    it('lists a call that ended before the agent took it, with its caller, number and tracking number', async () => {
      const intake = await bearer('intake@harbor.test');
      const call = await placeTestCall('Mia Lopez', '+1 555 010 0211');
      expect((await callerHangUp(call.id)).status).toBe(200);
      const listed = await missedIds(intake);
      const found = listed.find((c) => c.id === call.id);
      expect(found).toMatchObject({
        leadName: 'Mia Lopez',
        fromNumber: call.fromNumber,
        trackingNumber: call.trackingNumber,
        endedBy: 'caller',
        takenAt: null,
      });
      // Newest first.
      expect(listed[0].id).toBe(call.id);
      // Another user of the workspace (another agent) does not see it.
      expect(
        (await missedIds(await bearer('owner@harbor.test'))).some((c) => c.id === call.id),
      ).toBe(false);
    });

    it('a call the agent took is not missed', async () => {
      const intake = await bearer('intake@harbor.test');
      const call = await placeTestCall('Noah Kim', '+1 555 010 0212');
      const connected = await t.api(`/call-center/workspaces/ws_harbor/ctm/calls/${call.id}`, {
        method: 'PUT',
        token: intake,
        body: { connected: true, fourIizAgent: null },
      });
      expect(connected.status, JSON.stringify(connected.body)).toBe(200);
      await callerHangUp(call.id);
      expect((await missedIds(intake)).some((c) => c.id === call.id)).toBe(false);
    });

    it('a missed call the agent called back leaves the list', async () => {
      const intake = await bearer('intake@harbor.test');
      const call = await placeTestCall('Zoe Hart', '+1 512 555 0213');
      await callerHangUp(call.id);
      expect((await missedIds(intake)).some((c) => c.id === call.id)).toBe(true);
      await advance(1);
      await placeOutbound(intake, { call_number: '(512) 555-0213' });
      expect((await missedIds(intake)).some((c) => c.id === call.id)).toBe(false);
    });

    it('a missed call whose caller called again and was taken leaves the list', async () => {
      const intake = await bearer('intake@harbor.test');
      const missed = await placeTestCall('Ivy Chen', '+1 512 555 0214');
      await callerHangUp(missed.id);
      expect((await missedIds(intake)).some((c) => c.id === missed.id)).toBe(true);
      await advance(1);
      // The same number written otherwise; taken this time.
      const again = await placeTestCall('Ivy Chen', '(512) 555-0214');
      const taken = await t.api(callPath(again.id), {
        method: 'PUT',
        token: intake,
        body: { connected: true, fourIizAgent: null },
      });
      expect(taken.status, JSON.stringify(taken.body)).toBe(200);
      const listed = await missedIds(intake);
      expect(listed.some((c) => c.id === missed.id || c.id === again.id)).toBe(false);
      await callerHangUp(again.id);
    });

    it("lets owners and admins read an agent's list with ?agent=, and nobody else", async () => {
      const call = await placeTestCall('Leo Park', '+1 512 555 0215');
      await callerHangUp(call.id);
      const path = `/call-center/workspaces/ws_harbor/ctm/missed-calls?agent=${INTAKE_AGENT}`;
      // The owner reads the intake agent's missed calls (their own list does not hold it).
      const owner = await bearer('owner@harbor.test');
      const asOwner = await t.api(path, { token: owner });
      expect(asOwner.status, JSON.stringify(asOwner.body)).toBe(200);
      expect(
        missedCallListResponseSchema.parse(asOwner.body).data.some((c) => c.id === call.id),
      ).toBe(true);
      // The agent may name themselves.
      const asSelf = await t.api(path, { token: await bearer('intake@harbor.test') });
      expect(asSelf.status).toBe(200);
      expect(
        missedCallListResponseSchema.parse(asSelf.body).data.some((c) => c.id === call.id),
      ).toBe(true);
      // Another operator may not read someone else's.
      const asOther = await t.api(path, { token: await bearer('agent@harbor.test') });
      expect(asOther.status).toBe(403);
      expect(JSON.stringify(asOther.body)).not.toContain('Leo Park');
      // An agent of no such workspace is the request's fault.
      const foreign = await t.api(
        '/call-center/workspaces/ws_harbor/ctm/missed-calls?agent=agt_nowhere',
        { token: owner },
      );
      expect(foreign.status).toBe(400);
      expect(apiErrorSchema.parse(foreign.body).message).toContain('agt_nowhere');
    });

    it('answers 400 to a query it does not know, never 500', async () => {
      const intake = await bearer('intake@harbor.test');
      for (const query of ['?agent=', '?days=30', `?agent=${'a'.repeat(65)}`, '?agent=a&agent=b']) {
        const answer = await t.api(`/call-center/workspaces/ws_harbor/ctm/missed-calls${query}`, {
          token: intake,
        });
        expect(answer.status, query).toBe(400);
        expect(apiErrorSchema.safeParse(answer.body).success, query).toBe(true);
      }
    });

    it('answers 404 for an unknown workspace and 401 without a sign-in, never 500', async () => {
      const intake = await bearer('intake@harbor.test');
      const unknown = await t.api('/call-center/workspaces/ws_nowhere/ctm/missed-calls', {
        token: intake,
      });
      expect([403, 404]).toContain(unknown.status);
      const anonymous = await t.api('/call-center/workspaces/ws_harbor/ctm/missed-calls');
      expect(anonymous.status).toBe(401);
    });
  });

  describe('migration 0021 on the calls a database already holds', () => {
    it("records failed calls as the system's end, the others as the caller's, and connected ones as taken", async () => {
      const db = t.server.db;
      const migrator = new Migrator({ db, provider: migrationProvider });
      const down = await migrator.migrateTo('0020-event-contact-names');
      expect(down.error).toBeUndefined();
      // The later migrations go down with it (and come back up below).
      expect(down.results?.map((r) => r.migrationName)).toEqual(
        (await migrationsAfter('0020-event-contact-names')).reverse(),
      );
      const at = (minute: number) => `2026-03-02T15:${String(minute).padStart(2, '0')}:00.000Z`;
      const old = [
        { id: 'old-completed', status: 'completed', connected: 1 as const, connected_at: at(1) },
        { id: 'old-no-answer', status: 'no-answer', connected: 0 as const, connected_at: null },
        { id: 'old-failed', status: 'failed', connected: 0 as const, connected_at: null },
        { id: 'old-failed-talking', status: 'failed', connected: 1 as const, connected_at: at(2) },
        { id: 'old-talking', status: 'in-progress', connected: 1 as const, connected_at: at(3) },
        { id: 'old-ringing', status: 'ringing', connected: 0 as const, connected_at: null },
      ];
      // Only the columns before 0021.
      await db
        .insertInto('ctm_calls')
        .values(
          old.map((call) => ({
            ...call,
            workspace_id: 'ws_harbor',
            sid: null,
            direction: 'inbound',
            from_number: '+16175550142',
            to_number: '+16175550100',
            agent_ctm_user_id: 'any',
            agent_id: INTAKE_AGENT,
            tracking_number: '+16175550100',
            campaign_id: null,
            lead_source_id: null,
            lead_name: null,
            created_by: null,
            started_at: at(0),
            ended_at: ['in-progress', 'ringing'].includes(call.status) ? null : at(9),
            duration_seconds: null,
            owner_instance: t.server.callTracking.instanceId,
          })),
        )
        .execute();
      expect(await migrateToLatest(db)).toEqual(await migrationsAfter('0020-event-contact-names'));

      const rows = await db
        .selectFrom('ctm_calls')
        .select(['id', 'ended_by', 'taken_at', 'notify_missed'])
        .where(
          'id',
          'in',
          old.map((call) => call.id),
        )
        .execute();
      const byId = Object.fromEntries(rows.map(({ id, ...rest }) => [id, rest]));
      expect(byId).toEqual({
        'old-completed': { ended_by: 'caller', taken_at: at(1), notify_missed: 1 },
        'old-no-answer': { ended_by: 'caller', taken_at: null, notify_missed: 1 },
        'old-failed': { ended_by: 'system', taken_at: null, notify_missed: 1 },
        'old-failed-talking': { ended_by: 'system', taken_at: at(2), notify_missed: 1 },
        // Live across the upgrade: not ended, and taken if it was talking (never a false
        // missed call when it ends).
        'old-talking': { ended_by: null, taken_at: at(3), notify_missed: 1 },
        'old-ringing': { ended_by: null, taken_at: null, notify_missed: 1 },
      });
      await db
        .deleteFrom('ctm_calls')
        .where(
          'id',
          'in',
          old.map((call) => call.id),
        )
        .execute();
    });
  });
});
