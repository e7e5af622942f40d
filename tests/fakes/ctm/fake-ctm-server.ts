import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// A fake CallTrackingMetrics API for the tests (issue #32 "contract-faithful fake CTM"):
// its shapes follow CTM's documentation and public code, never our contracts, so it
// catches our mistakes. Sources, as in server/call-tracking/ctm/ctm-schemas.ts:
// https://calltrackingmetrics.com/docs/api/rest/calls (calls list and its paging),
// https://www.calltrackingmetrics.com/docs (Basic auth with access key:secret key),
// calltracking/ctm-ruby lib/ctm/{list,user,number,account}.rb (users, numbers, account,
// {status:"error", reason} errors), MeltanoLabs/tap-calltrackingmetrics client.py
// (per_page over 150 → 400 {"error":"per_page limit is 150"}), and
// calltracking/ctm-csharp CTMWebHookExample (webhook signature). Placing a call follows
// the ASSUMED request of ctm-client.ts (PlaceCall): CTM's documentation of it was not found.
// CTM's webhooks (calls ringing and ending, signed) are in ./fake-ctm-webhooks.ts.

export interface FakeCtmCall {
  id: number;
  sid: string;
  direction: 'inbound' | 'outbound';
  caller_number: string;
  tracking_number: string;
  source?: string | null;
  campaign?: string | null;
  name?: string | null;
  duration?: number | null;
  talk_time?: number | null;
  dial_status?: string | null;
  unix_time: number;
  called_at?: string;
  audio?: string | null;
  agent?: { id: string; name: string; email: string } | null;
  [extra: string]: unknown;
}
export interface FakeCtmUser {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  role: string;
}
export interface FakeCtmNumber {
  id: string;
  number: string;
  formatted: string;
  name: string;
  active: boolean;
  source?: { id: string; name: string } | null;
}

/** The next `times` requests fail this way (then the fake answers normally again). */
export interface FakeCtmFailure {
  status: 401 | 429 | 503;
  times: number;
  /** Sent as Retry-After (429): "2" (seconds) or an HTTP date. */
  retryAfter?: string;
}

export interface FakeCtmRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  authorized: boolean;
  body: unknown;
}

export interface FakeCtm {
  /** Base URL as CTM_API_BASE would be (…/api/v1). */
  baseUrl: string;
  accountId: string;
  accessKey: string;
  secretKey: string;
  calls: FakeCtmCall[];
  users: FakeCtmUser[];
  numbers: FakeCtmNumber[];
  requests: FakeCtmRequest[];
  failNext(failure: FakeCtmFailure): void;
  /** CTM answers normally again: the failures still queued are dropped. */
  recover(): void;
  close(): Promise<void>;
}

const DEFAULT_PER_PAGE = 10;
const MAX_PER_PAGE = 150;

function send(res: ServerResponse, status: number, body: unknown, headers = {}) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
  res.end(JSON.stringify(body));
}

async function readBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** CTM's paging envelope over `items` under `key`, with next/previous page URLs. */
function paged(res: ServerResponse, url: URL, key: string, items: readonly unknown[]): void {
  const perPage = Number(url.searchParams.get('per_page') ?? DEFAULT_PER_PAGE);
  if (perPage > MAX_PER_PAGE) return send(res, 400, { error: 'per_page limit is 150' });
  const page = Math.max(1, Number(url.searchParams.get('page') ?? 1));
  const totalPages = Math.max(1, Math.ceil(items.length / perPage));
  const at = (n: number) => {
    const link = new URL(url);
    link.searchParams.set('page', String(n));
    return link.toString();
  };
  send(res, 200, {
    [key]: items.slice((page - 1) * perPage, page * perPage),
    page,
    per_page: perPage,
    total_entries: items.length,
    total_pages: totalPages,
    next_page: page < totalPages ? at(page + 1) : null,
    previous_page: page > 1 ? at(page - 1) : null,
  });
}

const dayOf = (unixTime: number) => new Date(unixTime * 1000).toISOString().slice(0, 10);

function callsInRange(calls: readonly FakeCtmCall[], url: URL) {
  const from = url.searchParams.get('start_date');
  const to = url.searchParams.get('end_date');
  return calls
    .filter(
      (c) =>
        (from === null || dayOf(c.unix_time) >= from) && (to === null || dayOf(c.unix_time) <= to),
    )
    .sort((a, b) => b.unix_time - a.unix_time);
}

