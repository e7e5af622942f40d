import type { ElementHandle, Page } from 'puppeteer';

/** The side panel's host element (extension/panel/mount-panel.ts PANEL_TAG). */
export const PANEL_SELECTOR = 'intake-cockpit-panel';

/** Waits for the side panel on a CRM page. */
export async function waitForPanel(page: Page, timeout = 15_000): Promise<void> {
  await page.waitForSelector(PANEL_SELECTOR, { timeout });
}

/** The tags of the widgets inside the panel's shadow root. */
export async function panelWidgetTags(page: Page): Promise<string[]> {
  return page.evaluate((selector) => {
    const root = document.querySelector(selector)?.shadowRoot;
    return root
      ? [...root.querySelectorAll('.widgets > *')].map((el) => el.tagName.toLowerCase())
      : [];
  }, PANEL_SELECTOR);
}

/** The text one widget shows (its shadow root, without the styles), as the page's own scripts could read it. */
export async function widgetText(page: Page, tag: string): Promise<string> {
  return page.evaluate(
    (selector, widgetTag) => {
      const widget = document.querySelector(selector)?.shadowRoot?.querySelector(widgetTag);
      return widget?.shadowRoot?.querySelector('.ic-widget')?.textContent ?? '';
    },
    PANEL_SELECTOR,
    tag,
  );
}

/** Waits until a widget's shadow root contains the text. */
export async function waitForWidgetText(
  page: Page,
  tag: string,
  text: string,
  timeout = 15_000,
): Promise<void> {
  await page.waitForFunction(
    (selector, widgetTag, expected) => {
      const widget = document.querySelector(selector)?.shadowRoot?.querySelector(widgetTag);
      return (
        widget?.shadowRoot?.querySelector('.ic-widget')?.textContent?.includes(expected) ?? false
      );
    },
    { polling: 100, timeout },
    PANEL_SELECTOR,
    tag,
    text,
  );
}

/**
 * Waits for a selector that may pierce shadow roots (`a >>> b`). page.waitForSelector
 * re-checks on document mutations, and what changes inside a widget's shadow root (a lazy
 * sign-in form, a report's cards) is not one of them: this polls instead.
 */
export async function waitForDeepSelector(
  page: Page,
  selector: string,
  timeout = 15_000,
): Promise<ElementHandle<Element>> {
  const deadline = Date.now() + timeout;
  for (;;) {
    const handle = await page.$(selector);
    if (handle) return handle;
    if (Date.now() > deadline)
      throw new Error(`Timed out after ${timeout} ms waiting for ${selector}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
