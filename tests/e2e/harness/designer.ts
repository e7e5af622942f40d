import type { ElementHandle, Page } from 'puppeteer';
import { bodyText } from './app-wizard';
import type { KeyboardJourney } from './keyboard';
import { until } from './until';

/**
 * The call-flow designer (issue #34) as the end-to-end suites drive it: a person's hands
 * (the mouse, or the keyboard alone) on the designer's labelled fields and named buttons,
 * so one script builds a flow either way.
 */

export const DESIGNER_PATH = '/app/automated-intake/designer';

/** What a person does on a screen, whatever their hands are. */
export interface DesignerHands {
  /** Replaces what the field labelled `label` (within `scope`) holds with `text`. */
  type(label: string, text: string, scope?: string): Promise<void>;
  /** Chooses the option whose value is `value` in the list labelled `label`. */
  choose(label: string, value: string, scope?: string): Promise<void>;
  /** Ticks (or unticks) the check box labelled `label`. */
  tick(label: string, scope?: string): Promise<void>;
  /** Presses the enabled button named `name` (its aria-label, else its text). */
  press(name: string, scope?: string): Promise<void>;
}

type Target = { label: string; scope: string } | { button: string; scope: string };

/**
 * Finds a target in the page (kept self-contained: it runs in the browser): the control a
 * visible label names (its text without the required star), or the enabled button a name
 * names; with `relation`, answers where the focus is from it instead.
 */
function locate(
  target: Target,
  relation: boolean,
): Element | 'here' | 'before' | 'after' | 'missing' | null {
  let found: Element | null = null;
  for (const root of document.querySelectorAll(target.scope)) {
    if ('label' in target) {
      const label = [...root.querySelectorAll('label')].find(
        (candidate) =>
          (candidate.textContent ?? '').replace(/\*\s*$/, '').trim() === target.label &&
          candidate.control,
      );
      found = label?.control ?? null;
    } else {
      // Its whole name, else a name that starts with it (a step's button adds its type).
      const buttons = [...root.querySelectorAll<HTMLButtonElement>('button')].filter(
        (button) => !button.disabled,
      );
      const name = (button: HTMLButtonElement) =>
        (button.getAttribute('aria-label') ?? button.textContent ?? '').trim();
      found =
        buttons.find((button) => name(button) === target.button) ??
        buttons.find((button) => name(button).startsWith(target.button)) ??
        null;
    }
    if (found) break;
  }
  if (!relation) return found;
  if (!found) return 'missing';
  const active = document.activeElement;
  if (active === found) return 'here';
  if (!active || active === document.body) return 'before';
  // The focus is before the target: Tab forwards; after it: Shift+Tab.
  return found.compareDocumentPosition(active) & Node.DOCUMENT_POSITION_PRECEDING
    ? 'before'
    : 'after';
}

const describeTarget = (target: Target) =>
  'label' in target
    ? `the field "${target.label}" in ${target.scope}`
    : `the button "${target.button}" in ${target.scope}`;

/** The element a target names, once it is on the page. */
async function element(page: Page, target: Target): Promise<ElementHandle<Element>> {
  let handle: ElementHandle<Element> | null = null;
  await until(
    describeTarget(target),
    async () => {
      const found = await page.evaluateHandle(locate, target, false);
      handle = found.asElement() as ElementHandle<Element> | null;
      if (!handle) await found.dispose();
      return handle !== null;
    },
    () => bodyText(page).then((text) => text.slice(0, 1500)),
  );
  return handle!;
}

/** The mouse: a click on the control (or its label, or the button), then the keys typed. */
export function mouseHands(page: Page): DesignerHands {
  return {
    async type(label, text, scope = 'main') {
      const control = await element(page, { label, scope });
      await control.click();
      await page.keyboard.down('Control');
      await page.keyboard.press('A');
      await page.keyboard.up('Control');
      if (text === '') await page.keyboard.press('Backspace');
      else await page.keyboard.type(text);
    },
    async choose(label, value, scope = 'main') {
      const control = (await element(page, { label, scope })) as ElementHandle<HTMLSelectElement>;
      await control.select(value);
    },
    async tick(label, scope = 'main') {
      const control = await element(page, { label, scope });
      await control.evaluate((input) => (input as HTMLInputElement).labels?.[0]?.click());
    },
    async press(name, scope = 'main') {
      const button = await element(page, { button: name, scope });
      await button.click();
    },
  };
}

/**
 * The keyboard alone (issue #34 "Keyboard-only: the same flow built without a mouse"): Tab
 * or Shift+Tab to the control, checked after every key by the journey (the focus on an
 * element and visible); text typed, lists moved with the arrow keys, boxes ticked with
 * Space, buttons pressed with Enter.
 */
export function keyboardHands(page: Page, keys: KeyboardJourney): DesignerHands {
  async function reach(target: Target): Promise<void> {
    await element(page, target);
    for (let presses = 0; presses < 200; presses += 1) {
      const where = await page.evaluate(locate, target, true);
      if (where === 'here') return;
      if (where === 'missing') throw new Error(`${describeTarget(target)} went away`);
      await keys.press(where === 'before' ? 'Tab' : 'Shift+Tab');
    }
    throw new Error(
      `${describeTarget(target)} was not reached in 200 keys:\n  ${keys.trail.slice(-30).join('\n  ')}`,
    );
  }
  return {
    async type(label, text, scope = 'main') {
      await reach({ label, scope });
      await keys.press('Control+A');
      if (text === '') await keys.press('Backspace');
      else await keys.type(text);
    },
    async choose(label, value, scope = 'main') {
      await reach({ label, scope });
      const { values, at } = await page.evaluate(() => {
        const select = document.activeElement as HTMLSelectElement;
        return { values: [...select.options].map((o) => o.value), at: select.selectedIndex };
      });
      const wanted = values.indexOf(value);
      if (wanted < 0) throw new Error(`"${label}" offers no ${value}: ${values.join(', ')}`);
      // A closed list moves (and changes) with the arrow keys.
      for (let i = at; i < wanted; i += 1) await keys.press('ArrowDown');
      for (let i = at; i > wanted; i -= 1) await keys.press('ArrowUp');
      const chosen = await page.evaluate(() => (document.activeElement as HTMLSelectElement).value);
      if (chosen !== value) throw new Error(`"${label}" holds ${chosen}, not ${value}`);
    },
    async tick(label, scope = 'main') {
      await reach({ label, scope });
      await keys.press(' ');
    },
    async press(name, scope = 'main') {
      await reach({ button: name, scope });
      await keys.press('Enter');
    },
  };
}

