import type { Page } from 'puppeteer';
import { describe, expect, it } from 'vitest';
import { en } from '@/shared/i18n/en';
import { freshAppPage } from './harness/app-pages';
import { appSuite } from './harness/app-suite';

// Issue "Foundation": every row of the sign-in table lands where it says, in a real
// Chromium against the real server and the built app.

const suite = appSuite();

const freshPage = () => freshAppPage(suite.chromium.browser);

async function signIn(page: Page, username: string, password = 'demo-password') {
  await page.goto(`${suite.server.url}/login`);
  await page.waitForSelector('input[name="username"]');
  await page.type('input[name="username"]', username);
  await page.type('input[name="password"]', password);
  await page.click('button[type="submit"]');
}

/** Waits until some alert on the page says `text` (live regions exist before they speak). */
async function waitForAlert(page: Page, text: string): Promise<void> {
  await page.waitForFunction(
    (expected) =>
      [...document.querySelectorAll('[role="alert"]')].some((node) =>
        node.textContent?.includes(expected),
      ),
    { timeout: 10_000 },
    text,
  );
}

const pathname = (page: Page) => page.evaluate(() => window.location.pathname);

async function waitForPath(page: Page, path: string): Promise<void> {
  await page.waitForFunction(
    (expected) => window.location.pathname === expected,
    { timeout: 15_000 },
    path,
  );
}

const LANDINGS: [username: string, landing: string][] = [
  ['owner@lakeside.test', '/app/dashboards/cockpit'],
  ['admin@lakeside.test', '/app/dashboards/cockpit'],
  ['agent@lakeside.test', '/app/dashboards/agent'],
  ['consultant@lakeside.test', '/app/profile/credentials'],
  ['owner@harbor.test', '/app/dashboards/dashboard'],
  ['agent@harbor.test', '/app/dashboards/agent'],
  ['owner@summit.test', '/app/dashboards/cockpit'],
  ['agent@summit.test', '/app/profile/user-info'],
  ['system@intake.test', '/app/system/workspaces'],
];

describe('signing in with each demo user', () => {
  it.each(LANDINGS)('%s lands on %s with the shell around it', async (username, landing) => {
    const { context, page } = await freshPage();
    try {
      await signIn(page, username);
      await waitForPath(page, landing);
      // The main layout is up: a navigation landmark and a page heading.
      await page.waitForSelector('nav');
      await page.waitForSelector('main h1');
      // A reload keeps the session and the page.
      await page.reload();
      await page.waitForSelector('main h1');
      expect(await pathname(page)).toBe(landing);
    } finally {
      await context.close();
    }
  });

  // issue #29: "inactive" only for the right password confirmed the password; the sign-in
  // of an inactive account now reads as a wrong password does.
  it('refuses inactive@summit.test as a wrong password and stays on the sign-in page', async () => {
    const { context, page } = await freshPage();
    try {
      await signIn(page, 'inactive@summit.test');
      await waitForAlert(page, en.INVALID_CREDENTIALS);
      expect(await pathname(page)).toBe('/login');
    } finally {
      await context.close();
    }
  });

  it('shows an error for a wrong password and keeps what was typed', async () => {
    const { context, page } = await freshPage();
    try {
      await signIn(page, 'owner@lakeside.test', 'wrong-password');
      await waitForAlert(page, en.INVALID_CREDENTIALS);
      expect(
        await page.$eval('input[name="username"]', (node) => (node as HTMLInputElement).value),
      ).toBe('owner@lakeside.test');
    } finally {
      await context.close();
    }
  });

  it('logs out back to /login, and /app then asks for a sign-in again', async () => {
    const { context, page } = await freshPage();
    try {
      await signIn(page, 'owner@harbor.test');
      await waitForPath(page, '/app/dashboards/dashboard');
      const logout = await page.waitForSelector(
        'button[aria-label="Log out"], button ::-p-text(Log out)',
      );
      await logout?.click();
      await waitForPath(page, '/login');
      await page.goto(`${suite.server.url}/app/dashboards/dashboard`);
      await waitForPath(page, '/login');
      expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
    } finally {
      await context.close();
    }
  });
});

describe('routes outside the app', () => {
  it('shows the 404 page for an unknown path', async () => {
    const { context, page } = await freshPage();
    try {
      await page.goto(`${suite.server.url}/no/such/page`);
      await waitForPath(page, '/404');
      await page.waitForSelector('h1');
    } finally {
      await context.close();
    }
  });

  it('sends actions/abc/invite on to login/abc/invite', async () => {
    const { context, page } = await freshPage();
    try {
      await page.goto(`${suite.server.url}/actions/abc/invite`);
      await waitForPath(page, '/login/abc/invite');
      await page.waitForSelector('input[name="username"]');
    } finally {
      await context.close();
    }
  });

  it('sends an unauthenticated visitor of /app to /login', async () => {
    const { context, page } = await freshPage();
    try {
      await page.goto(`${suite.server.url}/app/dashboards/cockpit`);
      await waitForPath(page, '/login');
    } finally {
      await context.close();
    }
  });
});
