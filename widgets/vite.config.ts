import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { collectWidgetCss } from './build/collect-css-plugin';

/** The classic script's own URL (intro below), standing in for import.meta.url. */
const IIFE_SCRIPT_URL = '__intakeWidgetsScriptUrl';
const root = fileURLToPath(new URL('..', import.meta.url));
const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * The script-tag bundle (`npm run build:widgets`), in two builds into dist/widgets:
 *   --mode iife  intake-widgets.js   one classic script for any page (+ the demo page)
 *   --mode es    intake-widgets.mjs  an ES module, with lazy chunks (chart.js, xlsx)
 * The reference server serves both at /widgets/ and the demo page at /widgets/demo.
 * NODE_ENV is defined, or the bundle throws "process is not defined" and ships
 * development React (TOOLCHAIN.md).
 */
export default defineConfig(({ mode }) => {
  const iife = mode !== 'es';
  return {
    root,
    plugins: [react(), collectWidgetCss(here('./styles/css-registry.ts'))],
    resolve: { alias: { '@': root } },
    define: {
      'process.env.NODE_ENV': '"production"',
      __APP_VERSION__: JSON.stringify(process.env.npm_package_version ?? '0.0.0'),
    },
    // Asset URLs (the export worker) relative to the bundle, wherever it is served from:
    // the ES chunks resolve them from import.meta.url; the classic script from its own URL
    // (rolldown's default would read document.currentScript when the export runs, long
    // after the script ran, and fall back to the page's address).
    base: './',
    experimental: iife
      ? {
          renderBuiltUrl: (fileName: string) => ({
            runtime: `new URL(${JSON.stringify(fileName)}, ${IIFE_SCRIPT_URL}).href`,
          }),
        }
      : undefined,
    // The demo page is copied once, with the first (IIFE) build.
    publicDir: iife ? here('./public') : false,
    build: {
      outDir: fileURLToPath(new URL('../dist/widgets', import.meta.url)),
      emptyOutDir: iife,
      target: 'es2022',
      // Library mode leaves ES output unminified by default; this bundle is for pages, not bundlers.
      minify: true,
      sourcemap: true,
      lib: {
        entry: here('./embed/intake-widgets.ts'),
        name: 'IntakeWidgetsBundle',
        formats: [iife ? 'iife' : 'es'],
        fileName: () => (iife ? 'intake-widgets.js' : 'intake-widgets.mjs'),
      },
      rollupOptions: iife
        ? {
            // A classic script has no import.meta (rolldown would make it `{}` and warn):
            // its URL is the <script>'s, read while it runs (rolldown.rs, "Non ESM output
            // formats"). The export worker and the default server address resolve from it.
            transform: { define: { 'import.meta.url': IIFE_SCRIPT_URL } },
            output: {
              intro: `var ${IIFE_SCRIPT_URL} = (document.currentScript && document.currentScript.src) || location.href;`,
            },
          }
        : { output: { chunkFileNames: 'chunks/[name]-[hash].mjs', minify: true } },
    },
  };
});