/** The editor's save status says the draft is saved (autosave runs a moment after a change). */
export async function waitForDraftSaved(page: Page): Promise<void> {
  await until(
    'the draft saved',
    () =>
      page.evaluate(
        () => document.querySelector('.ic-designer-editor__save')?.textContent === 'Draft saved',
      ),
    () => bodyText(page).then((text) => text.slice(0, 1500)),
  );
}

/** Waits until the step panel shows the step `name`. */
export async function waitForOpenStep(page: Page, name: string): Promise<void> {
  await until(
    `the step "${name}" open`,
    () =>
      page.evaluate(
        (wanted) => document.getElementById('ic-step-panel-title')?.textContent === wanted,
        name,
      ),
    () => bodyText(page).then((text) => text.slice(0, 1500)),
  );
}

// Where the designer's parts are on the page (scopes for the hands above).
export const SCOPES = {
  stepAdd: '.ic-step-list__add',
  stepPanel: '.ic-step-panel__grid',
  newField: '.ic-form-editor__add',
  field: '.ic-field-editor',
  routes: '.ic-step-panel__routes',
  route: (n: number) => `.ic-step-panel__route:nth-child(${n})`,
  rule: (route: number, rule: number) =>
    `.ic-step-panel__route:nth-child(${route}) .ic-condition__items > li:nth-child(${rule})`,
  after: '.ic-triggers fieldset.ic-triggers__timing:nth-of-type(2)',
  stepList: '.ic-step-list__items',
  actions: '.ic-designer-editor__actions',
} as const;

/**
 * Builds the four-step flow in the editor of a new process (which opens on its
 * Caller form: first name and a required phone, and an End): the Caller asks whether the
 * caller was bitten (a required choice); a yes goes to Injury details (what happened,
 * required; an EMAIL trigger after it tells the intake team), anything else to Referral;
 * both end at the End.
 */
export async function buildDogBiteFlow(page: Page, hands: DesignerHands): Promise<void> {
  await waitForOpenStep(page, 'Caller');
  // The Caller's question: a radio group of yes and no.
  await addField(hands, 'radio', 'Was the caller bitten?', 'bitten');
  await hands.type('Option 1: shown as', 'Yes', SCOPES.field);
  await hands.type('Option 1: kept as', 'yes', SCOPES.field);
  await hands.type('Option 2: shown as', 'No', SCOPES.field);
  await hands.type('Option 2: kept as', 'no', SCOPES.field);

  // Injury details, after the Caller: what happened, to the End, and an e-mail after it.
  await addStep(page, hands, 'Injury details');
  await addField(hands, 'textarea', 'What happened?', 'injuries');
  await hands.press('Add route', SCOPES.routes);
  await hands.choose('Route 1: go to', 'end', SCOPES.route(1));
  await hands.press('Add an e-mail', SCOPES.after);
  await hands.type('Name', 'Tell the intake team', SCOPES.after);
  await hands.type('To', 'intake-team@harbor.test', SCOPES.after);
  await hands.type('Subject', 'Dog bite: @@firstName', SCOPES.after);
  await hands.type('Body', '@@firstName was bitten. @@injuries', SCOPES.after);

  // Referral, after Injury details: who the caller was sent to, to the End.
  await addStep(page, hands, 'Referral');
  await addField(hands, 'text', 'Referred to', 'referredTo');
  await hands.press('Add route', SCOPES.routes);
  await hands.choose('Route 1: go to', 'end', SCOPES.route(1));

  // Back on the Caller: a yes goes to Injury details, anything else to Referral.
  await hands.press('Caller', SCOPES.stepList);
  await waitForOpenStep(page, 'Caller');
  await hands.choose('Route 1: go to', 'injury-details', SCOPES.route(1));
  await hands.press('Add rule', SCOPES.route(1));
  await hands.choose('Variable', 'bitten', SCOPES.rule(1, 1));
  await hands.type('Value', 'yes', SCOPES.rule(1, 1));
  await hands.press('Add route', SCOPES.routes);
  await hands.choose('Route 2: go to', 'referral', SCOPES.route(2));
}

async function addStep(page: Page, hands: DesignerHands, name: string): Promise<void> {
  await hands.type('New step', name, SCOPES.stepAdd);
  await hands.press('Add step', SCOPES.stepAdd);
  await waitForOpenStep(page, name);
}

/** Adds a required field of `type` to the open step's form, with its label and variable. */
async function addField(
  hands: DesignerHands,
  type: string,
  label: string,
  variable: string,
): Promise<void> {
  await hands.choose('New field', type, SCOPES.newField);
  await hands.press('Add field', SCOPES.newField);
  await hands.type('Label', label, SCOPES.field);
  await hands.type('Variable', variable, SCOPES.field);
  await hands.tick('Required: the agent cannot go on without an answer', SCOPES.field);
}
