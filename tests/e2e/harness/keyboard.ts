import type { Page } from 'puppeteer';

/**
 * Keyboard-only driving for the end-to-end suites (issue #30 "Accessible everywhere"): every
 * key goes through page.keyboard, and after each one the focus is checked — on an element
 * (never dropped on the body), and visibly so.
 */

/** Where the focus is and how it shows, as the page computes it. */
export interface FocusState {
  /** A short path of the focused element: tag, role, name or text, classes. */
  path: string;
  /** No element holds the focus (the body or nothing). */
  lost: boolean;
  /** A heading, region or main focused by script (tabindex="-1"): a landing, not a control. */
  landing: boolean;
  /** For a control: what shows its focus (an outline, a box shadow, on which element); else null. */
  indicator: string | null;
  /** For a landing: it draws a box (an outline or a focus shadow), which it should not. */
  landingBox: boolean;
}

/** Reads the focus inside the page (kept self-contained: it runs in the browser). */
function readFocus(): FocusState {
  const describe = (element: Element | null): string => {
    if (!element) return 'null';
    const role = element.getAttribute('role');
    const name =
      element.getAttribute('aria-label') ??
      element.getAttribute('name') ??
      (element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
    const classes = [...element.classList].slice(0, 2).join('.');
    return `${element.tagName.toLowerCase()}${role ? `[role=${role}]` : ''}${classes ? `.${classes}` : ''} "${name}"`;
  };
  let active: Element | null = document.activeElement;
  // Into open shadow roots and same-origin frames: the focus is where the key goes.
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  if (!active || active === document.body || active === document.documentElement) {
    // Where the page was when the focus fell: the address and the start of its content.
    const main = (document.querySelector('main')?.textContent ?? '').replace(/\s+/g, ' ');
    return {
      path: `${describe(active)} at ${location.pathname}, main: "${main.trim().slice(0, 160)}"`,
      lost: true,
      landing: false,
      indicator: null,
      landingBox: false,
    };
  }
  const drawn = (element: Element): string | null => {
    const style = getComputedStyle(element);
    if (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) {
      return `outline ${style.outlineStyle} ${style.outlineWidth}`;
    }
    if (style.boxShadow && style.boxShadow !== 'none') return `box-shadow ${style.boxShadow}`;
    return null;
  };
  // Author rules that style a focus state (:focus, :focus-visible, :focus-within, :has(…)).
  const focusRules: string[] = [];
  const collect = (rules: CSSRuleList) => {
    for (const rule of rules) {
      if (rule instanceof CSSStyleRule) {
        // The text, not the longhands: a shorthand with var() leaves them empty.
        const text = rule.style.cssText;
        const draws =
          /(^|;)\s*box-shadow\s*:\s*(?!none)/.test(text) ||
          /(^|;)\s*outline(-style)?\s*:\s*(?!none)/.test(text);
        if (/:focus/.test(rule.selectorText) && draws) {
          focusRules.push(rule.selectorText);
        }
      } else if ('cssRules' in rule) collect((rule as CSSGroupingRule).cssRules);
    }
  };
  for (const sheet of document.styleSheets) {
    try {
      collect(sheet.cssRules);
    } catch {
      // A cross-origin sheet: not ours.
    }
  }
  const landing =
    active.getAttribute('tabindex') === '-1' &&
    (/^H[1-6]$/.test(active.tagName) || ['MAIN', 'SECTION', 'P', 'DIV'].includes(active.tagName));
  if (landing) {
    return {
      path: describe(active),
      lost: false,
      landing: true,
      indicator: null,
      landingBox: drawn(active) !== null,
    };
  }
  // Chromium's date and time fields end with their calendar button, inside the browser's own
  // closed shadow root: focused by Tab after the last segment, ringed by the browser.
  if (
    active instanceof HTMLInputElement &&
    /^(date|time|datetime-local|month|week)$/.test(active.type) &&
    !active.matches(':focus')
  ) {
    return {
      path: `${describe(active)} (its picker button)`,
      lost: false,
      landing: false,
      indicator: "the browser's ring on the field's picker button",
      landingBox: false,
    };
  }
  // The control's own outline (the browser's or ours) shows only while focused.
  const own = getComputedStyle(active);
  if (own.outlineStyle !== 'none' && parseFloat(own.outlineWidth) > 0) {
    return {
      path: describe(active),
      lost: false,
      landing: false,
      indicator: `outline ${own.outlineStyle} ${own.outlineWidth}`,
      landingBox: false,
    };
  }
  // Else a focus rule must draw it: on the control, a close wrapper (a label, a field group)
  // or the sibling a hidden input styles (input:focus-visible + span).
  const near: Element[] = [active];
  for (let up = active.parentElement, n = 0; up && n < 3; up = up.parentElement, n += 1) {
    near.push(up);
  }
  if (active.nextElementSibling) near.push(active.nextElementSibling);
  for (const element of near) {
    const shown = drawn(element);
    if (!shown) continue;
    const rule = focusRules.find((selector) => {
      try {
        return element.matches(selector);
      } catch {
        return false;
      }
    });
    if (rule) {
      return {
        path: describe(active),
        lost: false,
        landing: false,
        indicator: `${shown} on ${describe(element)} by ${rule}`,
        landingBox: false,
      };
    }
  }
  return {
    path: describe(active),
    lost: false,
    landing: false,
    indicator: null,
    landingBox: false,
  };
}

/** The focused element matches `selector` (and its name contains `name`, when given). */
export function focusedMatches(
  page: Page,
  selector: string,
  name?: string,
  exact = false,
): Promise<boolean> {
  return page.evaluate(
    (wanted, text, whole) => {
      const active = document.activeElement;
      if (!active?.matches(wanted)) return false;
      if (text === null) return true;
      const label = (active.getAttribute('aria-label') ?? active.textContent ?? '').trim();
      return whole ? label === text : label.includes(text);
    },
    selector,
    name ?? null,
    exact,
  );
}

export const focusState = (page: Page): Promise<FocusState> => page.evaluate(readFocus);

const settle = (page: Page) =>
  page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))),
  );

