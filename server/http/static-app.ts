import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorBody } from './errors';

/** Paths the single-page app never owns: APIs, sockets, the widget bundle and the docs. */
const RESERVED_PREFIXES = ['/api', '/call-center', '/socket.io', '/widgets', '/docs'];

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Intake Cockpit</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 40rem; margin: 4rem auto; line-height: 1.5">
<h1>Intake Cockpit</h1>
<p>The server is running, but the app is not built yet. Run <code>npm run build</code> (or
<code>npm start</code>, which builds first) and reload this page.</p>
<p>The API answers under <code>/api</code>.</p>
</body>
</html>
`;

function isReserved(pathname: string): boolean {
  return RESERVED_PREFIXES.some(
    (prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`),
  );
}

/** A client-side route: GET, not reserved, and its last segment has no file extension. */
function isSpaRoute(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const pathname = request.url.split('?')[0];
  const lastSegment = pathname.slice(pathname.lastIndexOf('/') + 1);
  return !isReserved(pathname) && !lastSegment.includes('.');
}

/**
 * Serves the built app (dist/app) at `/` with the single-page-app fallback, and answers
 * everything else that matches no route with the JSON 404 of the API contract.
 * Whether the app is built is checked per request, so `npm run build` while the server
 * runs needs no restart.
 */
export async function registerStaticApp(
  app: FastifyInstance,
  staticDir: string | undefined,
): Promise<void> {
  if (staticDir) {
    await app.register(fastifyStatic, {
      root: path.resolve(staticDir),
      prefix: '/',
      wildcard: true,
    });
  }
  const indexFile = staticDir ? path.join(path.resolve(staticDir), 'index.html') : null;

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    if (isSpaRoute(request)) {
      reply.header('cache-control', 'no-cache');
      if (indexFile && existsSync(indexFile)) return reply.type('text/html').sendFile('index.html');
      return reply.code(200).type('text/html; charset=utf-8').send(NOT_BUILT_PAGE);
    }
    const pathname = request.url.split('?')[0];
    return reply
      .code(404)
      .type('application/json')
      .send(errorBody(404, `Route ${request.method}:${pathname} not found`));
  });
}
