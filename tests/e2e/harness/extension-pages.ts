import type { Page } from 'puppeteer';
import type { ExtensionBrowser } from './launch-extension';

/** Opens the toolbar popup as a tab (same page, same port to the background). */
export async function openPopup(ext: ExtensionBrowser): Promise<Page> {
  const page = await ext.browser.newPage();
  await page.goto(ext.extensionUrl('popup.html'));
  await page.waitForSelector('main:not([aria-busy="true"])');
  return page;
}

/**
 * Points the extension at a server through its options page, as an admin would, and
 * waits until the background has taken the new address.
 */
export async function setServerAddress(ext: ExtensionBrowser, origin: string): Promise<void> {
  const page = await ext.browser.newPage();
  try {
    await page.goto(ext.extensionUrl('options.html'));
    const input = await page.waitForSelector('input[name="serverOrigin"]');
    await input!.click({ count: 3 });
    await page.keyboard.press('Backspace');
    await input!.type(origin);
    await page.click('form:has(input[name="serverOrigin"]) button[type="submit"]');
    await page.waitForSelector('[role="status"]');
  } finally {
    await page.close();
  }
  const popup = await openPopup(ext);
  try {
    await popup.waitForFunction(
      (expected) =>
        document.body.textContent?.includes(`Server: ${expected}`) ||
        document.querySelector('[data-testid="popup-user"]'),
      { polling: 100, timeout: 10_000 },
      origin,
    );
  } finally {
    await popup.close();
  }
}

/** Signs in through the popup's sign-in form; resolves once the popup shows the user. */
export async function signInThroughPopup(
  ext: ExtensionBrowser,
  username: string,
  password = 'demo-password',
): Promise<void> {
  const page = await openPopup(ext);
  try {
    await page.waitForSelector('input[name="username"]');
    await page.type('input[name="username"]', username);
    await page.type('input[name="password"]', password);
    await page.click('button[type="submit"]');
    await page.waitForSelector('[data-testid="popup-user"]', { timeout: 15_000 });
  } finally {
    await page.close();
  }
}

/** Signs out through the popup's button. */
export async function signOutThroughPopup(ext: ExtensionBrowser): Promise<void> {
  const page = await openPopup(ext);
  try {
    const button = await page.waitForSelector('button ::-p-text(Sign out)');
    await button!.click();
    await page.waitForSelector('input[name="username"]', { timeout: 10_000 });
  } finally {
    await page.close();
  }
}
