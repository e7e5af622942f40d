import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { errorBody } from './errors';
import { htmlContentSecurityPolicy, inlineScriptHashes } from './security-headers';

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
};

/** dist/widgets beside dist/app (npm run build:widgets writes it). */
export function widgetsDirFor(staticDir: string | undefined): string | null {
  return staticDir ? path.join(path.dirname(path.resolve(staticDir)), 'widgets') : null;
}

/**
 * The script-tag widget bundle (ARCHITECTURE.md "Script-tag embed"): /widgets/intake-widgets.js
 * (IIFE), /widgets/intake-widgets.mjs (+ its chunks) and the demo page at /widgets/demo.
 * Files only from dist/widgets, by a name that cannot climb out of it; built or not is
 * checked per request, like the app.
 */
export function registerStaticWidgets(
  app: FastifyInstance,
  staticDir: string | undefined,
  options: { appOrigin?: () => string | null } = {},
): void {
  const root = widgetsDirFor(staticDir);
  const notFound = (url: string) => errorBody(404, `Route GET:${url} not found`);

  async function send(
    file: string,
    request: import('fastify').FastifyRequest,
    reply: import('fastify').FastifyReply,
  ) {
    const url = request.url;
    const full = root ? path.resolve(root, file) : null;
    if (!full || !root || !full.startsWith(root + path.sep) || !existsSync(full)) {
      return reply.code(404).type('application/json').send(notFound(url));
    }
    const type = TYPES[path.extname(full)] ?? 'application/octet-stream';
    const body = await readFile(full);
    if (type.startsWith('text/html')) {
      // The demo page's own inline script is allowed by its hash, nothing else inline.
      reply.header(
        'content-security-policy',
        htmlContentSecurityPolicy(options.appOrigin?.() ?? null, {
          inlineScriptHashes: inlineScriptHashes(body.toString('utf8')),
        }),
      );
    } else {
      // Widgets are embedded cross-origin: a page anywhere may load the bundle.
      reply.header('access-control-allow-origin', '*');
    }
    reply.header('cache-control', 'no-cache');
    return reply.type(type).send(body);
  }

  app.get('/widgets/demo', (request, reply) => send('demo.html', request, reply));
  app.get<{ Params: { '*': string } }>('/widgets/*', (request, reply) => {
    const name = request.params['*'];
    if (!/^(chunks\/)?[\w.-]+\.(m?js|map)$/.test(name)) {
      return reply.code(404).type('application/json').send(notFound(request.url));
    }
    return send(name, request, reply);
  });
}
