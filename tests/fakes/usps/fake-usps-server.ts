import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';

// A fake of USPS's Addresses API v3 and its OAuth token service (issue #33), from USPS's
// published examples (https://github.com/USPS/api-examples, README "OAuth Token" and
// "Addresses"), not from our contracts: POST /oauth2/v3/token (JSON client credentials,
// answering access_token and expires_in as a string, as the example does; OAuth 2.0's
// error shape for refused credentials, RFC 6749 §5.2), GET /addresses/v3/address with a
// Bearer token (the standardised `address`, `addressAdditionalInfo`, `addressCorrections`,
// `addressMatches`; USPS's error shape `{apiVersion, error: {code, message, errors}}` for
// a missing street (400) and an address it does not have (404)), and failures on demand
// (429, 503) for the tests of outages.

export interface FakeUspsAddress {
  streetAddress: string;
  secondaryAddress: string | null;
  city: string;
  state: string;
  ZIPCode: string;
  ZIPPlus4: string;
  /** addressCorrections' text, e.g. the default-address remark. */
  correction?: string;
}

export interface FakeUsps {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  addresses: FakeUspsAddress[];
  /** Every request: path, query, whether it carried a valid token. */
  requests: { method: string; path: string; query: Record<string, string>; authorized: boolean }[];
  /** Tokens issued from now on expire after this many seconds. */
  tokenLifetimeSeconds: number;
  /** Ends every token issued so far (as USPS revoking them would). */
  revokeTokens(): void;
  failNext(status: 429 | 503, times?: number): void;
  close(): Promise<void>;
}

/** "6406 Ivy Lane" and "6406 IVY LN" → one key (the few Publication 28 words the data uses). */
const WORDS: Record<string, string> = { LANE: 'LN', STREET: 'ST', AVENUE: 'AVE', PLAZA: 'PLZ' };
const key = (street: string) =>
  street
    .toUpperCase()
    .replace(/[.,]/g, ' ')
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => WORDS[w] ?? w)
    .join(' ');

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

const uspsError = (status: number, message: string, detail: string) => ({
  apiVersion: 'v3',
  error: {
    code: String(status),
    message,
    errors: [{ status: String(status), code: String(status), title: message, detail }],
  },
});

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
  } catch {
    return {};
  }
}

export async function startFakeUsps(addresses: FakeUspsAddress[]): Promise<FakeUsps> {
  const tokens = new Map<string, number>();
  const failures: number[] = [];
  const fake: FakeUsps = {
    baseUrl: '',
    clientId: 'fake-usps-consumer-key',
    clientSecret: 'fake-usps-consumer-secret',
    addresses,
    requests: [],
    tokenLifetimeSeconds: 28_800,
    revokeTokens: () => tokens.clear(),
    failNext(status, times = 1) {
      for (let i = 0; i < times; i += 1) failures.push(status);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://fake-usps');
      const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
      const expires = bearer ? tokens.get(bearer) : undefined;
      const authorized = expires !== undefined && expires > Date.now();
      fake.requests.push({
        method: req.method ?? 'GET',
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        authorized,
      });
      const failure = failures.shift();
      if (failure !== undefined) {
        send(
          res,
          failure,
          uspsError(
            failure,
            failure === 429 ? 'Too Many Requests' : 'Service Unavailable',
            'Try again later.',
          ),
        );
        return;
      }
      if (req.method === 'POST' && url.pathname === '/oauth2/v3/token') {
        const body = await readJson(req);
        if (body.grant_type !== 'client_credentials') {
          send(res, 400, {
            error: 'unsupported_grant_type',
            error_description: 'grant_type must be client_credentials',
          });
          return;
        }
        if (body.client_id !== fake.clientId || body.client_secret !== fake.clientSecret) {
          send(res, 401, {
            error: 'invalid_client',
            error_description: 'Client credentials are invalid',
          });
          return;
        }
        const token = randomUUID();
        tokens.set(token, Date.now() + fake.tokenLifetimeSeconds * 1000);
        send(res, 200, {
          access_token: token,
          token_type: 'Bearer',
          issued_at: String(Date.now()),
          expires_in: String(fake.tokenLifetimeSeconds),
          status: 'approved',
          scope: 'addresses',
          issuer: 'api.usps.com',
          client_id: fake.clientId,
        });
        return;
      }
      if (req.method === 'GET' && url.pathname === '/addresses/v3/address') {
        if (!authorized) {
          send(
            res,
            401,
            uspsError(401, 'Unauthorized', 'The access token is missing, invalid or expired.'),
          );
          return;
        }
        const street = url.searchParams.get('streetAddress') ?? '';
        if (street.trim() === '') {
          send(res, 400, uspsError(400, 'OASValidation failed', 'streetAddress is required.'));
          return;
        }
        const zip = url.searchParams.get('ZIPCode');
        const city = (url.searchParams.get('city') ?? '').toUpperCase();
        const state = (url.searchParams.get('state') ?? '').toUpperCase();
        const found = fake.addresses.find(
          (a) =>
            key(a.streetAddress) === key(street) &&
            (zip ? a.ZIPCode === zip : a.city === city && a.state === state),
        );
        if (!found) {
          send(res, 404, uspsError(404, 'Address Not Found.', 'The address could not be found.'));
          return;
        }
        send(res, 200, {
          firm: null,
          address: {
            streetAddress: found.streetAddress,
            streetAddressAbbreviation: null,
            secondaryAddress: found.secondaryAddress,
            city: found.city,
            cityAbbreviation: null,
            state: found.state,
            postalCode: null,
            province: null,
            ZIPCode: found.ZIPCode,
            ZIPPlus4: found.ZIPPlus4,
            urbanization: null,
            country: null,
            countryISOCode: null,
          },
          addressAdditionalInfo: {
            deliveryPoint: '99',
            carrierRoute: 'C001',
            DPVConfirmation: found.correction ? 'D' : 'Y',
            DPVCMRA: 'N',
            business: 'N',
            centralDeliveryPoint: 'N',
            vacant: 'N',
          },
          addressCorrections: found.correction ? [{ code: '32', text: found.correction }] : null,
          addressMatches: null,
        });
        return;
      }
      send(res, 404, uspsError(404, 'Not Found', `No ${req.method} ${url.pathname}.`));
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}
