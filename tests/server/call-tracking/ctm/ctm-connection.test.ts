import { readFileSync } from 'node:fs';
import type { Socket } from 'socket.io-client';
import { openRecordingSocket } from '../../helpers/test-sockets';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  callEndedEvent,
  callEndedEventSchema,
  incomingCallEvent,
  incomingCallEventSchema,
  trackedCallResponseSchema,
} from '@/shared/contracts/call-tracking';
import {
  callTrackingConnectionResponseSchema,
  type CallTrackingConnection,
} from '@/shared/contracts/call-tracking-connection';
import { apiErrorSchema } from '@/shared/contracts/common';
import { startTestServer, type TestServer } from '../../helpers/test-server';
import { USERS_FRESH_MS } from '@/server/call-tracking/ctm/ctm-connections';
import { type FakeCtm, startFakeCtm } from '../../../fakes/ctm/fake-ctm-server';
import { fakeCtmPhone, signedCtmWebhook } from '../../../fakes/ctm/fake-ctm-webhooks';

// Issue #32: a workspace connected to CallTrackingMetrics, end to end over HTTP: the real
// server (fresh database copy) against the fake CTM under tests/fakes, whose shapes follow
// CTM's documentation. Connect (keys checked with CTM, secret sealed, users and numbers
// copied in), CTM's webhooks (a call ringing the linked agent, the caller hanging up),
// idempotency, out-of-order events, refused signatures, and disconnecting.

const WORKSPACE = 'ws_harbor';
const INTAKE = 'usr_intake_harbor';
const CTM_AGENT = {
  id: 'USR1',
  first_name: 'Iris',
  last_name: 'Quinn',
  email: 'intake@harbor.test',
  role: 'agent',
};
const CTM_OTHER = {
  id: 'USR2',
  first_name: 'Omar',
  last_name: 'Ortiz',
  email: 'omar@harbor.test',
  role: 'agent',
};
const LINE = {
  id: 'TPN9001',
  number: '+17203584118',
  formatted: '(720) 358-4118',
  name: 'Google Ads line',
  active: true,
};

