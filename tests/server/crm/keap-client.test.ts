import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { VendorError } from '@/server/connectors/vendor-http';
import { createKeapClient, type KeapClientOptions } from '@/server/crm/keap/keap-client';
import { type FakeKeap, startFakeKeap } from '../../fakes/keap/fake-keap';
import { caught, allOf } from '../helpers/vendor-errors';

const NOW = new Date(Date.UTC(2026, 10, 2, 12));

const ADA = {
  given_name: 'Ada',
  family_name: 'Byron',
  email_addresses: [{ email: 'ada@harbor.test', field: 'EMAIL1' as const }],
  phone_numbers: [{ number: '+1 312 555 0100', field: 'PHONE1' as const, type: 'Mobile' }],
};

/** issue #33: the Keap REST v1 client against the fake Keap. */
describe('Keap client', () => {
  let keap: FakeKeap;
  let token: string;
  let sleeps: number[];
  const client = (over: Partial<KeapClientOptions> = {}) =>
    createKeapClient({
      apiBase: keap.apiBase,
      accessToken: async () => token,
      sleep: async (ms) => {
        sleeps.push(ms);
      },
      random: () => 0.5,
      now: () => NOW.getTime(),
      ...over,
    });
  const api = () => keap.requests.filter((r) => r.path.startsWith('/crm/rest/v1/'));
  const posts = () => api().filter((r) => r.method === 'POST');

  beforeEach(async () => {
    sleeps = [];
    keap = await startFakeKeap({ now: () => NOW });
    token = keap.issueAccessToken();
  });
  afterEach(async () => {
    await keap.close();
  });

  it("creates a contact in Keap's shape and returns Keap's integer id as a string", async () => {
    const contact = await client().createContact({ ...ADA, lead_source_id: '7' });
    expect(contact).toMatchObject({
      id: '101',
      given_name: 'Ada',
      family_name: 'Byron',
      email_addresses: [{ email: 'ada@harbor.test', field: 'EMAIL1' }],
      lead_source_id: '7',
      tag_ids: [],
      date_created: '2026-11-02T12:00:00.000Z',
    });
    expect(keap.records.contacts[0]).toMatchObject({ id: 101, lead_source_id: 7 });
    expect(api()).toEqual([
      {
        method: 'POST',
        path: '/crm/rest/v1/contacts',
        query: {},
        authorization: `Bearer ${token}`,
        body: { ...ADA, lead_source_id: 7 },
      },
    ]);
  });

  it("surfaces Keap's validation refusal in its words, sent once", async () => {
    const error = await caught(client().createContact({ given_name: 'Ada' }));
    expect(error).toMatchObject({
      kind: 'bad-request',
      status: 400,
      message: 'Contact must contain at least one item in email_addresses or phone_numbers',
    });
    expect(posts()).toHaveLength(1);
    expect(sleeps).toEqual([]);
    expect(keap.records.contacts).toEqual([]);

    const region = await caught(
      client().createContact({ ...ADA, addresses: [{ field: 'BILLING', region: 'IL' }] }),
    );
    expect(region.message).toBe('country_code is required if region is specified');
  });

  it('finds contacts by email with paging, and counts every match', async () => {
    for (const given of ['Ada', 'Augusta', 'Anne']) {
      keap.seed('contacts', {
        given_name: given,
        family_name: 'Byron',
        email_addresses: [{ email: `${given.toLowerCase()}@harbor.test`, field: 'EMAIL1' }],
      });
    }
    const byEmail = await client().findContacts({ email: 'ADA@harbor.test' });
    expect(byEmail.count).toBe(1);
    expect(byEmail.items.map((c) => c.given_name)).toEqual(['Ada']);
    expect(api().at(-1)?.query).toEqual({ email: 'ADA@harbor.test' });

    const page = await client().findContacts({
      family_name: 'Byron',
      order: 'firstName',
      order_direction: 'DESCENDING',
      limit: 2,
      offset: 1,
    });
    expect(page.count).toBe(3);
    expect(page.items.map((c) => c.given_name)).toEqual(['Anne', 'Ada']);
    expect(page.items[0]?.id).toMatch(/^\d+$/);
    expect(api().at(-1)?.query).toEqual({
      family_name: 'Byron',
      order: 'firstName',
      order_direction: 'DESCENDING',
      limit: '2',
      offset: '1',
    });
    await expect(client().findContacts({ email: 'nobody@harbor.test' })).resolves.toEqual({
      items: [],
      count: 0,
    });
  });

  it('updates a contact by PATCH, reads it back, and answers null for one Keap lacks', async () => {
    const keapClient = client();
    const { id } = await keapClient.createContact(ADA);
    const updated = await keapClient.updateContact(id, { job_title: 'Engineer' });
    expect(updated).toMatchObject({ id, given_name: 'Ada', job_title: 'Engineer' });
    expect(api().at(-1)).toMatchObject({
      method: 'PATCH',
      path: `/crm/rest/v1/contacts/${id}`,
      body: { job_title: 'Engineer' },
    });
    // job_title is one of the properties Keap gives only when asked.
    const plain = await keapClient.getContact(id);
    expect(plain).toMatchObject({ id, family_name: 'Byron', tag_ids: [] });
    expect(plain).not.toHaveProperty('job_title');
    await expect(keapClient.getContact(id, ['job_title'])).resolves.toMatchObject({
      job_title: 'Engineer',
    });
    expect(api().at(-1)?.query).toEqual({ optional_properties: 'job_title' });
    await expect(keapClient.getContact('999999')).resolves.toBeNull();
    const missing = await caught(keapClient.updateContact('999999', { job_title: 'x' }));
    expect(missing).toMatchObject({ kind: 'not-found', status: 404 });

    const before = api().length;
    await expect(keapClient.getContact('../tags')).rejects.toMatchObject({ kind: 'bad-request' });
    expect(api()).toHaveLength(before);
  });

  it("writes a note on a contact and lists that contact's notes", async () => {
    const keapClient = client();
    const ada = await keapClient.createContact(ADA);
    const other = await keapClient.createContact({ ...ADA, given_name: 'Other' });
    const note = await keapClient.createNote({
      contact_id: ada.id,
      title: 'Intake call',
      body: 'Called about the lease.',
      type: 'Call',
    });
    expect(note).toMatchObject({ id: '201', contact_id: ada.id, type: 'Call' });
    expect(api().at(-1)?.body).toEqual({
      contact_id: Number(ada.id),
      title: 'Intake call',
      body: 'Called about the lease.',
      type: 'Call',
    });
    await expect(keapClient.listNotes({ contact_id: ada.id })).resolves.toEqual({
      items: [expect.objectContaining({ id: note.id, title: 'Intake call' })],
      count: 1,
    });
    await expect(keapClient.listNotes({ contact_id: other.id })).resolves.toEqual({
      items: [],
      count: 0,
    });
    const empty = await caught(keapClient.createNote({ contact_id: ada.id }));
    expect(empty).toMatchObject({
      kind: 'bad-request',
      message: 'Either a title or body is required',
    });
  });

  it('books an appointment and creates a task, held to what Keap requires', async () => {
    const keapClient = client();
    const ada = await keapClient.createContact(ADA);
    const appointment = await keapClient.createAppointment({
      contact_id: ada.id,
      title: 'Consultation',
      description: 'Lease dispute',
      start_date: '2026-11-03T15:00:00.000Z',
      end_date: '2026-11-03T16:00:00.000Z',
      location: 'Office',
      remind_time: 30,
    });
    expect(appointment).toMatchObject({ id: '301', contact_id: ada.id, title: 'Consultation' });
    await expect(keapClient.listAppointments({ contact_id: ada.id })).resolves.toMatchObject({
      count: 1,
      items: [{ id: appointment.id }],
    });
    const backwards = await caught(
      keapClient.createAppointment({
        title: 'Backwards',
        start_date: '2026-11-03T16:00:00.000Z',
        end_date: '2026-11-03T15:00:00.000Z',
      }),
    );
    expect(backwards).toMatchObject({ kind: 'bad-request', status: 400 });

    const task = await keapClient.createTask({
      title: 'Call back',
      due_date: '2026-11-04T15:00:00.000Z',
      contact_id: ada.id,
    });
    expect(task).toMatchObject({
      id: '401',
      title: 'Call back',
      contact: { id: ada.id, first_name: 'Ada', email: 'ada@harbor.test' },
    });
    expect(api().at(-1)?.body).toEqual({
      title: 'Call back',
      due_date: '2026-11-04T15:00:00.000Z',
      contact: { id: Number(ada.id) },
    });
    const undated = await caught(keapClient.createTask({ title: 'No date', due_date: '' }));
    expect(undated.message).toBe('title and due_date are required');
  });

  it('opens an opportunity at a stage of the pipeline and lists it', async () => {
    const keapClient = client();
    const ada = await keapClient.createContact(ADA);
    const stages = await keapClient.listOpportunityStages();
    expect(stages.map((s) => [s.stage_id, s.stage_name])).toEqual([
      ['11', 'New Lead'],
      ['12', 'Consultation'],
      ['13', 'Retained'],
      ['14', 'Declined'],
    ]);
    const opportunity = await keapClient.createOpportunity({
      contact: { id: ada.id },
      opportunity_title: 'Byron v. Acme',
      stage: { id: stages[0]!.stage_id },
      projected_revenue_high: 5000,
    });
    expect(opportunity).toMatchObject({
      id: '501',
      opportunity_title: 'Byron v. Acme',
      contact: { id: ada.id, first_name: 'Ada' },
      stage: { id: '11', name: 'New Lead' },
    });
    expect(api().at(-1)?.body).toEqual({
      contact: { id: Number(ada.id) },
      opportunity_title: 'Byron v. Acme',
      stage: { id: 11 },
      projected_revenue_high: 5000,
    });
    await expect(keapClient.listOpportunities({ search_term: 'acme' })).resolves.toMatchObject({
      count: 1,
      items: [{ id: opportunity.id, stage: { id: '11' } }],
    });
    await expect(keapClient.listOpportunities({ stage_id: '13' })).resolves.toEqual({
      items: [],
      count: 0,
    });
    const noStage = await caught(
      keapClient.createOpportunity({
        contact: { id: ada.id },
        opportunity_title: 'Lost',
        stage: { id: '99' },
      }),
    );
    expect(noStage).toMatchObject({ kind: 'bad-request', message: 'Invalid stage' });
  });

  it('finds or makes a tag by name, applies it twice harmlessly, and removes it', async () => {
    const keapClient = client();
    const ada = await keapClient.createContact(ADA);
    keap.seed('tags', { name: 'Spanish', description: null, category: null });

    const found = await keapClient.listTags({ name: 'Intake' });
    expect(found).toEqual({ items: [], count: 0 });
    expect(api().at(-1)?.query).toEqual({ name: 'Intake' });
    const intake = await keapClient.createTag({ name: 'Intake' });
    expect(intake).toMatchObject({ id: expect.stringMatching(/^\d+$/), name: 'Intake' });
    await expect(keapClient.listTags({ name: 'intake' })).resolves.toMatchObject({
      count: 1,
      items: [{ id: intake.id }],
    });

    const spanish = String(keap.records.tags[0]!.id);
    await keapClient.applyTags(ada.id, [intake.id, spanish]);
    expect(api().at(-1)).toMatchObject({
      method: 'POST',
      path: `/crm/rest/v1/contacts/${ada.id}/tags`,
      body: { tagIds: [Number(intake.id), Number(spanish)] },
    });
    await keapClient.applyTags(ada.id, [intake.id]);
    await expect(keapClient.getContact(ada.id)).resolves.toMatchObject({
      tag_ids: [intake.id, spanish],
    });

    await keapClient.removeTags(ada.id, [intake.id, spanish]);
    expect(api().at(-1)).toMatchObject({
      method: 'DELETE',
      path: `/crm/rest/v1/contacts/${ada.id}/tags`,
      query: { ids: `${intake.id},${spanish}` },
    });
    expect(keap.records.contacts[0]?.tag_ids).toEqual([]);

    const unknownTag = await caught(keapClient.applyTags(ada.id, ['999']));
    expect(unknownTag).toMatchObject({ kind: 'bad-request', code: 'TAG_ID_NOT_FOUND' });
    const unknownContact = await caught(keapClient.applyTags('999999', [intake.id]));
    expect(unknownContact).toMatchObject({ kind: 'not-found', code: 'CONTACT_NOT_FOUND' });
  });

  it('refreshes a refused token once and repeats the request with the new one', async () => {
    keap.expireAccessTokens();
    const fresh = keap.issueAccessToken();
    let refreshes = 0;
    const contact = await client({
      refreshAccessToken: async () => {
        refreshes += 1;
        return fresh;
      },
    }).createContact(ADA);
    expect(contact.id).toBe('101');
    expect(refreshes).toBe(1);
    expect(posts().map((r) => r.authorization)).toEqual([`Bearer ${token}`, `Bearer ${fresh}`]);
    expect(keap.records.contacts).toHaveLength(1);
  });

  it("fails as auth in the gateway's words when the token stays refused", async () => {
    keap.revokeGrant();
    let refreshes = 0;
    const error = await caught(
      client({
        refreshAccessToken: async () => {
          refreshes += 1;
          return 'also-refused';
        },
      }).findContacts({ email: 'ada@harbor.test' }),
    );
    expect(error).toMatchObject({
      kind: 'auth',
      status: 401,
      code: 'keymanagement.service.invalid_access_token',
      message: 'Invalid Access Token',
    });
    expect(refreshes).toBe(1);
    expect(api()).toHaveLength(2);

    // Without a way to refresh, the refusal is final at once.
    const once = await caught(client().listTags());
    expect(once.kind).toBe('auth');
    expect(api()).toHaveLength(3);
  });

  it('waits as Retry-After says on a 429, then succeeds', async () => {
    keap.rateLimitNext(1, 3);
    await expect(client().createContact(ADA)).resolves.toMatchObject({ id: '101' });
    expect(sleeps).toEqual([3000]);
    expect(posts()).toHaveLength(2);
    expect(keap.records.contacts).toHaveLength(1);
  });

  it("gives up at once, in plain words, when Keap's daily quota is spent", async () => {
    keap.spendDailyQuota();
    const error = await caught(client().findContacts({ email: 'ada@harbor.test' }));
    expect(error).toMatchObject({
      kind: 'rate-limited',
      status: 429,
      code: 'policies.ratelimit.QuotaViolation',
      // Until the next 00:00 UTC, which x-keap-product-quota-expiry-time gives.
      retryAfterMs: 12 * 60 * 60 * 1000,
    });
    expect(error.message).toMatch(/daily API quota .* is spent/);
    expect(api()).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });

  it('never repeats a create after an outage, but retries a read', async () => {
    keap.failNext(1, 500);
    const error = await caught(client().createContact(ADA));
    expect(error).toMatchObject({ kind: 'unavailable', status: 500 });
    expect(posts()).toHaveLength(1);

    keap.failNext(1, 503);
    await expect(client().listTags()).resolves.toEqual({ items: [], count: 0 });
    expect(api().filter((r) => r.method === 'GET')).toHaveLength(2);
    expect(sleeps).toHaveLength(1);
  });

  it('leaves a create whose answer was lost to the caller: Keap holds it once', async () => {
    keap.failNext(1, 502, { afterHandling: true });
    const failed = await caught(client().createContact(ADA));
    expect(failed).toMatchObject({ kind: 'unavailable', status: 502 });
    expect(keap.records.contacts).toHaveLength(1);

    keap.dropConnectionNext(1, { afterHandling: true });
    const dropped = await caught(client().createNote({ contact_id: '101', body: 'x' }));
    expect(dropped).toMatchObject({ kind: 'unavailable', status: null });
    expect(posts()).toHaveLength(2);
    expect(keap.records.notes).toHaveLength(1);

    // Tags are safe to repeat: a lost answer is retried, and the tag is there once.
    const tag = keap.seed('tags', { name: 'Intake', description: null, category: null });
    keap.dropConnectionNext(1, { afterHandling: true });
    await client().applyTags('101', [String(tag.id)]);
    expect(keap.records.contacts[0]?.tag_ids).toEqual([tag.id]);
  });

  it("refuses an answer out of Keap's shape", async () => {
    const answering = (status: number, body: unknown) =>
      client({ fetch: async () => Response.json(body, { status }) });
    const stringIds = await caught(
      answering(201, { id: 'abc', given_name: 'Ada' }).createContact(ADA),
    );
    expect(stringIds).toMatchObject({ kind: 'invalid-answer', status: 201 });
    expect(
      await caught(answering(200, { items: [], total: 0 }).findContacts({ email: 'a@b.test' })),
    ).toMatchObject({ kind: 'invalid-answer' });
    expect(
      await caught(answering(200, { '12': 'APPLIED' }).applyTags('101', ['12'])),
    ).toMatchObject({ kind: 'invalid-answer' });
    expect(await caught(answering(200, {}).applyTags('101', ['12']))).toMatchObject({
      kind: 'invalid-answer',
    });
  });

  it('keeps every token out of every error', async () => {
    const errors: VendorError[] = [];
    keap.revokeGrant();
    errors.push(await caught(client().createContact(ADA)));
    token = keap.issueAccessToken();
    keap.failNext(1, 500, { body: { message: `failed for Bearer ${token}` } });
    errors.push(await caught(client().createContact(ADA)));
    const base = keap.apiBase;
    await keap.close();
    errors.push(
      await caught(
        createKeapClient({
          apiBase: base,
          accessToken: async () => token,
          sleep: async () => {},
        }).listTags(),
      ),
    );
    keap = await startFakeKeap();
    expect(errors.map((e) => e.kind)).toEqual(['auth', 'unavailable', 'unavailable']);
    for (const error of errors) expect(allOf(error)).not.toContain(token);
    expect(errors[1]?.message).toBe('failed for Bearer [redacted]');
  });
});
