import type { FastifyInstance } from 'fastify';
import { forbidden } from './errors';

const ALLOW_METHODS = 'GET,POST,PUT,PATCH,DELETE,OPTIONS';
const ALLOW_HEADERS = 'Authorization, Content-Type';
const PREFLIGHT_MAX_AGE_SECONDS = '600';

/**
 * Browser-extension origins. A web page cannot send one of these as its Origin (the
 * browser sets the header), so any extension origin is accepted without a list of ids:
 * the extension's id differs per build and browser (Chrome, Edge, Firefox's per-install
 * UUID), and another extension still needs a user's token to read anything.
 */
const EXTENSION_ORIGIN = /^(chrome-extension|moz-extension|safari-web-extension):\/\/[\w-]+$/i;

/** "https://Crm.Example.com/" → "https://crm.example.com"; throws on anything else. */
export function normaliseOrigin(value: string): string {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    throw new Error(`"${value}" is not an origin such as https://crm.example.com`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`"${value}" is not an http(s) origin`);
  }
  if ((url.pathname !== '/' && url.pathname !== '') || url.search || url.hash || url.username) {
    throw new Error(`"${value}" must be an origin only (scheme, host and port), without a path`);
  }
  return url.origin;
}

/** `ALLOWED_ORIGINS=https://a.example, https://b.example` → normalised origins. */
export function parseAllowedOrigins(value: string | undefined): string[] {
  if (!value) return [];
  return value
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '')
    .map((item) => {
      if (item === '*') throw new Error('ALLOWED_ORIGINS may not be "*": list each origin');
      return normaliseOrigin(item);
    });
}

export interface OriginPolicyOptions {
  /** Other origins whose pages call the API: the script-tag embed's sites, another app host. */
  allowedOrigins?: readonly string[];
}

/**
 * Which browser origins may call the API (issue #9 item 2): the server's own origin (the
 * app and /widgets/demo it serves, and Vite's dev server, which proxies with the Host it
 * was asked for), the configured origins, and browser extensions. No wildcard.
 */
export function createOriginPolicy(options: OriginPolicyOptions = {}) {
  const allowed = new Set((options.allowedOrigins ?? []).map(normaliseOrigin));
  return function isAllowedOrigin(origin: string, host: string | undefined): boolean {
    if (EXTENSION_ORIGIN.test(origin)) return true;
    let normalised: string;
    try {
      normalised = normaliseOrigin(origin);
    } catch {
      return false; // "null" (sandboxed frames, file:), or garbage
    }
    if (allowed.has(normalised)) return true;
    if (!host) return false;
    return (
      normalised === `http://${host.toLowerCase()}` ||
      normalised === `https://${host.toLowerCase()}`
    );
  };
}
export type OriginPolicy = ReturnType<typeof createOriginPolicy>;

/**
 * CORS for every HTTP route. An allowed origin gets its own origin echoed back (and, on
 * a preflight that asks, Chrome's Private Network Access consent, which a public page
 * embedding a widget needs to reach a server on the local network). Any other origin gets
 * no CORS header at all, so the browser keeps the answer from the page, and its
 * preflight is refused with 403. Requests without an Origin (curl, server to server, the
 * app's own same-origin GETs) are not CORS and pass untouched: the API authenticates with
 * Bearer tokens, never cookies.
 */
export function installCors(app: FastifyInstance, isAllowedOrigin: OriginPolicy): void {
  app.addHook('onRequest', async (request, reply) => {
    const origin = request.headers.origin;
    reply.header('vary', 'Origin');
    const allowed = origin !== undefined && isAllowedOrigin(origin, request.headers.host);
    if (allowed) reply.header('access-control-allow-origin', origin);
    if (request.method !== 'OPTIONS') return;
    if (origin !== undefined && !allowed) {
      throw forbidden(`The origin ${origin} may not call this server (see ALLOWED_ORIGINS).`);
    }
    reply.header('access-control-allow-methods', ALLOW_METHODS);
    reply.header('access-control-allow-headers', ALLOW_HEADERS);
    reply.header('access-control-max-age', PREFLIGHT_MAX_AGE_SECONDS);
    if (allowed && request.headers['access-control-request-private-network'] === 'true') {
      reply.header('access-control-allow-private-network', 'true');
    }
    return reply.code(204).send();
  });
}
