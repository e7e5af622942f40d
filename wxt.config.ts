import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { build as viteBuild } from 'vite';
import { defineConfig } from 'wxt';
import { APP_MATCHES } from './extension/lib/app-origins';
import { PANEL_FRAME_PATH } from './extension/lib/panel-frame-protocol';
import { PANEL_BUILD_OUT_DIRS, panelBuildConfig } from './extension/panel/vite.config';

const NATIVE_BROWSER = path.resolve('extension/lib/native-browser.ts');
/** Where each panel build lands in the extension (extension/panel/vite.config.ts). */
const PANEL_DESTINATIONS = [
  { from: PANEL_BUILD_OUT_DIRS.page, to: 'panel' },
  { from: PANEL_BUILD_OUT_DIRS.frame, to: 'frame' },
] as const;

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
    // panel/*: the CRM page's side of the panel, ES modules the content scripts import.
    // Nothing secret is in them and in a page's own world they can do nothing (no
    // extension APIs there); the cost is that a site can tell the extension is installed.
    // panel-frame.html (issue #29): the page the panel renders in, framed by the CRM page
    // so that the page hears nothing the agent types. Its own modules (frame/*) are ours
    // to load, not the web's. https://*/* for both because an admin's extra Keap hosts are
    // only known at run time and the manifest cannot grow with them (Chromium refuses a
    // frame to any page its `matches` do not list, host permission or not): the frame
    // checks at run time that every page framing it is one of our sites' (panel-frame.ts
    // framedBySite) and renders nothing elsewhere, and the background admits its port only
    // in a tab whose page is one of our sites (sender-policy.ts).
    // Not use_dynamic_url (issue #9, measured on Chromium 156): runtime.getURL still
    // answers the fixed id, so the runtime's own chunk imports are refused.
    web_accessible_resources: [
      { resources: ['panel/*', PANEL_FRAME_PATH.slice(1)], matches: ['https://*/*'] },
    ],
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
    // The panel's two runtimes are built with their own Vite config (code splitting,
    // shadow-root CSS) before every extension build, then copied in as public files:
    // the CRM page's side under panel/, the panel frame's under frame/.
    'build:before': async () => {
      process.env.VITE_CONFIG_NATIVE_IGNORE_WARNING ??= 'true';
      for (const part of ['page', 'frame'] as const) {
        await viteBuild({ ...panelBuildConfig(part), configFile: false, mode: 'production' });
      }
    },
    'build:publicAssets': (_wxt, files) => {
      for (const { from, to } of PANEL_DESTINATIONS) {
        for (const file of listFiles(from)) {
          files.push({
            absoluteSrc: file,
            relativeDest: path.posix.join(to, path.relative(from, file).split(path.sep).join('/')),
          });
        }
      }
    },
  },
});
