import type { Page } from 'puppeteer';

/** The app's sidebar. */
export const MAIN_MENU = 'nav[aria-label="Main menu"]';

/**
 * Opens every parent of the sidebar, nested ones too (as a user clicks them, so each entry
 * can be clicked next), and answers the paths of all its entries, in menu order, each once.
 * The Training topics come from a lookup: it opens and reads until the menu stops changing.
 */
export async function menuPaths(page: Page): Promise<string[]> {
  await page.waitForSelector(MAIN_MENU);
  let paths: string[] = [];
  for (let stable = 0; stable < 4;) {
    await page.evaluate((menu) => {
      for (const button of document.querySelectorAll<HTMLButtonElement>(
        `${menu} button[aria-controls][aria-expanded="false"]`,
      ))
        button.click();
    }, MAIN_MENU);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const next = await page.$$eval(`${MAIN_MENU} a[href]`, (links) => [
      ...new Set(
        links
          .map((link) => new URL((link as HTMLAnchorElement).href).pathname)
          .filter((path) => path.startsWith('/app/')),
      ),
    ]);
    stable = next.join() === paths.join() ? stable + 1 : 0;
    paths = next;
  }
  return paths;
}
