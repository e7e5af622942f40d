import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ADDRESS_CHECK_USER_ID, checkAddress } from '@/shared/api/address-check';
import { addressVerifyResponseSchema } from '@/shared/contracts/address-check';
import type { AddressValue } from '@/shared/contracts/call-flow';
import { apiErrorSchema } from '@/shared/contracts/common';
import { microservicesResponseSchema } from '@/shared/contracts/microservices';
import {
  addressCheckRequest,
  buildAddressRequestXml,
  parseAddressReplyXml,
} from '@/shared/domain/address-check';
import { type FakeUsps, startFakeUsps } from '../fakes/usps/fake-usps-server';
import { startTestServer, type TestServer } from './helpers/test-server';

// Issue #33 "Address check": with USPS credentials the spec's address check (dashboards 7:
// the client's XML request and reply, unchanged) is answered by USPS's Addresses API v3,
// here the fake of tests/fakes/usps that follows USPS's published examples: OAuth client
// credentials, the standardised address, USPS's errors, and outages.

const PATH = '/api/addresses/verify';
const IVY_LANE = {
  streetAddress: '6406 IVY LN',
  secondaryAddress: null,
  city: 'GREENBELT',
  state: 'MD',
  ZIPCode: '20770',
  ZIPPlus4: '1441',
};
const DEFAULT_ADDRESS =
  'Default address: The address you entered was found but more information is needed (such as an apartment, suite, or box number) to match to a specific address.';

function address(overrides: Partial<AddressValue>): AddressValue {
  return { street1: '', street2: '', city: '', state: '', zip: '', country: 'US', ...overrides };
}

