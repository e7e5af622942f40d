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
