import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  asyncFailureListResponseSchema,
  type AsyncRecordFailure,
} from '@/shared/contracts/async-errors';
import { asyncRecordResponseSchema } from '@/shared/contracts/call-flow-api';
import {
  crmConnectionResponseSchema,
  zohoFieldMappingResponseSchema,
} from '@/shared/contracts/crm-connection';
import { DEFAULT_ZOHO_FIELDS } from '@/shared/domain/zoho-field-mapping';
import { itemResponseSchema } from '@/shared/contracts/common';
import { workspaceSchema } from '@/shared/contracts/workspace';
import { NOT_CONNECTED } from '@/server/crm/crm-outbox-attempt';
import { personalInjuryIntake } from '@/server/seed/call-flows/personal-injury-intake';
import {
  callCenter,
  completePersonalInjuryIntake,
  newHistory,
} from '../call-center/call-center-client';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { connectZohoAt, startZohoWorld, type ZohoDc, type ZohoWorld } from '../helpers/zoho-world';

// Issue #33 "Zoho CRM" and "Writes never lost": the records of an intake in a workspace
// connected to Zoho CRM go through the CRM outbox to the organisation's own data centre,
// here fake Zoho Accounts and CRM servers of the EU and US data centres that follow
// Zoho's documented shapes (tests/fakes/zoho). Lakeside is the demo's Zoho workspace: the
// spec's call-flow guard blocks it until it is connected.

const LAKESIDE = 'ws_lakeside';

