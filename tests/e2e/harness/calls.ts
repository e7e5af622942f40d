import type { Page } from 'puppeteer';
import type { CallsDiagnostics } from '@/extension/entrypoints/background/calls';
import type { ExtensionBrowser } from './launch-extension';
import { deepQuery, evaluateInShadowRoot, PANEL_SELECTOR, widgetText } from './panel';
import { until } from './until';

// Helpers for the active call (issue #13): what the background holds, which browser tab a
// page is, and the dialogs (confirm, click-to-call) that live in closed shadow roots.

/** The background's active call as `__intakeDiagnostics().calls` reports it (no flow values). */
export async function callDiagnostics(ext: ExtensionBrowser): Promise<CallsDiagnostics> {
  const worker = await ext.worker();
  return worker.evaluate(
    () =>
      (
        globalThis as unknown as { __intakeDiagnostics(): { calls: CallsDiagnostics } }
      ).__intakeDiagnostics().calls,
  );
}

/**
 * Opens a page with `open` and answers it with its browser tab id (what the background
 * calls `crm:{tabId}`): the CRM tab whose port appears in the background's call clients.
 * (The extension has no "tabs" permission: tabs.query does not tell tabs apart by URL.)
 */
export async function openCrmTab(
  ext: ExtensionBrowser,
  open: () => Promise<Page>,
  timeout = 20_000,
): Promise<{ page: Page; tabId: number }> {
  const crmTabs = async () =>
    (await callDiagnostics(ext)).clients
      .filter((client) => client.kind === 'crm' && client.tabId !== null)
      .map((client) => client.tabId as number);
  const before = new Set(await crmTabs());
  const page = await open();
  const deadline = Date.now() + timeout;
  for (;;) {
    const added = (await crmTabs()).filter((id) => !before.has(id));
    if (added.length === 1) return { page, tabId: added[0] };
    if (Date.now() > deadline) {
      throw new Error(`No new CRM tab reached the background (new: ${JSON.stringify(added)}).`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * The wizard's values the background keeps for the call (storage.session `calls:flow:*`, extension/entrypoints/background/index.ts),
 * as one text to search: a draft typed in one tab is there before another tab can read it.
 */
export async function callFlowValues(ext: ExtensionBrowser): Promise<string> {
  const worker = await ext.worker();
  return worker.evaluate(async () => {
    const api = (
      globalThis as unknown as {
        chrome: { storage: { session: { get(keys: null): Promise<Record<string, unknown>> } } };
      }
    ).chrome;
    const items = await api.storage.session.get(null);
    return Object.entries(items)
      .filter(([key]) => key.startsWith('calls:flow:'))
      .map(([, value]) => (typeof value === 'string' ? value : JSON.stringify(value)))
      .join('\n');
  });
}

/** The text of the open dialogs (role dialog or alertdialog) in a shadow root; '' without one. */
export async function dialogText(page: Page, hosts: readonly string[]): Promise<string> {
  const text = await evaluateInShadowRoot(page, hosts, (root) =>
    [...root.querySelectorAll('[role="dialog"], [role="alertdialog"]')]
      .map((dialog) => dialog.textContent ?? '')
      .join('\n'),
  );
  return text ?? '';
}

/**
 * Clicks the enabled button named `text` (its text, trimmed) inside an open dialog of a
 * shadow root; answers whether there was one. A DOM click: for a trusted one (user
 * activation), take the handle from deepQuery instead.
 */
export async function clickDialogButton(
  page: Page,
  hosts: readonly string[],
  text: string,
): Promise<boolean> {
  const clicked = await evaluateInShadowRoot(
    page,
    hosts,
    (root, name) => {
      const button = [
        ...root.querySelectorAll<HTMLButtonElement>(
          '[role="dialog"] button, [role="alertdialog"] button',
        ),
      ].find((candidate) => candidate.textContent?.trim() === name && !candidate.disabled);
      button?.click();
      return button !== undefined;
    },
    text,
  );
  return clicked === true;
}

/** The call-flow widget inside the panel: `hosts` for the helpers of ./panel.ts. */
export const CALL_FLOW_HOSTS = [PANEL_SELECTOR, 'intake-call-flow'] as const;

/** The wizard's current step title in a tab's call-flow widget once it is not busy; else null. */
export async function wizardStep(page: Page): Promise<string | null> {
  return evaluateInShadowRoot(page, CALL_FLOW_HOSTS, (root) =>
    root.querySelector('.ic-call-flow[aria-busy="true"]')
      ? null
      : (root.querySelector('.ic-call-flow__step-title')?.textContent ?? null),
  );
}

/** What a tab's call-flow widget shows, for failure messages. */
export async function callFlowText(page: Page): Promise<string> {
  return `<intake-call-flow> "${(await widgetText(page, 'intake-call-flow')).slice(0, 400)}"`;
}

/** The panel header's hang-up button (shown while a call is live). */
export const HANG_UP_PILL = `${PANEL_SELECTOR} >>> header [aria-label="Hang up the call"]`;

/** Confirms a hang-up: the wizard's own confirm (in the widget) or the panel's. */
export async function confirmHangUp(page: Page): Promise<void> {
  await until(
    'a hang-up confirm',
    async () =>
      (await clickDialogButton(page, CALL_FLOW_HOSTS, 'Hang up')) ||
      (await evaluateInShadowRoot(page, [PANEL_SELECTOR], (root) => {
        const button = root.querySelector<HTMLButtonElement>('.hang-up-confirm-submit');
        button?.click();
        return button !== null;
      })) === true,
    () => callFlowText(page),
  );
}

/** Hangs the live call up from the panel header, confirmed, and waits for "No call in progress". */
export async function hangUpInPanel(page: Page): Promise<void> {
  let pill: Awaited<ReturnType<typeof deepQuery>> = null;
  await until(
    'the hang-up pill',
    async () => (pill = await deepQuery(page, HANG_UP_PILL)) !== null,
    () => callFlowText(page),
  );
  await pill!.click();
  await confirmHangUp(page);
  await until(
    'no call in progress',
    async () => (await widgetText(page, 'intake-call-flow')).includes('No call in progress'),
    () => callFlowText(page),
  );
}
