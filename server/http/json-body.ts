import type { FastifyBodyParser, FastifyInstance } from 'fastify';
import {
  JSON_TOO_DEEP_MESSAGE,
  jsonDeeperThan,
  MAX_JSON_DEPTH,
} from '@/shared/domain/intake-limits';
import { badRequest } from './errors';

/** Largest accepted request body (Fastify's default, stated so it is a decision). */
export const BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * The API speaks JSON only (spec: session 7 "Every request carries a JSON content type").
 * - Fastify's own JSON parser stays in charge (prototype poisoning refused with 400,
 *   invalid JSON 400, over 1 MB 413), also for `application/*+json` (JSON:API).
 * - An EMPTY body with a JSON content type is no body, not an error: clients send the
 *   JSON content type on every call, including DELETE and bodiless POST.
 * - text/plain is not parsed, so it answers 415 instead of reaching a route as a string.
 * - A body nested deeper than MAX_JSON_DEPTH is a 400 here, before any hook or route sees
 *   it (issue #29): the zod contracts' recursive JSON validator overflowed the stack at
 *   about 1,560 levels and answered 500. Every JSON body of every route passes this parser.
 */
export function installJsonBodyParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser(['application/json', 'text/plain']);
  const parseJsonOrNothing: FastifyBodyParser<string> = (request, body, done) => {
    if (body === '') {
      done(null, undefined);
      return;
    }
    parseJson(request, body, (error, parsed: unknown) => {
      if (error) done(error, undefined);
      else if (jsonDeeperThan(parsed, MAX_JSON_DEPTH)) done(badRequest(JSON_TOO_DEEP_MESSAGE));
      else done(null, parsed);
    });
  };
  for (const contentType of ['application/json', /^application\/[\w.-]+\+json$/]) {
    app.addContentTypeParser(
      contentType,
      { parseAs: 'string', bodyLimit: BODY_LIMIT_BYTES },
      parseJsonOrNothing,
    );
  }
}
