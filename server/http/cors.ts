import type { FastifyInstance } from 'fastify';

const ALLOW_METHODS = 'GET,POST,PUT,PATCH,DELETE,OPTIONS';
const ALLOW_HEADERS = 'Authorization, Content-Type';
const PREFLIGHT_MAX_AGE_SECONDS = '600';

/**
 * CORS for every HTTP route: widgets on any page and the extension call the API from
 * other origins (ARCHITECTURE.md: script-tag embed, extension background). Any origin is
 * echoed: the API authenticates with Bearer tokens, never cookies, so another origin
 * gains nothing it could not do with the token itself. Preflights end here with 204.
 */
export function installCors(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    const origin = request.headers.origin;
    if (origin) {
      reply.header('access-control-allow-origin', origin);
      reply.header('vary', 'Origin');
    }
    if (request.method !== 'OPTIONS') return;
    reply.header('access-control-allow-methods', ALLOW_METHODS);
    reply.header('access-control-allow-headers', ALLOW_HEADERS);
    reply.header('access-control-max-age', PREFLIGHT_MAX_AGE_SECONDS);
    // A page on the public internet embedding a widget that talks to a server on the
    // local network needs Chrome's Private Network Access consent.
    if (request.headers['access-control-request-private-network'] === 'true') {
      reply.header('access-control-allow-private-network', 'true');
    }
    return reply.code(204).send();
  });
}
