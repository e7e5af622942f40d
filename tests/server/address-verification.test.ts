import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADDRESS_CHECK_USER_ID, checkAddress } from '@/shared/api/address-check';
import { addressVerifyResponseSchema } from '@/shared/contracts/address-check';
import type { AddressValue } from '@/shared/contracts/call-flow';
import {
  addressCheckRequest,
  buildAddressRequestXml,
  parseAddressReplyXml,
} from '@/shared/domain/address-check';
import { en } from '@/shared/i18n/en';
import { startTestServer, type TestServer } from './helpers/test-server';

const PATH = '/api/addresses/verify';

function address(overrides: Partial<AddressValue>): AddressValue {
  return { street1: '', street2: '', city: '', state: '', zip: '', country: 'US', ...overrides };
}

describe('the stand-in postal verifier (dashboards 7 Address check)', () => {
  let t: TestServer;
  let agent: string;
  let owner: string;

  beforeAll(async () => {
    t = await startTestServer();
    [agent, owner] = await Promise.all(
      ['agent@harbor.test', 'owner@lakeside.test'].map(
        async (username) => (await t.signIn(username)).accessToken,
      ),
    );
  });
  afterAll(() => t.close());

  async function verify(typed: AddressValue, userId = ADDRESS_CHECK_USER_ID, token = agent) {
    const xml = buildAddressRequestXml(addressCheckRequest(userId, typed));
    const answer = await t.api(PATH, { method: 'POST', token, body: { xml } });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return parseAddressReplyXml(addressVerifyResponseSchema.parse(answer.body).xml);
  }

  it('answers a typed address it knows with the corrected, standardised one', async () => {
    const reply = await verify(
      address({ street1: '6406 Ivy Lane', city: 'Greenbelt', state: 'Maryland', zip: '' }),
    );
    expect(reply).toEqual({
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
  });

  it('finds an address by its ZIP code whatever the street is spelled like', async () => {
    const reply = await verify(address({ street1: '350 Fifth Avenue', zip: '10118' }));
    expect(reply.kind === 'address' && reply.address).toMatchObject({
      address2: '350 5TH AVE',
      city: 'NEW YORK',
      state: 'NY',
      zip4: '0110',
    });
  });

  it('passes the service remark on an address that needs a suite number', async () => {
    const reply = await verify(address({ street1: '100 North Tryon Street', zip: '28202' }));
    expect(reply.kind === 'address' && reply.address.returnText).toContain('more information');
  });

  it('knows territory and military addresses', async () => {
    const pr = await verify(
      address({ street1: '63 Calle Fortaleza', city: 'San Juan', state: 'Puerto Rico' }),
    );
    expect(pr.kind === 'address' && pr.address.zip5).toBe('00901');
    const apo = await verify(
      address({ street1: 'Unit 2050 Box 4190', city: 'APO', state: 'Armed Forces Pacific' }),
    );
    expect(apo.kind === 'address' && apo.address.state).toBe('AP');
  });

  it('answers an address-level Error for an address it does not know', async () => {
    expect(await verify(address({ street1: '12 Nowhere Rd', zip: '20770' }))).toEqual({
      kind: 'address-error',
      number: '-2147219401',
      description: 'Address Not Found.',
    });
    const state = await verify(address({ street1: '1 Main St', city: 'X', state: 'Atlantis' }));
    expect(state.kind === 'address-error' && state.description).toBe('Invalid State Code.');
    const city = await verify(address({ street1: '1 Main St' }));
    expect(city.kind === 'address-error' && city.description).toBe('Invalid City.');
  });

  it('answers a top-level Error when the request carries no user id', async () => {
    const reply = await verify(address({ street1: '6406 Ivy Lane', zip: '20770' }), ' ');
    expect(reply.kind).toBe('service-error');
    expect(reply.kind === 'service-error' && reply.description).toContain('Authorization failure');
  });

  it('serves every signed-in role', async () => {
    const reply = await verify(
      address({ street1: '233 South Wacker Drive', zip: '60606' }),
      ADDRESS_CHECK_USER_ID,
      owner,
    );
    expect(reply.kind).toBe('address');
  });

  it('refuses callers who are not signed in', async () => {
    const xml = buildAddressRequestXml(addressCheckRequest('X', address({ street1: '1' })));
    const answer = await t.api(PATH, { method: 'POST', body: { xml } });
    expect(answer.status).toBe(401);
  });

  it('answers 400 with a clear message for a missing, empty or wrongly typed xml', async () => {
    for (const body of [{}, { xml: '' }, { xml: 42 }, []]) {
      const answer = await t.api(PATH, { method: 'POST', token: agent, body });
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect((answer.body as { message: string }).message).toMatch(/xml|body/);
    }
  });

  it('answers 400, never 500, for XML it cannot or will not read', async () => {
    const hostile = [
      'not xml at all',
      '<AddressValidateRequest USERID="x"><Address>',
      '<Html/>',
      '<AddressValidateRequest USERID="x"></AddressValidateRequest>',
      '<!DOCTYPE r [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;">]><AddressValidateRequest USERID="&b;"/>',
      '<AddressValidateRequest USERID="x"><Address><City>&unknown;</City></Address></AddressValidateRequest>',
      `${'<a>'.repeat(100)}${'</a>'.repeat(100)}`,
    ];
    for (const xml of hostile) {
      const answer = await t.api(PATH, { method: 'POST', token: agent, body: { xml } });
      expect(answer.status, xml).toBe(400);
      expect((answer.body as { message: string }).message).toMatch(/^xml: /);
    }
  });

  it('refuses an oversized document with 400 and an oversized body with 413', async () => {
    const long = await t.api(PATH, {
      method: 'POST',
      token: agent,
      body: { xml: `<AddressValidateRequest>${'x'.repeat(20_000)}</AddressValidateRequest>` },
    });
    expect(long.status).toBe(400);
    const huge = await t.api(PATH, {
      method: 'POST',
      token: agent,
      body: { xml: 'x'.repeat(200_000) },
    });
    expect(huge.status).toBe(413);
  });

  it('refuses a body that is not JSON', async () => {
    const answer = await t.api(PATH, {
      method: 'POST',
      token: agent,
      body: '<AddressValidateRequest USERID="x"/>',
      headers: { 'content-type': 'application/xml' },
    });
    expect(answer.status).toBe(415);
  });

  it('is what the client function checkAddress talks to, end to end through a Transport', async () => {
    const typed = address({ street1: '1600 Pennsylvania Avenue NW', street2: 'West Wing' });
    const api = t.client(agent);
    const found = await checkAddress(api, { ...typed, city: 'Washington', state: 'DC' });
    expect(found).toEqual({
      kind: 'verified',
      note: '',
      address: {
        street1: '1600 PENNSYLVANIA AVE NW',
        street2: 'West Wing',
        city: 'WASHINGTON',
        state: 'DC',
        zip: '20500-0005',
        country: 'US',
        verified: true,
      },
    });
    const missing = await checkAddress(api, address({ street1: '1 Elm St', zip: '20500' }));
    expect(missing).toEqual({
      kind: 'address-error',
      message: en.USPS_ERROR_BODY,
      description: 'Address Not Found.',
    });
    const refused = await checkAddress(api, typed, { userId: '' });
    expect(refused.kind === 'service-error' && refused.message).toContain('Authorization failure');
  });
});
