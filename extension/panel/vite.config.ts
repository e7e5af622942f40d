import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { collectWidgetCss } from '../../widgets/build/collect-css-plugin';

const root = fileURLToPath(new URL('../..', import.meta.url));
export const PANEL_RUNTIME_OUT_DIR = fileURLToPath(
  new URL('../../.wxt/panel-runtime', import.meta.url),
);

/**
 * The panel runtime: one ES module (+ lazy chunks) that every site family's content
 * script imports from the extension (web-accessible under panel/). Built by wxt.config.ts
 * before every `wxt build` / `wxt zip`, and copied into the extension.
 */
export default defineConfig({
  root,
  plugins: [
    react(),
    collectWidgetCss(
      fileURLToPath(new URL('../../widgets/styles/css-registry.ts', import.meta.url)),
    ),
  ],
  resolve: {
    alias: {
      '@': root,
      // The browser's own extension APIs: the panel runtime needs no polyfill (native-browser.ts).
      'wxt/browser': fileURLToPath(new URL('../lib/native-browser.ts', import.meta.url)),
    },
  },
  define: {
    'process.env.NODE_ENV': '"production"',
    __APP_VERSION__: JSON.stringify(process.env.npm_package_version ?? '0.0.0'),
  },
  // Asset URLs (the export worker) relative to the module: the runtime lives under panel/.
  base: './',
  publicDir: false,
  logLevel: 'warn',
  build: {
    outDir: PANEL_RUNTIME_OUT_DIR,
    emptyOutDir: true,
    target: 'es2022',
    minify: true,
    modulePreload: false,
    lib: {
      // first-screen.js: the loader's early ask for the first widget's screen (issue #14).
      entry: {
        'panel-runtime': fileURLToPath(new URL('./panel-runtime.ts', import.meta.url)),
        'first-screen': fileURLToPath(new URL('./first-screen.ts', import.meta.url)),
      },
      formats: ['es'],
      fileName: (_format, name) => `${name}.js`,
    },
    // Vite leaves whitespace in library-mode ES output; this module is for browsers, not bundlers.
    rollupOptions: {
      output: {
        chunkFileNames: '[name]-[hash].js',
        minify: true,
        codeSplitting: {
          groups: [
            // first-screen.ts stays on its own: it must not wait for the runtime's chunk.
            {
              name: 'panel-shared',
              tags: ['$initial'],
              test: (id: string) => !id.includes('/extension/panel/first-screen'),
              priority: 2,
            },
            { name: 'screens-shared', minShareCount: 2, priority: 1 },
          ],
        },
      },
      treeshake: { manualPureFunctions: ['z'] },
    },
  },
});
