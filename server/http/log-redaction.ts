import type { IncomingHttpHeaders } from 'node:http';

/**
 * Invite links carry their token in the path (spec: session 2 `login/{token}/invite`, 7
 * `users/{id}/password`), and the request log writes every URL. A log line must not be a
 * working invite: the token is replaced before the line is written.
 */
const TOKEN_PATHS: readonly RegExp[] = [
  /(\/login\/)[^/?#]+(\/invite)/,
  /(\/actions\/)[^/?#]+(\/invite)/,
  /(\/api\/users\/)[^/?#]+(\/password)(?=$|[?#])/,
  // A coaching video's signed link opens its file for two hours (server/coaching/media-links.ts).
  /(\/api\/coaching-media\/[^?#]+\?(?:[^#]*&)?signature=)[^&#]+()/,
];

export function redactTokens(url: string): string {
  return TOKEN_PATHS.reduce((current, pattern) => current.replace(pattern, '$1[token]$2'), url);
}

/**
 * What the serializer reads. Fastify passes its request (with host and ip) although its
 * types name the raw one; both fit this shape.
 */
interface LoggedRequest {
  method?: string;
  url?: string;
  headers?: IncomingHttpHeaders;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number } | null;
}

/** Fastify's own request serializer, with the URL's tokens redacted. */
export function requestLogSerializer(request: LoggedRequest) {
  const version = request.headers?.['accept-version'];
  return {
    method: request.method,
    url: request.url === undefined ? undefined : redactTokens(request.url),
    version: typeof version === 'string' ? version : undefined,
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
