import type { Page } from 'puppeteer';

/**
 * Brings a tab to the front as a user switching tabs does, and waits until it has painted
 * twice: a background tab runs no frames, and a click sent before its first frames may be
 * lost (live.test.ts saw a bell click on a CRM tab just brought forward open nothing, in
 * about one run in three). A person never clicks within a frame of switching tabs.
 */
export async function bringToFrontAndPaint(page: Page, timeout = 10_000): Promise<void> {
  await page.bringToFront();
  const painted = page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => resolve())),
      ),
  );
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(new Error(`${page.url()} painted no frame ${timeout} ms after coming to the front`)),
      timeout,
    );
  });
  try {
    await Promise.race([painted, late]);
  } finally {
    clearTimeout(timer);
  }
}
