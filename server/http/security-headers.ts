import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

/**
 * How long one request may take (Fastify's requestTimeout): the client gives up after
 * 60 s (spec: dashboards 7 "Default timeout 60 s"), so work past that helps no one.
 */
export const REQUEST_TIMEOUT_MS = 60_000;

export interface SecurityHeaderOptions {
  /** Configured API origins (ALLOWED_ORIGINS): the app may also connect to those. */
  allowedOrigins?: readonly string[];
  /**
   * Where the app is served (APP_ORIGIN, else the listen address; server/http/app-origin.ts):
   * its WebSocket address is named in connect-src. Null: 'self' only.
   */
  appOrigin?: () => string | null;
}

/** Answers that are not pages: nothing may load from them, nothing may frame them. */
const NON_HTML_POLICY = "default-src 'none'; frame-ancestors 'none'";

/**
 * The policy of an HTML page this server sends (issue #9 Low): scripts only from this
 * origin (plus the exact inline scripts a page declares by hash), no plugins, no framing
 * (clickjacking), no <base> tricks, forms only back here. Styles allow inline: React
 * components and the widgets' shadow roots set style attributes and <style> elements.
 * connect-src names the app origin's WebSocket address (ws: for http, wss: for https)
 * explicitly for browsers that do not match WebSockets with 'self'. Nothing in it comes
 * from the request (issue #29: a Host header was copied in unescaped).
 */
export function htmlContentSecurityPolicy(
  appOrigin: string | null,
  options: Omit<SecurityHeaderOptions, 'appOrigin'> & {
    inlineScriptHashes?: readonly string[];
  } = {},
): string {
  const sockets = appOrigin ? [appOrigin.replace(/^http/, 'ws')] : [];
  const hashes = (options.inlineScriptHashes ?? []).map((hash) => `'${hash}'`);
  return [
    "default-src 'self'",
    `script-src 'self'${hashes.length ? ` ${hashes.join(' ')}` : ''}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https:",
    "font-src 'self' data:",
    `connect-src 'self' ${[...sockets, ...(options.allowedOrigins ?? [])].join(' ')}`.trim(),
    "worker-src 'self' blob:",
    // Coaching videos (issue #16): YouTube's privacy-enhanced player in the lightbox.
    'frame-src https://www.youtube-nocookie.com',
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** `sha256-…` of each inline <script> of a page, for script-src. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)) {
    hashes.push(`sha256-${createHash('sha256').update(match[1], 'utf8').digest('base64')}`);
  }
  return hashes;
}

/**
 * Security headers on every answer (issue #9 Low): nosniff (a JSON or text answer is
 * never run as a script), no Referer leaving the app (report URLs carry workspace ids),
 * and a Content-Security-Policy: the page policy above for HTML, "nothing" for the rest.
 * A route that sets its own policy (the widgets demo page with its inline script) keeps it.
 */
export function installSecurityHeaders(
  app: FastifyInstance,
  options: SecurityHeaderOptions = {},
): void {
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'no-referrer');
    reply.header('x-frame-options', 'DENY');
    reply.header('cross-origin-opener-policy', 'same-origin');
    if (!reply.hasHeader('content-security-policy')) {
      const type = String(reply.getHeader('content-type') ?? '');
      reply.header(
        'content-security-policy',
        type.startsWith('text/html')
          ? htmlContentSecurityPolicy(options.appOrigin?.() ?? null, options)
          : NON_HTML_POLICY,
      );
    }
    return payload;
  });
}
