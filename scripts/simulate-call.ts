/**
 * `npm run simulate-call -- --to intake@harbor.test [--name "Dana Reyes"]
 * [--phone "+1 555 010 0199"] [--server http://127.0.0.1:8080] [--as system@intake.test]
 * [--password ...]`: rings an agent with a simulated incoming call (issue #13), as a system
 * user would from the system area. It signs in over HTTP (the demo password by default)
 * and calls POST /api/system/test-calls; the agent's open app or extension gets
 * `incomingCalls::{userId}` and opens the intake.
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

const USAGE = `Usage: npm run simulate-call -- --to AGENT_EMAIL [--name "Dana Reyes"] [--phone "+1 555 010 0199"]
       [--server http://127.0.0.1:8080] [--as system@intake.test] [--password PASSWORD]
Rings the agent with a simulated incoming call. The server must be running (npm start).`;

export const DEFAULT_LEAD_NAME = 'Dana Reyes';
export const DEFAULT_PHONE = '+1 555 010 0199';
export const DEFAULT_SYSTEM_USER = 'system@intake.test';

interface Values {
  to?: string;
  name?: string;
  phone?: string;
  server?: string;
  as?: string;
  password?: string;
}

export interface Output {
  log(line: string): void;
  error(line: string): void;
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

/** Runs the command; answers the exit code (0 placed, 1 refused or unreachable, 2 usage). */
export async function simulateCall(
  args: string[],
  out: Output = { log: console.log, error: console.error },
): Promise<number> {
  const parsed = parseCliArgs<Values>(
    {
      to: { type: 'string' },
      name: { type: 'string' },
      phone: { type: 'string' },
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
  const server = (values.server ?? `http://127.0.0.1:${process.env.PORT ?? 8080}`).replace(
    /\/+$/,
    '',
  );
  const username = values.as ?? DEFAULT_SYSTEM_USER;

  let token: string;
  try {
    const signIn = await post(`${server}/api/auth`, {
      username,
      password: values.password ?? DEMO_PASSWORD,
    });
    const auth = authResponseSchema.safeParse(signIn.body);
    if (signIn.status !== 200 || !auth.success) {
      out.error(
        `Could not sign in as ${username} at ${server}: ${messageOf(signIn.body, `HTTP ${signIn.status}`)}`,
      );
      return 1;
    }
    token = auth.data.data.attributes.AccessToken;
  } catch (error) {
    out.error(
      `No server answers at ${server} (${error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error)}). Start it with \`npm start\`, or pass --server.`,
    );
    return 1;
  }

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
  return 0;
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
