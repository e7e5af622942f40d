import { writeFileSync } from 'node:fs';
import type { Frame, Page } from 'puppeteer';
import { matchRoutes, type RouteObject } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appRoutes } from '@/app/router';
import { DEMO_ACCOUNTS } from '@/server/seed/demo-accounts';
import { TEST_PASSWORD_COST } from '../server/helpers/test-server';
import {
  CRM_PAGES,
  freshAppPage,
  launchWithExtension,
  menuPaths,
  openCrmPage,
  PANEL_SELECTOR,
  panelFrame,
  setServerAddress,
  signInThroughPopup,
  signInToApp,
  startServer,
  switchTheme,
  until,
  waitForDeepSelector,
  waitForSettledWidgets,
  type ExtensionBrowser,
  type RunningServer,
} from './harness';
import { FIRST_STEP, waitForStep } from './harness/app-wizard';
import { auditFrame, describeFindings, type AxeFinding } from './harness/axe';

// Issue #30 "Accessible everywhere": every screen of the app, each widget and the
// extension's panel, in light and dark, has no serious or critical violation that axe-core
// finds. One Chromium (the one with the production extension build) for all of it; the
// app's routes are what each demo user's sidebar offers, read from the rendered menu, so an
// entry added to shared/domain/menu.ts is audited without touching this file.

const THEMES = ['light', 'dark'] as const;
type Theme = (typeof THEMES)[number];
/** How long one screen may take to load on this shared, slow machine (a limit, not a check). */
const SCREEN_TIMEOUT = 30_000;

let server: RunningServer;
let ext: ExtensionBrowser;
const allFindings: AxeFinding[] = [];

beforeAll(async () => {
  server = await startServer({ passwordCost: TEST_PASSWORD_COST });
  ext = await launchWithExtension();
}, 120_000);

afterAll(async () => {
  // AXE_REPORT=<file>: every finding of the run as JSON (counts by rule for a fix list).
  if (process.env.AXE_REPORT) {
    writeFileSync(process.env.AXE_REPORT, JSON.stringify({ allFindings, timings }, null, 2));
  }
  await ext?.close();
  await server?.stop();
});

const timings: { where: string; ms: number }[] = [];

/** axe in a frame (harness/axe.ts), its findings and time kept for AXE_REPORT. */
async function audit(
  frame: Frame,
  where: string,
  options?: { frames?: boolean },
): Promise<AxeFinding[]> {
  const started = Date.now();
  const findings = await auditFrame(frame, where, options);
  allFindings.push(...findings);
  timings.push({ where, ms: Date.now() - started });
  return findings;
}

/** The route pattern a path opens (/app/coaching/training/:topic), from the app's own routes. */
function routePattern(path: string): string {
  const matches = matchRoutes(appRoutes() as RouteObject[], path) ?? [];
  return (
    matches
      .map((match) => match.route.path ?? '')
      .filter(Boolean)
      .join('/')
      .replace(/\/+/g, '/') || path
  );
}