describe('a workspace connected to CallTrackingMetrics (issue #32)', () => {
  let fake: FakeCtm;
  let t: TestServer;
  // Real time, moved on only to age the users' copy past its freshness window.
  let offsetMs = 0;
  const clock = {
    now: () => new Date(Date.now() + offsetMs),
    advance: (ms: number) => (offsetMs += ms),
  };
  let owner: string;
  let intake: string;
  const sockets: Socket[] = [];
  const connectionPath = `/api/workspaces/${WORKSPACE}/call-tracking/connection`;
  const hooks = () => ({
    start: `${t.url}/api/ctm/webhooks/${WORKSPACE}/start`,
    end: `${t.url}/api/ctm/webhooks/${WORKSPACE}/end`,
  });

  beforeAll(async () => {
    fake = await startFakeCtm({ users: [CTM_AGENT, CTM_OTHER], numbers: [LINE] });
    t = await startTestServer({
      now: clock.now,
      callTracking: { ctm: { baseUrl: fake.baseUrl, retry: { maxRetries: 1, baseDelayMs: 1 } } },
    });
    owner = (await t.signIn('owner@harbor.test')).accessToken;
    intake = (await t.signIn('intake@harbor.test')).accessToken;
  });
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await t?.close();
    await fake?.close();
  });

  const connection = (body: unknown): CallTrackingConnection =>
    callTrackingConnectionResponseSchema.parse(body).data;
  const errorOf = (body: unknown) => apiErrorSchema.parse(body).message;

  async function connectAccount(
    keys: Partial<Record<'accountId' | 'accessKey' | 'secretKey', string>> = {},
  ) {
    return t.api(connectionPath, {
      method: 'PUT',
      token: owner,
      body: {
        provider: 'ctm',
        accountId: fake.accountId,
        accessKey: fake.accessKey,
        secretKey: fake.secretKey,
        ...keys,
      },
    });
  }

  async function linkIntakeToCtm() {
    const linked = await t.api(`/api/workspaces/${WORKSPACE}/users/${INTAKE}/links`, {
      method: 'PUT',
      token: owner,
      body: { crmUserId: null, ctmUserId: CTM_AGENT.id },
    });
    expect(linked.status).toBe(200);
  }

  async function openSocket(token: string) {
    const opened = await openRecordingSocket(t.url, token, sockets);
    return opened.events;
  }

  const settled = () => t.server.callTracking.settled();
  const ctmRow = (ctmCallId: number) =>
    t.server.db
      .selectFrom('ctm_calls')
      .selectAll()
      .where('ctm_call_id', '=', String(ctmCallId))
      .executeTakeFirst();
  const reportRows = (sid: string) =>
    t.server.db.selectFrom('calls').selectAll().where('call_sid', '=', sid).execute();

  describe('connecting', () => {
    it('refuses keys CTM refuses, saving nothing', async () => {
      const answer = await connectAccount({ secretKey: 'not-the-secret' });
      expect(answer.status).toBe(400);
      expect(errorOf(answer.body)).toMatch(/CTM refused the account id, access key or secret key/);
      expect(errorOf(answer.body)).not.toContain('not-the-secret');
      const view = await t.api(connectionPath, { token: owner });
      expect(connection(view.body).provider).toBe('simulator');
    });

    it('answers 502, not 500, when CTM cannot be reached, and saves nothing', async () => {
      fake.failNext({ status: 503, times: 5 });
      const answer = await connectAccount();
      fake.recover();
      expect(answer.status).toBe(502);
      expect(errorOf(answer.body)).toMatch(/CTM could not be reached/);
      const view = await t.api(connectionPath, { token: owner });
      expect(connection(view.body).provider).toBe('simulator');
    });

    it('refuses a malformed account id with the field named', async () => {
      const answer = await connectAccount({ accountId: 'abc' });
      expect(answer.status).toBe(400);
      expect(errorOf(answer.body)).toMatch(/Account id: digits only/);
    });

    it('lets only the owner and the system user connect', async () => {
      const answer = await t.api(connectionPath, {
        method: 'PUT',
        token: intake,
        body: { provider: 'ctm', accountId: '1', accessKey: 'a', secretKey: 'b' },
      });
      expect(answer.status).toBe(403);
    });

    it('checks the keys with CTM, seals the secret, and copies the users and numbers in', async () => {
      const answer = await connectAccount();
      expect(answer.status).toBe(200);
      const view = connection(answer.body);
      expect(view).toMatchObject({
        provider: 'ctm',
        ctm: {
          accountId: fake.accountId,
          accessKey: fake.accessKey,
          status: 'ok',
          lastError: null,
          webhookPaths: {
            start: `/api/ctm/webhooks/${WORKSPACE}/start`,
            end: `/api/ctm/webhooks/${WORKSPACE}/end`,
          },
        },
      });
      expect(JSON.stringify(answer.body)).not.toContain(fake.secretKey);
      const account = fake.requests
        .filter((r) => r.path === `/api/v1/accounts/${fake.accountId}.json`)
        .at(-1);
      expect(account?.authorized).toBe(true);

      const stored = await t.server.db
        .selectFrom('call_tracking_connections')
        .selectAll()
        .executeTakeFirstOrThrow();
      expect(stored.secret_sealed).toMatch(/^v1:/);
      expect(stored.secret_sealed).not.toContain(fake.secretKey);
      // Nowhere in the database file in plain text either.
      const files = ['intake.sqlite', 'intake.sqlite-wal'].map((f) => {
        try {
          return readFileSync(`${t.dataDir}/${f}`).toString('latin1');
        } catch {
          return '';
        }
      });
      expect(files.join('')).not.toContain(fake.secretKey);

      // The workspace's CTM account is the connected one (its calls' recording links).
      const workspace = await t.api(`/api/workspaces/${WORKSPACE}`, { token: owner });
      expect(
        (workspace.body as { data: { attributes: { vendors: { callTrackingMetrics: unknown } } } })
          .data.attributes.vendors.callTrackingMetrics,
      ).toEqual({ account: fake.accountId });

      const users = await t.server.db
        .selectFrom('ctm_users')
        .select('id')
        .where('workspace_id', '=', WORKSPACE)
        .orderBy('id')
        .execute();
      expect(users.map((u) => u.id)).toEqual(['USR1', 'USR2']);
      const numbers = await t.api(`/call-center/workspaces/${WORKSPACE}/ctm/numbers`, {
        token: owner,
      });
      expect((numbers.body as { data: { number: string; label: string }[] }).data).toEqual([
        expect.objectContaining({ number: LINE.number, label: LINE.name }),
      ]);
    });
  });

  describe('calls from CTM webhooks', () => {
    beforeAll(async () => {
      if (connection((await t.api(connectionPath, { token: owner })).body).provider !== 'ctm') {
        expect((await connectAccount()).status).toBe(200);
      }
      await linkIntakeToCtm();
    });
    beforeEach(() => settled());

    it('rings the linked agent, and the caller hanging up ends the call once', async () => {
      const events = await openSocket(intake);
      const phone = fakeCtmPhone(fake, hooks());
      const ring = await phone.ring({
        agent: CTM_AGENT,
        callerNumber: '+16175550123',
        trackingNumber: LINE.number,
        name: 'Dana Whitfield',
      });
      expect(ring.status).toBe(202);
      await settled();
      const incoming = await waitFor(() =>
        events.find((e) => e.event === incomingCallEvent(INTAKE)),
      );
      const data = incomingCallEventSchema.parse(incoming.payload).data;
      expect(data).toMatchObject({
        leadName: 'Dana Whitfield',
        phone: '+16175550123',
        trackingNumber: LINE.number,
      });
      const live = await t.api(`/call-center/workspaces/${WORKSPACE}/ctm/calls/${data.callId}`, {
        token: intake,
      });
      expect(trackedCallResponseSchema.parse(live.body).data.status).toBe('ringing');

      // The agent answers in the wizard (PUT connected): taken, and no timer ends it.
      const taken = await t.api(`/call-center/workspaces/${WORKSPACE}/ctm/calls/${data.callId}`, {
        method: 'PUT',
        token: intake,
        body: { connected: true },
      });
      expect(trackedCallResponseSchema.parse(taken.body).data.status).toBe('in-progress');

      const hangUp = await phone.hangUp(ring.call.id, 95);
      expect(hangUp.status).toBe(202);
      // CTM retries: the same end again changes nothing.
      expect((await phone.hangUp(ring.call.id, 95)).status).toBe(202);
      await settled();
      const ended = await waitFor(() => events.find((e) => e.event === callEndedEvent(INTAKE)));
      expect(callEndedEventSchema.parse(ended.payload)).toMatchObject({
        callId: data.callId,
        endedBy: 'caller',
        status: 'completed',
        duration: 95,
      });
      expect(events.filter((e) => e.event === callEndedEvent(INTAKE))).toHaveLength(1);
      const row = await ctmRow(ring.call.id);
      expect(row).toMatchObject({
        status: 'completed',
        duration_seconds: 95,
        recording_url: `https://fake-ctm.test/recordings/${ring.call.sid}`,
      });
      expect(await reportRows(ring.call.sid)).toHaveLength(1);
    });

    it('rings every session of the agent (the app and the extension), and each hears the end once', async () => {
      const app = await openSocket(intake);
      const extension = await openSocket((await t.signIn('intake@harbor.test')).accessToken);
      const phone = fakeCtmPhone(fake, hooks());
      const ring = await phone.ring({
        agent: CTM_AGENT,
        callerNumber: '+16175550177',
        trackingNumber: LINE.number,
      });
      await settled();
      for (const events of [app, extension]) {
        await waitFor(() => events.find((e) => e.event === incomingCallEvent(INTAKE)));
      }
      await phone.hangUp(ring.call.id, 0);
      await settled();
      for (const events of [app, extension]) {
        await waitFor(() => events.find((e) => e.event === callEndedEvent(INTAKE)));
        expect(events.filter((e) => e.event === callEndedEvent(INTAKE))).toHaveLength(1);
      }
    });

    it('keeps the call through a sign-out: signed in again, the agent finds it live, and hears its end', async () => {
      const before = await t.signIn('intake@harbor.test');
      const phone = fakeCtmPhone(fake, hooks());
      const ring = await phone.ring({
        agent: CTM_AGENT,
        callerNumber: '+16175550178',
        trackingNumber: LINE.number,
      });
      await settled();
      const revoked = await t.api('/api/auth/revoke', {
        method: 'POST',
        body: { token: before.refreshToken },
      });
      expect(revoked.status).toBe(204);

      const again = (await t.signIn('intake@harbor.test')).accessToken;
      const events = await openSocket(again);
      const live = await t.api(`/call-center/workspaces/${WORKSPACE}/ctm/live-calls`, {
        token: again,
      });
      const row = await ctmRow(ring.call.id);
      expect((live.body as { data: { id: string }[] }).data.map((c) => c.id)).toContain(row?.id);

      await phone.hangUp(ring.call.id, 0);
      await settled();
      const ended = await waitFor(() => events.find((e) => e.event === callEndedEvent(INTAKE)));
      expect(callEndedEventSchema.parse(ended.payload)).toMatchObject({
        callId: row?.id,
        endedBy: 'caller',
      });
    });

    it('applies at the next start a webhook stored before the server was killed', async () => {
      const phone = fakeCtmPhone(fake, hooks());
      const ring = await phone.ring({
        agent: CTM_AGENT,
        callerNumber: '+16175550179',
        trackingNumber: LINE.number,
      });
      await settled();
      // The end as receive() stores it, the process killed before it was applied.
      const call = fake.calls.find((c) => c.id === ring.call.id)!;
      Object.assign(call, { dial_status: 'completed', talk_time: 30, duration: 35 });
      await t.server.db
        .insertInto('ctm_webhook_inbox')
        .values({
          id: 'killed-before-apply',
          workspace_id: WORKSPACE,
          event: 'end',
          ctm_call_id: String(call.id),
          body: JSON.stringify(call),
          received_at: clock.now().toISOString(),
          processed_at: null,
          last_error: null,
        })
        .execute();
      expect(await ctmRow(ring.call.id)).toMatchObject({ status: 'ringing' });

      t.server.callTracking.ctm.inbox.start();
      await settled();
      expect(await ctmRow(ring.call.id)).toMatchObject({ status: 'completed', ended_by: 'caller' });
      const stored = await t.server.db
        .selectFrom('ctm_webhook_inbox')
        .select(['processed_at', 'last_error'])
        .where('id', '=', 'killed-before-apply')
        .executeTakeFirstOrThrow();
      expect(stored.processed_at).not.toBeNull();
      expect(stored.last_error).toBeNull();
    });

    it('takes an end before its start, and the late start changes nothing', async () => {
      const call = {
        id: 77001,
        sid: 'CAlate',
        direction: 'inbound',
        caller_number: '+16175550199',
        tracking_number: LINE.number,
        dial_status: 'no-answer',
        talk_time: 0,
        duration: 20,
        unix_time: Math.floor(Date.now() / 1000) - 30,
        agent: { id: CTM_AGENT.id, name: 'Iris Quinn', email: CTM_AGENT.email },
      };
      const send = (url: string) => {
        const { body, headers } = signedCtmWebhook(
          call,
          fake.secretKey,
          Math.floor(Date.now() / 1000),
        );
        return fetch(url, { method: 'POST', headers, body });
      };
      expect((await send(hooks().end)).status).toBe(202);
      expect((await send(hooks().start)).status).toBe(202);
      await settled();
      const row = await ctmRow(call.id);
      expect(row).toMatchObject({ status: 'no-answer', ended_by: 'caller', duration_seconds: 0 });
      const rows = await reportRows('CAlate');
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ missed: 1, connected: 0 });
      // Missed: the agent's notification, once.
      const notes = await t.server.db
        .selectFrom('notifications')
        .select('id')
        .where('dedupe_key', '=', `missed-call:${row?.id}`)
        .execute();
      expect(notes).toHaveLength(1);
    });

    it('refuses a wrong signature and a stale time, storing nothing', async () => {
      const call = {
        id: 77002,
        sid: 'CAforged',
        direction: 'inbound',
        caller_number: '+16175550100',
        tracking_number: LINE.number,
        unix_time: Math.floor(Date.now() / 1000),
        agent: { id: CTM_AGENT.id },
      };
      const forged = signedCtmWebhook(call, 'not-the-secret', Math.floor(Date.now() / 1000));
      const refused = await fetch(hooks().start, {
        method: 'POST',
        headers: forged.headers,
        body: forged.body,
      });
      expect(refused.status).toBe(401);
      const stale = signedCtmWebhook(call, fake.secretKey, Math.floor(Date.now() / 1000) - 3600);
      expect(
        (await fetch(hooks().start, { method: 'POST', headers: stale.headers, body: stale.body }))
          .status,
      ).toBe(401);
      const unsigned = await fetch(hooks().start, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: forged.body,
      });
      expect(unsigned.status).toBe(401);
      await settled();
      expect(await ctmRow(call.id)).toBeUndefined();
      const inbox = await t.server.db
        .selectFrom('ctm_webhook_inbox')
        .select('id')
        .where('ctm_call_id', '=', '77002')
        .execute();
      expect(inbox).toHaveLength(0);
    });

    it('prunes applied webhooks after a week and failed ones after 30 days', async () => {
      const daysAgo = (days: number) =>
        new Date(clock.now().getTime() - days * 86_400_000).toISOString();
      const row = (id: string, receivedDays: number, applied: boolean) => ({
        id,
        workspace_id: WORKSPACE,
        event: 'end',
        ctm_call_id: id,
        body: '{}',
        received_at: daysAgo(receivedDays),
        processed_at: applied ? daysAgo(receivedDays) : null,
        attempts: applied ? 1 : 5,
        last_error: applied ? null : 'could not apply',
      });
      await t.server.db
        .insertInto('ctm_webhook_inbox')
        .values([
          row('prune-applied-8d', 8, true),
          row('keep-applied-6d', 6, true),
          row('keep-failed-8d', 8, false),
          row('prune-failed-31d', 31, false),
        ])
        .execute();
      expect(await t.server.callTracking.ctm.inbox.prune()).toBeGreaterThanOrEqual(2);
      const left = await t.server.db
        .selectFrom('ctm_webhook_inbox')
        .select('id')
        .where('id', 'in', [
          'prune-applied-8d',
          'keep-applied-6d',
          'keep-failed-8d',
          'prune-failed-31d',
        ])
        .orderBy('id')
        .execute();
      expect(left.map((r) => r.id)).toEqual(['keep-applied-6d', 'keep-failed-8d']);
      await t.server.db.deleteFrom('ctm_webhook_inbox').where('id', 'like', 'keep-%').execute();
    });

    it('answers 400 to a signed body that is not a CTM call, and 404 for a workspace not connected', async () => {
      const junk = signedCtmWebhook(
        { hello: 'world' },
        fake.secretKey,
        Math.floor(Date.now() / 1000),
      );
      expect(
        (await fetch(hooks().start, { method: 'POST', headers: junk.headers, body: junk.body }))
          .status,
      ).toBe(400);
      const elsewhere = await fetch(`${t.url}/api/ctm/webhooks/ws_summit/start`, {
        method: 'POST',
        headers: junk.headers,
        body: junk.body,
      });
      expect(elsewhere.status).toBe(404);
      const badEvent = await fetch(`${t.url}/api/ctm/webhooks/${WORKSPACE}/ringing`, {
        method: 'POST',
        headers: junk.headers,
        body: junk.body,
      });
      expect(badEvent.status).toBe(400);
    });

    it('shows an outage on the connection, and still accepts webhooks', async () => {
      fake.failNext({ status: 503, times: 50 });
      const sync = await t.api(`/api/workspaces/${WORKSPACE}/call-tracking/sync`, {
        method: 'POST',
        token: owner,
      });
      expect(sync.status).toBe(502);
      const health = connection((await t.api(connectionPath, { token: owner })).body).ctm;
      expect(health).toMatchObject({
        status: 'failing',
        lastError: expect.stringMatching(/Service Unavailable/),
      });
      const phone = fakeCtmPhone(fake, hooks());
      const ring = await phone.ring({
        agent: CTM_OTHER,
        callerNumber: '+16175550155',
        trackingNumber: LINE.number,
      });
      expect(ring.status).toBe(202);
      await settled();
      expect(await ctmRow(ring.call.id)).toMatchObject({ status: 'ringing', agent_id: null });
      await phone.hangUp(ring.call.id, 0);
      await settled();
      expect(await ctmRow(ring.call.id)).toMatchObject({ status: 'no-answer' });
      // CTM back: the next request records the connection healthy again.
      fake.recover();
      const again = await t.api(`/api/workspaces/${WORKSPACE}/call-tracking/sync`, {
        method: 'POST',
        token: owner,
      });
      expect(connection(again.body).ctm).toMatchObject({ status: 'ok', lastError: null });
    });
  });

  describe('linking an agent to a CTM user', () => {
    const usersPath = `/api/workspaces/${WORKSPACE}/voip/providers/ctm/users`;
    const idsOf = (body: unknown) =>
      (body as { data: { id: string }[] }).data.map((u) => u.id).sort();
    const NEW_HIRE = {
      id: 'USR3',
      first_name: 'Nell',
      last_name: 'Hale',
      email: 'nell@harbor.test',
      role: 'agent',
    };

    beforeAll(async () => {
      if (connection((await t.api(connectionPath, { token: owner })).body).provider !== 'ctm') {
        expect((await connectAccount()).status).toBe(200);
      }
    });

    it("lists the account's users as CTM has them now, for the manager linking; the last copy when CTM is down", async () => {
      fake.users.push(NEW_HIRE);
      try {
        // An agent's list is the copy (no request to CTM on their behalf).
        const before = fake.requests.length;
        const asAgent = await t.api(usersPath, { token: intake });
        expect(asAgent.status).toBe(200);
        expect(idsOf(asAgent.body)).toEqual(['USR1', 'USR2']);
        expect(fake.requests.length).toBe(before);

        // The owner's dialog reads CTM: the user added in CTM is there at once.
        const asOwner = await t.api(usersPath, { token: owner });
        expect(asOwner.status).toBe(200);
        expect(idsOf(asOwner.body)).toEqual(['USR1', 'USR2', 'USR3']);
        expect(fake.requests.at(-1)?.path).toBe(`/api/v1/accounts/${fake.accountId}/users`);

        // Read again within the freshness window: from the copy.
        const requests = fake.requests.length;
        expect(idsOf((await t.api(usersPath, { token: owner })).body)).toContain('USR3');
        expect(fake.requests.length).toBe(requests);

        // CTM down (and the window over): the dialog still lists the last copy.
        clock.advance(USERS_FRESH_MS);
        fake.failNext({ status: 503, times: 10 });
        const down = await t.api(usersPath, { token: owner });
        expect(down.status).toBe(200);
        expect(idsOf(down.body)).toEqual(['USR1', 'USR2', 'USR3']);
        expect(connection((await t.api(connectionPath, { token: owner })).body).ctm?.status).toBe(
          'failing',
        );
      } finally {
        fake.recover();
        clock.advance(-USERS_FRESH_MS);
        fake.users.splice(fake.users.indexOf(NEW_HIRE), 1);
        await t.api(`/api/workspaces/${WORKSPACE}/call-tracking/sync`, {
          method: 'POST',
          token: owner,
        });
      }
    });
  });

  describe('click-to-call through CTM', () => {
    const placeCall = (token: string, body: Record<string, unknown> = {}) =>
      t.api(`/call-center/workspaces/${WORKSPACE}/ctm/calls`, {
        method: 'POST',
        token,
        body: { from_number: LINE.number, call_number: '(617) 555-0177', ...body },
      });

    it('asks CTM to place the call and makes CTM’s call the active call, which CTM’s end ends', async () => {
      const before = fake.requests.length;
      const answer = await placeCall(intake);
      expect(answer.status).toBe(201);
      const call = trackedCallResponseSchema.parse(answer.body).data;
      expect(call).toMatchObject({
        direction: 'outbound',
        status: 'ringing',
        toNumber: '+16175550177',
      });
      const sent = fake.requests.slice(before).find((r) => r.method === 'POST');
      expect(sent).toMatchObject({
        path: `/api/v1/accounts/${fake.accountId}/calls.json`,
        authorized: true,
        body: { from_number: LINE.number, call_number: '+16175550177', user_id: CTM_AGENT.id },
      });
      const placed = fake.calls.at(-1)!;
      const row = await ctmRow(placed.id);
      expect(row?.id).toBe(call.id);

      // CTM's end of that call (the customer hung up after 30 s) ends the active call.
      const phone = fakeCtmPhone(fake, hooks());
      expect((await phone.hangUp(placed.id, 30)).status).toBe(202);
      await settled();
      expect(await ctmRow(placed.id)).toMatchObject({ status: 'completed', duration_seconds: 30 });
      expect(await reportRows(placed.sid)).toHaveLength(1);
    });

    it('says CTM’s refusal as the call’s alert, never a 500', async () => {
      fake.failNext({ status: 401, times: 1 });
      const refused = await placeCall(intake);
      expect(refused.status).toBe(502);
      expect(errorOf(refused.body)).toMatch(/CallTrackingMetrics refused this workspace's keys/);
      // A user the account does not have (CTM 422 with its reason).
      fake.users.splice(0, 1);
      const unknownUser = await placeCall(intake);
      fake.users.unshift(CTM_AGENT);
      expect(unknownUser.status).toBe(400);
      expect(errorOf(unknownUser.body)).toBe(
        'CallTrackingMetrics refused the call: user_id is not a user of this account',
      );
    });
  });

  describe('the catch-up over CTM’s calls list', () => {
    it('stores the calls no webhook brought, once, whichever path brings them', async () => {
      const now = Math.floor(Date.now() / 1000);
      const agent = { id: CTM_AGENT.id, name: 'Iris Quinn', email: CTM_AGENT.email };
      // Two calls ended while the server heard nothing, and one still live (started just now:
      // after the cursor, which is when the account was connected).
      fake.calls.push(
        {
          id: 88001,
          sid: 'CAgap1',
          direction: 'inbound',
          caller_number: '+16175550111',
          tracking_number: LINE.number,
          dial_status: 'completed',
          talk_time: 61,
          duration: 70,
          unix_time: now + 1,
          audio: 'https://fake-ctm.test/recordings/CAgap1',
          agent,
        },
        {
          id: 88002,
          sid: 'CAgap2',
          direction: 'inbound',
          caller_number: '+16175550112',
          tracking_number: LINE.number,
          dial_status: 'no-answer',
          talk_time: 0,
          duration: 25,
          unix_time: now + 2,
          agent,
        },
        {
          id: 88003,
          sid: 'CAlive',
          direction: 'inbound',
          caller_number: '+16175550113',
          tracking_number: LINE.number,
          dial_status: 'in-progress',
          unix_time: now + 3,
          agent,
        },
      );
      const catchUp = t.server.callTracking.ctm.catchUp;
      const first = await catchUp.runOnce();
      expect(first.get(WORKSPACE)?.applied).toBe(2);
      expect(await ctmRow(88001)).toMatchObject({
        status: 'completed',
        duration_seconds: 61,
        recording_url: 'https://fake-ctm.test/recordings/CAgap1',
      });
      expect(await ctmRow(88002)).toMatchObject({ status: 'no-answer' });
      expect(await ctmRow(88003)).toBeUndefined();
      expect(await reportRows('CAgap1')).toHaveLength(1);

      // The live one ends; its end webhook is lost. The next catch-up stores it, and the
      // calls stored already change nothing.
      const live = fake.calls.find((c) => c.id === 88003)!;
      Object.assign(live, { dial_status: 'completed', talk_time: 40, duration: 45 });
      const second = await catchUp.runOnce();
      expect(second.get(WORKSPACE)?.applied).toBe(1);
      expect(await reportRows('CAlive')).toHaveLength(1);
      expect(await reportRows('CAgap1')).toHaveLength(1);
      const calls = fake.requests.filter(
        (r) => r.path.endsWith('/calls.json') && r.method === 'GET',
      );
      expect(calls.at(-1)?.query).toMatchObject({ per_page: '150' });
    });

    it('reads CTM from one process at a time: another process’s lease is skipped until it runs out', async () => {
      const catchUp = t.server.callTracking.ctm.catchUp;
      const lease = (until: string | null) =>
        t.server.db
          .updateTable('call_tracking_connections')
          .set({ catch_up_claimed_until: until })
          .where('workspace_id', '=', WORKSPACE)
          .execute();
      const listReads = () =>
        fake.requests.filter((r) => r.path.endsWith('/calls.json') && r.method === 'GET').length;

      // Another process is catching this account up: this one leaves it alone.
      await lease(new Date(clock.now().getTime() + 60_000).toISOString());
      const reads = listReads();
      expect((await catchUp.runOnce()).has(WORKSPACE)).toBe(false);
      expect(listReads()).toBe(reads);

      // That process died mid-run: its lease runs out, and the account is caught up again.
      await lease(new Date(clock.now().getTime() - 1).toISOString());
      expect((await catchUp.runOnce()).has(WORKSPACE)).toBe(true);
      expect(listReads()).toBeGreaterThan(reads);
      // …and the lease is given back once done.
      const row = await t.server.db
        .selectFrom('call_tracking_connections')
        .select('catch_up_claimed_until')
        .where('workspace_id', '=', WORKSPACE)
        .executeTakeFirstOrThrow();
      expect(row.catch_up_claimed_until).toBeNull();
    });
  });

  describe('a server restart in the middle of a CTM call', () => {
    it("leaves CTM's live call alone (CTM ends it, not our heartbeat), and its end still lands", async () => {
      const phone = fakeCtmPhone(fake, hooks());
      const ring = await phone.ring({
        agent: CTM_AGENT,
        callerNumber: '+16175550144',
        trackingNumber: LINE.number,
      });
      await settled();
      // What a restarted server does first: fail the live calls no running process owns.
      await t.server.callTracking.simulator.recover();
      expect(await ctmRow(ring.call.id)).toMatchObject({ status: 'ringing', ended_at: null });
      await phone.hangUp(ring.call.id, 12);
      await settled();
      expect(await ctmRow(ring.call.id)).toMatchObject({ status: 'completed', ended_by: 'caller' });
    });
  });

  describe('disconnecting', () => {
    it('forgets the secret; the workspace is back on the simulator and webhooks are refused', async () => {
      const answer = await t.api(connectionPath, { method: 'DELETE', token: owner });
      expect(answer.status).toBe(200);
      expect(connection(answer.body)).toEqual({
        workspaceId: WORKSPACE,
        provider: 'simulator',
        ctm: null,
      });
      const rows = await t.server.db
        .selectFrom('call_tracking_connections')
        .select('workspace_id')
        .execute();
      expect(rows).toHaveLength(0);
      const call = {
        id: 77003,
        direction: 'inbound',
        caller_number: '+16175550101',
        unix_time: Math.floor(Date.now() / 1000),
      };
      const signed = signedCtmWebhook(call, fake.secretKey, Math.floor(Date.now() / 1000));
      expect(
        (await fetch(hooks().start, { method: 'POST', headers: signed.headers, body: signed.body }))
          .status,
      ).toBe(404);
    });
  });
});

async function waitFor<T>(find: () => T | undefined, timeoutMs = 5000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const found = find();
    if (found !== undefined) return found;
    if (Date.now() - started > timeoutMs) throw new Error('waited in vain');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