describe('intake records written to Zoho CRM (issue #33)', () => {
  let zoho: ZohoWorld;
  let accounts: ZohoWorld['accounts'];
  let crm: ZohoWorld['crm'];
  let t: TestServer;
  let owner: string;
  let admin: string;

  beforeAll(async () => {
    zoho = await startZohoWorld();
    ({ accounts, crm } = zoho);
    // The tests send the outbox themselves (runOnce), one staged step at a time.
    t = await startTestServer({ zoho: zoho.serverOptions({ outboxAutoSend: false }) });
    owner = (await t.signIn('owner@lakeside.test')).accessToken;
    admin = (await t.signIn('admin@lakeside.test')).accessToken;
  });
  afterAll(async () => {
    await t?.close();
    await zoho?.close();
  });
  afterEach(async () => {
    await t.server.crmOutbox.worker.settled();
    crm.eu.recover();
    crm.us.recover();
  });

  const connectionPath = `/api/workspaces/${LAKESIDE}/crm/connection`;
  const view = async () =>
    crmConnectionResponseSchema.parse((await t.api(connectionPath, { token: owner })).body).data;

  /** The owner connects Lakeside at `dc`; the fake CRM there takes the tokens issued. */
  const connectAt = (dc: ZohoDc) =>
    connectZohoAt(t, zoho, {
      token: owner,
      workspaceId: LAKESIDE,
      workspaceName: 'Lakeside Law',
      dc,
    });

  const send = () => t.server.crmOutbox.worker.runOnce();

  const post = (token: string, executionId: string, body: unknown) =>
    callCenter(t, token)(`workspaces/${LAKESIDE}/async-records/${executionId}`, {
      method: 'POST',
      body,
    });

  async function openFailures(): Promise<AsyncRecordFailure[]> {
    const answer = await t.api(`/api/workspaces/${LAKESIDE}/async-errors`, { token: owner });
    return asyncFailureListResponseSchema.parse(answer.body).data;
  }

  it('keeps the spec’s call-flow guard on Lakeside until it is connected to Zoho', async () => {
    const blocked = await callCenter(t, owner)(`workspaces/${LAKESIDE}/processes`);
    expect(blocked.status).toBe(403);
    await connectAt('eu');
    const workspace = itemResponseSchema(workspaceSchema).parse(
      (await t.api(`/api/workspaces/${LAKESIDE}`, { token: owner })).body,
    ).data;
    expect(workspace.attributes.crmConnected).toBe(true);
    // Connected: Lakeside runs intakes, so its owner can keep a flow there.
    const saved = await callCenter(t, owner)(`workspaces/${LAKESIDE}/processes/pi-intake`, {
      method: 'PUT',
      body: personalInjuryIntake(LAKESIDE, new Date(), 'Lakeside Law'),
    });
    expect(saved.status, JSON.stringify(saved.body)).toBeLessThan(300);
  });

  it('connects a workspace to its own CRM only: a Keap workspace is offered Keap, not Zoho', async () => {
    const harborOwner = (await t.signIn('owner@harbor.test')).accessToken;
    const asked = await t.api('/api/workspaces/ws_harbor/crm/connection/authorize', {
      method: 'POST',
      token: harborOwner,
    });
    expect(asked.status).toBe(409);
    // This server has Zoho's client and not Keap's: Harbor (Keap) cannot start Zoho's consent.
    expect(JSON.stringify(asked.body)).toContain('This server has no Keap client');
  });

  it('keeps Async Error Resolution open to a connected workspace without asynchronous lead generation', async () => {
    const row = await t.server.db
      .selectFrom('workspaces')
      .select('processes')
      .where('id', '=', LAKESIDE)
      .executeTakeFirstOrThrow();
    const processes = JSON.parse(row.processes) as { leadGeneration: { async: boolean } };
    const setAsync = (async: boolean) =>
      t.server.db
        .updateTable('workspaces')
        .set({
          processes: JSON.stringify({
            ...processes,
            leadGeneration: { ...processes.leadGeneration, async },
          }),
        })
        .where('id', '=', LAKESIDE)
        .execute();
    await setAsync(false);
    try {
      const answer = await t.api(`/api/workspaces/${LAKESIDE}/async-errors`, { token: owner });
      expect(answer.status).toBe(200);
    } finally {
      await setAsync(true);
    }
  });

  it('writes a whole Personal Injury intake to the EU data centre: contact, note, call and consultation, once each', async () => {
    const agent = (await t.signIn('agent@lakeside.test')).accessToken;
    const state = await completePersonalInjuryIntake(t, agent, LAKESIDE);
    expect(state.status).toBe('completed');
    // Answered at once, kept in the outbox: nothing has reached Zoho yet.
    expect(crm.eu.records.Contacts).toHaveLength(0);

    await send();
    const [contact] = crm.eu.records.Contacts;
    expect(contact).toMatchObject({
      First_Name: 'Jordan',
      Last_Name: 'Reyes',
      Email: 'jordan.reyes@example.com',
      Mobile: '(617) 555-0142',
    });
    expect(crm.eu.records.Notes).toHaveLength(1);
    expect(crm.eu.records.Notes[0]).toMatchObject({
      Note_Title: 'Personal Injury intake',
      Parent_Id: { id: contact!.id },
    });
    expect(String(crm.eu.records.Notes[0]!.Note_Content)).toContain('Broken wrist');
    expect(crm.eu.records.Calls).toEqual([
      expect.objectContaining({
        Subject: 'Personal Injury intake call',
        Call_Type: 'Inbound',
        Who_Id: { id: contact!.id },
      }),
    ]);
    expect(crm.eu.records.Events).toEqual([
      expect.objectContaining({
        Event_Title: 'Consultation: Jordan Reyes',
        Start_DateTime: '2026-12-03T15:00:00+00:00',
        End_DateTime: '2026-12-03T16:00:00+00:00',
        Venue: 'office',
        Who_Id: { id: contact!.id },
      }),
    ]);
    expect(crm.us.requests).toHaveLength(0);
    expect((await view()).connection?.records).toMatchObject({ sent: 4, waiting: 0, refused: 0 });

    // Sending again sends nothing twice.
    await send();
    expect(crm.eu.records.Contacts).toHaveLength(1);
    expect(crm.eu.records.Notes).toHaveLength(1);
    expect(crm.eu.records.Calls).toHaveLength(1);
    expect(crm.eu.records.Events).toHaveLength(1);
  });

  it('writes a call and an event about the execution’s contact, with Zoho’s required fields', async () => {
    const executionId = await newHistory(t, owner, LAKESIDE);
    const contact = asyncRecordResponseSchema.parse(
      (
        await post(owner, executionId, {
          type: 'CONTACT',
          fields: { first_name: 'Ana', last_name: 'Lima', mobile_phone: '6175550199' },
        })
      ).body,
    );
    expect(contact.contactId).toBe(contact.id);
    for (const body of [
      { type: 'CALL', fields: { title: 'Intake call', body: 'Talked about the fall.' } },
      {
        type: 'EVENT',
        fields: {
          title: 'Consultation',
          start_time: '2026-12-03T15:00:00.000Z',
          location: 'Chicago Loop',
        },
      },
    ]) {
      const answer = await post(owner, executionId, body);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(asyncRecordResponseSchema.parse(answer.body).contactId).toBe(contact.id);
    }
    await send();
    const ana = crm.eu.records.Contacts.find((c) => c.Last_Name === 'Lima')!;
    expect(crm.eu.records.Calls.at(-1)).toMatchObject({
      Subject: 'Intake call',
      Call_Type: 'Inbound',
      Who_Id: { id: ana.id },
      Call_Duration: expect.stringMatching(/^\d{2}:\d{2}$/),
    });
    expect(crm.eu.records.Events.at(-1)).toMatchObject({
      Event_Title: 'Consultation',
      Start_DateTime: '2026-12-03T15:00:00+00:00',
      End_DateTime: '2026-12-03T16:00:00+00:00',
      Venue: 'Chicago Loop',
      Who_Id: { id: ana.id },
    });
  });

  it('waits out a rate limit as Zoho says, and sends each record once after an outage', async () => {
    const executionId = await newHistory(t, owner, LAKESIDE);
    crm.eu.failNext(1, 429, undefined, { 'retry-after': '1' });
    await post(owner, executionId, { type: 'CONTACT', fields: { last_name: 'Okafor' } });
    await send();
    expect(crm.eu.records.Contacts.filter((c) => c.Last_Name === 'Okafor')).toHaveLength(1);

    // The contact's answer is lost after Zoho created it (a timeout, a killed server): the
    // next attempt finds it by its e-mail instead of creating it again.
    crm.eu.dropConnectionNext(1, { afterHandling: true });
    await post(owner, executionId, {
      type: 'CONTACT',
      fields: { first_name: 'Li', last_name: 'Wei', email: 'li.wei@example.com' },
    });
    await send();
    expect(crm.eu.records.Contacts.filter((c) => c.Email === 'li.wei@example.com')).toHaveLength(1);
    const waiting = await t.server.db
      .selectFrom('crm_outbox')
      .select(['delivery', 'uncertain', 'next_attempt_at'])
      .where('workspace_id', '=', LAKESIDE)
      .where('delivery', '!=', 'sent')
      .execute();
    expect(waiting).toEqual([expect.objectContaining({ delivery: 'pending', uncertain: 1 })]);
    await t.server.db
      .updateTable('crm_outbox')
      .set({ next_attempt_at: new Date(Date.now() - 1000).toISOString() })
      .where('delivery', '=', 'pending')
      .execute();
    await send();
    expect(crm.eu.records.Contacts.filter((c) => c.Email === 'li.wei@example.com')).toHaveLength(1);
    expect((await view()).connection?.records.waiting).toBe(0);
  });

  it('resends a record a killed server was sending, without creating it twice', async () => {
    const executionId = await newHistory(t, owner, LAKESIDE);
    await post(owner, executionId, {
      type: 'CONTACT',
      fields: { first_name: 'Kim', last_name: 'Park', email: 'kim.park@example.com' },
    });
    // As if a server claimed the row, wrote it to Zoho, and died before recording it.
    const row = await t.server.db
      .selectFrom('crm_outbox')
      .selectAll()
      .where('delivery', '=', 'pending')
      .executeTakeFirstOrThrow();
    crm.eu.seed('Contacts', {
      First_Name: 'Kim',
      Last_Name: 'Park',
      Email: 'kim.park@example.com',
    });
    await t.server.db
      .updateTable('crm_outbox')
      .set({ delivery: 'sending', next_attempt_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', row.id)
      .execute();
    await send();
    expect(crm.eu.records.Contacts.filter((c) => c.Email === 'kim.park@example.com')).toHaveLength(
      1,
    );
    const sent = await t.server.db
      .selectFrom('crm_outbox')
      .select(['delivery', 'crm_id'])
      .where('id', '=', row.id)
      .executeTakeFirstOrThrow();
    expect(sent.delivery).toBe('sent');
    expect(sent.crm_id).toBe(
      crm.eu.records.Contacts.find((c) => c.Email === 'kim.park@example.com')!.id,
    );
  });

  it('keeps a record Zoho refuses for Async error resolution, in Zoho’s words, and retries it there', async () => {
    const executionId = await newHistory(t, owner, LAKESIDE);
    crm.eu.uniqueFields.Contacts = ['Email'];
    await post(owner, executionId, {
      type: 'CONTACT',
      fields: { first_name: 'Dup', last_name: 'Licate', email: 'jordan.reyes@example.com' },
    });
    await send();
    const refused = (await openFailures()).find((f) => f.contactName === 'Dup Licate')!;
    expect(refused.error.code).toBe('CRM_REFUSED');
    expect(refused.error.message).toMatch(/^Zoho CRM refused the record: .*duplicate/i);
    expect((await view()).connection?.records.refused).toBe(1);

    // Still refused: the retry says so and the record stays open, once.
    const again = await t.api(`/api/workspaces/${LAKESIDE}/async-errors/${refused.id}/retry`, {
      method: 'POST',
      token: owner,
    });
    expect(again.status).toBe(200);
    expect((await openFailures()).filter((f) => f.contactName === 'Dup Licate')).toHaveLength(1);

    // The firm merged the old contact away in Zoho: the retry now writes it there.
    crm.eu.uniqueFields.Contacts = [];
    const retried = await t.api(`/api/workspaces/${LAKESIDE}/async-errors/${refused.id}/retry`, {
      method: 'POST',
      token: owner,
    });
    expect(retried.status).toBe(200);
    const dup = crm.eu.records.Contacts.find((c) => c.Last_Name === 'Licate');
    expect(dup?.Email).toBe('jordan.reyes@example.com');
    expect(retried.body).toMatchObject({ data: { status: 'resolved', crmRecordId: dup!.id } });
    expect((await view()).connection?.records).toMatchObject({ refused: 0 });
  });

  it('sends our fields where the owner’s field mapping says, refusing a name Zoho could not have', async () => {
    const path = `/api/workspaces/${LAKESIDE}/crm/field-mapping`;
    const current = zohoFieldMappingResponseSchema.parse(
      (await t.api(path, { token: admin })).body,
    ).data;
    expect(current).toEqual(DEFAULT_ZOHO_FIELDS);
    const mapping = {
      ...current,
      contact: { ...current.contact, mobilePhone: 'Cell_Phone', homePhone: null },
    };
    expect((await t.api(path, { method: 'PUT', token: admin, body: mapping })).status).toBe(403);
    const bad = await t.api(path, {
      method: 'PUT',
      token: owner,
      body: { ...mapping, note: { title: 'Note Title!' } },
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('note.title');
    const saved = await t.api(path, { method: 'PUT', token: owner, body: mapping });
    expect(saved.status).toBe(200);
    expect(zohoFieldMappingResponseSchema.parse(saved.body).data.contact.mobilePhone).toBe(
      'Cell_Phone',
    );

    const executionId = await newHistory(t, owner, LAKESIDE);
    await post(owner, executionId, {
      type: 'CONTACT',
      fields: { last_name: 'Mapped', mobile_phone: '6175550111', phone_home: '6175550122' },
    });
    await send();
    const mapped = crm.eu.records.Contacts.find((c) => c.Last_Name === 'Mapped');
    expect(mapped).toMatchObject({ Cell_Phone: '6175550111' });
    expect(mapped).not.toHaveProperty('Mobile');
    expect(mapped).not.toHaveProperty('Home_Phone');
    await t.api(path, { method: 'PUT', token: owner, body: DEFAULT_ZOHO_FIELDS });
  });

  it('holds records while Zoho has ended the grant, and sends them after the owner reconnects', async () => {
    const executionId = await newHistory(t, owner, LAKESIDE);
    // Zoho no longer takes the tokens it gave, and refuses to refresh them.
    crm.eu.acceptTokens([]);
    accounts.eu.refreshTokens.clear();
    await post(owner, executionId, { type: 'CONTACT', fields: { last_name: 'Waiting' } });
    await send();
    const held = await view();
    expect(held.connection).toMatchObject({ status: 'reconnect', records: { waiting: 1 } });
    expect(crm.eu.records.Contacts.some((c) => c.Last_Name === 'Waiting')).toBe(false);
    // Admins see it too; only owners reconnect.
    const seen = await t.api(connectionPath, { token: admin });
    expect(crmConnectionResponseSchema.parse(seen.body).data.connection?.status).toBe('reconnect');

    await connectAt('eu');
    await t.server.db
      .updateTable('crm_outbox')
      .set({ next_attempt_at: null })
      .where('delivery', '=', 'pending')
      .execute();
    await send();
    expect(crm.eu.records.Contacts.filter((c) => c.Last_Name === 'Waiting')).toHaveLength(1);
    expect((await view()).connection).toMatchObject({ status: 'ok', records: { waiting: 0 } });
  });

  it('writes to the US data centre once the workspace is connected there instead', async () => {
    await connectAt('us');
    const executionId = await newHistory(t, owner, LAKESIDE);
    await post(owner, executionId, { type: 'CONTACT', fields: { last_name: 'Stateside' } });
    await send();
    expect(crm.us.records.Contacts.map((c) => c.Last_Name)).toEqual(['Stateside']);
    expect(crm.eu.records.Contacts.some((c) => c.Last_Name === 'Stateside')).toBe(false);
  });

  it('keeps the records still waiting as failures when the owner disconnects, and the guard returns', async () => {
    const executionId = await newHistory(t, owner, LAKESIDE);
    await post(owner, executionId, { type: 'CONTACT', fields: { last_name: 'Unsent' } });
    const gone = await t.api(connectionPath, { method: 'DELETE', token: owner });
    expect(gone.status).toBe(200);
    const unsent = (await openFailures()).find((f) => f.contactName === 'Unsent');
    expect(unsent?.error).toEqual({ code: 'CRM_UNAVAILABLE', message: NOT_CONNECTED });
    await send();
    expect(crm.us.records.Contacts.some((c) => c.Last_Name === 'Unsent')).toBe(false);
    // Not connected any more: the spec's call-flow guard holds for Lakeside again.
    const blocked = await post(owner, executionId, { type: 'CONTACT', fields: { last_name: 'X' } });
    expect(blocked.status).toBe(403);
  });
});
