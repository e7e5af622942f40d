import { createElement } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { Icon } from '@/app/components/icon/icon';
import ICON_CSS from '@/app/components/icon/icon.css?inline';
import TOKENS_CSS from '@/app/styles/tokens.css?inline';
import BUTTON_CSS from './call-button.css?inline';
import { CALL_BUTTON_TAG } from './tags';

const BUTTON_STYLES = [TOKENS_CSS, ICON_CSS, BUTTON_CSS].join('\n');

/**
 * The closed roots (issue #9: the CRM's scripts must not read or restyle what we add):
 * only this module keeps the way in, for the runtime's tests. Testers in a browser reach
 * them through the DevTools protocol (tests/e2e/harness/panel.ts).
 */
const buttonRoots = new WeakMap<HTMLElement, ShadowRoot>();

let iconMarkup: string | null = null;

/**
 * The app's phone icon as markup, drawn by its React component once per page and cloned
 * for every button: a page with fifty numbers does not get fifty React roots.
 */
function phoneIcon(doc: Document): string {
  if (iconMarkup === null) {
    const scratch = doc.createElement('div');
    const root = createRoot(scratch);
    flushSync(() => root.render(createElement(Icon, { name: 'phone', size: 'sm' })));
    iconMarkup = scratch.innerHTML;
    root.unmount();
  }
  return iconMarkup;
}

/** How a call button was pressed. */
export interface PressKind {
  pointer: boolean;
}

export interface CallButtonOptions {
  /** Who is called ("John Smith", or "this contact"). */
  name: string;
  /** The number as read out ("(312) 555-0142"). */
  formatted: string;
  /**
   * The button was pressed (mouse, Enter or Space); `pointer` when by a pointer (the
   * dialogs then show no keyboard focus ring, as the page's own focus would not).
   */
  onPress: (how: PressKind) => void;
  doc?: Document;
}

/**
 * `<intake-call-button>` with a closed shadow root holding one real button ("Call {name}
 * at {number}"). Not a defined custom element: the isolated world's registry is a
 * polyfill, and nothing here needs lifecycle callbacks. delegatesFocus, so the
 * click-to-call flow's "focus back to what started it" (which finds only this host
 * element from outside the closed root) lands on the button again.
 */
export function createCallButton(options: CallButtonOptions): HTMLElement {
  const doc = options.doc ?? document;
  const host = doc.createElement(CALL_BUTTON_TAG);
  const dark = (doc.defaultView ?? window).matchMedia?.('(prefers-color-scheme: dark)');
  host.setAttribute('data-theme', dark?.matches ? 'dark' : 'light');
  const root = host.attachShadow({ mode: 'closed', delegatesFocus: true });
  buttonRoots.set(host, root);
  const style = doc.createElement('style');
  style.textContent = BUTTON_STYLES;
  const button = doc.createElement('button');
  button.type = 'button';
  button.className = 'ic-call-button';
  const label = `Call ${options.name} at ${options.formatted}`;
  button.setAttribute('aria-label', label);
  button.title = label;
  button.innerHTML = phoneIcon(doc);
  button.addEventListener('click', (event) => {
    // The CRM's own handlers around the number (open the record, start its dialler)
    // must not run as well.
    event.preventDefault();
    event.stopPropagation();
    // A click from Enter or Space has no click count; a pointer's has one.
    options.onPress({ pointer: event.detail > 0 });
  });
  root.append(style, button);
  return host;
}

/** A call button's closed shadow root, for the runtime's tests only. */
export function callButtonShadowRoot(host: Element): ShadowRoot | null {
  return buttonRoots.get(host as HTMLElement) ?? null;
}