describe('the address check against USPS (issue #33)', () => {
  let usps: FakeUsps;
  let t: TestServer;
  let agent: string;

  beforeAll(async () => {
    usps = await startFakeUsps([
      IVY_LANE,
      {
        streetAddress: '3120 M ST NW',
        secondaryAddress: null,
        city: 'WASHINGTON',
        state: 'DC',
        ZIPCode: '20007',
        ZIPPlus4: '3704',
        correction: DEFAULT_ADDRESS,
      },
    ]);
    t = await startTestServer({
      usps: { clientId: usps.clientId, clientSecret: usps.clientSecret, baseUrl: usps.baseUrl },
    });
    agent = (await t.signIn('agent@harbor.test')).accessToken;
  });
  afterAll(async () => {
    await t?.close();
    await usps?.close();
  });
  beforeEach(() => {
    usps.requests.length = 0;
  });

  async function verify(typed: AddressValue) {
    const xml = buildAddressRequestXml(addressCheckRequest(ADDRESS_CHECK_USER_ID, typed));
    return t.api(PATH, { method: 'POST', token: agent, body: { xml } });
  }
  const replyOf = (body: unknown) =>
    parseAddressReplyXml(addressVerifyResponseSchema.parse(body).xml);

  it('answers the spec’s XML from USPS’s standardised address, with one token for many checks', async () => {
    const typed = address({ street1: '6406 Ivy Lane', city: 'Greenbelt', state: 'Maryland' });
    const first = await verify(typed);
    expect(first.status).toBe(200);
    expect(replyOf(first.body)).toEqual({
      kind: 'address',
      address: {
        address1: '',
        address2: '6406 IVY LN',
        city: 'GREENBELT',
        state: 'MD',
        zip5: '20770',
        zip4: '1441',
        returnText: '',
      },
    });
    expect(replyOf((await verify(typed)).body).kind).toBe('address');
    // The state's full name went to USPS as its abbreviation (the spec's rule, kept).
    const lookups = usps.requests.filter((r) => r.path === '/addresses/v3/address');
    expect(lookups[0]?.query).toMatchObject({ streetAddress: '6406 Ivy Lane', state: 'MD' });
    expect(lookups.every((r) => r.authorized)).toBe(true);
    expect(usps.requests.filter((r) => r.path === '/oauth2/v3/token')).toHaveLength(1);
  });

  it('carries USPS’s remark as the reply’s ReturnText, and works through checkAddress', async () => {
    const found = await checkAddress(
      t.client(agent),
      address({ street1: '3120 M Street NW', zip: '20007' }),
    );
    expect(found).toMatchObject({
      kind: 'verified',
      note: DEFAULT_ADDRESS,
      address: { street1: '3120 M ST NW', zip: '20007-3704', verified: true },
    });
  });

  it('says USPS’s “Address Not Found.” as the address’s error', async () => {
    const answer = await verify(address({ street1: '1 Nowhere Road', zip: '20770' }));
    expect(answer.status).toBe(200);
    expect(replyOf(answer.body)).toMatchObject({
      kind: 'address-error',
      description: expect.stringMatching(/^Address Not Found\./),
    });
  });

  it('fetches a new token once when USPS ends the one it gave', async () => {
    usps.revokeTokens();
    const answer = await verify(address({ street1: '6406 Ivy Ln', zip: '20770' }));
    expect(replyOf(answer.body).kind).toBe('address');
    expect(usps.requests.map((r) => r.path)).toEqual([
      '/addresses/v3/address',
      '/oauth2/v3/token',
      '/addresses/v3/address',
    ]);
  });

  it('answers 503, never 500, while USPS is down or limiting, and the field keeps the address', async () => {
    for (const status of [503, 429] as const) {
      usps.failNext(status);
      const answer = await verify(address({ street1: '6406 Ivy Ln', zip: '20770' }));
      expect(answer.status).toBe(503);
      expect(apiErrorSchema.parse(answer.body).message).toMatch(
        status === 429 ? /limiting this account/ : /USPS answered 503/,
      );
    }
    // And once USPS is back, the next check is verified.
    expect(
      replyOf((await verify(address({ street1: '6406 Ivy Ln', zip: '20770' }))).body).kind,
    ).toBe('address');
  });

  it('shows USPS on System > Microservices, down while it cannot be reached', async () => {
    const system = (await t.signIn('system@intake.test')).accessToken;
    const part = async () =>
      microservicesResponseSchema
        .parse((await t.api('/api/system/microservices', { token: system })).body)
        .data.checks.find((c) => c.id === 'address-verification');
    expect(await part()).toMatchObject({
      status: 'ok',
      detail: `USPS Addresses API v3 at ${usps.baseUrl} answered 6406 IVY LN 20770-1441.`,
    });
    usps.failNext(503);
    expect(await part()).toMatchObject({ status: 'down' });
  });
});

describe('the address check with credentials USPS refuses (issue #33)', () => {
  let usps: FakeUsps;
  let t: TestServer;

  beforeAll(async () => {
    usps = await startFakeUsps([IVY_LANE]);
    t = await startTestServer({
      usps: { clientId: usps.clientId, clientSecret: 'not-the-secret', baseUrl: usps.baseUrl },
    });
  });
  afterAll(async () => {
    await t?.close();
    await usps?.close();
  });

  it('is the service’s error, with USPS’s words and never the secret', async () => {
    const xml = buildAddressRequestXml(
      addressCheckRequest(ADDRESS_CHECK_USER_ID, address({ street1: '6406 Ivy Ln', zip: '20770' })),
    );
    const answer = await t.api(PATH, {
      method: 'POST',
      token: (await t.signIn('agent@harbor.test')).accessToken,
      body: { xml },
    });
    expect(answer.status).toBe(200);
    const reply = parseAddressReplyXml(addressVerifyResponseSchema.parse(answer.body).xml);
    expect(reply).toMatchObject({
      kind: 'service-error',
      description: "USPS refused the server's credentials: Client credentials are invalid",
    });
    expect(JSON.stringify(answer.body)).not.toContain('not-the-secret');
  });
});

describe('USPS credentials at start (issue #33)', () => {
  it('stops the start when only one of the two is given', async () => {
    await expect(startTestServer({ usps: { clientId: 'only-the-id' } })).rejects.toThrow(
      'USPS_CLIENT_ID and USPS_CLIENT_SECRET go together: set both, or neither.',
    );
  });
});
