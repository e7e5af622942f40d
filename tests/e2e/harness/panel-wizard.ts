import type { Page } from 'puppeteer';
import { CALL_FLOW_HOSTS, wizardStep } from './calls';
import { evaluateInShadowRoot, PANEL_SELECTOR, widgetText } from './panel';
import { until } from './until';

/**
 * The call-flow wizard in the extension's side panel (the widget inside a CRM fixture
 * page's closed shadow roots), as the end-to-end suites drive it: fields set as typing
 * sets them, radio choices, Next, and a consultation booked live. The standalone app's
 * versions are in ./app-wizard.ts.
 */

const STEP_TIMEOUT = 30_000;

/** What a tab's panel header and call-flow widget show, for failure messages. */
export async function panelScreen(page: Page): Promise<string> {
  const widget = (await widgetText(page, 'intake-call-flow')).slice(0, 400);
  const header = await evaluateInShadowRoot(
    page,
    [PANEL_SELECTOR],
    (root) => root.querySelector('header')?.textContent ?? '',
  );
  return `panel header "${header ?? '(no panel)'}", <intake-call-flow> "${widget || '(nothing)'}"`;
}

/** Runs `fn` in the call-flow widget's root in the panel; false when it is not there. */
function inWizard(page: Page, fn: (root: ShadowRoot, arg: string) => boolean, arg = '') {
  return evaluateInShadowRoot(page, CALL_FLOW_HOSTS, fn, arg).then((done) => done === true);
}

/** Sets a step field's value as typing does, so React's onChange sees it (dates, selects). */
export async function setFieldInPanel(page: Page, name: string, value: string): Promise<void> {
  const done = await inWizard(
    page,
    (root, arg) => {
      const [fieldName, text] = JSON.parse(arg) as [string, string];
      const element = root.querySelector<HTMLInputElement>(`.ic-step-form [name="${fieldName}"]`);
      if (!element) return false;
      const prototype = Object.getPrototypeOf(element) as object;
      Object.getOwnPropertyDescriptor(prototype, 'value')!.set!.call(element, text);
      element.dispatchEvent(new Event('input', { bubbles: true }));
      element.dispatchEvent(new Event('change', { bubbles: true }));
      return true;
    },
    JSON.stringify([name, value]),
  );
  if (!done) throw new Error(`No field "${name}"; on screen: ${await panelScreen(page)}`);
}

/** Chooses `value` of the step's radio group `name`; throws unless it ends up checked. */
export async function chooseRadioInPanel(page: Page, name: string, value: string): Promise<void> {
  const done = await inWizard(
    page,
    (root, arg) => {
      const [field, choice] = JSON.parse(arg) as [string, string];
      const radio = root.querySelector<HTMLInputElement>(
        `.ic-step-form input[type="radio"][name$="-${field}"][value="${choice}"]`,
      );
      radio?.click();
      return radio?.checked === true;
    },
    JSON.stringify([name, value]),
  );
  if (!done) throw new Error(`No choice ${name}=${value}; on screen: ${await panelScreen(page)}`);
}

/** Presses Next, then waits for the step `title`. */
export async function nextInPanel(
  page: Page,
  title: string,
  timeout = STEP_TIMEOUT,
): Promise<void> {
  const pressed = await inWizard(page, (root) => {
    const button = root.querySelector<HTMLButtonElement>(
      '.ic-call-flow__actions button[type="submit"]',
    );
    button?.click();
    return button !== null;
  });
  if (!pressed) throw new Error(`No Next button; on screen: ${await panelScreen(page)}`);
  await until(
    `the step "${title}"`,
    async () => (await wizardStep(page)) === title,
    () => panelScreen(page),
    timeout,
  );
}

/**
 * The first Monday to Friday at least `days` from now, yyyy-mm-dd in UTC (consultants book
 * weekdays). For the app's wizard as well as the panel's.
 */
