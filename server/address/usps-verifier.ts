import { z } from 'zod';
import { jsonBodyOf, sendToVendor } from '../connectors/vendor-http';
import type {
  AddressCheckReply,
  AddressCheckRequest,
  VerifiedAddressFields,
} from '@/shared/domain/address-check';

// The USPS Addresses API v3 behind the spec's address check (issue #33 "Address check";
// dashboards 7). The client still sends the spec's XML request and reads the spec's XML
// reply (server/routes/address-verification.ts); on the server the request becomes USPS's
// current REST call and USPS's JSON answer becomes the reply:
//
// - OAuth 2.0 client credentials (https://github.com/USPS/api-examples "OAuth Token":
//   POST {base}/oauth2/v3/token with client_id, client_secret, grant_type
//   client_credentials; the answer's access_token, expires_in seconds, as a string or a
//   number). The token is kept until a minute before it expires, and fetched again once
//   if USPS answers 401 to it.
// - The address (https://github.com/USPS/api-examples "Addresses > Address": GET
//   {base}/addresses/v3/address?streetAddress=&secondaryAddress=&city=&state=&ZIPCode=
//   &ZIPPlus4=, Authorization: Bearer): `address` holds the standardised fields
//   (streetAddress, secondaryAddress, city, state, ZIPCode, ZIPPlus4), `addressCorrections`
//   / `addressMatches` USPS's remarks ({code, text}), which become the reply's ReturnText
//   as the XML API's remark did.
// - USPS's errors (`{apiVersion, error: {code, message, errors: [{title, detail}]}}`): a
//   400 or 404 about the address is the address's Error (the spec's USPS_ERROR_BODY); 401
//   and 403 are the service's Error (credentials: the operator's to fix); 429, 5xx, no
//   answer and an answer that is not USPS's shape are "unreachable" (the spec's rule: the
//   field keeps the address as typed, not verified).

export const USPS_API_BASE = 'https://apis.usps.com';
/** A token is fetched again this long before USPS says it expires. */
const TOKEN_MARGIN_MS = 60_000;
const TIMEOUT_MS = 10_000;

/** USPS could not be reached, or did not answer as documented: the address stays as typed. */
export class AddressVerifierUnavailable extends Error {
  override name = 'AddressVerifierUnavailable';
}

export interface AddressVerifier {
  verify(request: AddressCheckRequest): Promise<AddressCheckReply>;
  /** What the health page names ('USPS Addresses API v3 at https://apis.usps.com'). */
  describe(): string;
}

const tokenSchema = z.object({
  access_token: z.string().min(1),
  expires_in: z.union([z.number(), z.string().regex(/^\d+$/)]).optional(),
});

const remarkSchema = z.object({ code: z.string().nullish(), text: z.string().nullish() });
const addressAnswerSchema = z.object({
  address: z.object({
    streetAddress: z.string(),
    secondaryAddress: z.string().nullish(),
    city: z.string(),
    state: z.string(),
    ZIPCode: z.string(),
    ZIPPlus4: z.string().nullish(),
  }),
  addressCorrections: z.array(remarkSchema).nullish(),
  addressMatches: z.array(remarkSchema).nullish(),
});

const errorAnswerSchema = z.object({
  error: z.object({
    code: z.union([z.string(), z.number()]).nullish(),
    message: z.string().nullish(),
    errors: z
      .array(z.object({ title: z.string().nullish(), detail: z.string().nullish() }))
      .nullish(),
  }),
});

export interface UspsVerifierOptions {
  clientId: string;
  clientSecret: string;
  /** USPS_API_URL: USPS's production base unless a test environment (api-cat) or a fake. */
  baseUrl?: string;
  fetch?: typeof fetch;
  now?: () => number;
}

/** The token service's errors in OAuth 2.0's own shape (RFC 6749 §5.2). */
const oauthErrorSchema = z.object({ error: z.string(), error_description: z.string().nullish() });

/** USPS's words for an error answer, or null when the body is not USPS's error shape. */
function uspsErrorWords(body: unknown): { code: string; words: string } | null {
  const oauth = oauthErrorSchema.safeParse(body);
  if (oauth.success) {
    return { code: oauth.data.error, words: oauth.data.error_description ?? oauth.data.error };
  }
  const parsed = errorAnswerSchema.safeParse(body);
  if (!parsed.success) return null;
  const { code, message, errors } = parsed.data.error;
  const detail = errors?.map((e) => e.detail ?? e.title).find(Boolean);
  const words = [message, detail].filter(Boolean).join(' ').trim();
  return { code: code === null || code === undefined ? '' : String(code), words };
}

