import { defineConfig } from 'wxt';

// WXT 0.20 layout: sources live at the repository root, extension entrypoints under
// extension/. Auto-imports are off so every file says where its names come from.
export default defineConfig({
  srcDir: '.',
  entrypointsDir: 'extension/entrypoints',
  publicDir: 'extension/public',
  outDir: '.output',
  imports: false,
  modules: ['@wxt-dev/module-react', '@wxt-dev/webextension-polyfill'],
  manifest: {
    name: 'Intake Cockpit',
    description: 'Intake Cockpit widgets inside your CRM and call-tracking pages.',
    permissions: ['storage'],
  },
});
