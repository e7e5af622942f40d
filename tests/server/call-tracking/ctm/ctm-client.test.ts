import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCtmClient, type CtmClientOptions } from '@/server/call-tracking/ctm/ctm-client';
import { type FakeCtm, type FakeCtmCall, startFakeCtm } from '../../../fakes/ctm/fake-ctm-server';
import { caught } from '../../helpers/vendor-errors';

const DAY = 86_400;
const T0 = Date.UTC(2026, 10, 2) / 1000;

function fakeCalls(count: number): FakeCtmCall[] {
  return Array.from({ length: count }, (_, i) => ({
    id: 5000 + i,
    sid: `CA${i}`,
    direction: 'inbound' as const,
    caller_number: '+13125550100',
    tracking_number: '+13125550142',
    unix_time: T0 + (i % 3) * DAY + i,
    dial_status: 'completed',
    duration: 30,
    talk_time: 20,
  }));
}

/** issue #32: the CTM client against the fake CTM (paging, 429s, outages, errors). */
describe('CTM client', () => {
  let fake: FakeCtm;
  let sleeps: number[];
  const client = (over: Partial<CtmClientOptions> = {}) =>
    createCtmClient({
      baseUrl: fake.baseUrl,
      credentials: {
        accountId: fake.accountId,
        accessKey: fake.accessKey,
        secretKey: fake.secretKey,
      },
      sleep: async (ms) => {
        sleeps.push(ms);
      },
      random: () => 0.5,
      now: () => Date.UTC(2026, 10, 2, 12),
      ...over,
    });

  beforeEach(async () => {
    sleeps = [];
    fake = await startFakeCtm({
      calls: fakeCalls(320),
      users: [
        {
          id: 'USR1',
          first_name: 'Ivy',
          last_name: 'Intake',
          email: 'intake@harbor.test',
          role: 'agent',
        },
      ],
      numbers: Array.from({ length: 160 }, (_, i) => ({
        id: `TPN${i}`,
        number: `+1312555${String(1000 + i)}`,
        formatted: `(312) 555-${1000 + i}`,
        name: `Line ${i}`,
        active: true,
      })),
    });
  });
  afterEach(async () => {
    await fake.close();
  });

  it('checks the credentials with Basic auth against the account', async () => {
    await expect(client().checkCredentials()).resolves.toMatchObject({
      id: '4242',
      name: 'Harbor Law',
    });
    expect(fake.requests[0]).toMatchObject({
      path: '/api/v1/accounts/4242.json',
      authorized: true,
    });
  });

  it('maps a refused key to an auth error that never carries the secret', async () => {
    const wrong = client({
      credentials: {
        accountId: fake.accountId,
        accessKey: fake.accessKey,
        secretKey: 'wrong-secret-xyz',
      },
    });
    const error = await caught(wrong.checkCredentials());
    expect(error.kind).toBe('auth');
    expect(error.status).toBe(401);
    expect(error.message).toBe('Unauthorized');
    const everything = JSON.stringify({ ...error, message: error.message, stack: error.stack });
    expect(everything).not.toContain('wrong-secret-xyz');
    expect(everything).not.toContain(
      Buffer.from(`${fake.accessKey}:wrong-secret-xyz`).toString('base64'),
    );
  });

  it('reads every call of a range page by page, 150 at a time, each once', async () => {
    const ids: number[] = [];
    for await (const call of client().allCalls({ since: new Date(T0 * 1000) })) ids.push(call.id);
    expect(ids).toHaveLength(320);
    expect(new Set(ids).size).toBe(320);
    const pages = fake.requests.filter((r) => r.path.endsWith('/calls.json'));
    expect(pages.map((r) => [r.query.page, r.query.per_page, r.query.start_date])).toEqual([
      ['1', '150', '2026-11-02'],
      ['2', '150', '2026-11-02'],
      ['3', '150', '2026-11-02'],
    ]);
  });

  it('filters by day and never asks for more than CTM allows per page', async () => {
    const page = await client().listCalls({
      since: new Date((T0 + DAY) * 1000),
      until: new Date((T0 + DAY) * 1000),
      perPage: 500,
    });
    expect(page.total_entries).toBe(107);
    expect(page.calls.every((c) => c.unix_time! >= T0 + DAY && c.unix_time! < T0 + 2 * DAY)).toBe(
      true,
    );
    expect(fake.requests[0]?.query.per_page).toBe('150');
    // The fake holds CTM to its limit: 151 is refused with CTM's own error body.
    const raw = await fetch(`${fake.baseUrl}/accounts/4242/calls.json?per_page=151`, {
      headers: {
        authorization: `Basic ${Buffer.from(`${fake.accessKey}:${fake.secretKey}`).toString('base64')}`,
      },
    });
    expect(raw.status).toBe(400);
    expect(await raw.json()).toEqual({ error: 'per_page limit is 150' });
  });

  it('lists the users and every page of the numbers', async () => {
    await expect(client().listUsers()).resolves.toEqual([
      {
        id: 'USR1',
        first_name: 'Ivy',
        last_name: 'Intake',
        email: 'intake@harbor.test',
        role: 'agent',
      },
    ]);
    const numbers = await client().listNumbers();
    expect(numbers).toHaveLength(160);
    expect(numbers[159]).toMatchObject({ id: 'TPN159', number: '+13125551159', name: 'Line 159' });
  });

  it('waits as Retry-After says (seconds, then an HTTP date) before trying again', async () => {
    fake.failNext({ status: 429, times: 1, retryAfter: '2' });
    await client().checkCredentials();
    fake.failNext({
      status: 429,
      times: 1,
      retryAfter: new Date(Date.UTC(2026, 10, 2, 12, 0, 7)).toUTCString(),
    });
    await client().checkCredentials();
    expect(sleeps).toEqual([2000, 7000]);
    expect(fake.requests).toHaveLength(4);
  });

  it('backs off exponentially, capped, without Retry-After, and gives up as rate-limited', async () => {
    fake.failNext({ status: 429, times: 10 });
    const error = await caught(
      client({ retry: { maxRetries: 5, baseDelayMs: 1000, maxDelayMs: 4000 } }).listUsers(),
    );
    expect(error.kind).toBe('rate-limited');
    // random() = 0.5: three quarters of each step (1 s, 2 s, 4 s, then the 4 s cap).
    expect(sleeps).toEqual([750, 1500, 3000, 3000, 3000]);
    expect(fake.requests).toHaveLength(6);
  });

  it('does not wait for a Retry-After beyond its limit', async () => {
    fake.failNext({ status: 429, times: 1, retryAfter: '3600' });
    const error = await caught(client().checkCredentials());
    expect(error).toMatchObject({ kind: 'rate-limited', retryAfterMs: 3_600_000, status: 429 });
    expect(sleeps).toEqual([]);
  });

  it('retries a read through an outage, but never repeats a placed call', async () => {
    fake.failNext({ status: 503, times: 2 });
    await expect(client().listUsers()).resolves.toHaveLength(1);
    expect(sleeps).toHaveLength(2);
    fake.failNext({ status: 503, times: 1 });
    const error = await caught(
      client().placeCall({
        fromNumber: '+13125551000',
        toNumber: '+16175550199',
        agentUserId: 'USR1',
      }),
    );
    expect(error).toMatchObject({
      kind: 'unavailable',
      status: 503,
      message: 'Service Unavailable',
    });
    expect(fake.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
  });

  it("places a call with the documented-as-assumed body and returns CTM's call id", async () => {
    const placed = await client().placeCall({
      fromNumber: '+13125551000',
      toNumber: '+16175550199',
      agentUserId: 'USR1',
    });
    expect(placed.id).toBeGreaterThan(1000);
    expect(fake.requests.at(-1)).toMatchObject({
      method: 'POST',
      path: '/api/v1/accounts/4242/calls.json',
      body: { from_number: '+13125551000', call_number: '+16175550199', user_id: 'USR1' },
    });
    const refused = await caught(
      client().placeCall({
        fromNumber: '+19999999999',
        toNumber: '+16175550199',
        agentUserId: 'USR1',
      }),
    );
    expect(refused).toMatchObject({ kind: 'bad-request', status: 422 });
    expect(refused.message).toBe('from_number is not a tracking number of this account');
  });

  it("reads the placed call's id whether CTM wraps the call or not", async () => {
    const answer = (body: unknown) =>
      client({ fetch: async () => Response.json(body, { status: 201 }) }).placeCall({
        fromNumber: '+13125551000',
        toNumber: '+16175550199',
        agentUserId: 'USR1',
      });
    await expect(answer({ call: { id: 77, sid: 'CA77' } })).resolves.toEqual({ id: 77 });
    await expect(answer({ id: 78, status: 'queued' })).resolves.toEqual({ id: 78 });
    expect(await caught(answer({ status: 'queued' }))).toMatchObject({ kind: 'invalid-answer' });
  });

  it('maps an unknown path, a dead server and a shapeless answer', async () => {
    const other = client({
      credentials: { accountId: '9', accessKey: fake.accessKey, secretKey: fake.secretKey },
    });
    expect((await caught(other.listUsers())).kind).toBe('auth');
    const shapeless = client({
      fetch: async () => new Response('<html>maintenance</html>', { status: 200 }),
    });
    expect(await caught(shapeless.checkCredentials())).toMatchObject({ kind: 'invalid-answer' });
    const base = fake.baseUrl;
    await fake.close();
    const dead = createCtmClient({
      baseUrl: base,
      credentials: { accountId: '4242', accessKey: 'k', secretKey: 's3cr3t-value' },
      sleep: async () => {},
      retry: { maxRetries: 1 },
    });
    const error = await caught(dead.checkCredentials());
    expect(error.kind).toBe('unavailable');
    expect(error.message).not.toContain('s3cr3t-value');
    fake = await startFakeCtm();
  });
});
