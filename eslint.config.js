import js from '@eslint/js';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

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
              from: [
                './app',
                './widgets',
                './extension',
                './shared/api',
                './shared/stores',
                './shared/transport',
              ],
            },
          ],
        },
      ],
    },
    settings: { 'import/resolver': { node: true } },
  },
);
