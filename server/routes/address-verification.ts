import type { FastifyInstance } from 'fastify';
import {
  addressVerifyRequestSchema,
  addressVerifyResponseSchema,
  MAX_ADDRESS_XML_CHARS,
} from '@/shared/contracts/address-check';
import {
  type AddressCheckReply,
  type AddressCheckRequest,
  AddressXmlError,
  buildAddressReplyXml,
  parseAddressRequestXml,
  POSTAL_ABBREVIATIONS,
  type VerifiedAddressFields,
} from '@/shared/domain/address-check';
import type { ServerContext } from '../context';
import { AddressVerifierUnavailable, type AddressVerifier } from '../address/usps-verifier';
import { badRequest, HttpError } from '../http/errors';
import { parseInput, respondWith } from '../http/validate';
import { ADDRESS_FIXTURE } from './address-verification-fixture';

/** The stand-in verifier's path under /api (shared/api/address-check.ts ADDRESS_VERIFY_PATH). */
export const ADDRESS_VERIFY_ROUTE = '/addresses/verify';

/** A JSON body holding one XML document of at most MAX_ADDRESS_XML_CHARS, with room for escaping. */
const ADDRESS_VERIFY_BODY_LIMIT = 4 * MAX_ADDRESS_XML_CHARS;

// The postal service's own error texts, so the client is tried against what it will meet.
const AUTHORIZATION_FAILURE =
  'Authorization failure.  Perhaps username and/or password is incorrect.';
const ADDRESS_NOT_FOUND = 'Address Not Found.';
const INVALID_STATE = 'Invalid State Code.';
const INVALID_ZIP = 'Invalid Zip Code.';
const INVALID_CITY = 'Invalid City.';

/** USPS Publication 28 street suffixes and directionals the fixture's streets use, and ordinals. */
const STREET_WORDS: ReadonlyMap<string, string> = new Map([
  ['AVENUE', 'AVE'],
  ['STREET', 'ST'],
  ['DRIVE', 'DR'],
  ['LANE', 'LN'],
  ['PLACE', 'PL'],
  ['ROAD', 'RD'],
  ['BOULEVARD', 'BLVD'],
  ['COURT', 'CT'],
  ['DOCTOR', 'DR'],
  ['NORTH', 'N'],
  ['SOUTH', 'S'],
  ['EAST', 'E'],
  ['WEST', 'W'],
  ['NORTHWEST', 'NW'],
  ['NORTHEAST', 'NE'],
  ['SOUTHWEST', 'SW'],
  ['SOUTHEAST', 'SE'],
  ['FIRST', '1ST'],
  ['SECOND', '2ND'],
  ['THIRD', '3RD'],
  ['FOURTH', '4TH'],
  ['FIFTH', '5TH'],
  ['SIXTH', '6TH'],
  ['SEVENTH', '7TH'],
  ['EIGHTH', '8TH'],
  ['NINTH', '9TH'],
  ['TENTH', '10TH'],
]);

/** "350 Fifth Avenue" and "350 5th Ave." → "350 5TH AVE". */
function streetKey(street: string): string {
  return street
    .toUpperCase()
    .replace(/[.,#]/g, ' ')
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => STREET_WORDS.get(word) ?? word)
    .join(' ');
}

const KNOWN_STATES = new Set(POSTAL_ABBREVIATIONS);

/** What the postal service would answer for one request, from the fixture. */
export function answerAddressRequest(request: AddressCheckRequest): AddressCheckReply {
  if (!request.userId) {
    return { kind: 'service-error', number: '80040B1A', description: AUTHORIZATION_FAILURE };
  }
  const addressError = (description: string): AddressCheckReply => ({
    kind: 'address-error',
    number: '-2147219401',
    description,
  });
  if (request.state && !KNOWN_STATES.has(request.state)) return addressError(INVALID_STATE);
  if (request.zip5 && !/^\d{5}$/.test(request.zip5)) return addressError(INVALID_ZIP);
  if (!request.zip5 && !(request.city && request.state)) return addressError(INVALID_CITY);

  const street = streetKey(request.address2);
  const city = request.city.toUpperCase().replace(/\s+/g, ' ');
  const found = ADDRESS_FIXTURE.find(
    (entry: VerifiedAddressFields) =>
      streetKey(entry.address2) === street &&
      (request.zip5
        ? entry.zip5 === request.zip5
        : entry.city === city && entry.state === request.state),
  );
  return found ? { kind: 'address', address: found } : addressError(ADDRESS_NOT_FOUND);
}

/** The stand-in verifier: the fixture's addresses, answered as the postal service would. */
export const FIXTURE_VERIFIER: AddressVerifier = {
  verify: async (request) => answerAddressRequest(request),
  describe: () => 'the built-in fixture verifier (USPS not configured)',
};

/**
 * POST /api/addresses/verify — the postal verification service of dashboards 7 "Address
 * check": USPS's Addresses API when the server has USPS credentials (issue #33,
 * server/address/usps-verifier.ts), else a stand-in over a fixture, so the product runs end
 * to end without a postal account.
 * Body `{ xml: "<AddressValidateRequest USERID=…>…" }`; answer `{ xml: "<AddressValidateResponse>…" }`
 * (or `<Error>…` for a request without a user id). Signed-in users only; the body is
 * bounded; XML that cannot be read is a 400 naming the problem.
 */
export function registerAddressVerificationRoutes(
  api: FastifyInstance,
  ctx: ServerContext,
  verifier: AddressVerifier = FIXTURE_VERIFIER,
): void {
  api.post(ADDRESS_VERIFY_ROUTE, { bodyLimit: ADDRESS_VERIFY_BODY_LIMIT }, async (request) => {
    await ctx.authenticate(request);
    const { xml } = parseInput(addressVerifyRequestSchema, request.body, 'body');
    let parsed: AddressCheckRequest;
    try {
      parsed = parseAddressRequestXml(xml);
    } catch (error) {
      if (error instanceof AddressXmlError) throw badRequest(`xml: ${error.message}`);
      throw error;
    }
    let reply: AddressCheckReply;
    try {
      reply = await verifier.verify(parsed);
    } catch (error) {
      // spec: dashboards 8, the unreachable verifier: the field keeps the address as typed.
      if (error instanceof AddressVerifierUnavailable) throw new HttpError(503, error.message);
      throw error;
    }
    return respondWith(addressVerifyResponseSchema, { xml: buildAddressReplyXml(reply) });
  });
}
