import type { FastifyBodyParser, FastifyInstance } from 'fastify';

/** Largest accepted request body (Fastify's default, stated so it is a decision). */
export const BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * The API speaks JSON only (spec: session 7 "Every request carries a JSON content type").
 * - Fastify's own JSON parser stays in charge (prototype poisoning refused with 400,
 *   invalid JSON 400, over 1 MB 413), also for `application/*+json` (JSON:API).
 * - An EMPTY body with a JSON content type is no body, not an error: clients send the
 *   JSON content type on every call, including DELETE and bodiless POST.
 * - text/plain is not parsed, so it answers 415 instead of reaching a route as a string.
 */
export function installJsonBodyParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser(['application/json', 'text/plain']);
  const parseJsonOrNothing: FastifyBodyParser<string> = (request, body, done) => {
    if (body === '') {
      done(null, undefined);
      return;
    }
    parseJson(request, body, done);
  };
  for (const contentType of ['application/json', /^application\/[\w.-]+\+json$/]) {
    app.addContentTypeParser(
      contentType,
      { parseAs: 'string', bodyLimit: BODY_LIMIT_BYTES },
      parseJsonOrNothing,
    );
  }
}
