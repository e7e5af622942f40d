/**
 * `npm run screenshots -- [user] [path ...]`: signs in as a demo user in headless
 * Chromium against a fresh server and writes PNGs of the given app paths, in light and
 * dark and at 1280 and 800 px wide, to ./screenshots (git-ignored). For looking at
 * screens the way a customer would. SCREENSHOTS_URL=http://host:port takes them of a
 * running server instead (one on PostgreSQL, say), which must have the demo sign-ins;
 * SCREENSHOTS_WIDTHS=1366,800 other widths.
 */
import { mkdirSync } from 'node:fs';
import { launchBrowser } from '../tests/e2e/harness/launch-browser';
import { startServer } from '../tests/e2e/harness/start-server';

const [username = 'owner@lakeside.test', ...paths] = process.argv.slice(2);
const targets = paths.length > 0 ? paths : ['/login', '/app'];

const running = process.env.SCREENSHOTS_URL?.replace(/\/$/, '');
const widths = (process.env.SCREENSHOTS_WIDTHS ?? '1280,800')
  .split(',')
  .map(Number)
  .filter((width) => Number.isInteger(width) && width >= 320);
const server = running ? { url: running, stop: async () => {} } : await startServer();
const chromium = await launchBrowser();
mkdirSync('screenshots', { recursive: true });
try {
  for (const theme of ['light', 'dark'] as const) {
    for (const width of widths) {
      const context = await chromium.browser.createBrowserContext();
      const page = await context.newPage();
      await page.setViewport({ width, height: 860 });
      await page.goto(`${server.url}/login`);
      await page.evaluate((value) => localStorage.setItem('theme', value), theme);
      for (const target of targets) {
        if (target !== '/login' && !page.url().includes('/app')) {
          await page.goto(`${server.url}/login`);
          await page.waitForSelector('input[name="username"]');
          await page.type('input[name="username"]', username);
          await page.type('input[name="password"]', 'demo-password');
          await page.click('button[type="submit"]');
          await page.waitForFunction(() => location.pathname.startsWith('/app/'), {
            timeout: 15_000,
          });
        }
        await page.goto(`${server.url}${target}`);
        await new Promise((resolve) => setTimeout(resolve, 1500));
        const name = `${username.split('@')[0]}${target.replaceAll('/', '_')}-${theme}-${width}.png`;
        await page.screenshot({ path: `screenshots/${name}`, fullPage: true });
        console.log(`screenshots/${name}`);
      }
      await context.close();
    }
  }
} finally {
  await chromium.close();
  await server.stop();
}
