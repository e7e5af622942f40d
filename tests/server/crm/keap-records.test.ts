import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  asyncFailureListResponseSchema,
  type AsyncRecordFailure,
} from '@/shared/contracts/async-errors';
import {
  crmAuthorizeResponseSchema,
  crmConnectionResponseSchema,
} from '@/shared/contracts/crm-connection';
import { ifsQueryResponseSchema } from '@/shared/contracts/call-flow-api';
import { NOT_CONNECTED } from '@/server/crm/crm-outbox-attempt';
import { type FakeKeap, startFakeKeap } from '../../fakes/keap/fake-keap';
import {
  callCenter,
  completePersonalInjuryIntake,
  newHistory,
} from '../call-center/call-center-client';
import { startTestServer, type TestServer } from '../helpers/test-server';

// Issue #33 "Keap" and "Writes never lost": Harbor Legal, the demo's Keap workspace, is
// connected by OAuth to a fake Keap that follows Keap's documented OAuth and REST v1
// shapes (tests/fakes/keap); the records of its intakes go through the CRM outbox there:
// the contact, its note, a call (a note of type Call) and the consultation (an
// appointment), once each, also when an answer is lost or a server dies mid-send.

const HARBOR = 'ws_harbor';

describe('intake records written to Keap (issue #33)', () => {
  let keap: FakeKeap;
  let t: TestServer;
  let owner: string;

  beforeAll(async () => {
    keap = await startFakeKeap({ app: 'hb417' });
    t = await startTestServer({
      keap: {
        clientId: keap.clientId,
        clientSecret: keap.clientSecret,
        authorizeUrl: keap.authorizeUrl,
        tokenUrl: keap.tokenUrl,
        apiBase: keap.apiBase,
      },
      // The tests send the outbox themselves (runOnce), one staged step at a time.
      zoho: { outboxAutoSend: false },
    });
    owner = (await t.signIn('owner@harbor.test')).accessToken;
  });
  afterAll(async () => {
    await t?.close();
    await keap?.close();
  });
  afterEach(async () => {
    await t.server.crmOutbox.worker.settled();
    keap.recover();
  });

  const connectionPath = `/api/workspaces/${HARBOR}/crm/connection`;
  const view = async () =>
    crmConnectionResponseSchema.parse((await t.api(connectionPath, { token: owner })).body).data;
  const send = () => t.server.crmOutbox.worker.runOnce();
  const post = (executionId: string, body: unknown) =>
    callCenter(t, owner)(`workspaces/${HARBOR}/async-records/${executionId}`, {
      method: 'POST',
      body,
    });
  const due = () =>
    t.server.db
      .updateTable('crm_outbox')
      .set({ next_attempt_at: new Date(Date.now() - 1000).toISOString() })
      .where('delivery', 'in', ['pending', 'sending'])
      .execute();

  /** The owner approves at Keap; the browser follows Keap's redirect to our callback. */
  async function connect() {
    const asked = await t.api(`${connectionPath}/authorize`, { method: 'POST', token: owner });
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    const authorize = crmAuthorizeResponseSchema.parse(asked.body).data.url;
    const landed = await fetch(keap.approve(authorize));
    const page = await landed.text();
    expect(landed.status, page).toBe(200);
    expect(page).toContain('Harbor Legal is connected to Keap');
  }

  async function openFailures(): Promise<AsyncRecordFailure[]> {
    const answer = await t.api(`/api/workspaces/${HARBOR}/async-errors`, { token: owner });
    return asyncFailureListResponseSchema.parse(answer.body).data;
  }

  it('asks Keap for the full scope with a signed state, then keeps the rotating tokens sealed', async () => {
    const asked = await t.api(`${connectionPath}/authorize`, { method: 'POST', token: owner });
    const url = new URL(crmAuthorizeResponseSchema.parse(asked.body).data.url);
    expect(url.origin + url.pathname).toBe(keap.authorizeUrl);
    expect(url.searchParams.get('scope')).toBe('full');
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('redirect_uri')).toMatch(/\/api\/oauth\/keap\/callback$/);
    // A state made for another workspace or vendor does not pass: a forged one is refused.
    const forged = await fetch(`${t.url}/api/oauth/keap/callback?code=x&state=forged`);
    expect(forged.status).toBe(400);

    // Another firm's Keap app approved: refused, nothing kept.
    keap.app = 'zz999';
    const other = await fetch(keap.approve(url.toString()));
    keap.app = 'hb417';
    expect(other.status).toBe(400);
    expect(await other.text()).toContain(
      'The Keap app approved (zz999) is not this workspace&#39;s (hb417)',
    );
    expect((await view()).connection).toBeNull();

    await connect();
    expect(await view()).toMatchObject({
      crm: 'keap',
      vendor: 'keap',
      available: true,
      connection: { status: 'ok', location: null, apiDomain: null },
    });
    const stored = await t.server.db
      .selectFrom('crm_connections')
      .selectAll()
      .where('workspace_id', '=', HARBOR)
      .executeTakeFirstOrThrow();
    expect(stored.vendor).toBe('keap');
    const [refresh] = keap.refreshTokens();
    expect(JSON.stringify(stored)).not.toContain(refresh);
  });

  it('writes a whole Personal Injury intake to Keap: contact, note, call and consultation, once each', async () => {
    const agent = (await t.signIn('intake@harbor.test')).accessToken;
    const state = await completePersonalInjuryIntake(t, agent, HARBOR);
    expect(state.status).toBe('completed');
    expect(keap.records.contacts).toHaveLength(0);

    await send();
    expect(keap.records.contacts).toHaveLength(1);
    const [contact] = keap.records.contacts;
    expect(contact).toMatchObject({
      given_name: 'Jordan',
      family_name: 'Reyes',
      email_addresses: [
        expect.objectContaining({ email: 'jordan.reyes@example.com', field: 'EMAIL1' }),
      ],
      phone_numbers: [expect.objectContaining({ number: '(617) 555-0142', field: 'PHONE1' })],
    });
    expect(keap.records.notes).toHaveLength(2);
    expect(keap.records.notes[0]).toMatchObject({
      title: 'Personal Injury intake',
      type: 'Other',
      contact_id: contact!.id,
    });
    expect(String(keap.records.notes[0]!.body)).toContain('Broken wrist');
    // The intake call: a note of type Call.
    expect(keap.records.notes[1]).toMatchObject({
      title: 'Personal Injury intake call',
      type: 'Call',
      contact_id: contact!.id,
    });
    expect(keap.records.appointments).toEqual([
      expect.objectContaining({
        title: 'Consultation: Jordan Reyes',
        location: 'office',
        contact_id: contact!.id,
      }),
    ]);
    const consultation = keap.records.appointments[0]!;
    expect(Date.parse(String(consultation.start_date))).toBe(Date.parse('2026-12-03T15:00:00Z'));
    expect(Date.parse(String(consultation.end_date))).toBe(Date.parse('2026-12-03T16:00:00Z'));
    expect(keap.records.tags.map((tag) => tag.name).sort()).toEqual([
      'Personal Injury',
      'slip-and-fall',
    ]);
    expect((await view()).connection?.records).toMatchObject({ sent: 4, waiting: 0, refused: 0 });

    await send();
    expect(keap.records.contacts).toHaveLength(1);
    expect(keap.records.notes).toHaveLength(2);
    expect(keap.records.appointments).toHaveLength(1);
  });

  it('writes a call as a note of type Call and the consultation as an appointment, with the tags', async () => {
    const executionId = await newHistory(t, owner, HARBOR);
    const contact = await post(executionId, {
      type: 'CONTACT',
      fields: {
        first_name: 'Ana',
        last_name: 'Lima',
        mobile_phone: '6175550199',
        street1: '1 Main St',
        city: 'Boston',
        state_code: 'MA',
        country_code: 'US',
        zip: '02108',
        tags: 'PI, New lead',
      },
    });
    expect(contact.status, JSON.stringify(contact.body)).toBe(200);
    for (const body of [
      { type: 'CALL', fields: { title: 'Intake call', body: 'Talked about the fall.' } },
      {
        type: 'EVENT',
        fields: {
          title: 'Consultation',
          start_time: '2026-12-03T15:00:00.000Z',
          location: 'Boston',
        },
      },
    ]) {
      const answer = await post(executionId, body);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    }
    await send();
    const ana = keap.records.contacts.find((c) => c.family_name === 'Lima')!;
    expect(ana.addresses).toEqual([
      expect.objectContaining({
        field: 'BILLING',
        line1: '1 Main St',
        locality: 'Boston',
        region: 'US-MA',
        country_code: 'USA',
        postal_code: '02108',
      }),
    ]);
    const tagNames = keap.records.tags
      .filter((tag) => (ana.tag_ids as number[] | undefined)?.includes(tag.id))
      .map((tag) => tag.name)
      .sort();
    expect(tagNames).toEqual(['New lead', 'PI']);
    expect(keap.records.notes.at(-1)).toMatchObject({
      title: 'Intake call',
      body: 'Talked about the fall.',
      type: 'Call',
      contact_id: ana.id,
    });
    expect(keap.records.appointments.at(-1)).toMatchObject({
      title: 'Consultation',
      location: 'Boston',
      contact_id: ana.id,
    });
    const appointment = keap.records.appointments.at(-1)!;
    expect(Date.parse(String(appointment.start_date))).toBe(Date.parse('2026-12-03T15:00:00Z'));
    expect(Date.parse(String(appointment.end_date))).toBe(Date.parse('2026-12-03T16:00:00Z'));
  });

  it('answers the spec’s ifs methods from the Keap app: getRecords and countRecords', async () => {
    const ifs = (method: string, body: unknown) =>
      callCenter(t, owner)(`workspaces/${HARBOR}/ifs/${method}`, { method: 'POST', body });
    const contacts = ifsQueryResponseSchema.parse(
      (await ifs('getRecords', { query: { type: 'CONTACT' }, ascending: '0', limit: 10 })).body,
    );
    expect(contacts.count).toBe(keap.records.contacts.length);
    // Newest first: Ana Lima was written last.
    expect(contacts.records[0]).toMatchObject({
      type: 'CONTACT',
      workspace: HARBOR,
      payload: expect.objectContaining({ family_name: 'Lima' }),
    });
    const ana = keap.records.contacts.find((c) => c.family_name === 'Lima')!;
    expect(contacts.records[0]!.id).toBe(String(ana.id));

    // The contact named by the id our outbox answered for it: its calls, not its notes.
    const ours = await t.server.db
      .selectFrom('crm_outbox')
      .select('id')
      .where('type', '=', 'CONTACT')
      .where('crm_id', '=', String(ana.id))
      .executeTakeFirstOrThrow();
    const calls = ifsQueryResponseSchema.parse(
      (await ifs('getRecords', { query: { type: 'CALL', contactId: ours.id } })).body,
    );
    expect(calls.records.map((r) => r.payload.title)).toEqual(['Intake call']);
    expect(calls.records[0]!.contactId).toBe(String(ana.id));
    const notes = ifsQueryResponseSchema.parse(
      (await ifs('countRecords', { query: { type: 'NOTE', contactId: String(ana.id) } })).body,
    );
    expect(notes).toEqual({ method: 'countRecords', count: 0, records: [] });
    const events = ifsQueryResponseSchema.parse(
      (await ifs('countRecords', { query: { type: 'EVENT', contactId: String(ana.id) } })).body,
    );
    expect(events.count).toBe(1);

    // Keap's daily quota spent (its reads are retried through a short outage, not this):
    // said in Keap's words, never a 500.
    keap.spendDailyQuota();
    const down = await ifs('getRecords', { query: { type: 'CONTACT' } });
    expect(down.status).toBe(502);
    expect(JSON.stringify(down.body)).toContain('Keap did not answer the query');
  });

  it('waits out a rate limit, and finds a contact whose answer was lost instead of making it twice', async () => {
    const executionId = await newHistory(t, owner, HARBOR);
    keap.rateLimitNext(1, 1);
    await post(executionId, {
      type: 'CONTACT',
      fields: { last_name: 'Okafor', mobile_phone: '6175550100' },
    });
    await send();
    expect(keap.records.contacts.filter((c) => c.family_name === 'Okafor')).toHaveLength(1);

    keap.dropConnectionNext(1, { afterHandling: true });
    await post(executionId, {
      type: 'CONTACT',
      fields: { first_name: 'Li', last_name: 'Wei', email: 'li.wei@example.com' },
    });
    await send();
    const liWei = () =>
      keap.records.contacts.filter((c) =>
        JSON.stringify(c.email_addresses).includes('li.wei@example.com'),
      );
    expect(liWei()).toHaveLength(1);
    const waiting = await t.server.db
      .selectFrom('crm_outbox')
      .select(['delivery', 'uncertain'])
      .where('workspace_id', '=', HARBOR)
      .where('delivery', '!=', 'sent')
      .execute();
    expect(waiting).toEqual([expect.objectContaining({ delivery: 'pending', uncertain: 1 })]);
    await due();
    await send();
    expect(liWei()).toHaveLength(1);
    expect((await view()).connection?.records.waiting).toBe(0);
  });

  it('resends a note a killed server was sending, without writing it twice', async () => {
    const executionId = await newHistory(t, owner, HARBOR);
    await post(executionId, {
      type: 'CONTACT',
      fields: { first_name: 'Kim', last_name: 'Park', email: 'kim.park@example.com' },
    });
    await send();
    const kim = keap.records.contacts.find((c) => c.family_name === 'Park')!;
    await post(executionId, {
      type: 'NOTE',
      fields: { title: 'Follow-up', body: 'Call back Monday.' },
    });
    // As if a server claimed the row, wrote the note to Keap, and died before recording it.
    keap.seed('notes', {
      contact_id: kim.id,
      title: 'Follow-up',
      body: 'Call back Monday.',
      type: 'Other',
    });
    await t.server.db
      .updateTable('crm_outbox')
      .set({ delivery: 'sending' })
      .where('workspace_id', '=', HARBOR)
      .where('delivery', '=', 'pending')
      .execute();
    await due();
    await send();
    expect(keap.records.notes.filter((n) => n.title === 'Follow-up')).toHaveLength(1);
  });

  it('keeps a record Keap refuses for Async error resolution, in Keap’s words', async () => {
    const executionId = await newHistory(t, owner, HARBOR);
    await post(executionId, {
      type: 'CONTACT',
      fields: { first_name: 'Bad', last_name: 'Mail', email: 'not-an-address' },
    });
    await send();
    const failures = await openFailures();
    const refused = failures.find((f) => JSON.stringify(f.payload).includes('not-an-address'));
    expect(refused?.error.code).toBe('CRM_REFUSED');
    expect(refused?.error.message).toMatch(/^Keap refused the record: /);
    expect((await view()).connection?.records.refused).toBeGreaterThanOrEqual(1);
  });

  it('holds records while Keap has ended the grant, and sends them after the owner reconnects', async () => {
    keap.revokeGrant();
    keap.expireAccessTokens();
    const executionId = await newHistory(t, owner, HARBOR);
    await post(executionId, {
      type: 'CONTACT',
      fields: { last_name: 'Held', email: 'held@example.com' },
    });
    await send();
    const held = await view();
    expect(held.connection).toMatchObject({ status: 'reconnect', records: { waiting: 1 } });
    expect(held.connection?.lastError).toContain('Keap ended the connection (invalid_grant)');
    expect(keap.records.contacts.some((c) => c.family_name === 'Held')).toBe(false);

    await connect();
    await due();
    await send();
    expect(keap.records.contacts.filter((c) => c.family_name === 'Held')).toHaveLength(1);
    expect((await view()).connection).toMatchObject({ status: 'ok', records: { waiting: 0 } });
  });

  it('refreshes the rotating refresh token once when two sends need a new access token at once', async () => {
    // Two writes refused at once (401): each asks for a fresh token.
    const before = keap.refreshTokens();
    const [a, b] = await Promise.all([
      t.server.crmConnections.accessToken(HARBOR, true),
      t.server.crmConnections.accessToken(HARBOR, true),
    ]);
    expect(a.token).toBe(b.token);
    // One refresh: the old refresh token is spent, one new one is live.
    expect(keap.refreshTokens()).toHaveLength(1);
    expect(keap.refreshTokens()).not.toEqual(before);
    expect((await view()).connection?.status).toBe('ok');
  });

  it('keeps the records still waiting as failures when the owner disconnects', async () => {
    const executionId = await newHistory(t, owner, HARBOR);
    keap.failNext(5, 503);
    await post(executionId, {
      type: 'CONTACT',
      fields: { last_name: 'Unsent', email: 'u@example.com' },
    });
    await send();
    const answer = await t.api(connectionPath, { method: 'DELETE', token: owner });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(crmConnectionResponseSchema.parse(answer.body).data).toMatchObject({
      crm: 'keap',
      vendor: 'simulator',
      connection: null,
    });
    const unsent = (await openFailures()).find((f) => JSON.stringify(f.payload).includes('Unsent'));
    expect(unsent?.error).toEqual({ code: 'CRM_UNAVAILABLE', message: NOT_CONNECTED });
  });
});
