import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import puppeteer, { type Browser } from 'puppeteer';
import { findChromium } from './find-chromium';

/**
 * The flags every launch needs here (TOOLCHAIN.md): without the network flags Chromium
 * floods the closed network with refused connections.
 */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

export interface LaunchedBrowser {
  browser: Browser;
  close(): Promise<void>;
}

/** Headless Chromium with a fresh profile; `extensionDir` loads an unpacked build. */
export async function launchBrowser(
  options: { extensionDir?: string } = {},
): Promise<LaunchedBrowser> {
  const userDataDir = mkdtempSync(join(tmpdir(), 'intake-chromium-'));
  const browser = await puppeteer.launch({
    executablePath: findChromium(),
    headless: true,
    pipe: true,
    args: [...CHROMIUM_ARGS, `--user-data-dir=${userDataDir}`],
    ...(options.extensionDir ? { enableExtensions: [options.extensionDir] } : {}),
  });
  return {
    browser,
    async close() {
      await browser.close();
      rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}
