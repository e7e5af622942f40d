/**
 * `npm run simulate-call -- --to intake@harbor.test [--name "Dana Reyes"]
 * [--phone "+1 555 010 0199"] [--hangup-after SECONDS] [--server http://127.0.0.1:8080]
 * [--as system@intake.test] [--password ...]`: rings an agent with a simulated incoming
 * call (issue #13), as a system user would from the system area. It signs in over HTTP
 * (the demo password by default) and calls POST /api/system/test-calls; the agent's open
 * app or extension gets `incomingCalls::{userId}` and opens the intake. With
 * --hangup-after, the caller hangs up that many seconds later (POST
 * /api/system/test-calls/{id}/caller-hangup, issue #28): the agent's app gets
 * `callEnded::{userId}`, and a call the agent never took becomes a missed call.
 */
import { pathToFileURL } from 'node:url';
import { apiErrorSchema } from '@/shared/contracts/common';
import { authResponseSchema } from '@/shared/contracts/auth';
import {
  callTrackingPaths,
  type PlaceTestCall,
  trackedCallResponseSchema,
} from '@/shared/contracts/call-tracking';
import { parseCliArgs } from '@/server/cli-args';
import { DEMO_PASSWORD } from '@/server/seed/demo-accounts';

export const DEFAULT_LEAD_NAME = 'Dana Reyes';
export const DEFAULT_PHONE = '+1 555 010 0199';
export const DEFAULT_SYSTEM_USER = 'system@intake.test';
/**
 * The longest --hangup-after: an hour. A test call ends by itself after about 30 minutes
 * (place-calls.ts TEST_CALL_MAX_SECONDS); a later hang-up is then told it had ended.
 */
export const HANGUP_AFTER_MAX_SECONDS = 3600;

const USAGE = `Usage: npm run simulate-call -- --to AGENT_EMAIL [--name "Dana Reyes"] [--phone "+1 555 010 0199"]
       [--hangup-after SECONDS] [--server http://127.0.0.1:8080] [--as system@intake.test]
       [--password PASSWORD]
Rings the agent with a simulated incoming call. With --hangup-after, the caller hangs up
SECONDS later (more than 0, at most ${HANGUP_AFTER_MAX_SECONDS}) unless the call has ended by then.
The server must be running (npm start).`;

interface Values {
  to?: string;
  name?: string;
  phone?: string;
  'hangup-after'?: string;
  server?: string;
  as?: string;
  password?: string;
}

export interface Output {
  log(line: string): void;
  error(line: string): void;
}

/** How the command waits before the caller hangs up; tests pass one that does not. */
export type Wait = (ms: number) => Promise<void>;
const realWait: Wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** --hangup-after's seconds: a number more than 0 and at most an hour; null otherwise. */
export function parseHangUpAfter(value: string): number | null {
  const trimmed = value.trim();
  if (!/^\d+(\.\d+)?$/.test(trimmed)) return null;
  const seconds = Number(trimmed);
  return seconds > 0 && seconds <= HANGUP_AFTER_MAX_SECONDS ? seconds : null;
}

/** An answer's message, whatever shape the body has. */
function messageOf(body: unknown, fallback: string): string {
  const parsed = apiErrorSchema.safeParse(body);
  return parsed.success ? parsed.data.message : fallback;
}

async function post(
  url: string,
  body: unknown,
  token?: string,
): Promise<{ status: number; body: unknown }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // Not JSON (a proxy's error page): the status says enough.
  }
  return { status: response.status, body: parsed };
}

const unreachable = (server: string, error: unknown) =>
  `No server answers at ${server} (${error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error)}). Start it with \`npm start\`, or pass --server.`;

/** Signs in; answers the access token, or null once the failure is said. */
async function signIn(
  server: string,
  username: string,
  password: string,
  out: Output,
): Promise<string | null> {
  try {
    const answer = await post(`${server}/api/auth`, { username, password });
    const auth = authResponseSchema.safeParse(answer.body);
    if (answer.status !== 200 || !auth.success) {
      out.error(
        `Could not sign in as ${username} at ${server}: ${messageOf(answer.body, `HTTP ${answer.status}`)}`,
      );
      return null;
    }
    return auth.data.data.attributes.AccessToken;
  } catch (error) {
    out.error(unreachable(server, error));
    return null;
  }
}

