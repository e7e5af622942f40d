import type { Page } from 'puppeteer';
import { until } from './until';

/**
 * The call-flow wizard in the standalone app, as the end-to-end suites drive it: which step
 * it shows, fields set as typing sets them, buttons found by what they say, and a walk-in
 * intake started by hand.
 */

/** The intake's first step, and the title the wizard shows for it. */
export const FIRST_STEP = 'Caller information';
const STEP_TIMEOUT = 20_000;

/** What the page says, for a failure message. */
export const bodyText = (page: Page): Promise<string> =>
  page.evaluate(() => document.body.innerText);

/** The wizard's step title, once it is not busy; null while busy or without a wizard. */
export function stepTitle(page: Page): Promise<string | null> {
  return page.evaluate(() =>
    document.querySelector('.ic-call-flow[aria-busy="true"]')
      ? null
      : (document.querySelector('.ic-call-flow__step-title')?.textContent ?? null),
  );
}

/** Waits until the wizard shows the step `title` and is not busy. */
export async function waitForStep(page: Page, title: string): Promise<void> {
  await until(
    `the step "${title}"`,
    async () => (await stepTitle(page)) === title,
    () => bodyText(page).then((text) => text.slice(0, 1500)),
    STEP_TIMEOUT,
  );
}

/** Sets a step field's value as typing does, so React's onChange sees it (dates, selects). */
export async function setField(page: Page, name: string, value: string): Promise<void> {
  await page.waitForSelector(`.ic-step-form [name="${name}"]`);
  await page.evaluate(
    (fieldName, text) => {
      const element = document.querySelector<
        HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement
      >(`.ic-step-form [name="${fieldName}"]`)!;
      const prototype = Object.getPrototypeOf(element) as object;
      Object.getOwnPropertyDescriptor(prototype, 'value')!.set!.call(element, text);
      element.dispatchEvent(new Event('input', { bubbles: true }));
      element.dispatchEvent(new Event('change', { bubbles: true }));
    },
    name,
    value,
  );
}

/** Waits until the wizard shows `title` with `field` holding `value` (prefilled or kept). */
export async function waitForStepWith(
  page: Page,
  title: string,
  field: string,
  value: string,
): Promise<void> {
  await until(
    `the step "${title}" with ${field} "${value}"`,
    async () => (await stepTitle(page)) === title && (await fieldValue(page, field)) === value,
    () => bodyText(page),
  );
}

/** A step field's value as the form holds it. */
export const fieldValue = (page: Page, name: string): Promise<string> =>
  page.$eval(`.ic-step-form [name="${name}"]`, (field) => (field as HTMLInputElement).value);

/** Clicks the enabled button named `label` (its aria-label, else its text) within `scope`. */
export async function clickButton(page: Page, label: string, scope = 'body'): Promise<void> {
  await until(
    `the button "${label}" in ${scope}`,
    () =>
      page.evaluate(
        (text, within) => {
          const button = [...document.querySelectorAll<HTMLButtonElement>(`${within} button`)].find(
            (candidate) =>
              (candidate.getAttribute('aria-label') === text ||
                candidate.textContent?.trim() === text) &&
              !candidate.disabled,
          );
          button?.click();
          return button !== undefined;
        },
        label,
        scope,
      ),
    () => bodyText(page),
  );
}

/**
 * Answers the confirm the page just opened: checks that it asks `question`, then clicks
 * `answer` (the spec's alert dialogs: "Hang up?", "End this walk-in?", …).
 */
export async function confirmDialog(page: Page, question: string, answer: string): Promise<void> {
  const dialog = await page.waitForSelector('[role="alertdialog"]');
  const text = await dialog!.evaluate((element) => element.textContent ?? '');
  if (!text.includes(question)) {
    throw new Error(`The confirm says "${text}", not "${question}"`);
  }
  await clickButton(page, answer, '[role="alertdialog"]');
}

/** Starts the Personal Injury intake by hand (a walk-in) and waits for its first step. */
export async function startWalkIn(
  page: Page,
  serverUrl: string,
  lead: { leadName: string; phone: string },
): Promise<void> {
  await page.goto(`${serverUrl}/app/automated-intake`);
  const start = await page.waitForSelector('button[aria-label="Start Personal Injury intake"]', {
    timeout: STEP_TIMEOUT,
  });
  await start!.click();
  await page.waitForSelector('[role="dialog"] input[name="leadName"]');
  await page.type('[role="dialog"] input[name="leadName"]', lead.leadName);
  await page.type('[role="dialog"] input[name="phone"]', lead.phone);
  await page.click('[role="dialog"] button[type="submit"]');
  await waitForStep(page, FIRST_STEP);
}
