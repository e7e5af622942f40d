import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors';

/**
 * Text with the NUL character (U+0000) is refused with a 400 before any route sees it,
 * wherever it is: the JSON body, the query string or the path. PostgreSQL cannot store
 * it in text (it would fail the request deep in a query), and no field of ours has a use
 * for it, so both engines refuse it the same way (issue #17: one behaviour on both).
 */
export function installNulGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const where =
      findNul({ ...(request.params as object) }, 'path') ??
      findNul({ ...(request.query as object) }, 'query') ??
      findNul(request.body, 'body');
    if (where) throw badRequest(`${where}: text must not contain the NUL character`);
  });
}

/**
 * Parsed JSON only: arrays and plain objects (the path and query objects, whose
 * prototype is Fastify's, are copied into plain ones first). A raw body handed to its
 * route as a stream (a video upload) is not text to look into.
 */
function isPlainData(value: unknown): value is object {
  if (!value || typeof value !== 'object') return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return Array.isArray(value) || prototype === Object.prototype || prototype === null;
}

/**
 * The first place under `value` holding a string with NUL, as a dotted path. A loop over
 * an explicit stack, not recursion: a body may nest thousands of levels deep.
 */
function findNul(value: unknown, at: string): string | null {
  const stack: [unknown, string][] = [[value, at]];
  for (let next = stack.pop(); next; next = stack.pop()) {
    const [item, where] = next;
    if (typeof item === 'string') {
      if (item.includes('\u0000')) return where;
    } else if (isPlainData(item)) {
      const array = Array.isArray(item);
      for (const [key, inner] of Object.entries(item).reverse()) {
        if (key.includes('\u0000')) return `${where}.${key.replaceAll('\u0000', '\\u0000')}`;
        stack.push([inner, array ? `${where}[${key}]` : `${where}.${key}`]);
      }
    }
  }
  return null;
}