function placeCall(fake: FakeCtm, body: unknown, res: ServerResponse) {
  const request = (body ?? {}) as Record<string, unknown>;
  const from = fake.numbers.find((n) => n.number === request.from_number);
  const agent = fake.users.find((u) => u.id === request.user_id);
  if (typeof request.call_number !== 'string' || !/^\+\d{8,15}$/.test(request.call_number)) {
    return send(res, 422, { status: 'error', reason: 'call_number is not a valid phone number' });
  }
  if (!from)
    return send(res, 422, {
      status: 'error',
      reason: 'from_number is not a tracking number of this account',
    });
  if (!agent)
    return send(res, 422, { status: 'error', reason: 'user_id is not a user of this account' });
  const id = Math.max(1000, ...fake.calls.map((c) => c.id)) + 1;
  const call: FakeCtmCall = {
    id,
    sid: `CA${id.toString(16).padStart(32, '0')}`,
    direction: 'outbound',
    caller_number: request.call_number,
    tracking_number: from.number,
    dial_status: 'in-progress',
    unix_time: Math.floor(Date.now() / 1000),
    agent: { id: agent.id, name: `${agent.first_name} ${agent.last_name}`, email: agent.email },
  };
  fake.calls.push(call);
  send(res, 201, call);
}

function route(fake: FakeCtm, req: IncomingMessage, url: URL, body: unknown, res: ServerResponse) {
  const account = `/api/v1/accounts/${fake.accountId}`;
  const path = url.pathname;
  if (req.method === 'GET' && path === `${account}.json`) {
    return send(res, 200, { id: Number(fake.accountId), name: 'Harbor Law', status: 'active' });
  }
  if (req.method === 'GET' && path === `${account}/calls.json`) {
    return paged(res, url, 'calls', callsInRange(fake.calls, url));
  }
  if (req.method === 'GET' && (path === `${account}/users` || path === `${account}/users.json`)) {
    return paged(res, url, 'users', fake.users);
  }
  if (req.method === 'GET' && path === `${account}/numbers.json`) {
    return paged(res, url, 'numbers', fake.numbers);
  }
  if (req.method === 'POST' && path === `${account}/calls.json`) return placeCall(fake, body, res);
  if (path.startsWith('/api/v1/accounts/') && !path.startsWith(account)) {
    return send(res, 403, { status: 'error', reason: 'Access denied to this account' });
  }
  send(res, 404, { status: 'error', reason: 'Not Found' });
}

/** Starts the fake on an ephemeral port of 127.0.0.1. */
export async function startFakeCtm(
  seed: Partial<Pick<FakeCtm, 'calls' | 'users' | 'numbers'>> = {},
) {
  const failures: FakeCtmFailure[] = [];
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const fake: FakeCtm = {
    baseUrl: `http://127.0.0.1:${port}/api/v1`,
    accountId: '4242',
    accessKey: 'a0c4fake0access0key',
    secretKey: 'fake-ctm-secret-never-in-errors',
    calls: seed.calls ?? [],
    users: seed.users ?? [],
    numbers: seed.numbers ?? [],
    requests: [],
    failNext: (failure) => failures.push({ ...failure }),
    recover: () => failures.splice(0),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const expected = `Basic ${Buffer.from(`${fake.accessKey}:${fake.secretKey}`).toString('base64')}`;
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    void readBody(req).then((body) => {
      const url = new URL(req.url ?? '/', fake.baseUrl);
      const authorized = req.headers.authorization === expected;
      const query = Object.fromEntries(url.searchParams);
      fake.requests.push({ method: req.method ?? '', path: url.pathname, query, authorized, body });
      const failure = failures[0];
      if (failure) {
        if (--failure.times <= 0) failures.shift();
        const headers =
          failure.retryAfter === undefined ? {} : { 'retry-after': failure.retryAfter };
        const reason = {
          401: 'Unauthorized',
          429: 'Too Many Requests',
          503: 'Service Unavailable',
        };
        return send(
          res,
          failure.status,
          { status: 'error', reason: reason[failure.status] },
          headers,
        );
      }
      if (!authorized) return send(res, 401, { status: 'error', reason: 'Unauthorized' });
      route(fake, req, url, body, res);
    });
  });
  return fake;
}
