import type { Page } from 'puppeteer';
import { describe, expect, it } from 'vitest';
import { freshAppPage, signInToApp } from './harness/app-pages';
import { appSuite } from './harness/app-suite';
import { bodyText, setField, startWalkIn, waitForStep } from './harness/app-wizard';
import { nextWeekday } from './harness/panel-wizard';

// Issue 11 Tests: as intake@harbor.test, in the built app against the real server — start
// the Personal Injury flow by hand, answer three steps, go back one and change an answer so
// another branch is taken, reload mid-step and find what was typed, hang up, and see the
// execution history partial-complete with the typed values (as the owner); a second run to
// the end completes and the simulated CRM store holds the contact and the note.

const suite = appSuite();

const STEP_TIMEOUT = 20_000;

/** yyyy-mm-dd, `days` from today (the seed's date bounds are the server's today). */
function isoDay(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * Books the consultation live, as an agent does (issue #16): the first consultant, the
 * day, the first free time, Book consultation, until the field says Booked.
 */
async function bookConsultation(page: Page, day: string): Promise<void> {
  const field = '.ic-step-form .ic-consultation-field';
  await page.waitForFunction(
    (scope) =>
      (document.querySelector<HTMLSelectElement>(`${scope} select`)?.options.length ?? 0) > 1,
    { timeout: STEP_TIMEOUT },
    field,
  );
  const consultant = await page.$eval(
    `${field} select`,
    (select) => (select as HTMLSelectElement).options[1]!.value,
  );
  await page.select(`${field} select`, consultant);
  await page.evaluate(
    (scope, value) => {
      const input = document.querySelector<HTMLInputElement>(`${scope} input[type="date"]`)!;
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, value);
      input.dispatchEvent(new Event('input', { bubbles: true }));
      input.dispatchEvent(new Event('change', { bubbles: true }));
    },
    field,
    day,
  );
  const slot = await page.waitForSelector(`${field} input[type="radio"]:not(:disabled)`, {
    timeout: STEP_TIMEOUT,
  });
  await slot!.click();
  await page.evaluate((scope) => {
    const book = [...document.querySelectorAll<HTMLButtonElement>(`${scope} button`)].find(
      (button) => button.textContent?.trim() === 'Book consultation',
    );
    book!.click();
  }, field);
  await page.waitForSelector(`${field} .ic-consultation-field__booked`, { timeout: STEP_TIMEOUT });
}

async function chooseRadio(page: Page, name: string, value: string): Promise<void> {
  await page.click(`.ic-step-form input[type="radio"][name$="-${name}"][value="${value}"]`);
}

async function next(page: Page, expectedTitle: string): Promise<void> {
  await page.click('.ic-call-flow__actions button[type="submit"]');
  await waitForStep(page, expectedTitle);
}

async function startPersonalInjury(page: Page, leadName: string, phone: string): Promise<void> {
  await startWalkIn(page, suite.server.url, { leadName, phone });
  // The payload left the address: a reload resumes instead of starting again.
  await page.waitForFunction(() => !location.search.includes('incomingCall'));
}

async function answerCaller(page: Page, first: string, last: string, email: string) {
  await setField(page, 'firstName', first);
  await setField(page, 'lastName', last);
  await setField(page, 'phone', '(512) 555-0147');
  await setField(page, 'email', email);
  await next(page, 'The accident');
  await setField(page, 'accidentType', 'slip-and-fall');
  await setField(page, 'incidentDate', isoDay(-30));
  await setField(page, 'incidentDescription', 'Slipped on a wet floor at the grocery store.');
  await next(page, 'Injuries and treatment');
}

/** Waits until the step form's draft has been written (it saves a moment after typing). */
async function waitForDraftSaved(page: Page, text: string): Promise<void> {
  await page.waitForFunction(
    (expected) =>
      Object.keys(localStorage).some(
        (key) => key.includes('call-flow-draft') && localStorage.getItem(key)?.includes(expected),
      ),
    { timeout: 5_000 },
    text,
  );
}

describe('call flows in the app (issue 11)', () => {
  it('walks, branches, survives a reload and hangs up partial-complete with the typed values', async () => {
    const { context, page } = await freshAppPage(suite.chromium.browser);
    try {
      await signInToApp(page, suite.server.url, 'intake@harbor.test');
      await startPersonalInjury(page, 'Dana Reyes', '5125550147');
      expect(await bodyText(page)).toContain('Dana Reyes');

      // Three steps answered: caller, accident, injuries (treated: yes → Medical treatment).
      await answerCaller(page, 'Dana', 'Reyes', 'dana@example.com');
      await setField(page, 'injuriesDescription', 'Broken wrist');
      await chooseRadio(page, 'receivedTreatment', 'yes');
      await next(page, 'Medical treatment');

      // Back one, with the answers of that step restored.
      await page.click('.ic-call-flow__actions button:not([type="submit"])');
      await waitForStep(page, 'Injuries and treatment');
      expect(
        await page.$eval(
          '.ic-step-form [name="injuriesDescription"]',
          (e) => (e as HTMLTextAreaElement).value,
        ),
      ).toBe('Broken wrist');

      // A changed answer, kept across a reload of the page.
      await setField(page, 'injuriesDescription', 'Broken wrist and whiplash');
      await chooseRadio(page, 'receivedTreatment', 'no');
      await waitForDraftSaved(page, 'whiplash');
      await page.reload();
      await waitForStep(page, 'Injuries and treatment');
      await page.waitForFunction(
        () =>
          (
            document.querySelector(
              '.ic-step-form [name="injuriesDescription"]',
            ) as HTMLTextAreaElement | null
          )?.value === 'Broken wrist and whiplash',
        { timeout: 5_000 },
      );
      expect(
        await page.$eval(
          '.ic-step-form input[type="radio"][name$="-receivedTreatment"][value="no"]',
          (e) => (e as HTMLInputElement).checked,
        ),
      ).toBe(true);

      // The other branch: not treated → Claim history, skipping Medical treatment.
      await next(page, 'Claim history');
      const trail = await page.$eval('.ic-call-flow__trail', (e) => e.textContent ?? '');
      expect(trail).not.toContain('Medical treatment');

      // Hang up, confirmed; the agent goes back to their dashboard. A flow started by hand
      // is a walk-in (issue #28): its confirm ends the intake only, no call.
      await page.click('.ic-call-flow__caller button');
      await page.waitForSelector('[role="alertdialog"]');
      expect(
        await page.$eval('[role="alertdialog"]', (element) => element.textContent ?? ''),
      ).toContain('End this walk-in?');
      await page.evaluate(() => {
        const buttons = [
          ...document.querySelectorAll<HTMLButtonElement>('[role="alertdialog"] button'),
        ];
        buttons.find((b) => b.textContent?.trim() === 'End intake')!.click();
      });
      await page.waitForFunction(() => !location.pathname.startsWith('/app/automated-intake'), {
        timeout: STEP_TIMEOUT,
      });
      expect(
        await page.evaluate(() =>
          Object.keys(sessionStorage).filter((k) => k.startsWith('call-flow-state')),
        ),
      ).toEqual([]);
    } finally {
      await context.close();
    }

    // The owner sees the execution history partial-complete, with what was typed.
    const owner = await freshAppPage(suite.chromium.browser);
    try {
      await signInToApp(owner.page, suite.server.url, 'owner@harbor.test');
      await owner.page.goto(`${suite.server.url}/app/automated-intake/histories`);
      await owner.page.waitForSelector('.ic-call-flows-area__table tbody tr', {
        timeout: STEP_TIMEOUT,
      });
      const firstRow = await owner.page.$eval(
        '.ic-call-flows-area__table tbody tr',
        (row) => row.textContent ?? '',
      );
      expect(firstRow).toContain('Personal Injury intake');
      expect(firstRow).toContain('Partial (hung up)');
      await owner.page.click('.ic-call-flows-area__table tbody tr a');
      await owner.page.waitForSelector('.ic-call-flows-area__steps', { timeout: STEP_TIMEOUT });
      const detail = await bodyText(owner.page);
      expect(detail).toContain('Partial (hung up)');
      expect(detail).toContain('Broken wrist and whiplash');
      expect(detail).toContain('Slip and fall');
      expect(detail).toContain('dana@example.com');
      // The step histories hold the way back.
      expect(detail).toMatch(/Back\s+Injuries and treatment/);
    } finally {
      await owner.context.close();
    }
  }, 180_000);

  it('runs to the end: completed, and the simulated CRM holds the contact and the note', async () => {
    const { context, page } = await freshAppPage(suite.chromium.browser);
    try {
      await signInToApp(page, suite.server.url, 'intake@harbor.test');
      await startPersonalInjury(page, 'Sam Ortiz', '5125550199');
      await answerCaller(page, 'Sam', 'Ortiz', 'sam@example.com');
      await setField(page, 'injuriesDescription', 'Sprained ankle');
      await chooseRadio(page, 'receivedTreatment', 'no');
      await next(page, 'Claim history');
      await chooseRadio(page, 'priorAttorney', 'no');
      await chooseRadio(page, 'claimFiled', 'no');
      await next(page, 'Conflict check');
      await setField(page, 'adverseParties', 'Fresh Mart Grocers');
      await chooseRadio(page, 'relatedToFirm', 'no');
      await next(page, 'Caller address');
      await next(page, 'Consultation booking');
      await bookConsultation(page, nextWeekday(7));
      await chooseRadio(page, 'consultMode', 'office');
      await next(page, 'Intake complete');
    } finally {
      await context.close();
    }

    const owner = await freshAppPage(suite.chromium.browser);
    try {
      await signInToApp(owner.page, suite.server.url, 'owner@harbor.test');
      await owner.page.goto(`${suite.server.url}/app/automated-intake/crm-records`);
      await owner.page.waitForSelector('.ic-call-flows-area__table tbody tr', {
        timeout: STEP_TIMEOUT,
      });
      const rows = await owner.page.$$eval('.ic-call-flows-area__table tbody tr', (list) =>
        list.map((row) => row.textContent ?? ''),
      );
      const contact = rows.find((row) => row.includes('Contact') && row.includes('Sam Ortiz'));
      const note = rows.find((row) => row.includes('Note') && row.includes('Sprained ankle'));
      expect(contact).toContain('sam@example.com');
      expect(note).toContain('Accident: slip-and-fall');

      await owner.page.goto(`${suite.server.url}/app/automated-intake/histories`);
      await owner.page.waitForSelector('.ic-call-flows-area__table tbody tr', {
        timeout: STEP_TIMEOUT,
      });
      const newest = await owner.page.$eval(
        '.ic-call-flows-area__table tbody tr',
        (row) => row.textContent ?? '',
      );
      expect(newest).toContain('Completed');
    } finally {
      await owner.context.close();
    }
  }, 180_000);
});