export interface KeyboardJourney {
  /** Presses a key (with modifiers: 'Shift+Tab'), then checks the focus; answers it. */
  press(key: string): Promise<FocusState>;
  /** Types text into the focused field, one key at a time, checking the focus after. */
  type(text: string): Promise<FocusState>;
  /**
   * Tabs (forward, or back with `backwards`) until the focused element matches `selector`
   * and, if given, its name (aria-label, else text) contains `name` (is `name`, with
   * `exact`); fails with the path.
   */
  tabTo(
    selector: string,
    options?: { name?: string; exact?: boolean; backwards?: boolean; max?: number },
  ): Promise<FocusState>;
  /**
   * Checks the focus after something that was not a key (a call ringing, a page or step
   * loading): where the focus went must be on an element and visible, as after a key.
   */
  settled(what: string): Promise<FocusState>;
  /** Every focus the journey went through, for a failure message. */
  readonly trail: string[];
}

/**
 * A journey's keyboard: each key is followed by a check that the focus is on an element
 * within `settleMs` (a dialog or route may take the focus a moment to hand on: the body is
 * allowed in between, never at the end), and that a control shows a focus indicator while a
 * script-focused heading shows none (issue #30 "focused headings show a box outline").
 */
export function keyboardJourney(page: Page, settleMs = 3_000): KeyboardJourney {
  const trail: string[] = [];
  async function check(key: string): Promise<FocusState> {
    const deadline = Date.now() + settleMs;
    let state = await focusState(page);
    while (state.lost && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      state = await focusState(page);
    }
    trail.push(`${key} → ${state.path}`);
    const recent = () => trail.slice(-12).join('\n  ');
    if (state.lost) throw new Error(`The focus was lost after ${key}:\n  ${recent()}`);
    if (state.landing && state.landingBox) {
      throw new Error(`A script-focused landing shows a focus box after ${key}:\n  ${recent()}`);
    }
    if (!state.landing && state.indicator === null) {
      throw new Error(`No visible focus indicator after ${key}:\n  ${recent()}`);
    }
    return state;
  }
  return {
    trail,
    async press(key) {
      const parts = key.split('+');
      const main = parts.pop()!;
      for (const modifier of parts) await page.keyboard.down(modifier as 'Shift');
      await page.keyboard.press(main as 'Tab');
      for (const modifier of parts.reverse()) await page.keyboard.up(modifier as 'Shift');
      await settle(page);
      return check(key);
    },
    settled: (what) => check(`(${what})`),
    async type(text) {
      await page.keyboard.type(text);
      await settle(page);
      return check(`type "${text}"`);
    },
    async tabTo(selector, options = {}) {
      const max = options.max ?? 60;
      for (let n = 0; n < max; n += 1) {
        const state = await this.press(options.backwards ? 'Shift+Tab' : 'Tab');
        if (await focusedMatches(page, selector, options.name, options.exact)) return state;
      }
      const what = `${selector}${options.name ? ` "${options.name}"` : ''}`;
      throw new Error(
        `${what} was not reached in ${max} Tab presses; the focus went:\n  ${trail.slice(-max).join('\n  ')}`,
      );
    },
  };
}
