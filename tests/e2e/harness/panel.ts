import type { CDPSession, ElementHandle, Frame, JSHandle, Page } from 'puppeteer';

/** The side panel's host element (extension/panel/panel-host.ts PANEL_TAG). */
export const PANEL_SELECTOR = 'intake-cockpit-panel';

/**
 * How testers reach inside the panel. In the extension (issue #29) the panel, its widgets
 * and the click-to-call dialogs render in the panel frame: an extension page framed by
 * the CRM page, which the page's scripts cannot reach at all. The CRM page itself holds
 * only `<intake-cockpit-panel>` with a CLOSED shadow root around that frame, and the call
 * buttons in closed roots of their own (issue #9). The helpers below look in the panel
 * frame first when asked for the panel or the dialogs (`[PANEL_SELECTOR, ...]`,
 * `[CALL_DIALOGS_SELECTOR]`), through its open roots; everywhere else (the call buttons,
 * the painted view, a page without the frame, the script-tag embed) through the DevTools
 * protocol, which sees closed roots too: `DOM.getDocument` with `pierce: true` lists
 * them, and `DOM.resolveNode` hands one over as an object to run a function on.
 */

/** The panel frame of a CRM page (extension/public/panel-frame.html), once it is there. */
export function panelFrame(page: Page): Frame | null {
  return (
    page
      .frames()
      .find(
        (frame) =>
          frame.url().startsWith('chrome-extension://') &&
          new URL(frame.url()).pathname === '/panel-frame.html',
      ) ?? null
  );
}

/** The first tags of paths that live in the panel frame. */
const IN_PANEL_FRAME = new Set(['intake-cockpit-panel', 'intake-call-dialogs']);

/**
 * The shadow root at the end of `hosts` in the panel frame (open roots there), as a
 * handle; null when the frame or the root is not there.
 */
async function frameShadowRoot(
  page: Page,
  hosts: readonly string[],
): Promise<JSHandle<unknown> | null> {
  if (hosts.length === 0 || !IN_PANEL_FRAME.has(hosts[0])) return null;
  const frame = panelFrame(page);
  if (!frame) return null;
  // No named inner functions: tsx (testers' scripts, the bench) would wrap them in a
  // helper that does not exist in the frame.
  const handle = await frame
    .evaluateHandle((tags: string[]) => {
      let scope: ParentNode = document;
      for (const tag of tags) {
        // The first element named `tag` under `scope`, through nested open roots.
        let found: Element | null = null;
        const stack: ParentNode[] = [scope];
        while (!found && stack.length > 0) {
          const next = stack.shift()!;
          found = next.querySelector(tag);
          for (const element of next.querySelectorAll('*')) {
            if (element.shadowRoot) stack.push(element.shadowRoot);
          }
        }
        if (!found?.shadowRoot) return null;
        scope = found.shadowRoot;
      }
      return scope;
    }, hosts as string[])
    .catch(() => null);
  if (!handle) return null;
  const root = handle as JSHandle<unknown>;
  if (await root.evaluate((value) => value === null).catch(() => true)) {
    await root.dispose().catch(() => {});
    return null;
  }
  return root;
}

interface DomNode {
  backendNodeId: number;
  localName?: string;
  children?: DomNode[];
  shadowRoots?: DomNode[];
  contentDocument?: DomNode;
}

const sessions = new WeakMap<Page, Promise<CDPSession>>();

function cdp(page: Page): Promise<CDPSession> {
  let session = sessions.get(page);
  if (!session) {
    session = page.createCDPSession();
    sessions.set(page, session);
  }
  return session;
}

/** The first element named `tag` under `node`, through nested shadow roots. */
function findElement(node: DomNode, tag: string): DomNode | null {
  for (const child of [...(node.shadowRoots ?? []), ...(node.children ?? [])]) {
    if (child.localName === tag) return child;
    const found = findElement(child, tag);
    if (found) return found;
  }
  return null;
}

/** The shadow root at the end of `hosts` (each tag looked up inside the previous root). */
async function shadowRootObject(page: Page, hosts: readonly string[]): Promise<string | null> {
  const client = await cdp(page);
  const { root } = (await client.send('DOM.getDocument', { depth: -1, pierce: true })) as {
    root: DomNode;
  };
  let scope: DomNode = root;
  for (const tag of hosts) {
    const host = findElement(scope, tag);
    const shadow = host?.shadowRoots?.[0];
    if (!shadow) return null;
    scope = shadow;
  }
  if (scope === root) return null;
  const { object } = await client.send('DOM.resolveNode', { backendNodeId: scope.backendNodeId });
  return object.objectId ?? null;
}