/**
 * Runs the command; answers the exit code (0 placed — and, with --hangup-after, hung up or
 * found ended already —, 1 refused or unreachable, 2 usage).
 */
export async function simulateCall(
  args: string[],
  out: Output = { log: console.log, error: console.error },
  wait: Wait = realWait,
): Promise<number> {
  const parsed = parseCliArgs<Values>(
    {
      to: { type: 'string' },
      name: { type: 'string' },
      phone: { type: 'string' },
      'hangup-after': { type: 'string' },
      server: { type: 'string' },
      as: { type: 'string' },
      password: { type: 'string' },
    },
    USAGE,
    args,
  );
  if ('exit' in parsed) return parsed.exit;
  const { values } = parsed;
  if (!values.to) {
    out.error(`--to is required: the agent's sign-in e-mail, e.g. intake@harbor.test\n${USAGE}`);
    return 2;
  }
  let hangUpAfter: number | null = null;
  if (values['hangup-after'] !== undefined) {
    hangUpAfter = parseHangUpAfter(values['hangup-after']);
    if (hangUpAfter === null) {
      out.error(
        `--hangup-after must be a number of seconds more than 0 and at most ${HANGUP_AFTER_MAX_SECONDS}, not "${values['hangup-after']}".\n${USAGE}`,
      );
      return 2;
    }
  }
  const server = (values.server ?? `http://127.0.0.1:${process.env.PORT ?? 8080}`).replace(
    /\/+$/,
    '',
  );
  const username = values.as ?? DEFAULT_SYSTEM_USER;
  const password = values.password ?? DEMO_PASSWORD;

  const token = await signIn(server, username, password, out);
  if (token === null) return 1;

  const request: PlaceTestCall = {
    username: values.to,
    leadName: values.name ?? DEFAULT_LEAD_NAME,
    phone: values.phone ?? DEFAULT_PHONE,
  };
  const placed = await post(`${server}/api/${callTrackingPaths.testCalls()}`, request, token);
  const call = trackedCallResponseSchema.safeParse(placed.body);
  if (placed.status !== 201 || !call.success) {
    out.error(
      `The test call to ${values.to} was refused: ${messageOf(placed.body, `HTTP ${placed.status}`)}`,
    );
    return 1;
  }
  const { data } = call.data;
  out.log(
    `Ringing ${values.to}: ${data.leadName ?? request.leadName} (${data.fromNumber}) on ${data.trackingNumber ?? 'no tracking number'} — call ${data.id}.`,
  );
  if (hangUpAfter === null) return 0;

  out.log(`The caller hangs up in ${hangUpAfter} s.`);
  await wait(hangUpAfter * 1000);
  // Signed in again: an access token lasts 15 minutes, less than the longest wait.
  const later = await signIn(server, username, password, out);
  if (later === null) return 1;
  let hungUp: { status: number; body: unknown };
  try {
    hungUp = await post(`${server}/api/${callTrackingPaths.callerHangUp(data.id)}`, {}, later);
  } catch (error) {
    out.error(unreachable(server, error));
    return 1;
  }
  const ended = trackedCallResponseSchema.safeParse(hungUp.body);
  if (hungUp.status === 200 && ended.success) {
    const { status, duration } = ended.data.data;
    out.log(
      `The caller hung up: call ${data.id} ended ${status}${duration ? ` after ${duration} s of talk` : ''}.`,
    );
    return 0;
  }
  if (hungUp.status === 409) {
    // The agent hung up first, or the conversation ended: nothing went wrong.
    out.log(`Call ${data.id} had ended before the caller hung up.`);
    return 0;
  }
  out.error(
    `The caller could not hang up call ${data.id}: ${messageOf(hungUp.body, `HTTP ${hungUp.status}`)}`,
  );
  return 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  simulateCall(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : String(error));
      process.exitCode = 1;
    },
  );
}
