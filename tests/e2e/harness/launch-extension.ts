import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import puppeteer, { type Browser, type Target } from 'puppeteer';
import { requireExtensionBuild } from './extension-build';
import { findChromium } from './find-chromium';
import { CHROMIUM_ARGS } from './launch-browser';

/**
 * The background service worker, to evaluate in. Each evaluation opens a DevTools session
 * of its own: when the browser restarts a stopped worker it may keep the target's id, and
 * Puppeteer's cached `target.worker()` then still points at the old, gone context
 * ("Execution context is not available in detached worker"; Chrome reuses the id, see
 * microsoft/playwright#39476). A fresh session always reaches the running worker.
 */
export interface ExtensionWorker {
  /** Runs `fn(...args)` in the worker (awaited) and returns its JSON-serialisable result. */
  evaluate<Args extends unknown[], Result>(
    fn: (...args: Args) => Result | Promise<Result>,
    ...args: Args
  ): Promise<Result>;
}

export interface ExtensionBrowser {
  browser: Browser;
  /** The unpacked extension's id (chrome-extension://<id>/). */
  extensionId: string;
  /** chrome-extension://<id>/<path> */
  extensionUrl(path: string): string;
  /** The background service worker, waking it first if the browser stopped it. */
  worker(): Promise<ExtensionWorker>;
  /** Stops the background worker the way the browser does when it is idle. */
  stopWorker(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Headless Chromium with the unpacked production build loaded (TOOLCHAIN.md: pipe mode,
 * `enableExtensions`, a fresh profile, the network flags). Builds nothing.
 */
export async function launchWithExtension(
  options: { extensionDir?: string } = {},
): Promise<ExtensionBrowser> {
  const extensionDir = requireExtensionBuild(options.extensionDir);
  const userDataDir = mkdtempSync(join(tmpdir(), 'intake-extension-'));
  const browser = await puppeteer.launch({
    executablePath: findChromium(),
    headless: true,
    pipe: true,
    enableExtensions: [extensionDir],
    args: [...CHROMIUM_ARGS, `--user-data-dir=${userDataDir}`],
  });
  const target = await browser.waitForTarget(
    (candidate) =>
      candidate.type() === 'service_worker' && candidate.url().startsWith('chrome-extension://'),
    { timeout: 15_000 },
  );
  const extensionId = new URL(target.url()).host;
  const workerUrl = target.url();

  const isOurs = (t: { type(): string; url(): string }) =>
    t.type() === 'service_worker' && t.url() === workerUrl;

  async function worker(): Promise<ExtensionWorker> {
    const target = browser.targets().find(isOurs) ?? (await wake());
    return { evaluate: (fn, ...args) => evaluateIn(target, fn, args) };
  }

  async function evaluateIn<Args extends unknown[], Result>(
    target: Target,
    fn: (...args: Args) => Result | Promise<Result>,
    args: Args,
  ): Promise<Result> {
    const session = await target.createCDPSession();
    try {
      const { result, exceptionDetails } = await session.send('Runtime.evaluate', {
        expression: `(${fn.toString()})(...${JSON.stringify(args)})`,
        awaitPromise: true,
        returnByValue: true,
      });
      if (exceptionDetails) {
        const reason = exceptionDetails.exception?.description ?? exceptionDetails.text;
        throw new Error(`In the extension's worker: ${reason}`);
      }
      return result.value as Result;
    } finally {
      await session.detach().catch(() => undefined);
    }
  }

  async function wake() {
    // Opening one of our pages starts the worker again (it connects a port at once).
    const page = await browser.newPage();
    await page.goto(`chrome-extension://${extensionId}/popup.html`);
    const found = await browser.waitForTarget(isOurs);
    await page.close();
    return found;
  }

  return {
    browser,
    extensionId,
    extensionUrl: (path) => `chrome-extension://${extensionId}/${path.replace(/^\/+/, '')}`,
    worker,
    async stopWorker() {
      const live = browser.targets().find(isOurs);
      if (!live) return;
      // What the browser does to an idle worker (Chrome's "test service worker termination
      // with Puppeteer"): terminate it. Its memory is gone; the next port or event starts
      // it again, and it must come back from extension storage.
      const gone = new Promise<void>((resolve) => {
        const onDestroyed = (target: { type(): string; url(): string }) => {
          if (!isOurs(target)) return;
          browser.off('targetdestroyed', onDestroyed);
          resolve();
        };
        browser.on('targetdestroyed', onDestroyed);
      });
      await (await live.worker())?.close();
      await Promise.race([gone, new Promise((resolve) => setTimeout(resolve, 5000))]);
    },
    async close() {
      await browser.close();
      rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}