/** Polls until the screen in <main> has a heading and nothing loading for half a second. */
async function waitForScreen(page: Page, what: string): Promise<void> {
  const deadline = Date.now() + SCREEN_TIMEOUT;
  let settledSince: number | null = null;
  for (;;) {
    const settled = await page
      .evaluate(() => {
        const main = document.querySelector('main');
        if (!main || !main.querySelector('h1:not([data-audit-left])')) return false;
        return ![...main.querySelectorAll('[role="status"], [aria-busy="true"]')].some(
          (node) =>
            node.getAttribute('aria-busy') === 'true' ||
            /^\s*Loading\b/.test(node.textContent ?? ''),
        );
      })
      .catch(() => false);
    settledSince = settled ? (settledSince ?? Date.now()) : null;
    if (settledSince !== null && Date.now() - settledSince > 500) return;
    if (Date.now() > deadline) throw new Error(`${what} never finished loading`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Reaches a path: through its sidebar link when there is one (no reload), else by address. */
async function openPath(page: Page, path: string): Promise<void> {
  // Already there (the landing page): nothing re-renders, so its heading stays unmarked.
  if ((await page.evaluate(() => location.pathname)) === path) return;
  await page.evaluate(() => document.querySelector('main h1')?.setAttribute('data-audit-left', ''));
  const link = await page.$(`nav[aria-label="Main menu"] a[href="${path}"]`);
  if (link) await link.evaluate((anchor) => (anchor as HTMLElement).click());
  else await page.goto(`${server.url}${path}`);
  await page.waitForFunction(
    (expected) => location.pathname === expected,
    { timeout: 15_000 },
    path,
  );
}

describe('axe-core finds no serious or critical violation (issue #30)', () => {
  it('on the sign-in and not-found pages, light and dark', async () => {
    const { context, page } = await freshAppPage(ext.browser);
    try {
      await page.emulateMediaFeatures([{ name: 'prefers-reduced-motion', value: 'reduce' }]);
      const findings: AxeFinding[] = [];
      for (const theme of THEMES) {
        // Nobody has chosen a theme yet: the system's preference decides.
        await page.emulateMediaFeatures([
          { name: 'prefers-color-scheme', value: theme },
          { name: 'prefers-reduced-motion', value: 'reduce' },
        ]);
        await page.goto(`${server.url}/login`);
        await page.waitForSelector('input[name="username"]');
        findings.push(...(await audit(page.mainFrame(), `/login (signed out, ${theme})`)));
        await page.goto(`${server.url}/no-such-page`);
        await page.waitForSelector('main h1 ::-p-text(Page not found)');
        findings.push(...(await audit(page.mainFrame(), `/404 (signed out, ${theme})`)));
      }
      expect(describeFindings(findings)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  // Every route once (issue #31 item 11: it was once per role, 6 of this file's minutes): a
  // user audits only the route patterns no earlier user offered, so each is audited by the
  // first role that has it, in the demo accounts' order (the owner, with the widest menu
  // and the most actions on each screen, first). What roles add is routes of their own (the
  // system pages, the agent dashboard), and those are audited as that role. The tests run
  // in order and share `audited`.
  const roles = [...new Set(DEMO_ACCOUNTS.map((account) => account.role))];
  const audited = new Set<string>();
  for (const role of roles) {
    const users = DEMO_ACCOUNTS.filter((a) => a.role === role && a.status === 'active');
    it(`on every route the ${role} demo users' menus offer, and their profile and help pages, light and dark`, async () => {
      const findings: AxeFinding[] = [];
      let offered = 0;
      for (const user of users) {
        const { context, page } = await freshAppPage(ext.browser);
        try {
          await page.emulateMediaFeatures([{ name: 'prefers-reduced-motion', value: 'reduce' }]);
          await signInToApp(page, server.url, user.username);
          const paths = [
            ...(await menuPaths(page)),
            '/app/profile/user-info',
            '/app/profile/credentials',
            '/app/help',
            // The not-allowed page (any */not-allowed; AppFallbackRoute).
            '/app/marketing/marketing-plan-essentials/not-allowed',
          ];
          offered += paths.length;
          const unaudited = paths.filter((path) => {
            const pattern = routePattern(path);
            if (audited.has(pattern)) return false;
            audited.add(pattern);
            return true;
          });
          // Alternate the starting theme so each route costs one switch, not two.
          let order: Theme[] = ['light', 'dark'];
          for (const path of unaudited) {
            await openPath(page, path);
            await waitForScreen(page, `${path} as ${user.username}`);
            for (const theme of order) {
              await switchTheme(page, theme);
              findings.push(
                ...(await audit(page.mainFrame(), `${path} (${user.username}, ${theme})`)),
              );
            }
            order = [...order].reverse();
          }
        } finally {
          await context.close();
        }
      }
      // The role's menu was read; its routes were audited here or by an earlier role.
      expect(offered, `${role}: no route offered`).toBeGreaterThan(0);
      expect(describeFindings(findings)).toEqual([]);
    }, 600_000);
  }

  it('on every widget of the script-tag demo page, light and dark', async () => {
    const { context, page } = await freshAppPage(ext.browser);
    try {
      await page.emulateMediaFeatures([{ name: 'prefers-reduced-motion', value: 'reduce' }]);
      await page.goto(`${server.url}/widgets/demo`);
      const tags = await page.evaluate(
        () =>
          (window as unknown as { IntakeWidgets: { elements: string[] } }).IntakeWidgets.elements,
      );
      expect(tags.length).toBeGreaterThan(0);
      const findings: AxeFinding[] = [];
      // Signed out first: each widget offers its sign-in form.
      await waitForDeepSelector(page, `${tags[0]} >>> input[name="username"]`);
      findings.push(...(await audit(page.mainFrame(), '/widgets/demo (signed out, light)')));
      await page.type(`${tags[0]} >>> input[name="username"]`, 'owner@lakeside.test');
      await page.type(`${tags[0]} >>> input[name="password"]`, 'demo-password');
      await page.click(`${tags[0]} >>> button[type="submit"]`);
      await page.waitForFunction(
        (all) =>
          all.every((tag) => {
            const root = document.querySelector(tag)?.shadowRoot;
            const shown = root?.querySelector('.ic-widget')?.textContent ?? '';
            return (
              root &&
              !root.querySelector('input[name="username"]') &&
              !root.querySelector('[data-widget-state], [aria-busy="true"]') &&
              shown.length > 40
            );
          }),
        { polling: 100, timeout: SCREEN_TIMEOUT },
        tags,
      );
      for (const theme of THEMES) {
        // The demo page's own theme switch sets every widget's theme attribute.
        await page.select('#theme', theme);
        await page.waitForFunction(
          (all, expected) =>
            all.every(
              (tag) =>
                document
                  .querySelector(tag)
                  ?.shadowRoot?.querySelector('.ic-widget')
                  ?.getAttribute('data-theme') === expected,
            ),
          { timeout: 5_000 },
          tags,
          theme,
        );
        findings.push(
          ...(await audit(page.mainFrame(), `/widgets/demo (${tags.join(', ')}, ${theme})`)),
        );
      }
      expect(describeFindings(findings)).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);

  // What opens over a screen is audited open: the menus and popovers a screen offers, each
  // kind of dialog, and the call wizard while a call is live (issue #30 "Accessible
  // everywhere" covers what an agent meets mid-call, not only the screens at rest).
  it('in the popovers, the dialogs and the live call wizard, light and dark', async () => {
    const findings: AxeFinding[] = [];
    /** Opens something over the screen, audits it in both themes, and closes it. */
    async function auditOpen(
      page: Page,
      what: string,
      open: () => Promise<unknown>,
      opened: string,
      close: () => Promise<unknown> = () => page.keyboard.press('Escape'),
      options?: { frames?: boolean },
    ) {
      for (const theme of THEMES) {
        await switchTheme(page, theme);
        await open();
        await page.waitForSelector(opened, { visible: true, timeout: SCREEN_TIMEOUT });
        findings.push(...(await audit(page.mainFrame(), `${what} (${theme})`, options)));
        await close();
        await page.waitForSelector(opened, { hidden: true, timeout: SCREEN_TIMEOUT });
      }
    }
    const click = (page: Page, selector: string) => async () => {
      const target = await page.waitForSelector(selector, { timeout: SCREEN_TIMEOUT });
      await target!.click();
    };

    // A manager: the cockpit's filter list, the funnel's explanations, the invite dialog.
    const manager = await freshAppPage(ext.browser);
    try {
      const page = manager.page;
      await page.emulateMediaFeatures([{ name: 'prefers-reduced-motion', value: 'reduce' }]);
      await signInToApp(page, server.url, 'owner@lakeside.test');
      await openPath(page, '/app/dashboards/cockpit');
      await waitForScreen(page, 'the cockpit');
      await auditOpen(
        page,
        'the cockpit filter list',
        click(page, 'main button[aria-haspopup="listbox"]'),
        '[role="listbox"]',
      );
      await auditOpen(
        page,
        'the notification list',
        click(page, 'button[aria-label^="Notifications"]'),
        '.ic-notifications__panel, [role="dialog"][aria-label^="Notifications"]',
      );
      await openPath(page, '/app/dashboards/dashboard');
      await waitForScreen(page, 'the Classic dashboard');
      await auditOpen(
        page,
        "a funnel card's explanation",
        () => page.focus('main .ic-info-tip__button'),
        'main .ic-info-tip__button[aria-expanded="true"]',
        () => page.keyboard.press('Escape'),
      );
      await openPath(page, '/app/settings/users-administration');
      await waitForScreen(page, 'Users administration');
      await auditOpen(
        page,
        'the Invite user dialog',
        click(page, 'main button::-p-text(Invite user)'),
        '.ic-form-dialog__dialog',
      );
      // The video player's frame is YouTube's (unreachable here, and not ours to audit).
      await openPath(page, '/app/coaching/training/immigration');
      await waitForScreen(page, 'a training topic');
      await auditOpen(
        page,
        'the video lightbox',
        click(page, 'main button[aria-label^="Play "]'),
        '.ic-lightbox__dialog',
        undefined,
        { frames: false },
      );
    } finally {
      await manager.context.close();
    }

    // An agent: the start-call dialog, then a live call's wizard and its hang-up question.
    const agent = await freshAppPage(ext.browser);
    try {
      const page = agent.page;
      await page.emulateMediaFeatures([{ name: 'prefers-reduced-motion', value: 'reduce' }]);
      await signInToApp(page, server.url, 'intake@harbor.test');
      await openPath(page, '/app/automated-intake');
      await waitForScreen(page, 'Automated intake');
      await auditOpen(
        page,
        'the start-call dialog',
        click(page, 'main .ic-process-list__item button'),
        '.ic-start-call__dialog',
      );
      await server.placeTestCall({
        username: 'intake@harbor.test',
        leadName: 'Rosa Diaz',
        phone: '5125550123',
      });
      await waitForStep(page, FIRST_STEP);
      for (const theme of THEMES) {
        await switchTheme(page, theme);
        findings.push(...(await audit(page.mainFrame(), `the live call wizard (${theme})`)));
      }
      await auditOpen(
        page,
        'the hang-up question',
        click(page, 'main button::-p-text(Hang up)'),
        '.ic-confirm__dialog',
        click(page, '.ic-confirm__dialog button::-p-text(Keep going)'),
      );
    } finally {
      await agent.context.close();
    }
    expect(describeFindings(findings)).toEqual([]);
  }, 300_000);

  it("in the extension's side panel on a CRM record, light and dark", async () => {
    await setServerAddress(ext, server.url);
    await signInThroughPopup(ext, 'owner@lakeside.test');
    const page = await openCrmPage(ext.browser, CRM_PAGES.zohoContact.url, {
      allowOrigins: [server.url],
    });
    try {
      await page.setViewport({ width: 1400, height: 1000 });
      await waitForSettledWidgets(page, SCREEN_TIMEOUT);
      const findings: AxeFinding[] = [];
      for (const theme of THEMES) {
        await page.emulateMediaFeatures([
          { name: 'prefers-color-scheme', value: theme },
          { name: 'prefers-reduced-motion', value: 'reduce' },
        ]);
        await until(
          `the panel in ${theme}`,
          async () =>
            (await panelFrame(page)?.$eval(PANEL_SELECTOR, (host) =>
              host.getAttribute('data-theme'),
            )) === theme,
          async () => 'data-theme not switched',
        );
        const frame = panelFrame(page);
        expect(frame, 'the panel frame').not.toBeNull();
        findings.push(...(await audit(frame!, `the panel on a Zoho contact (${theme})`)));
      }
      expect(describeFindings(findings)).toEqual([]);
    } finally {
      await page.close();
    }
  }, 180_000);

  it("on the extension's popup (signed in) and options page, light and dark", async () => {
    const page = await ext.browser.newPage();
    try {
      const findings: AxeFinding[] = [];
      for (const theme of THEMES) {
        // Both pages follow the system's scheme as they start (entrypoints/*/main.tsx).
        await page.emulateMediaFeatures([
          { name: 'prefers-color-scheme', value: theme },
          { name: 'prefers-reduced-motion', value: 'reduce' },
        ]);
        await page.goto(ext.extensionUrl('popup.html'));
        await page.waitForSelector('[data-testid="popup-user"]', { timeout: SCREEN_TIMEOUT });
        findings.push(...(await audit(page.mainFrame(), `the popup (${theme})`)));
        await page.goto(ext.extensionUrl('options.html'));
        await page.waitForSelector('input[name="serverOrigin"]', { timeout: SCREEN_TIMEOUT });
        findings.push(...(await audit(page.mainFrame(), `the options page (${theme})`)));
      }
      expect(describeFindings(findings)).toEqual([]);
    } finally {
      await page.close();
    }
  }, 120_000);
});
