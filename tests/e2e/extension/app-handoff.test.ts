import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  launchWithExtension,
  openPopup,
  setServerAddress,
  startServer,
  type ExtensionBrowser,
  type RunningServer,
} from '../harness';

// "Use this sign-in in your CRM tabs": the standalone app hands the extension a session
// of its own, so one sign-in serves both, and the app's own session keeps working.

let server: RunningServer;
let ext: ExtensionBrowser;

beforeAll(async () => {
  server = await startServer();
  ext = await launchWithExtension();
  await setServerAddress(ext, server.url);
});

afterAll(async () => {
  await ext?.close();
  await server?.stop();
});

describe('sharing the app’s sign-in with the extension', () => {
  it('signs the extension in from the app’s button, and the app stays signed in', async () => {
    const app = await ext.browser.newPage();
    await app.goto(`${server.url}/login`);
    await app.waitForSelector('input[name="username"]');
    await app.type('input[name="username"]', 'admin@lakeside.test');
    await app.type('input[name="password"]', 'demo-password');
    await app.click('button[type="submit"]');
    await app.waitForFunction(() => location.pathname === '/app/dashboards/cockpit');

    const offer = await app.waitForSelector(
      'button[aria-label="Use this sign-in in your CRM tabs"]',
      { timeout: 10_000 },
    );
    await offer!.click();
    await app.waitForSelector('button[aria-label="Your CRM tabs use this sign-in"]', {
      timeout: 10_000,
    });

    const popup = await openPopup(ext);
    const user = await popup.waitForSelector('[data-testid="popup-user"]', { timeout: 10_000 });
    expect(await user!.evaluate((node) => node.textContent)).toContain('(Admin)');
    await popup.close();

    // The app's own session is untouched: a reload keeps it on its page.
    await app.reload();
    await app.waitForSelector('main h1');
    expect(await app.evaluate(() => location.pathname)).toBe('/app/dashboards/cockpit');
    await app.close();
  });

  it('marks the app’s pages with the extension id and nothing else', async () => {
    const page = await ext.browser.newPage();
    await page.goto(`${server.url}/login`);
    expect(
      await page.evaluate(() => document.documentElement.getAttribute('data-intake-extension-id')),
    ).toBe(ext.extensionId);
    await page.close();
  });

  it('leaves every other localhost page alone (issue #9: only the configured app)', async () => {
    const other = createServer((_request, response) => {
      response.setHeader('content-type', 'text/html');
      response.end('<!doctype html><title>Some other local app</title><p>hello</p>');
    });
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    const { port } = other.address() as AddressInfo;
    const page = await ext.browser.newPage();
    try {
      await page.goto(`http://127.0.0.1:${port}/`);
      // Time for the bridge to have run, were it going to.
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect(
        await page.evaluate(() =>
          document.documentElement.getAttribute('data-intake-extension-id'),
        ),
      ).toBeNull();
    } finally {
      await page.close();
      other.closeAllConnections();
      await new Promise((resolve) => other.close(resolve));
    }
  });
});

describe('the server address', () => {
  it('stays put when something other than the options page writes storage.local (issue #9)', async () => {
    // What a compromised content script can do: chrome.storage.local is open to it.
    const worker = await ext.worker();
    await worker.evaluate(async () => {
      const api = (
        globalThis as unknown as {
          chrome: { storage: { local: { set(items: object): Promise<void> } } };
        }
      ).chrome;
      await api.storage.local.set({
        settings: { serverOrigin: 'https://attacker.example', sites: {}, extraKeapHosts: [] },
      });
    });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const appOrigin = await (
      await ext.worker()
    ).evaluate(
      () =>
        (
          globalThis as unknown as { __intakeDiagnostics(): { session: { appOrigin: string } } }
        ).__intakeDiagnostics().session.appOrigin,
    );
    expect(appOrigin).toBe(server.url);
  });
});
