import type { CallRequest } from '@/app/calls/click-to-call';
import type { SiteFamily } from '@/extension/lib/site-families';
import { formatFoundPhone } from '@/shared/domain/phone-finder';
import { createCallButton, type PressKind } from './call-button';
import { contactNameOf, findPagePhones, type PagePhone } from './page-phones';
import { CALL_BUTTON_TAG, CALL_DIALOGS_TAG } from './tags';

export interface PhoneButtonsOptions {
  family: SiteFamily;
  /** Aborting it stops watching and removes every button (navigation, sign-out). */
  signal: AbortSignal;
  /** A button was pressed: who and which number, as the page shows it. */
  onCall: (request: CallRequest, how: PressKind) => void;
  doc?: Document;
  /** How long changes gather before the page is read again (ms). */
  delayMs?: number;
}

interface Placed {
  /** What the source said, and the name, when its buttons were made. */
  sourceText: string;
  name: string;
  buttons: HTMLElement[];
}

const OUR_TAGS = new Set([CALL_BUTTON_TAG, CALL_DIALOGS_TAG, 'intake-cockpit-panel']);

function isOurs(node: Node): boolean {
  return node.nodeType === Node.ELEMENT_NODE && OUR_TAGS.has((node as Element).localName);
}

function currentText(source: Node): string {
  return source.nodeType === Node.TEXT_NODE
    ? (source as Text).data
    : ((source as HTMLAnchorElement).href ?? '');
}

/**
 * Call buttons next to the phone numbers of a CRM page (issue #13): one
 * `<intake-call-button>` right after each number's text node (or after the link around
 * it), the page's own nodes never rewritten. What the CRM renders later (single-page
 * navigation, lazy panels) is read when it arrives: a MutationObserver gathers changes
 * for `delayMs` and reads only the parts that changed. A number whose text changed or
 * went away loses its button; a button the CRM removed is put back. Each source node is
 * remembered in a map (no marker attribute on the CRM's elements).
 */
export function watchPhoneButtons(options: PhoneButtonsOptions): void {
  const doc = options.doc ?? document;
  const { signal, family } = options;
  if (signal.aborted) return;
  const delay = options.delayMs ?? 50;
  const placed = new Map<Node, Placed>();
  /** Buttons this code took out: their removal is not the CRM's doing. */
  const removedByUs = new WeakSet<Node>();
  let name = contactNameOf(family, doc);

  function remove(source: Node): void {
    for (const button of placed.get(source)?.buttons ?? []) {
      removedByUs.add(button);
      button.remove();
    }
    placed.delete(source);
  }

  function place(phones: readonly PagePhone[]): void {
    const bySource = new Map<Node, PagePhone[]>();
    for (const phone of phones) {
      bySource.set(phone.source, [...(bySource.get(phone.source) ?? []), phone]);
    }
    for (const [source, list] of bySource) {
      const before = placed.get(source);
      if (
        before &&
        before.sourceText === currentText(source) &&
        before.name === name &&
        before.buttons.every((button) => button.isConnected)
      ) {
        continue;
      }
      remove(source);
      const buttons = list.map((phone) => {
        const request: CallRequest = { name, phone: phone.phone.text };
        return createCallButton({
          doc,
          name,
          formatted: formatFoundPhone(phone.phone),
          onPress: (how) => options.onCall(request, how),
        });
      });
      // In the number's order, right after it.
      list[0].after.after(...buttons);
      placed.set(source, { sourceText: currentText(source), name, buttons });
    }
  }

  /** Drops the buttons of numbers that went away or changed (their node is read again). */
  function prune(): Node[] {
    const again: Node[] = [];
    for (const [source, entry] of placed) {
      if (!source.isConnected) {
        remove(source);
      } else if (currentText(source) !== entry.sourceText) {
        remove(source);
        again.push(source);
      }
    }
    return again;
  }

  let pending = new Set<Node>();
  let timer: ReturnType<typeof setTimeout> | null = null;

  function flush(): void {
    timer = null;
    if (signal.aborted) return;
    const roots = pending;
    pending = new Set();
    const nextName = contactNameOf(family, doc);
    const renamed = nextName !== name;
    name = nextName;
    const again = prune();
    // A new name relabels every button: read the whole page again.
    const toRead = renamed ? [doc.body] : [...roots, ...again];
    for (const root of toRead) {
      if (root?.isConnected) place(findPagePhones(root, family));
    }
  }

  const observer = new MutationObserver((records) => {
    let removed = false;
    for (const record of records) {
      if (record.type === 'characterData') {
        pending.add(record.target);
        continue;
      }
      for (const node of record.addedNodes) if (!isOurs(node)) pending.add(node);
      for (const node of record.removedNodes) {
        if (removedByUs.has(node)) continue;
        // A button of ours the CRM took out: its number gets one again. Anything else
        // may have taken numbers with it: their buttons go (prune, on every flush).
        if (isOurs(node)) pending.add(record.target);
        else removed = true;
      }
    }
    if ((pending.size > 0 || removed) && timer === null) timer = setTimeout(flush, delay);
  });

  place(findPagePhones(doc.body, family));
  observer.observe(doc.body, { childList: true, subtree: true, characterData: true });

  signal.addEventListener(
    'abort',
    () => {
      observer.disconnect();
      if (timer !== null) clearTimeout(timer);
      for (const source of [...placed.keys()]) remove(source);
    },
    { once: true },
  );
}