function toReply(body: z.infer<typeof addressAnswerSchema>): AddressCheckReply {
  const remark = [...(body.addressCorrections ?? []), ...(body.addressMatches ?? [])]
    .map((r) => r.text?.trim())
    .find(Boolean);
  const address: VerifiedAddressFields = {
    address1: body.address.secondaryAddress?.trim() ?? '',
    address2: body.address.streetAddress.trim(),
    city: body.address.city.trim(),
    state: body.address.state.trim(),
    zip5: body.address.ZIPCode.trim(),
    zip4: body.address.ZIPPlus4?.trim() ?? '',
    returnText: remark ?? '',
  };
  return { kind: 'address', address };
}

export function createUspsVerifier(options: UspsVerifierOptions): AddressVerifier {
  const base = (options.baseUrl ?? USPS_API_BASE).replace(/\/+$/, '');
  const doFetch = options.fetch ?? fetch;
  const now = options.now ?? Date.now;
  let token: { value: string; until: number } | null = null;

  /** One exchange with USPS; no answer is "unreachable" (the address stays as typed). */
  async function send(url: string, init: RequestInit): Promise<Response> {
    try {
      return await sendToVendor(doFetch, 'USPS', url, init, TIMEOUT_MS);
    } catch (error) {
      throw new AddressVerifierUnavailable(
        error instanceof Error ? error.message : 'USPS could not be reached.',
      );
    }
  }

  /** A token for the addresses calls: the kept one, or a new one. */
  async function accessToken(): Promise<string | AddressCheckReply> {
    if (token && now() < token.until) return token.value;
    const response = await send(`${base}/oauth2/v3/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({
        client_id: options.clientId,
        client_secret: options.clientSecret,
        grant_type: 'client_credentials',
      }),
    });
    const body = await jsonBodyOf(response);
    if (response.status === 400 || response.status === 401 || response.status === 403) {
      const error = uspsErrorWords(body);
      return {
        kind: 'service-error',
        number: error?.code || String(response.status),
        description: `USPS refused the server's credentials: ${error?.words || response.statusText}`,
      };
    }
    const parsed = response.ok ? tokenSchema.safeParse(body) : null;
    if (!parsed?.success) {
      throw new AddressVerifierUnavailable(
        `USPS's token service answered ${response.status} ${response.statusText}.`,
      );
    }
    const seconds = Number(parsed.data.expires_in ?? 3600);
    token = {
      value: parsed.data.access_token,
      until: now() + Math.max(0, seconds * 1000 - TOKEN_MARGIN_MS),
    };
    return token.value;
  }

  async function lookUp(
    request: AddressCheckRequest,
    retried: boolean,
  ): Promise<AddressCheckReply> {
    const bearer = await accessToken();
    if (typeof bearer !== 'string') return bearer;
    const query = new URLSearchParams();
    query.set('streetAddress', request.address2);
    if (request.city) query.set('city', request.city);
    if (request.state) query.set('state', request.state);
    if (request.zip5) query.set('ZIPCode', request.zip5);
    if (request.zip4) query.set('ZIPPlus4', request.zip4);
    const response = await send(`${base}/addresses/v3/address?${query.toString()}`, {
      headers: { accept: 'application/json', authorization: `Bearer ${bearer}` },
    });
    const body = await jsonBodyOf(response);
    if (response.status === 401 && !retried) {
      // The token ended early (revoked, a clock skew): one new token, one more try.
      token = null;
      return lookUp(request, true);
    }
    if (response.ok) {
      const parsed = addressAnswerSchema.safeParse(body);
      if (parsed.success) return toReply(parsed.data);
      throw new AddressVerifierUnavailable(
        'USPS answered an address in a shape it does not document.',
      );
    }
    const error = uspsErrorWords(body);
    if (response.status === 400 || response.status === 404) {
      return {
        kind: 'address-error',
        number: error?.code || String(response.status),
        description: error?.words || 'Address Not Found.',
      };
    }
    if (response.status === 401 || response.status === 403) {
      return {
        kind: 'service-error',
        number: error?.code || String(response.status),
        description: `USPS refused the server's credentials: ${error?.words || response.statusText}`,
      };
    }
    throw new AddressVerifierUnavailable(
      response.status === 429
        ? 'USPS is limiting this account’s requests; try again in a minute.'
        : `USPS answered ${response.status} ${response.statusText}.`,
    );
  }

  return {
    verify: (request) => lookUp(request, false),
    describe: () => `USPS Addresses API v3 at ${base}`,
  };
}
