import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { errorBody } from './errors';

/** A document's name: README.md or a file of docs/, nothing with a path in it. */
const DOC_NAME = /^[A-Za-z0-9][A-Za-z0-9-]*\.md$/;

/**
 * GET /docs/{name}.md (issue #30): the product's documentation — README.md and the guides
 * of docs/ — as plain text, for the help page's links. Public like the repository they
 * come from; nothing else of the folder is reachable (no sub-folders, no other files).
 */
export function registerStaticDocs(app: FastifyInstance, root: string | undefined): void {
  if (!root) return;
  app.get<{ Params: { name: string } }>('/docs/:name', async (request, reply) => {
    const { name } = request.params;
    const notFound = () => reply.code(404).send(errorBody(404, `No document named ${name}`));
    if (!DOC_NAME.test(name)) return notFound();
    const file = name === 'README.md' ? path.join(root, name) : path.join(root, 'docs', name);
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch {
      return notFound();
    }
    return reply.type('text/plain; charset=utf-8').header('cache-control', 'no-cache').send(text);
  });
}
