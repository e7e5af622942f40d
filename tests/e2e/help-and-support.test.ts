import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { freshAppPage, signInToApp } from './harness/app-pages';
import { appSuite } from './harness/app-suite';

// Issue #30: the support contact comes from the server's SUPPORT_EMAIL / SUPPORT_URL, and
// the top bar's "?" opens the help page, in a real Chromium against the real server.

const SUPPORT = {
  email: 'help@lakeside-law.example',
  url: 'https://desk.lakeside-law.example/tickets',
};
const suite = appSuite({
  support: SUPPORT,
  docsRoot: path.resolve(import.meta.dirname, '../..'),
});

describe('help and support (issue #30)', () => {
  it("links the sign-in page's Contact support to the server's support page", async () => {
    const { context, page } = await freshAppPage(suite.chromium.browser);
    try {
      await page.goto(`${suite.server.url}/login`);
      const link = await page.waitForSelector('.ic-signin__help a');
      // The default address first, then the server's contact once GET public-config answers.
      await page.waitForFunction(
        (url) => document.querySelector('.ic-signin__help a')?.getAttribute('href') === url,
        { timeout: 10_000 },
        SUPPORT.url,
      );
      expect(await link!.evaluate((a) => [a.getAttribute('target'), a.textContent])).toEqual([
        '_blank',
        'Contact support (opens in a new tab)',
      ]);
    } finally {
      await context.close();
    }
  });

  it('opens the help page from the top bar with the keyboard, with the contact and readable guides', async () => {
    const { context, page } = await freshAppPage(suite.chromium.browser);
    try {
      await signInToApp(page, suite.server.url, 'owner@lakeside.test');
      let reached = false;
      for (let presses = 0; presses < 40 && !reached; presses++) {
        await page.keyboard.press('Tab');
        reached = await page.evaluate(
          () => document.activeElement?.getAttribute('aria-label') === 'Help and support',
        );
      }
      expect(reached).toBe(true);
      await page.keyboard.press('Enter');
      await page.waitForFunction(() => location.pathname === '/app/help', { timeout: 10_000 });
      await page.waitForFunction(
        (email) => document.body.textContent?.includes(email),
        { timeout: 10_000 },
        SUPPORT.email,
      );
      const ticket = await page.$eval('.ic-help__actions a', (a) => a.getAttribute('href'));
      expect(ticket).toBe(SUPPORT.url);
      const guides = await page.$$eval('.ic-help__guide a', (links) =>
        links.map((a) => a.getAttribute('href')),
      );
      expect(guides).toContain('/docs/cockpit.md');
      const guide = '/docs/cockpit.md';
      const served = await page.evaluate(async (href) => {
        const answer = await fetch(href);
        return [answer.status, answer.headers.get('content-type'), await answer.text()];
      }, guide);
      expect(served[0]).toBe(200);
      expect(served[1]).toBe('text/plain; charset=utf-8');
      expect(served[2]).toContain('# Cockpit');
    } finally {
      await context.close();
    }
  });
});
