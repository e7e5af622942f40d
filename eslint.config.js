import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

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
      'Features do not import each other: move what both need to app/components or app/reports.',
  }));

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
            // Shared app building blocks sit below the features that compose them.
            { target: './app/reports', from: ['./app/features'] },
            { target: './app/components', from: ['./app/features', './app/reports'] },
            { target: './app/query', from: ['./app/features', './app/reports'] },
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
