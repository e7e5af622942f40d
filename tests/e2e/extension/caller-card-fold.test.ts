import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'puppeteer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PANEL_PREFS } from '@/extension/panel/panel-prefs';
import {
  callDiagnostics,
  evaluateInShadowRoot,
  launchWithExtension,
  openCrmPage,
  openCrmTab,
  PANEL_SELECTOR,
  panelFrame,
  setServerAddress,
  signInThroughPopup,
  startServer,
  until,
  waitForPanel,
  widgetText,
  type ExtensionBrowser,
  type RunningServer,
} from '../harness';
import { TEST_PASSWORD_COST } from '../../server/helpers/test-server';

// issue #28 "Prefill and fold", in the CRM side panel (the production extension, a Keap
// fixture page at 1366×900, the panel at its default width): an incoming call's intake
// shows ONE caller card (the call's card heads the flow), and the first step's first field
// is within the first screen without scrolling, in light and in dark.

const AGENT = 'intake@harbor.test';
const LEAD = { leadName: 'Dana Reyes', phone: '+1 512 555 0147' };
const FIRST_STEP = 'Caller information';
const CALL_FLOW = [PANEL_SELECTOR, 'intake-call-flow'] as const;
const TIMEOUT = 20_000;
const SHOTS_DIR = process.env.FOLD_SHOTS_DIR;

let server: RunningServer;
let ext: ExtensionBrowser;

beforeAll(async () => {
  server = await startServer({ passwordCost: TEST_PASSWORD_COST });
  ext = await launchWithExtension();
  await setServerAddress(ext, server.url);
  await signInThroughPopup(ext, AGENT);
});

afterAll(async () => {
  await ext?.close();
  await server?.stop();
});

interface PanelFold {
  innerHeight: number;
  /** The field's ancestors (through shadow roots) that are scrolled, and by how much. */
  scrolled: string[];
  field: { name: string; top: number; bottom: number; left: number; right: number } | null;
  callerCards: string[];
  timer: string | null;
  stepTitle: string | null;
}

/** Measured inside the widget's (closed) shadow root; sent as source text. */
function measure(page: Page): Promise<PanelFold | null> {
  return evaluateInShadowRoot(page, CALL_FLOW, (root) => {
    const field = root.querySelector<HTMLElement>(
      '.ic-step-form input:not([type="hidden"]), .ic-step-form select, .ic-step-form textarea',
    );
    const scrolled = window.scrollY ? [`window: ${window.scrollY}`] : [];
    for (let node: Node | null = field; node;) {
      if (node instanceof Element && node.scrollTop) {
        scrolled.push(`${node.localName}.${node.className}: ${node.scrollTop}`);
      }
      node = node.parentNode instanceof ShadowRoot ? node.parentNode.host : node.parentNode;
    }
    const box = field?.getBoundingClientRect();
    const card = root.querySelector('.ic-active-call');
    return {
      innerHeight: window.innerHeight,
      scrolled,
      field:
        field && box
          ? {
              name: field.getAttribute('name') ?? '',
              top: box.top,
              bottom: box.bottom,
              left: box.left,
              right: box.right,
            }
          : null,
      callerCards: [...root.querySelectorAll('.ic-active-call, .ic-call-flow__caller')].map(
        (element) => element.getAttribute('aria-label') ?? '',
      ),
      timer: card?.querySelector('[role="timer"]')?.textContent ?? null,
      stepTitle: root.querySelector('.ic-call-flow[aria-busy="true"]')
        ? null
        : (root.querySelector('.ic-call-flow__step-title')?.textContent ?? null),
    };
  });
}

describe('the side panel’s intake: one caller card, the first field in the first screen (issue #28)', () => {
  it(`at 1366×900 with the panel ${DEFAULT_PANEL_PREFS.width} px wide, light and dark`, async () => {
    const { page, tabId } = await openCrmTab(ext, async () => {
      const opened = await openCrmPage(
        ext.browser,
        'https://ab123.infusionsoft.com/Contact/manageContact.jsp?view=edit&ID=12345',
        { allowOrigins: [server.url] },
      );
      await opened.setViewport({ width: 1366, height: 900 });
      return opened;
    });
    await waitForPanel(page, TIMEOUT);
    await page.bringToFront();
    await until(
      'the tab able to show the call flow',
      async () =>
        (await callDiagnostics(ext)).clients.some(
          (client) => client.tabId === tabId && client.canShowCallFlow,
        ),
      async () => JSON.stringify((await callDiagnostics(ext)).clients),
    );

    const call = await server.placeTestCall({ username: AGENT, ...LEAD });
    try {
      await until(
        `the first step "${FIRST_STEP}" in the panel`,
        async () => (await measure(page))?.stepTitle === FIRST_STEP,
        async () => (await widgetText(page, 'intake-call-flow')).slice(0, 400),
      );
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: scheme }]);
        await until(
          `the panel in ${scheme}`,
          // The panel in its frame (issue #29) follows the browser's scheme.
          async () =>
            (await panelFrame(page)?.$eval(PANEL_SELECTOR, (host) =>
              host.getAttribute('data-theme'),
            )) === scheme,
          async () => 'data-theme not switched',
        );
        const fold = await measure(page);
        if (SHOTS_DIR) {
          mkdirSync(SHOTS_DIR, { recursive: true });
          await page.screenshot({ path: join(SHOTS_DIR, `panel-1366x900-${scheme}.png`) });
        }
        expect(fold?.callerCards).toEqual([`Incoming call: ${LEAD.leadName}`]);
        expect(fold?.timer).toMatch(/^\d+:\d\d$/);
        // Nothing the agent scrolled: at most the panel's own scroll of the widget to its top
        // when the call came in (extension/panel/mount-panel.ts), its 12 px padding.
        expect(fold?.scrolled.every((entry) => entry === 'div.widgets: 12')).toBe(true);
        expect(fold?.field?.name).toBe('firstName');
        expect(fold!.field!.top).toBeGreaterThanOrEqual(0);
        expect(fold!.field!.bottom).toBeLessThanOrEqual(fold!.innerHeight);
        // In the panel, at the page's right edge: not cut off on either side.
        expect(fold!.field!.left).toBeGreaterThanOrEqual(1366 - DEFAULT_PANEL_PREFS.width);
        expect(fold!.field!.right).toBeLessThanOrEqual(1366);
      }
    } finally {
      await server.callerHangUp(call.id).catch(() => undefined);
    }
  }, 120_000);
});
