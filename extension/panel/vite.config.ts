import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type UserConfig } from 'vite';
import { collectWidgetCss } from '../../widgets/build/collect-css-plugin';

const root = fileURLToPath(new URL('../..', import.meta.url));
const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));

/**
 * The two runtimes of the panel, built by wxt.config.ts before every `wxt build` /
 * `wxt zip` and copied into the extension:
 * - `page` → panel/: the CRM page's side (panel-runtime.ts), an ES module every site
 *   family's content script imports from the extension (web-accessible): the panel
 *   frame's host, the call buttons, the page's URL. No screens, no dialogs.
 * - `frame` → frame/: the panel frame's runtime (issue #29), loaded by
 *   extension/public/panel-frame.html: the side panel, every widget, the click-to-call
 *   dialogs. Only our own page loads these files: they are not web-accessible.
 */
export type PanelBuildPart = 'page' | 'frame';

export const PANEL_BUILD_OUT_DIRS: Record<PanelBuildPart, string> = {
  page: here('../../.wxt/panel-runtime'),
  frame: here('../../.wxt/panel-frame'),
};

const ENTRIES: Record<PanelBuildPart, Record<string, string>> = {
  page: { 'panel-runtime': here('./panel-runtime.ts') },
  // first-screen.js: the first widget's screen, started beside the runtime (issue #14).
  frame: {
    'panel-frame': here('./panel-frame-entry.ts'),
    'first-screen': here('./first-screen-entry.ts'),
  },
};

export function panelBuildConfig(part: PanelBuildPart): UserConfig {
  return {
    root,
    plugins: [react(), collectWidgetCss(here('../../widgets/styles/css-registry.ts'))],
    resolve: {
      alias: {
        '@': root,
        // The browser's own extension APIs: the runtimes need no polyfill (native-browser.ts).
        'wxt/browser': here('../lib/native-browser.ts'),
      },
    },
    define: {
      'process.env.NODE_ENV': '"production"',
      __APP_VERSION__: JSON.stringify(process.env.npm_package_version ?? '0.0.0'),
    },
    // Asset URLs (the export worker) relative to the module.
    base: './',
    publicDir: false,
    logLevel: 'warn',
    build: {
      outDir: PANEL_BUILD_OUT_DIRS[part],
      emptyOutDir: true,
      target: 'es2022',
      minify: true,
      modulePreload: false,
      lib: { entry: ENTRIES[part], formats: ['es'], fileName: (_format, name) => `${name}.js` },
      // Vite leaves whitespace in library-mode ES output; these modules are for browsers.
      rollupOptions: {
        output: {
          chunkFileNames: '[name]-[hash].js',
          minify: true,
          codeSplitting: {
            groups: [
              // first-screen.ts stays on its own: it must not wait for the runtime's chunk.
              {
                name: `${part}-shared`,
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
  };
}

// `vite build --config extension/panel/vite.config.ts` builds the frame's runtime.
export default defineConfig(panelBuildConfig('frame'));