/**
 * Runs `fn` on the shadow root at the end of `hosts` — e.g. `[PANEL_SELECTOR,
 * 'intake-funnel']` — open or closed; null while that root is not there. `fn` is sent
 * to the page as source text: it may use only its arguments.
 */
export async function evaluateInShadowRoot<R>(
  page: Page,
  hosts: readonly string[],
  fn: (root: ShadowRoot, arg: string) => R,
  arg = '',
): Promise<R | null> {
  const inFrame = await frameShadowRoot(page, hosts);
  if (inFrame) {
    try {
      return (await inFrame.evaluate(fn as unknown as (root: unknown, arg: string) => R, arg)) as R;
    } finally {
      await inFrame.dispose().catch(() => {});
    }
  }
  const objectId = await shadowRootObject(page, hosts).catch(() => null);
  if (!objectId) return null;
  const client = await cdp(page);
  try {
    const { result, exceptionDetails } = await client.send('Runtime.callFunctionOn', {
      objectId,
      functionDeclaration: `function (arg) { return (${fn.toString()})(this, arg); }`,
      arguments: [{ value: arg }],
      returnByValue: true,
      awaitPromise: true,
    });
    if (exceptionDetails) throw new Error(exceptionDetails.exception?.description ?? 'failed');
    return result.value as R;
  } finally {
    await client.send('Runtime.releaseObject', { objectId }).catch(() => {});
  }
}

/**
 * A look that met the panel's frame being replaced (the extension's frame is its own
 * process: after the background worker was stopped, or a navigation, the old frame's
 * target closes while a look is on its way) found nothing yet; the next look finds the new
 * frame. Any other failure is a real one.
 */
function notYetIfReplaced(error: unknown): null {
  const message = error instanceof Error ? error.message : String(error);
  if (/Target closed|detached|Execution context was destroyed|Cannot find context/i.test(message)) {
    return null;
  }
  throw error;
}

