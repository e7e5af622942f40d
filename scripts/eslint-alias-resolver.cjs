/**
 * An import resolver for eslint-plugin-import that knows what TypeScript and Vite know:
 * the `@/` alias (the repository root, as in tsconfig and the Vite configs), `.ts` and
 * `.tsx` files, and Vite's query suffixes (`./x.css?inline`, `./worker.ts?worker&url`).
 * Without it `import/no-restricted-paths` resolves nothing and enforces nothing
 * (issue #10 item 1); tests/tooling/layering.test.ts keeps it from going inert again.
 */
/* eslint-disable @typescript-eslint/no-require-imports -- eslint-plugin-import loads
   resolvers with require(), so this file is CommonJS. */
const path = require('node:path');
const nodeResolver = require('eslint-import-resolver-node');

const ROOT = path.resolve(__dirname, '..');
const EXTENSIONS = ['.ts', '.tsx', '.d.ts', '.js', '.mjs', '.cjs', '.json'];

exports.interfaceVersion = 2;

exports.resolve = function resolve(source, file) {
  const bare = source.split('?')[0];
  const target = bare.startsWith('@/') ? path.join(ROOT, bare.slice(2)) : bare;
  return nodeResolver.resolve(target, file, { extensions: EXTENSIONS });
};
