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
      entry: fileURLToPath(new URL('./panel-runtime.ts', import.meta.url)),
      formats: ['es'],
      fileName: () => 'panel-runtime.js',
    },
    // Vite leaves whitespace in library-mode ES output; this module is for browsers, not bundlers.
    rollupOptions: {
      output: {
        chunkFileNames: '[name]-[hash].js',
        minify: true,
        codeSplitting: {
          groups: [
            { name: 'panel-shared', tags: ['$initial'], priority: 2 },
            { name: 'screens-shared', minShareCount: 2, priority: 1 },
          ],
        },
      },
      treeshake: { manualPureFunctions: ['z'] },
    },
  },
});