/** Polls `fn` on a shadow root until it answers true. */
export async function waitInShadowRoot(
  page: Page,
  hosts: readonly string[],
  fn: (root: ShadowRoot, arg: string) => boolean,
  arg = '',
  timeout = 15_000,
): Promise<void> {
  const deadline = Date.now() + timeout;
  while (!(await evaluateInShadowRoot(page, hosts, fn, arg).catch(notYetIfReplaced))) {
    if (Date.now() > deadline) {
      throw new Error(`Timed out after ${timeout} ms waiting inside ${hosts.join(' > ')}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * An element inside shadow roots, as a Puppeteer handle to click or type into:
 * `intake-cockpit-panel >>> intake-funnel >>> .ic-stat-card__button` (the last part is
 * a CSS selector inside the last root). Null while it is not there.
 */
export async function deepQuery(
  page: Page,
  selector: string,
): Promise<ElementHandle<Element> | null> {
  const parts = selector.split('>>>').map((part) => part.trim());
  const inner = parts.pop() ?? '';
  const inFrame = await frameShadowRoot(page, parts);
  if (inFrame) {
    try {
      const found = await inFrame.evaluateHandle(
        (root, css: string) => (root as ShadowRoot).querySelector(css),
        inner,
      );
      const element = found.asElement() as ElementHandle<Element> | null;
      if (!element) await found.dispose();
      return element;
    } finally {
      await inFrame.dispose().catch(() => {});
    }
  }
  // A one-off slot on the page's window, emptied at once: the only way to turn the
  // protocol's object into a Puppeteer handle.
  const slot = `__intakeHarness${Math.random().toString(36).slice(2)}`;
  const found = await evaluateInShadowRoot(
    page,
    parts,
    (root, arg) => {
      const [name, css] = JSON.parse(arg) as [string, string];
      const element = root.querySelector(css);
      if (element) (window as unknown as Record<string, unknown>)[name] = element;
      return element !== null;
    },
    JSON.stringify([slot, inner]),
  );
  if (!found) return null;
  const handle = await page.evaluateHandle((name) => {
    const store = window as unknown as Record<string, unknown>;
    const element = store[name];
    delete store[name];
    return element;
  }, slot);
  return handle.asElement() as ElementHandle<Element> | null;
}

/**
 * Waits for the side panel on a CRM page: its host in the page, and the panel itself (in
 * the panel frame; an older build's panel in the host's own root is found too). When it
 * does not come, the error says what the page and the extension's background held then
 * (panelTimeoutReport): a panel that never came has many possible reasons.
 */
export async function waitForPanel(page: Page, timeout = 15_000): Promise<void> {
  const deadline = Date.now() + timeout;
  const fail = async (): Promise<never> => {
    throw new Error(
      `Timed out after ${timeout} ms waiting for the panel. ${await panelTimeoutReport(page)}`,
    );
  };
  await page.waitForSelector(PANEL_SELECTOR, { timeout }).catch(fail);
  while (
    !(await evaluateInShadowRoot(
      page,
      [PANEL_SELECTOR],
      (root) => root.querySelector('.panel') !== null,
    ))
  ) {
    if (Date.now() > deadline) await fail();
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * What a CRM page and the extension's background hold, for an error message: the page's
 * address and top-level elements, the errors its scripts logged (content scripts'
 * included, pageProblems), and the background's session, open ports and call clients
 * (`__intakeDiagnostics`, read through a DevTools session of its own).
 */
export async function panelTimeoutReport(page: Page): Promise<string> {
  const onPage = await page
    .evaluate(() => ({
      readyState: document.readyState,
      body: [...(document.body?.children ?? [])].map((element) => element.localName).slice(-8),
    }))
    .catch((error: unknown) => String(error));
  let background: unknown = 'no service worker';
  const worker = page
    .browser()
    .targets()
    .find(
      (target) =>
        target.type() === 'service_worker' && target.url().startsWith('chrome-extension://'),
    );
  if (worker) {
    const session = await worker.createCDPSession().catch(() => null);
    const evaluated = await session
      ?.send('Runtime.evaluate', {
        expression: `(() => { const d = globalThis.__intakeDiagnostics?.();
          return d && { session: d.session, openPorts: d.openPorts, clients: d.calls?.clients }; })()`,
        returnByValue: true,
      })
      .catch((error: unknown) => ({ result: { value: String(error) } }));
    background = evaluated?.result.value ?? 'unreadable';
    await session?.detach().catch(() => undefined);
  }
  return JSON.stringify({
    url: page.url(),
    page: onPage,
    problems: pageProblems.get(page) ?? [],
    background,
  });
}

/** The errors each watched page logged (watchPageProblems), newest last. */
const pageProblems = new WeakMap<Page, string[]>();

/**
 * Keeps the errors `page` logs from now on (its console errors and uncaught exceptions,
 * content scripts' included) for panelTimeoutReport.
 */
export function watchPageProblems(page: Page): void {
  const problems: string[] = [];
  pageProblems.set(page, problems);
  const keep = (text: string) => {
    problems.push(text.slice(0, 500));
    if (problems.length > 20) problems.shift();
  };
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warn') keep(message.text());
  });
  page.on('pageerror', (error) => keep(String(error)));
}

/** The tags of the widgets inside the panel's shadow root. */
export async function panelWidgetTags(page: Page): Promise<string[]> {
  const tags = await evaluateInShadowRoot(page, [PANEL_SELECTOR], (root) =>
    [...root.querySelectorAll('.widgets > *')].map((el) => el.tagName.toLowerCase()),
  );
  return tags ?? [];
}

/** The text one widget shows (its shadow root, without the styles), read through the DevTools protocol. */
export async function widgetText(page: Page, tag: string): Promise<string> {
  const text = await evaluateInShadowRoot(
    page,
    [PANEL_SELECTOR, tag],
    (root) => root.querySelector('.ic-widget')?.textContent ?? '',
  );
  return text ?? '';
}

/** Waits until a widget's shadow root contains the text. */
export async function waitForWidgetText(
  page: Page,
  tag: string,
  text: string,
  timeout = 15_000,
): Promise<void> {
  try {
    await waitInShadowRoot(
      page,
      [PANEL_SELECTOR, tag],
      (root, expected) =>
        root.querySelector('.ic-widget')?.textContent?.includes(expected) ?? false,
      text,
      timeout,
    );
  } catch (error) {
    // What the widget showed instead: a tester's first question.
    const shown = (await widgetText(page, tag).catch(() => '')).slice(0, 500);
    throw new Error(`${(error as Error).message}; ${tag} showed: ${shown || '(nothing)'}`);
  }
}

/**
 * Waits for an element inside shadow roots (`a >>> b >>> css`), open or closed, and
 * returns its handle. Polls: what changes inside a widget's shadow root (a lazy sign-in
 * form, a report's cards) is not a document mutation page.waitForSelector would see.
 */
export async function waitForDeepSelector(
  page: Page,
  selector: string,
  timeout = 15_000,
): Promise<ElementHandle<Element>> {
  const deadline = Date.now() + timeout;
  for (;;) {
    const handle = await deepQuery(page, selector);
    if (handle) return handle;
    if (Date.now() > deadline)
      throw new Error(`Timed out after ${timeout} ms waiting for ${selector}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The click-to-call button next to a CRM page's phone number (extension/panel/click-to-call). */
export const CALL_BUTTON_SELECTOR = 'intake-call-button';
/** The click-to-call dialogs' host on a CRM page: `[CALL_DIALOGS_SELECTOR]` for the helpers above. */
export const CALL_DIALOGS_SELECTOR = 'intake-call-dialogs';

/** Every element named `tag` under `node`, through shadow roots, in document order. */
function findElements(node: DomNode, tag: string, found: DomNode[] = []): DomNode[] {
  for (const child of [...(node.shadowRoots ?? []), ...(node.children ?? [])]) {
    if (child.localName === tag) found.push(child);
    findElements(child, tag, found);
  }
  return found;
}

/**
 * The call buttons of a CRM page, each as its aria-label ("Call John Smith at (312)
 * 555-0142") and a handle to click (each button sits in its own closed root). In
 * document order; empty while there are none.
 */
export async function callButtons(
  page: Page,
): Promise<{ label: string; button: ElementHandle<Element> }[]> {
  const client = await cdp(page);
  const { root } = (await client.send('DOM.getDocument', { depth: -1, pierce: true })) as {
    root: DomNode;
  };
  const result: { label: string; button: ElementHandle<Element> }[] = [];
  for (const host of findElements(root, CALL_BUTTON_SELECTOR)) {
    const shadow = host.shadowRoots?.[0];
    if (!shadow) continue;
    const { object } = await client.send('DOM.resolveNode', {
      backendNodeId: shadow.backendNodeId,
    });
    if (!object.objectId) continue;
    const slot = `__intakeHarness${Math.random().toString(36).slice(2)}`;
    try {
      const { result: label } = await client.send('Runtime.callFunctionOn', {
        objectId: object.objectId,
        functionDeclaration: `function (slot) {
          const button = this.querySelector('button');
          if (!button) return null;
          window[slot] = button;
          return button.getAttribute('aria-label');
        }`,
        arguments: [{ value: slot }],
        returnByValue: true,
      });
      if (typeof label.value !== 'string') continue;
      const handle = await page.evaluateHandle((name) => {
        const store = window as unknown as Record<string, unknown>;
        const element = store[name];
        delete store[name];
        return element;
      }, slot);
      const button = handle.asElement() as ElementHandle<Element> | null;
      if (button) result.push({ label: label.value, button });
    } finally {
      await client.send('Runtime.releaseObject', { objectId: object.objectId }).catch(() => {});
    }
  }
  return result;
}

/** Waits until every widget of the panel shows its content (no sign-in, no spinner). */
export async function waitForSettledWidgets(page: Page, timeout = 30_000): Promise<string[]> {
  await waitForPanel(page, timeout);
  const deadline = Date.now() + timeout;
  for (;;) {
    const tags = await panelWidgetTags(page);
    const states = await Promise.all(
      tags.map((tag) =>
        evaluateInShadowRoot(page, [PANEL_SELECTOR, tag], (root) => {
          const frame = root.querySelector('.ic-widget');
          if (!frame || !frame.textContent?.trim()) return 'empty';
          if (frame.querySelector('[data-widget-state], [aria-busy="true"]')) return 'waiting';
          return 'ready';
        }),
      ),
    );
    if (tags.length > 0 && states.every((state) => state === 'ready')) return tags;
    if (Date.now() > deadline) {
      throw new Error(`widgets not settled: ${tags.map((t, i) => `${t}=${states[i]}`).join()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
