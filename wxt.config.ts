import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { build as viteBuild } from 'vite';
import { defineConfig } from 'wxt';
import { APP_MATCHES } from './extension/lib/app-origins';

const PANEL_CONFIG = path.resolve('extension/panel/vite.config.ts');
const NATIVE_BROWSER = path.resolve('extension/lib/native-browser.ts');
const PANEL_OUT_DIR = path.resolve('.wxt/panel-runtime');

/**
 * The standalone app's origins allowed to hand over their sign-in
 * ("Use this sign-in in your CRM tabs", externally_connectable). The background also
 * checks the exact configured server origin. Override for a deployment at build time:
 * INTAKE_APP_MATCHES="https://intake.example.com/*" npm run build:extension
 */
// APP_MATCHES (extension/lib/app-origins.ts) reads INTAKE_APP_MATCHES.

function listFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? listFiles(full) : [full];
  });
}

// WXT 0.20 layout: sources live at the repository root, extension entrypoints under
// extension/. Auto-imports are off so every file says where its names come from.
export default defineConfig({
  srcDir: '.',
  entrypointsDir: 'extension/entrypoints',
  publicDir: 'extension/public',
  outDir: '.output',
  imports: false,
  modules: ['@wxt-dev/module-react', '@wxt-dev/webextension-polyfill'],
  manifest: ({ browser }) => ({
    name: 'Intake Cockpit',
    description: 'Intake Cockpit widgets inside your CRM and call-tracking pages.',
    // storage: settings, tokens (storage.session); scripting: extra Keap hosts registered at
    // run time; notifications: browser push from the background (issue #12), so no CRM site
    // needs notification permission. The icon is extension/public/icon-128.png (WXT finds it).
    permissions: ['storage', 'scripting', 'notifications'],
    // Extra Keap / Infusionsoft hosts are asked for one by one from the options page.
    optional_host_permissions: ['https://*/*'],
    // The panel runtime: ES modules the content scripts import. Nothing secret is in
    // them and in a page's own world they can do nothing (no extension APIs there); the
    // cost is that a site can tell the extension is installed. https://*/* because an
    // admin's extra Keap hosts are only known at run time. Not use_dynamic_url (issue #9,
    // measured on Chromium 156): runtime.getURL still answers the fixed id, so the runtime's
    // own chunk imports (./panel-shared-*.js) are refused and no panel appears.
    web_accessible_resources: [{ resources: ['panel/*'], matches: ['https://*/*'] }],
    ...(browser === 'firefox'
      ? {
          // Firefox MV3 (README.md "Firefox"): an id of our own (AMO,
          // policies.json); 128 ESR at least: content-script hosts granted at install (127+),
          // storage.session, scripting.registerContentScripts. No storage.managed_schema key
          // (Firefox uses no schema for managed storage: policies.json / native manifests)
          // and no externally_connectable (Firefox ignores it: the app's
          // sign-in hand-over is Chrome-only, app-bridge.content.ts is left out).
          browser_specific_settings: {
            gecko: { id: 'intake-cockpit@intake.example', strict_min_version: '128.0' },
          },
        }
      : {
          // An IT admin forces settings by browser policy (storage.managed).
          storage: { managed_schema: 'managed-schema.json' },
          externally_connectable: { matches: APP_MATCHES },
        }),
  }),
  hooks: {
    // Content scripts are what every CRM page pays up front: they use the browser's own
    // extension object (extension/lib/native-browser.ts: MV3 APIs answer promises) instead
    // of the 10 kB webextension-polyfill the extension's pages and worker keep.
    'vite:build:extendConfig': (entrypoints, config) => {
      if (!entrypoints.every((entrypoint) => entrypoint.type === 'content-script')) return;
      config.resolve ??= {};
      const { alias } = config.resolve;
      const rest = Array.isArray(alias)
        ? alias
        : Object.entries(alias ?? {}).map(([find, replacement]) => ({ find, replacement }));
      config.resolve.alias = [{ find: /^wxt\/browser$/, replacement: NATIVE_BROWSER }, ...rest];
    },
    // The panel runtime is built with its own Vite config (code splitting, shadow-root CSS)
    // before every extension build, then copied in as public files under panel/.
    'build:before': async () => {
      process.env.VITE_CONFIG_NATIVE_IGNORE_WARNING ??= 'true';
      await viteBuild({ configFile: PANEL_CONFIG, mode: 'production' });
    },
    'build:publicAssets': (_wxt, files) => {
      for (const file of listFiles(PANEL_OUT_DIR)) {
        files.push({
          absoluteSrc: file,
          relativeDest: path.posix.join(
            'panel',
            path.relative(PANEL_OUT_DIR, file).split(path.sep).join('/'),
          ),
        });
      }
    },
  },
});
