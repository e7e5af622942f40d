import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import noDataCallInEffect from './scripts/eslint-rules/no-data-call-in-effect.js';

const ALIAS_RESOLVER = fileURLToPath(
  new URL('./scripts/eslint-alias-resolver.cjs', import.meta.url),
);

/**
 * Features do not import each other (STYLE.md, bulletproof-react): the app composes them,
 * and what several need lives in app/components or app/reports. One zone per feature
 * folder, so a new feature is covered without editing this file.
 */
const FEATURES_DIR = new URL('./app/features/', import.meta.url);
const featureZones = readdirSync(FEATURES_DIR, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => ({
    target: `./app/features/${entry.name}`,
    from: './app/features',
    except: [`./${entry.name}`],
    message:
      'Features do not import each other: move what both need below them (app/calls, app/reports, app/components), or compose them in the router.',
  }));

/**
 * The app's layers, top to bottom (issue #31 item 2): a file may import its own layer and
 * the layers below, never one above. The entry composes everything; the shell (top bar,
 * sidebar, layout) composes features and is imported by the entry alone; the features sit
 * on the call runtime and shared call hooks (app/calls), which sit on the live feed; the
 * bottom holds the building blocks. Every entry of app/ has a layer: a new folder fails
 * here until it is given one.
 */
export const APP_LAYERS = [
  {
    name: 'entry',
    paths: ['./app/main.tsx', './app/app.tsx', './app/router.tsx', './app/routing'],
  },
  { name: 'shell', paths: ['./app/shell'] },
  { name: 'features', paths: ['./app/features'] },
  { name: 'calls', paths: ['./app/calls'] },
  { name: 'live and reports', paths: ['./app/live', './app/reports'] },
  {
    name: 'building blocks',
    paths: [
      './app/components',
      './app/query',
      './app/host',
      './app/config',
      './app/styles',
      './app/public',
      './app/app-services.ts',
      './app/env.d.ts',
      './app/index.html',
      './app/vite.config.ts',
    ],
  },
];

const APP_DIR = new URL('./app/', import.meta.url);
const layered = new Set(APP_LAYERS.flatMap((layer) => layer.paths));
const unlayered = readdirSync(APP_DIR)
  .map((name) => `./app/${name}`)
  .filter((entry) => !layered.has(entry));
if (unlayered.length > 0) {
  throw new Error(`eslint.config.js: give ${unlayered.join(', ')} a layer in APP_LAYERS`);
}

const appLayerZones = APP_LAYERS.slice(1).map((layer, index) => ({
  target: layer.paths,
  from: APP_LAYERS.slice(0, index + 1).flatMap((above) => above.paths),
  message: `The ${layer.name} layer imports only its own layer and those below (APP_LAYERS).`,
}));

/** The longest a product function may be (issue #31 item 5), blank lines and comments aside. */
export const FUNCTION_MAX_LINES = 150;

export default tseslint.config(
  {
    ignores: [
      'node_modules',
      '.output',
      '.wxt',
      'dist',
      'data',
      'bench-data',
      'coverage',
      '**/.*.tmp.*',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks, import: importPlugin },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      // One-way dependencies (ARCHITECTURE.md): shared <- app <- widgets <- extension;
      // the server depends only on shared/contracts and shared/domain.
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './shared', from: ['./app', './widgets', './extension', './server'] },
            { target: './app', from: ['./widgets', './extension', './server'] },
            { target: './widgets', from: ['./extension', './server'] },
            {
              target: './server',
              from: ['./app', './widgets', './extension'],
            },
            // ...and of shared/, only the contracts, the pure rules and the call-flow
            // engine's definition checks: never the client's api, session, stores or transport.
            {
              target: './server',
              from: './shared',
              except: ['./contracts', './domain', './call-flow'],
            },
            // Within app/: each layer imports only the layers below it (APP_LAYERS).
            ...appLayerZones,
            ...featureZones,
          ],
        },
      ],
    },
    // Resolves `@/`, .ts/.tsx and Vite's ?query imports: without it the zones above match
    // nothing (issue #10 item 1).
    settings: { 'import/resolver': { [ALIAS_RESOLVER]: {} } },
  },
  {
    // No function over FUNCTION_MAX_LINES in product code (issue #31 item 5): a long
    // function is a sequence of named steps waiting to be named. Not for tests (a describe
    // block is a list of cases), nor seed data (server/seed/call-flows: the demo flows
    // are literal definitions), nor shipped migrations (history, never edited)).
    ignores: ['tests/**', 'server/seed/call-flows/**', 'server/db/migrations/**'],
    rules: {
      'max-lines-per-function': [
        'error',
        { max: FUNCTION_MAX_LINES, skipBlankLines: true, skipComments: true, IIFEs: true },
      ],
    },
  },
  {
    // One data layer (issue #31 item 3): screens load through the queries of shared/query
    // and write through useMutateAndInvalidate, never by hand in an effect. No file of app/
    // is exempt (tests/tooling/data-layer-lint.test.ts).
    files: ['app/**/*.{ts,tsx}'],
    plugins: { local: { rules: { 'no-data-call-in-effect': noDataCallInEffect } } },
    rules: { 'local/no-data-call-in-effect': 'error' },
  },
  {
    // One way to the database (issue #31 item 4): routes parse, authorize, call a
    // repository or service and answer; the queries live in server/repositories. The Db
    // type may be named (routes hand ctx.db on), never the query builder.
    files: ['server/routes/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/db/*', '@/server/db/*', 'kysely', 'better-sqlite3', 'pg'],
              allowTypeImports: true,
              message: 'Routes reach the database through server/repositories, not directly.',
            },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'CallExpression[callee.property.name=/^(selectFrom|insertInto|replaceInto|updateTable|deleteFrom|mergeInto|transaction)$/]',
          message: 'Queries belong in server/repositories: call a named repository function.',
        },
        {
          selector: "TaggedTemplateExpression[tag.name='sql'], MemberExpression[object.name='sql']",
          message: 'Raw SQL belongs in server/repositories: call a named repository function.',
        },
      ],
    },
  },
  {
    // Tests say what they mean (issue #31 item 8, docs/testing.md): toBeTruthy() on a
    // getBy… query can never fail (the query throws first), and toBeDefined() hides the
    // value a test knows. jest-dom's matchers, or the value itself.
    files: ['tests/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[property.name='toBeTruthy']",
          message:
            'Say what is expected: toBeInTheDocument()/toHaveTextContent() for an element, toBe/toEqual/toMatch for a value.',
        },
        {
          selector: "MemberExpression[property.name='toBeDefined']",
          message:
            'Assert the value itself (toBe, toEqual, toMatchObject), not that it is defined.',
        },
      ],
    },
  },
);
