import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { VendorError } from '@/server/connectors/vendor-http';
import {
  createZohoCrmClient,
  type ZohoCrmClientOptions,
  zohoCriteria,
} from '@/server/crm/zoho/zoho-crm-client';
import { type FakeZohoCrm, startFakeZohoCrm } from '../../fakes/zoho/fake-zoho-crm';
import { caught, allOf } from '../helpers/vendor-errors';

const TOKEN = '1000.fakeaccesstoken0000000000000000.aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa';
const NOW = new Date(Date.UTC(2026, 10, 2, 12));

/** issue #33: the Zoho CRM records client against the fake Zoho CRM (API v7). */
describe('Zoho CRM client', () => {
  let crm: FakeZohoCrm;
  let sleeps: number[];
  const client = (over: Partial<ZohoCrmClientOptions> = {}) =>
    createZohoCrmClient({
      apiDomain: crm.apiDomain,
      accessToken: async () => TOKEN,
      sleep: async (ms) => {
        sleeps.push(ms);
      },
      random: () => 0.5,
      now: () => NOW.getTime(),
      ...over,
    });
  const posts = () => crm.requests.filter((r) => r.method === 'POST');

  beforeEach(async () => {
    sleeps = [];
    crm = await startFakeZohoCrm({ now: () => NOW });
    crm.acceptTokens([TOKEN]);
  });
  afterEach(async () => {
    await crm.close();
  });

  it("inserts a contact under Zoho's field names and returns Zoho's id", async () => {
    const { id } = await client().insert('Contacts', {
      First_Name: 'Ada',
      Last_Name: 'Byron',
      Phone: '+1 (312) 555-0100',
      Email: 'ada@harbor.test',
    });
    expect(id).toMatch(/^\d{19}$/);
    expect(crm.records.Contacts).toHaveLength(1);
    expect(crm.records.Contacts[0]).toMatchObject({
      id,
      First_Name: 'Ada',
      Last_Name: 'Byron',
      Full_Name: 'Ada Byron',
      Created_Time: '2026-11-02T12:00:00+00:00',
    });
    expect(crm.requests).toEqual([
      {
        method: 'POST',
        path: '/crm/v7/Contacts',
        query: {},
        token: TOKEN,
        body: {
          data: [
            {
              First_Name: 'Ada',
              Last_Name: 'Byron',
              Phone: '+1 (312) 555-0100',
              Email: 'ada@harbor.test',
            },
          ],
          trigger: [],
        },
      },
    ]);
  });

  it("turns a refused record into a bad-request in Zoho's words, sent once", async () => {
    const error = await caught(client().insert('Contacts', { First_Name: 'Ada' }));
    expect(error).toMatchObject({
      kind: 'bad-request',
      status: 400,
      code: 'MANDATORY_NOT_FOUND',
      message: 'required field not found (Last_Name)',
    });
    expect(posts()).toHaveLength(1);
    expect(sleeps).toEqual([]);
    expect(crm.records.Contacts).toEqual([]);
  });

  it('holds each module to the fields Zoho requires', async () => {
    const zoho = client();
    const contact = await zoho.insert('Contacts', { Last_Name: 'Byron' });
    expect(await caught(zoho.insert('Deals', { Deal_Name: 'Byron v. Acme' }))).toMatchObject({
      code: 'MANDATORY_NOT_FOUND',
      message: 'required field not found (Stage)',
    });
    expect(
      await caught(
        zoho.insert('Calls', {
          Subject: 'Intake call',
          Call_Type: 'Inbound',
          Call_Start_Time: '2026-11-02T11:00:00+00:00',
        }),
      ),
    ).toMatchObject({ code: 'INVALID_DATA', message: 'invalid data (Call_Duration)' });
    // Zoho's date-time has seconds and an offset, not JavaScript's milliseconds and Z.
    expect(
      await caught(
        zoho.insert('Events', {
          Event_Title: 'Consultation',
          Start_DateTime: NOW.toISOString(),
          End_DateTime: NOW.toISOString(),
        }),
      ),
    ).toMatchObject({ code: 'INVALID_DATA', message: 'invalid data (Start_DateTime)' });
    await expect(
      zoho.insert('Calls', {
        Subject: 'Intake call',
        Call_Type: 'Inbound',
        Call_Start_Time: '2026-11-02T11:00:00+00:00',
        Call_Duration: '04:30',
        Who_Id: { id: contact.id },
      }),
    ).resolves.toEqual({ id: expect.stringMatching(/^\d{19}$/) });
    expect(await caught(zoho.insert('Notes', { Note_Content: 'No parent' }))).toMatchObject({
      code: 'MANDATORY_NOT_FOUND',
      message: 'required field not found (Parent_Id)',
    });
  });

  it('reports a duplicate on a unique field with its code', async () => {
    crm.uniqueFields.Contacts = ['Email'];
    await client().insert('Contacts', { Last_Name: 'Byron', Email: 'ada@harbor.test' });
    const error = await caught(
      client().insert('Contacts', { Last_Name: 'Lovelace', Email: 'ADA@harbor.test' }),
    );
    expect(error).toMatchObject({ kind: 'bad-request', code: 'DUPLICATE_DATA' });
    expect(error.message).toBe('duplicate data (Email)');
  });

  it('answers an empty search with 204 and the client with []', async () => {
    crm.seed('Contacts', { Last_Name: 'Byron', Phone: '3125550100' });
    await expect(client().search('Contacts', { phone: '+16175550199' })).resolves.toEqual([]);
    expect(crm.requests.at(-1)).toMatchObject({
      method: 'GET',
      path: '/crm/v7/Contacts/search',
      query: { phone: '+16175550199' },
    });
  });

  it('finds a contact by phone whatever its formatting, with the fields asked', async () => {
    const seeded = crm.seed('Contacts', {
      First_Name: 'Ada',
      Last_Name: 'Byron',
      Phone: '(312) 555-0100',
      Email: 'ada@harbor.test',
    });
    crm.seed('Contacts', { Last_Name: 'Other', Mobile: '3125550101' });
    const found = await client().search(
      'Contacts',
      { phone: '312-555-0100' },
      { fields: ['Last_Name', 'Email'] },
    );
    expect(found).toEqual([{ id: seeded.id, Last_Name: 'Byron', Email: 'ada@harbor.test' }]);
    expect(crm.requests.at(-1)?.query).toEqual({
      phone: '312-555-0100',
      fields: 'Last_Name,Email',
    });
    await expect(client().search('Contacts', { email: 'ADA@harbor.test' })).resolves.toEqual([
      expect.objectContaining({ id: seeded.id }),
    ]);
  });

  it('searches by criteria, escaping what Zoho asks to be escaped', async () => {
    expect(zohoCriteria([{ field: 'Last_Name', operator: 'equals', value: 'Burns,B (Jr)' }])).toBe(
      '(Last_Name:equals:Burns\\,B \\(Jr\\))',
    );
    const burns = crm.seed('Contacts', { First_Name: 'Monty', Last_Name: 'Burns,B (Jr)' });
    crm.seed('Contacts', { First_Name: 'Waylon', Last_Name: 'Smithers' });
    const found = await client().search('Contacts', {
      criteria: [
        { field: 'Last_Name', operator: 'equals', value: 'Burns,B (Jr)' },
        { field: 'First_Name', operator: 'starts_with', value: 'Mo' },
      ],
    });
    expect(found.map((r) => r.id)).toEqual([burns.id]);
    expect(crm.requests.at(-1)?.query.criteria).toBe(
      '((Last_Name:equals:Burns\\,B \\(Jr\\))and(First_Name:starts_with:Mo))',
    );
  });

  it("reads a contact's notes through its related list, [] when it has none", async () => {
    const zoho = client();
    const ada = await zoho.insert('Contacts', { Last_Name: 'Byron' });
    const other = await zoho.insert('Contacts', { Last_Name: 'Other' });
    const note = await zoho.insert('Notes', {
      Note_Title: 'Intake',
      Note_Content: 'Called about the lease.',
      Parent_Id: { module: { api_name: 'Contacts' }, id: ada.id },
    });
    await expect(
      zoho.related('Contacts', ada.id, 'Notes', ['Note_Title', 'Note_Content']),
    ).resolves.toEqual([
      { id: note.id, Note_Title: 'Intake', Note_Content: 'Called about the lease.' },
    ]);
    expect(crm.requests.at(-1)).toMatchObject({
      path: `/crm/v7/Contacts/${ada.id}/Notes`,
      query: { fields: 'Note_Title,Note_Content' },
    });
    await expect(zoho.related('Contacts', other.id, 'Notes', ['Note_Content'])).resolves.toEqual(
      [],
    );
  });

  it('gets and updates a record, and answers null for an id Zoho does not have', async () => {
    const zoho = client();
    const { id } = await zoho.insert('Deals', { Deal_Name: 'Byron v. Acme', Stage: 'Intake' });
    await expect(zoho.update('Deals', id, { Stage: 'Retained' })).resolves.toEqual({ id });
    expect(crm.requests.at(-1)).toMatchObject({
      method: 'PUT',
      path: `/crm/v7/Deals/${id}`,
      body: { data: [{ Stage: 'Retained' }], trigger: [] },
    });
    await expect(zoho.getRecord('Deals', id, ['Stage'])).resolves.toEqual({
      id,
      Stage: 'Retained',
    });
    await expect(zoho.getRecord('Deals', '4876876000009999999')).resolves.toBeNull();
    const missing = await caught(zoho.update('Deals', '4876876000009999999', { Stage: 'Lost' }));
    expect(missing).toMatchObject({ kind: 'bad-request', code: 'INVALID_DATA', status: 400 });
    await expect(zoho.getRecord('Deals', '../Users')).rejects.toMatchObject({
      kind: 'bad-request',
    });
  });

  it('adds and removes tags with the names in the body', async () => {
    const zoho = client();
    const { id } = await zoho.insert('Contacts', { Last_Name: 'Byron' });
    await zoho.addTags('Contacts', id, ['Intake', 'Spanish']);
    expect(crm.requests.at(-1)).toMatchObject({
      method: 'POST',
      path: `/crm/v7/Contacts/${id}/actions/add_tags`,
      query: {},
      body: { tags: [{ name: 'Intake' }, { name: 'Spanish' }] },
    });
    await zoho.removeTags('Contacts', id, ['Intake']);
    const tags = crm.records.Contacts[0]?.Tag as { name: string }[];
    expect(tags.map((t) => t.name)).toEqual(['Spanish']);
  });

  it('refreshes a token Zoho refuses once, and uses the new one', async () => {
    let refreshes = 0;
    crm.acceptTokens(['1000.freshtoken']);
    const zoho = client({
      accessToken: async () => TOKEN,
      refreshAccessToken: async () => {
        refreshes += 1;
        return '1000.freshtoken';
      },
    });
    await expect(zoho.insert('Contacts', { Last_Name: 'Byron' })).resolves.toEqual({
      id: expect.stringMatching(/^\d{19}$/),
    });
    expect(refreshes).toBe(1);
    expect(crm.requests.map((r) => r.token)).toEqual([TOKEN, '1000.freshtoken']);
    expect(crm.records.Contacts).toHaveLength(1);
  });

  it('fails as auth when the token is refused and cannot be refreshed, or stays refused', async () => {
    crm.acceptTokens([]);
    const error = await caught(client().search('Contacts', { phone: '3125550100' }));
    expect(error).toMatchObject({
      kind: 'auth',
      status: 401,
      code: 'INVALID_TOKEN',
      message: 'invalid oauth token',
    });
    expect(crm.requests).toHaveLength(1);

    let refreshes = 0;
    const stale = client({
      refreshAccessToken: async () => {
        refreshes += 1;
        return '1000.alsorefused';
      },
    });
    expect(await caught(stale.insert('Contacts', { Last_Name: 'Byron' }))).toMatchObject({
      kind: 'auth',
      code: 'INVALID_TOKEN',
    });
    expect(refreshes).toBe(1);
    expect(crm.requests).toHaveLength(3);
  });

  it('does not refresh for a scope Zoho was not granted', async () => {
    let refreshes = 0;
    crm.failNext(1, 401, {
      code: 'OAUTH_SCOPE_MISMATCH',
      details: {},
      message: 'invalid oauth scope to access this URL',
      status: 'error',
    });
    const error = await caught(
      client({
        refreshAccessToken: async () => {
          refreshes += 1;
          return TOKEN;
        },
      }).getRecord('Contacts', '4876876000001000001'),
    );
    expect(error).toMatchObject({ kind: 'auth', code: 'OAUTH_SCOPE_MISMATCH' });
    expect(refreshes).toBe(0);
  });

  it('waits as Retry-After says on a 429, then succeeds', async () => {
    crm.failNext(1, 429, undefined, { 'retry-after': '3' });
    await expect(client().insert('Contacts', { Last_Name: 'Byron' })).resolves.toEqual({
      id: expect.stringMatching(/^\d{19}$/),
    });
    expect(sleeps).toEqual([3000]);
    expect(posts()).toHaveLength(2);
    expect(crm.records.Contacts).toHaveLength(1);
  });

  it('gives up at once, in plain words, when the daily API credits are spent', async () => {
    crm.failNext(5, 429, {
      code: 'LIMIT_EXCEEDED',
      details: {},
      message: 'API limit exceeded',
      status: 'error',
    });
    const error = await caught(client().search('Contacts', { email: 'ada@harbor.test' }));
    expect(error).toMatchObject({ kind: 'rate-limited', status: 429, code: 'LIMIT_EXCEEDED' });
    expect(error.message).toMatch(/daily API limit is reached/);
    expect(crm.requests).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });

  it('never repeats a write after an outage, but retries a read', async () => {
    crm.failNext(1, 500);
    const error = await caught(client().insert('Contacts', { Last_Name: 'Byron' }));
    expect(error).toMatchObject({ kind: 'unavailable', status: 500, code: 'INTERNAL_ERROR' });
    expect(posts()).toHaveLength(1);

    crm.failNext(1, 500);
    await expect(client().search('Contacts', { phone: '3125550100' })).resolves.toEqual([]);
    expect(crm.requests.filter((r) => r.method === 'GET')).toHaveLength(2);
    expect(sleeps).toHaveLength(1);
  });

  it('leaves a write whose answer was lost to the caller: Zoho holds it once', async () => {
    crm.dropConnectionNext(1, { afterHandling: true });
    const error = await caught(client().insert('Contacts', { Last_Name: 'Byron' }));
    expect(error.kind).toBe('unavailable');
    expect(posts()).toHaveLength(1);
    expect(crm.records.Contacts).toHaveLength(1);

    crm.dropConnectionNext(1);
    await expect(
      client().getRecord('Contacts', crm.records.Contacts[0]!.id),
    ).resolves.toMatchObject({ Last_Name: 'Byron' });
  });

  it('keeps every token out of every error', async () => {
    const errors: VendorError[] = [];
    crm.acceptTokens([]);
    errors.push(await caught(client().insert('Contacts', { Last_Name: 'Byron' })));
    crm.acceptTokens([TOKEN]);
    crm.failNext(1, 500, {
      code: 'INTERNAL_ERROR',
      details: {},
      message: `failed for Zoho-oauthtoken ${TOKEN}`,
      status: 'error',
    });
    errors.push(await caught(client().insert('Contacts', { Last_Name: 'Byron' })));
    errors.push(await caught(client().insert('Contacts', { First_Name: 'Ada' })));
    const base = crm.apiDomain;
    await crm.close();
    errors.push(
      await caught(
        createZohoCrmClient({
          apiDomain: base,
          accessToken: async () => TOKEN,
          sleep: async () => {},
        }).search('Contacts', { phone: '1' }),
      ),
    );
    crm = await startFakeZohoCrm();
    expect(errors.map((e) => e.kind)).toEqual([
      'auth',
      'unavailable',
      'bad-request',
      'unavailable',
    ]);
    for (const error of errors) expect(allOf(error)).not.toContain(TOKEN);
    expect(errors[1]?.message).toBe('failed for Zoho-oauthtoken [redacted]');
  });

  it("refuses an answer out of Zoho's shape, and a refused record in a 2xx", async () => {
    const answering = (status: number, body: unknown) =>
      client({ fetch: async () => Response.json(body, { status }) });
    expect(
      await caught(answering(200, { records: [] }).search('Contacts', { phone: '1' })),
    ).toMatchObject({ kind: 'invalid-answer' });
    const refused = await caught(
      answering(201, {
        data: [
          {
            code: 'INVALID_DATA',
            details: { api_name: 'Email', json_path: '$.data[0].Email' },
            message: 'invalid data',
            status: 'error',
          },
        ],
      }).insert('Contacts', { Last_Name: 'Byron', Email: 'not an address' }),
    );
    expect(refused).toMatchObject({
      kind: 'bad-request',
      code: 'INVALID_DATA',
      message: 'invalid data (Email)',
    });
  });

  it('talks to the data centre of the connection: each keeps its own records', async () => {
    const eu = await startFakeZohoCrm({ location: 'eu', now: () => NOW });
    try {
      eu.acceptTokens(['1000.eutoken']);
      const inEu = await createZohoCrmClient({
        apiDomain: eu.apiDomain,
        accessToken: async () => '1000.eutoken',
      }).insert('Contacts', { Last_Name: 'Dupont' });
      const inUs = await client().insert('Contacts', { Last_Name: 'Byron' });
      expect(eu.records.Contacts.map((r) => r.id)).toEqual([inEu.id]);
      expect(crm.records.Contacts.map((r) => r.id)).toEqual([inUs.id]);
      expect(inEu.id).not.toBe(inUs.id);
      // A token of one data centre is not a token of the other.
      expect(
        await caught(
          createZohoCrmClient({
            apiDomain: crm.apiDomain,
            accessToken: async () => '1000.eutoken',
          }).getRecord('Contacts', inUs.id),
        ),
      ).toMatchObject({ kind: 'auth', code: 'INVALID_TOKEN' });
    } finally {
      await eu.close();
    }
  });
});
