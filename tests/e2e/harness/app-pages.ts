import type { Browser, BrowserContext, Page } from 'puppeteer';
import { DEMO_PASSWORD } from '@/server/seed/demo-accounts';

/** A page of its own browser context (its own storage: one signed-in user) at 1280×900. */
export async function freshAppPage(
  browser: Browser,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  // Wide enough for the full sidebar (parents expand in place, not as mini flyouts).
  await page.setViewport({ width: 1280, height: 900 });
  return { context, page };
}

/** Signs in through the app's own form and waits for the landing page under /app/. */
export async function signInToApp(
  page: Page,
  serverUrl: string,
  username: string,
  password = DEMO_PASSWORD,
): Promise<void> {
  await page.goto(`${serverUrl}/login`);
  await page.waitForSelector('input[name="username"]');
  await page.type('input[name="username"]', username);
  await page.type('input[name="password"]', password);
  await page.click('button[type="submit"]');
  await page.waitForFunction(() => location.pathname.startsWith('/app/'), { timeout: 20_000 });
}

/** The top bar's theme switch, as a person uses it; waits for the whole document to follow. */
export async function switchTheme(page: Page, theme: 'light' | 'dark'): Promise<void> {
  const current = await page.evaluate(() => document.documentElement.dataset.theme);
  if (current === theme) return;
  await page.click(`button[aria-label="Switch to ${theme} theme"]`);
  await page.waitForFunction(
    (expected) => document.documentElement.dataset.theme === expected,
    { timeout: 5_000 },
    theme,
  );
}