export function nextWeekday(days = 7): string {
  const date = new Date(Date.now() + days * 86_400_000);
  while (date.getUTCDay() === 0 || date.getUTCDay() === 6) date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

/**
 * Books the consultation live, as an agent does (issue #16): the first consultant, `day`
 * (by default the first weekday a week away), the first free time, Book consultation,
 * until the field says Booked.
 */
export async function bookConsultationInPanel(
  page: Page,
  day = nextWeekday(),
  timeout = STEP_TIMEOUT,
): Promise<void> {
  const field = '.ic-step-form .ic-consultation-field';
  await until(
    'the consultants to choose from',
    () =>
      inWizard(
        page,
        (root, scope) => {
          const select = root.querySelector<HTMLSelectElement>(`${scope} select`);
          if (!select || select.options.length < 2) return false;
          select.value = select.options[1]!.value;
          select.dispatchEvent(new Event('change', { bubbles: true }));
          return true;
        },
        field,
      ),
    () => panelScreen(page),
    timeout,
  );
  await inWizard(
    page,
    (root, arg) => {
      const [scope, value] = JSON.parse(arg) as [string, string];
      const input = root.querySelector<HTMLInputElement>(`${scope} input[type="date"]`)!;
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, value);
      input.dispatchEvent(new Event('input', { bubbles: true }));
      input.dispatchEvent(new Event('change', { bubbles: true }));
      return true;
    },
    JSON.stringify([field, day]),
  );
  await until(
    'a free time chosen',
    () =>
      inWizard(
        page,
        (root, scope) => {
          const slot = root.querySelector<HTMLInputElement>(
            `${scope} input[type="radio"]:not(:disabled)`,
          );
          slot?.click();
          return slot?.checked === true;
        },
        field,
      ),
    () => panelScreen(page),
    timeout,
  );
  await inWizard(
    page,
    (root, scope) => {
      const book = [...root.querySelectorAll<HTMLButtonElement>(`${scope} button`)].find(
        (button) => button.textContent?.trim() === 'Book consultation',
      );
      book?.click();
      return book !== undefined;
    },
    field,
  );
  await until(
    'the consultation booked',
    () =>
      inWizard(
        page,
        (root, scope) => root.querySelector(`${scope} .ic-consultation-field__booked`) !== null,
        field,
      ),
    () => panelScreen(page),
    timeout,
  );
}

/** Who calls in an intake the tests take, as the agent types them in the first step. */
export interface IntakeCaller {
  firstName: string;
  lastName: string;
  /** The number as the agent types it: "(512) 555-0199". */
  phone: string;
  email: string;
}

/**
 * The seeded Personal Injury intake filled in the panel from its first step ("Caller
 * information") to the booked consultation in the office on `day`, short of its last Next:
 * a slip and fall a month ago, a sprained ankle, no attorney, no conflict.
 */
export async function fillPersonalInjuryIntakeInPanel(
  page: Page,
  caller: IntakeCaller,
  day: string,
): Promise<void> {
  await setFieldInPanel(page, 'firstName', caller.firstName);
  await setFieldInPanel(page, 'lastName', caller.lastName);
  await setFieldInPanel(page, 'phone', caller.phone);
  await setFieldInPanel(page, 'email', caller.email);
  await nextInPanel(page, 'The accident');
  await setFieldInPanel(page, 'accidentType', 'slip-and-fall');
  const monthAgo = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
  await setFieldInPanel(page, 'incidentDate', monthAgo);
  await setFieldInPanel(
    page,
    'incidentDescription',
    'Slipped on a wet floor at the grocery store.',
  );
  await nextInPanel(page, 'Injuries and treatment');
  await setFieldInPanel(page, 'injuriesDescription', 'Sprained ankle');
  await chooseRadioInPanel(page, 'receivedTreatment', 'no');
  await nextInPanel(page, 'Claim history');
  await chooseRadioInPanel(page, 'priorAttorney', 'no');
  await chooseRadioInPanel(page, 'claimFiled', 'no');
  await nextInPanel(page, 'Conflict check');
  await setFieldInPanel(page, 'adverseParties', 'Fresh Mart Grocers');
  await chooseRadioInPanel(page, 'relatedToFirm', 'no');
  await nextInPanel(page, 'Caller address');
  await nextInPanel(page, 'Consultation booking');
  await bookConsultationInPanel(page, day);
  await chooseRadioInPanel(page, 'consultMode', 'office');
}
