import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { callerRecordsResponseSchema } from '@/shared/contracts/call-flow-api';
import { itemResponseSchema } from '@/shared/contracts/common';
import { crmOrganizationSchema, workspaceSchema } from '@/shared/contracts/workspace';
import { crmLinkSettings, crmRecordLink } from '@/shared/domain/crm-links';
import { callCenter } from '../call-center/call-center-client';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { connectZohoAt, startZohoWorld, type ZohoWorld } from '../helpers/zoho-world';

// Issue #33 "Zoho CRM: search by phone for the incoming caller's record; the record links
// of spec 2.5 point at the real records": the active call's card asks GET
// workspaces/{id}/crm-records/caller?phone=, which a workspace connected to Zoho answers
// from its organisation's own data centre (fake Zoho in the EU and the US, seeded with
// contacts in Zoho's documented shape), and its links open that data centre's CRM.

const LAKESIDE = 'ws_lakeside';
const CALLER = '(555) 010-2000';

describe('the incoming caller found in the workspace’s Zoho CRM (issue #33)', () => {
  let zoho: ZohoWorld;
  let t: TestServer;
  let owner: string;

  beforeAll(async () => {
    zoho = await startZohoWorld();
    t = await startTestServer({ zoho: zoho.serverOptions({ outboxAutoSend: false }) });
    owner = (await t.signIn('owner@lakeside.test')).accessToken;
  });
  afterAll(async () => {
    await t?.close();
    await zoho?.close();
  });
  afterEach(() => {
    zoho.crm.eu.recover();
    zoho.crm.us.recover();
  });

  const callerRecords = async (token: string, workspaceId: string, phone: string) => {
    const query = new URLSearchParams({ phone });
    return callCenter(t, token)(`workspaces/${workspaceId}/crm-records/caller?${query}`);
  };
  const workspace = async () =>
    itemResponseSchema(workspaceSchema).parse(
      (await t.api(`/api/workspaces/${LAKESIDE}`, { token: owner })).body,
    ).data;
  const connect = (dc: 'eu' | 'us') =>
    connectZohoAt(t, zoho, {
      token: owner,
      workspaceId: LAKESIDE,
      workspaceName: 'Lakeside Law',
      dc,
    });

  it('searches the EU organisation by phone and links each contact at crm.zoho.eu', async () => {
    // Before connecting, the spec's call-flow guard keeps the Zoho workspace out of calls.
    expect((await callerRecords(owner, LAKESIDE, CALLER)).status).toBe(403);

    await connect('eu');
    const ada = zoho.crm.eu.seed('Contacts', {
      First_Name: 'Ada',
      Last_Name: 'Brook',
      Mobile: '555-010-2000',
      Email: 'ada@example.com',
    });
    const shared = zoho.crm.eu.seed('Contacts', {
      First_Name: 'Ben',
      Last_Name: 'Brook',
      Home_Phone: '5550102000',
    });
    zoho.crm.eu.seed('Contacts', { First_Name: 'Cy', Last_Name: 'Other', Phone: '555-010-9999' });
    // The same phone in another data centre's organisation is not this firm's.
    zoho.crm.us.seed('Contacts', { First_Name: 'Dee', Last_Name: 'Elsewhere', Mobile: CALLER });

    const answer = await callerRecords(owner, LAKESIDE, CALLER);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const found = callerRecordsResponseSchema.parse(answer.body);
    expect(found.meta.source).toBe('zoho');
    expect(found.data.map((record) => record.id).sort()).toEqual([ada.id, shared.id].sort());
    const adaRecord = found.data.find((record) => record.id === ada.id)!;
    expect(adaRecord).toMatchObject({
      type: 'CONTACT',
      contactId: ada.id,
      workspace: LAKESIDE,
      payload: {
        given_name: 'Ada',
        family_name: 'Brook',
        email_addresses: [{ email: 'ada@example.com', field: 'EMAIL1' }],
        phone_numbers: [{ number: '555-010-2000', field: 'PHONE1' }],
      },
    });
    // One search at the EU data centre, by phone, asking for the fields the card reads.
    const searches = zoho.crm.eu.requests.filter((r) => r.path.endsWith('/Contacts/search'));
    expect(searches).toHaveLength(1);
    expect(searches[0]!.query.phone).toBe(CALLER);
    expect(searches[0]!.query.fields).toContain('Mobile');
    expect(zoho.crm.us.requests.filter((r) => r.path.endsWith('/search'))).toHaveLength(0);

    // The workspace and its organisation name the EU CRM: the card's link opens the record there.
    const connected = await workspace();
    expect(connected.attributes.crmWebUrl).toBe('https://crm.zoho.eu');
    const organization = itemResponseSchema(crmOrganizationSchema).parse(
      (await t.api(`/api/workspaces/${LAKESIDE}/crm/zoho/organization`, { token: owner })).body,
    ).data;
    expect(organization.baseUrl).toBe('https://crm.zoho.eu');
    expect(crmRecordLink(crmLinkSettings(connected), { id: ada.id, module: 'Contacts' })).toBe(
      `https://crm.zoho.eu/org700000123/tab/Contacts/${ada.id}`,
    );
  });

  it('finds a contact an intake wrote with the number as the call tracking gives it', async () => {
    // Our intakes write a US number in its national form (the first step's prefill).
    const written = zoho.crm.eu.seed('Contacts', {
      First_Name: 'Sam',
      Last_Name: 'Ortiz',
      Mobile: '(312) 555-0199',
    });
    const answer = await callerRecords(owner, LAKESIDE, '+1 312 555 0199');
    const found = callerRecordsResponseSchema.parse(answer.body);
    expect(found.data.map((record) => record.id)).toEqual([written.id]);
    const searched = zoho.crm.eu.requests
      .filter((r) => r.path.endsWith('/Contacts/search'))
      .map((r) => r.query.phone);
    expect(searched.slice(-2)).toEqual(['+1 312 555 0199', '(312) 555-0199']);
  });

  it('answers an empty list when nobody in Zoho has the phone (Zoho says 204)', async () => {
    const answer = await callerRecords(owner, LAKESIDE, '555-000-0000');
    expect(answer.status).toBe(200);
    expect(callerRecordsResponseSchema.parse(answer.body)).toEqual({
      data: [],
      meta: { source: 'zoho' },
    });
  });

  it('says Zoho’s trouble as 502 in its words, and refuses a missing phone with 400', async () => {
    zoho.crm.eu.failNext(1, 400, {
      code: 'INVALID_QUERY',
      details: { param: 'phone' },
      message: 'Invalid query formed',
      status: 'error',
    });
    const failed = await callerRecords(owner, LAKESIDE, CALLER);
    expect(failed.status).toBe(502);
    expect(JSON.stringify(failed.body)).toContain('Zoho CRM did not answer the query');
    expect(JSON.stringify(failed.body)).toContain('Invalid query formed');

    const missing = await callCenter(t, owner)(`workspaces/${LAKESIDE}/crm-records/caller`);
    expect(missing.status).toBe(400);
    const tooLong = await callerRecords(owner, LAKESIDE, '5'.repeat(41));
    expect(tooLong.status).toBe(400);
  });

  it('follows the organisation to the US data centre when the owner connects there instead', async () => {
    const disconnected = await t.api(`/api/workspaces/${LAKESIDE}/crm/connection`, {
      method: 'DELETE',
      token: owner,
    });
    expect(disconnected.status).toBe(200);
    expect((await workspace()).attributes.crmWebUrl).toBeNull();

    await connect('us');
    expect((await workspace()).attributes.crmWebUrl).toBe('https://crm.zoho.com');
    const answer = await callerRecords(owner, LAKESIDE, CALLER);
    const found = callerRecordsResponseSchema.parse(answer.body);
    expect(found.data.map((record) => record.payload.given_name)).toEqual(['Dee']);
  });

  it('keeps other workspaces on the simulated CRM, and other firms out', async () => {
    const harborOwner = (await t.signIn('owner@harbor.test')).accessToken;
    const own = await callerRecords(harborOwner, 'ws_harbor', CALLER);
    expect(own.status).toBe(200);
    expect(callerRecordsResponseSchema.parse(own.body).meta.source).toBe('simulator');
    const foreign = await callerRecords(harborOwner, LAKESIDE, CALLER);
    expect(foreign.status).toBe(403);
  });
});
