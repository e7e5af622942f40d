import { normaliseOrigin } from './cors';
import { isLoopbackHost } from './exposure';

/**
 * Where the app is served (APP_ORIGIN, issue #29 point 6): the origin of invitation links
 * (`{appOrigin}/login/{token}/invite`) and of the WebSocket address in the pages' CSP. It
 * never comes from a request: a Host header is whatever the client sent, so an invitation
 * built from it could point the invitee at anybody's site with a valid token.
 */

/** `APP_ORIGIN=https://Cockpit.Example.com/` → "https://cockpit.example.com"; throws on a path. */
export function parseAppOrigin(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  if (!trimmed) return undefined;
  try {
    return normaliseOrigin(trimmed);
  } catch (error) {
    throw new Error(`APP_ORIGIN: ${error instanceof Error ? error.message : String(error)}`);
  }
}

export interface AppOriginFacts {
  /** The address the server is about to listen on. */
  host: string;
  /** APP_ORIGIN, if set. */
  appOrigin: string | undefined;
  /** A reverse proxy is trusted (TRUST_PROXY): the network reaches the server through it. */
  behindProxy: boolean;
}

/**
 * The start-up decision: a server the network reaches — a non-loopback address, or a
 * loopback one behind a reverse proxy — must be told its public origin, since its own
 * listen address is not where people open the app. Answers why it must not start, or null.
 * A server for this machine only (the demo, `npm start`) uses its listen address.
 */
export function appOriginRefusal(facts: AppOriginFacts): string | null {
  if (facts.appOrigin) return null;
  const exposed = !isLoopbackHost(facts.host);
  if (!exposed && !facts.behindProxy) return null;
  const why = exposed
    ? `it listens on ${facts.host}, which the network reaches`
    : 'it is behind a reverse proxy (TRUST_PROXY is set)';
  return [
    `Refusing to start without APP_ORIGIN: ${why}.`,
    'Invitation e-mails link to {APP_ORIGIN}/login/{token}/invite, and the server never takes',
    "that address from a request's Host header (anyone can send any Host).",
    'Set APP_ORIGIN to where people open the app, e.g. APP_ORIGIN=https://cockpit.example.com.',
  ].join('\n');
}

/** The origin of a listen address: "127.0.0.1" port 8080 → "http://127.0.0.1:8080". */
export function listenOrigin(host: string, port: number): string {
  const bare = host.replace(/^\[|\]$/g, '');
  const shown = bare === '0.0.0.0' || bare === '::' ? 'localhost' : bare;
  return `http://${shown.includes(':') ? `[${shown}]` : shown}:${port}`;
}
