import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ElementHandle, Page } from 'puppeteer';
import { describe, expect, it } from 'vitest';
import type { ProcessDefinition } from '@/shared/contracts/call-flow';
import {
  executionHistoryListResponseSchema,
  processDefinitionResponseSchema,
} from '@/shared/contracts/call-flow-api';
import { demoUserId } from './harness';
import { freshAppPage, signInToApp, switchTheme } from './harness/app-pages';
import { appSuite } from './harness/app-suite';
import { bodyText, confirmDialog, setField, waitForStep } from './harness/app-wizard';
import { auditFrame, describeFindings, type AxeFinding } from './harness/axe';
import {
  buildDogBiteFlow,
  DESIGNER_PATH,
  keyboardHands,
  mouseHands,
  SCOPES,
  waitForDraftSaved,
  waitForOpenStep,
  type DesignerHands,
} from './harness/designer';
import { focusedMatches, keyboardJourney } from './harness/keyboard';
import { until } from './harness/until';
import { TEST_PASSWORD_COST } from '../server/helpers/test-server';

// Issue #34 "A firm writes its own intake", in the built app against the real server:
// - as owner@harbor.test, a new four-step flow built from nothing with the mouse (a form
//   with a required phone, a route with a condition on an answer, an EMAIL trigger, an
//   END), test-run down both branches, published and made the lead-generation process;
//   then as intake@harbor.test an incoming test call runs it, a version 2 published while
//   that call is on version 1 leaves the call on version 1 (even across a reload), its
//   history names version 1, and the next call runs version 2;
// - the same flow built and published with the keyboard alone;
// - the list's duplicate, export, import, archive and bring back;
// - two tabs on one draft: the second is told, keeps what it typed, and keeps it over theirs;
// - a system user opens a workspace's designer from System › Workspaces;
// - axe-core finds no serious or critical violation on the list, the editor and a test
//   run, in light and dark.

const OWNER = 'owner@harbor.test';
const AGENT = 'intake@harbor.test';
const HARBOR = 'ws_harbor';
const THEMES = ['light', 'dark'] as const;

const suite = appSuite({ passwordCost: TEST_PASSWORD_COST });

/** Access tokens by user: signed in once (sign-ins are rate-limited). */
const tokens = new Map<string, Promise<string>>();
async function getJson(username: string, path: string): Promise<unknown> {
  if (!tokens.has(username)) tokens.set(username, suite.server.signIn(username));
  const response = await fetch(`${suite.server.url}/call-center/${path}`, {
    headers: { authorization: `Bearer ${await tokens.get(username)!}` },
  });
  expect(response.status, path).toBe(200);
  return response.json();
}

/** The published definition of a process, as the agents' wizard loads it. */
async function publishedDefinition(uid: string): Promise<ProcessDefinition> {
  const body = await getJson(AGENT, `processes/${uid}?workspace=${HARBOR}`);
  return processDefinitionResponseSchema.parse(body).data;
}

/** The flow, as the server keeps it: whoever built it, it is this. */
function expectDogBiteFlow(definition: ProcessDefinition): void {
  expect(definition.steps.map((step) => `${step.id}:${step.type}`)).toEqual([
    'caller:TASK',
    'injury-details:TASK',
    'referral:TASK',
    'end:END',
  ]);
  const [caller, injury, referral] = definition.steps;
  const phone = caller!.dynaform?.fields.find((field) => field.name === 'phone');
  expect(phone?.validators).toContainEqual({ type: 'required' });
  expect(caller!.dynaform?.fields.find((field) => field.name === 'bitten')).toMatchObject({
    type: 'radio',
    label: 'Was the caller bitten?',
    options: [
      { value: 'yes', label: 'Yes' },
      { value: 'no', label: 'No' },
    ],
    validators: [{ type: 'required' }],
  });
  expect(caller!.routes.map((route) => [route.flo_element_dest, route.flo_condition])).toEqual([
    ['injury-details', "@@bitten == 'yes'"],
    ['referral', ''],
  ]);
  expect(injury!.routes.map((route) => route.flo_element_dest)).toEqual(['end']);
  expect(injury!.triggers.AFTER).toEqual([
    expect.objectContaining({
      name: 'Tell the intake team',
      marker: 'EMAIL',
      config: {
        to: 'intake-team@harbor.test',
        subject: 'Dog bite: @@firstName',
        body: '@@firstName was bitten. @@injuries',
      },
    }),
  ]);
  expect(referral!.routes.map((route) => route.flo_element_dest)).toEqual(['end']);
}

/** The designer's list, loaded (the seeded intakes are in it). */
async function openList(page: Page): Promise<void> {
  await page.goto(`${suite.server.url}${DESIGNER_PATH}`);
  await page.waitForSelector('main table tbody tr', { timeout: 20_000 });
}

/** New process → its name → Create and edit; waits for its editor. */
async function createProcess(page: Page, hands: DesignerHands, name: string, uid: string) {
  await hands.press('New process', 'main');
  await hands.type('Name', name, '[role="dialog"]');
  await hands.press('Create and edit', '[role="dialog"]');
  await page.waitForFunction(
    (path) => location.pathname === path,
    { timeout: 20_000 },
    `${DESIGNER_PATH}/${uid}`,
  );
  await waitForOpenStep(page, 'Caller');
}

/** Publish; waits until the editor says `version` is published. */
async function publish(page: Page, hands: DesignerHands, version: number): Promise<void> {
  await hands.press('Publish', SCOPES.actions);
  await until(
    `version ${version} published`,
    async () => (await bodyText(page)).includes(`Version ${version} is published`),
    () => bodyText(page).then((text) => text.slice(0, 1500)),
  );
}

/** axe on what the page shows now, in both themes (back to light after). */
async function auditBothThemes(page: Page, where: string): Promise<AxeFinding[]> {
  const findings: AxeFinding[] = [];
  for (const theme of THEMES) {
    await switchTheme(page, theme);
    findings.push(...(await auditFrame(page.mainFrame(), `${where} (${theme})`)));
  }
  await switchTheme(page, 'light');
  return findings;
}

/** The Caller step of the flow, in the wizard: a name, a phone, bitten or not. */
async function answerCaller(page: Page, firstName: string, bitten: 'yes' | 'no'): Promise<void> {
  await setField(page, 'firstName', firstName);
  await setField(page, 'phone', '(312) 555-0142');
  await page.click(`.ic-step-form input[type="radio"][name$="-bitten"][value="${bitten}"]`);
}

async function next(page: Page, title: string): Promise<void> {
  await page.click('.ic-call-flow__actions button[type="submit"]');
  await waitForStep(page, title);
}

/** The steps the test run's log lists, in order. */
const testRunPath = (page: Page) =>
  page.$$eval('.ic-test-run__path summary', (items) => items.map((item) => item.textContent));

/** The text of the designer list's row of `name`. */
const rowOf = (page: Page, name: string) =>
  page.$$eval(
    'main table tbody tr',
    (rows, wanted) =>
      rows.map((row) => row.textContent ?? '').find((text) => text.startsWith(wanted)) ?? '',
    name,
  );

describe('the call-flow designer (issue #34)', () => {
  it('builds a flow, test-runs both branches, publishes it for incoming calls, and a call keeps its version', async () => {
    const owner = await freshAppPage(suite.chromium.browser);
    const agent = await freshAppPage(suite.chromium.browser);
    const findings: AxeFinding[] = [];
    try {
      const page = owner.page;
      await page.emulateMediaFeatures([{ name: 'prefers-reduced-motion', value: 'reduce' }]);
      await signInToApp(page, suite.server.url, OWNER);
      await openList(page);
      findings.push(...(await auditBothThemes(page, 'the designer list')));

      // Built with the mouse, from New process on.
      const hands = mouseHands(page);
      await createProcess(page, hands, 'Dog bite intake', 'dog-bite-intake');
      await buildDogBiteFlow(page, hands);
      await waitForDraftSaved(page);
      expect(await page.$('.ic-designer-editor__problems')).toBeNull();
      expect(
        await page.$$eval('.ic-step-list__name', (names) => names.map((n) => n.textContent)),
      ).toEqual(['Caller', 'Injury details', 'Referral', 'End']);
      // The map draws the four steps and names the condition on its route.
      expect(await page.$$eval('.ic-flow-map__step', (steps) => steps.length)).toBe(4);
      expect(await page.$eval('.ic-flow-map', (map) => map.textContent)).toContain('@@bitten');
      findings.push(...(await auditBothThemes(page, 'the designer editor')));

      // Test run, the yes branch: Injury details, and the e-mail shown, not sent.
      await hands.press('Test run', SCOPES.actions);
      await hands.press('Start the test run', '.ic-test-run');
      await waitForStep(page, 'Caller');
      await answerCaller(page, 'Dana', 'yes');
      await next(page, 'Injury details');
      await setField(page, 'injuries', 'Bitten on the left hand.');
      await next(page, 'Intake complete');
      const yes = await testRunPath(page);
      expect(yes.slice(0, 2)).toEqual(['Caller', 'Injury details']);
      expect(yes).not.toContain('Referral');
      const email = await page.$eval('.ic-test-run__email', (node) => node.textContent ?? '');
      expect(email).toContain('intake-team@harbor.test');
      expect(email).toContain('Dog bite: Dana');
      expect(email).toContain('Dana was bitten. Bitten on the left hand.');
      findings.push(...(await auditBothThemes(page, 'a test run')));

      // Again, the other branch: Referral, and no e-mail.
      await hands.press('Finish', '.ic-test-run');
      await hands.press('Run it again', '.ic-test-run');
      await waitForStep(page, 'Caller');
      await answerCaller(page, 'Sam', 'no');
      await next(page, 'Referral');
      await setField(page, 'referredTo', 'Lakeside Law');
      await next(page, 'Intake complete');
      const no = await testRunPath(page);
      expect(no.slice(0, 2)).toEqual(['Caller', 'Referral']);
      expect(no).not.toContain('Injury details');
      expect(await page.$$('.ic-test-run__email')).toHaveLength(0);

      // Published: version 1, the flow on the server.
      await hands.press('Back to editing', '.ic-test-run');
      await publish(page, hands, 1);
      expectDogBiteFlow(await publishedDefinition('dog-bite-intake'));

      // Incoming calls that name no process run it; the list says so once every session of
      // the workspace has heard (workspace:changed).
      await openList(page);
      await hands.choose(
        'Incoming calls that name no process run',
        'dog-bite-intake',
        '.ic-designer-list__lead-generation',
      );
      await until(
        'the list naming the lead-generation process',
        async () =>
          (await rowOf(page, 'Dog bite intake')).includes('Runs incoming calls') &&
          !(await rowOf(page, 'Personal Injury intake')).includes('Runs incoming calls'),
        () => bodyText(page),
      );
      // It cannot be archived while it runs them: the list says why, and nothing changes.
      await hands.press('Archive Dog bite intake', 'main');
      await until(
        'the reason it is not archived',
        async () => (await bodyText(page)).includes('choose another process for them below'),
        () => bodyText(page),
      );
      expect(await rowOf(page, 'Dog bite intake')).toContain('Published');

      // The agent's incoming call runs it.
      const since = new Date().toISOString();
      const desk = agent.page;
      await signInToApp(desk, suite.server.url, AGENT);
      await desk.goto(`${suite.server.url}/app/automated-intake`);
      await desk.waitForSelector('.ic-process-list__item', { timeout: 20_000 });
      await suite.server.placeTestCall({
        username: AGENT,
        leadName: 'Rosa Diaz',
        phone: '3125550188',
      });
      await waitForStep(desk, 'Caller');
      // The call's card heads the flow with the process's name.
      expect(await desk.$eval('.ic-call-flow', (flow) => flow.textContent)).toContain(
        'Dog bite intake',
      );
      await answerCaller(desk, 'Rosa', 'yes');
      await next(desk, 'Injury details');

      // Version 2 (Injury details renamed) is published while the call is on version 1.
      await page.goto(`${suite.server.url}${DESIGNER_PATH}/dog-bite-intake`);
      await hands.press('Injury details', SCOPES.stepList);
      await waitForOpenStep(page, 'Injury details');
      await hands.type('Name', 'Bite details', SCOPES.stepPanel);
      await waitForDraftSaved(page);
      await publish(page, hands, 2);

      // The call stays on version 1, even when the agent's page loads again.
      await desk.reload();
      await waitForStep(desk, 'Injury details');
      await setField(desk, 'injuries', 'Bitten on the arm.');
      await next(desk, 'Intake complete');
      await desk.click('.ic-call-flow__done button');

      // Its history names version 1.
      await until(
        'the completed history of version 1',
        async () => {
          const body = await getJson(
            OWNER,
            `workspaces/${HARBOR}/process-execution-history?page[limit]=20`,
          );
          const mine = executionHistoryListResponseSchema
            .parse(body)
            .data.filter((row) => row.userId === demoUserId(AGENT) && row.startTime >= since);
          return (
            mine.length === 1 &&
            mine[0]!.processName === 'Dog bite intake' &&
            mine[0]!.processVersion === 1 &&
            mine[0]!.status === 'completed'
          );
        },
        async () => 'no completed history of version 1 yet',
      );
      await page.goto(`${suite.server.url}/app/automated-intake/histories`);
      await page.waitForSelector('.ic-call-flows-area__table tbody tr', { timeout: 20_000 });
      expect(
        await page.$eval('.ic-call-flows-area__table tbody tr', (row) => row.textContent ?? ''),
      ).toContain('Dog bite intake, version 1');

      // The next call runs version 2.
      await desk.goto(`${suite.server.url}/app/automated-intake`);
      await desk.waitForSelector('.ic-process-list__item', { timeout: 20_000 });
      const second = await suite.server.placeTestCall({
        username: AGENT,
        leadName: 'Ana Lopez',
        phone: '3125550177',
      });
      await waitForStep(desk, 'Caller');
      await answerCaller(desk, 'Ana', 'yes');
      await next(desk, 'Bite details');
      await suite.server.callerHangUp(second.id);
    } finally {
      await agent.context.close();
      await owner.context.close();
    }
    expect(describeFindings(findings)).toEqual([]);
  }, 300_000);

  it('builds and publishes the same flow with the keyboard alone', async () => {
    const { context, page } = await freshAppPage(suite.chromium.browser);
    try {
      await page.emulateMediaFeatures([{ name: 'prefers-reduced-motion', value: 'reduce' }]);
      await signInToApp(page, suite.server.url, OWNER);
      await openList(page);
      const keys = keyboardJourney(page);
      const hands = keyboardHands(page, keys);
      await createProcess(page, hands, 'Dog bite by keyboard', 'dog-bite-by-keyboard');
      await keys.settled('the editor open');
      await buildDogBiteFlow(page, hands);
      await waitForDraftSaved(page);
      expect(await page.$('.ic-designer-editor__problems')).toBeNull();
      // A test run opens and closes from the keys too; the focus comes back to Test run.
      await hands.press('Test run', SCOPES.actions);
      await hands.press('Start the test run', '.ic-test-run');
      await waitForStep(page, 'Caller');
      await hands.press('Back to editing', '.ic-test-run');
      expect(await focusedMatches(page, `${SCOPES.actions} button`, 'Test run', true)).toBe(true);
      await publish(page, hands, 1);
      expectDogBiteFlow(await publishedDefinition('dog-bite-by-keyboard'));
    } finally {
      await context.close();
    }
  }, 300_000);

  it('duplicates, exports, imports, archives and brings back processes from the list', async () => {
    const { context, page } = await freshAppPage(suite.chromium.browser);
    const downloads = mkdtempSync(join(tmpdir(), 'intake-designer-'));
    try {
      const cdp = await page.createCDPSession();
      await cdp.send('Browser.setDownloadBehavior', {
        behavior: 'allow',
        downloadPath: downloads,
        browserContextId: (context as unknown as { id?: string }).id,
      });
      await signInToApp(page, suite.server.url, OWNER);
      await openList(page);
      const hands = mouseHands(page);

      // Duplicate: a draft of its own, named and numbered as a copy, opened in the editor.
      await hands.press('Duplicate Personal Injury intake', 'main');
      await page.waitForFunction(
        (path) => location.pathname === path,
        { timeout: 20_000 },
        `${DESIGNER_PATH}/pi-intake-copy`,
      );
      await waitForOpenStep(page, 'Caller information');
      expect(await page.$eval('main h1', (title) => title.textContent)).toBe(
        'Personal Injury intake (copy)',
      );

      // Export: the published definition as JSON, named after the process and its version.
      await openList(page);
      await hands.press('Export Personal Injury intake', 'main');
      const file = join(downloads, 'personal-injury-intake-v1.json');
      await until(
        'the exported file',
        async () =>
          existsSync(file) && !readdirSync(downloads).some((f) => f.endsWith('.crdownload')),
        async () => readdirSync(downloads).join(', '),
      );
      const exported = JSON.parse(readFileSync(file, 'utf8')) as ProcessDefinition;
      expect(exported).toMatchObject({ uid: 'pi-intake', name: 'Personal Injury intake' });
      expect(exported.steps.length).toBeGreaterThan(10);

      // Import of that file: its name and id are taken, so it comes in as an imported copy.
      const input = (await page.$('main input[type="file"]')) as ElementHandle<HTMLInputElement>;
      await input.uploadFile(file);
      await until(
        'the imported copy open',
        async () =>
          (await page.$eval('main h1', (title) => title.textContent).catch(() => '')) ===
          'Personal Injury intake (imported)',
        () => bodyText(page),
      );
      await waitForOpenStep(page, 'Caller information');

      // Archive (confirmed): gone from the agents' list, kept under "Show archived". (The
      // keyboard test above published this process; the file's tests share one server.)
      await openList(page);
      await hands.press('Archive Dog bite by keyboard', 'main');
      await confirmDialog(page, 'Archive Dog bite by keyboard?', 'Archive');
      await until(
        'the archived process out of the list',
        async () => (await rowOf(page, 'Dog bite by keyboard')) === '',
        () => bodyText(page),
      );
      const agentsList = async () =>
        (
          (await getJson(AGENT, `workspaces/${HARBOR}/processes`)) as { data: { id: string }[] }
        ).data.map((process) => process.id);
      expect(await agentsList()).not.toContain('dog-bite-by-keyboard');
      await hands.tick('Show archived processes (1)', 'main');
      expect(await rowOf(page, 'Dog bite by keyboard')).toContain('Archived');

      // Bring back: published again for new calls.
      await hands.press('Bring back Dog bite by keyboard', 'main');
      await until(
        'the process brought back',
        async () => (await rowOf(page, 'Dog bite by keyboard')).includes('Published'),
        () => bodyText(page),
      );
      expect(await agentsList()).toContain('dog-bite-by-keyboard');
    } finally {
      await context.close();
      rmSync(downloads, { recursive: true, force: true });
    }
  }, 120_000);

  it('tells the second of two editors of one draft, and keeps what either typed until they choose', async () => {
    const first = await freshAppPage(suite.chromium.browser);
    const second = await freshAppPage(suite.chromium.browser);
    try {
      for (const { page } of [first, second]) {
        await signInToApp(page, suite.server.url, OWNER);
        await page.goto(`${suite.server.url}${DESIGNER_PATH}/pi-intake`);
        await waitForOpenStep(page, 'Caller information');
      }
      // Both opened version 1; the first saves a draft.
      await mouseHands(first.page).type('Description', 'Changed in the first tab.', 'main');
      await waitForDraftSaved(first.page);

      // The second's save is refused: it is told, and keeps what it typed.
      const hands = mouseHands(second.page);
      await hands.type('Process name', 'Personal Injury intake (second tab)', 'main');
      await until(
        'the conflict shown',
        async () => (await bodyText(second.page)).includes('Saved by someone else meanwhile'),
        () => bodyText(second.page),
      );
      const conflict = await second.page.$eval(
        '.ic-designer-editor__conflict',
        (card) => card.textContent ?? '',
      );
      expect(conflict).toContain('Henry Harper saved this draft');
      expect(conflict).toContain('Nothing is lost');
      expect(await second.page.$eval('main h1', (title) => title.textContent)).toBe(
        'Personal Injury intake (second tab)',
      );

      // Keep mine: saved over theirs, named as the draft the server holds.
      await hands.press('Keep mine', '.ic-designer-editor__conflict');
      await waitForDraftSaved(second.page);
      const draft = (await getJson(OWNER, `workspaces/${HARBOR}/processes/pi-intake/draft`)) as {
        data: { definition: { name: string } };
      };
      expect(draft.data.definition.name).toBe('Personal Injury intake (second tab)');
    } finally {
      await second.context.close();
      await first.context.close();
    }
  }, 120_000);

  it("opens any workspace's designer to a system user, from System › Workspaces", async () => {
    const { context, page } = await freshAppPage(suite.chromium.browser);
    try {
      await signInToApp(page, suite.server.url, 'system@intake.test');
      await page.goto(`${suite.server.url}/app/system/workspaces`);
      const link = await page.waitForSelector(
        'a[aria-label="Design the call flows of Harbor Legal"]',
        { timeout: 20_000 },
      );
      await link!.click();
      await page.waitForFunction(
        (path) => location.pathname === path,
        { timeout: 20_000 },
        DESIGNER_PATH,
      );
      expect(await page.evaluate(() => location.search)).toBe(`?workspace=${HARBOR}`);
      const intake = await page.waitForSelector(
        'main table tbody tr a::-p-text(Personal Injury intake)',
        { timeout: 20_000 },
      );
      await intake!.click();
      await waitForOpenStep(page, 'Caller information');
      // The workspace's own lists (its practice areas), not the system user's (none).
      const practiceArea = () =>
        page.evaluate(() => {
          const label = [...document.querySelectorAll('main label')].find(
            (candidate) => candidate.textContent === 'Practice area',
          ) as HTMLLabelElement | undefined;
          return (label?.control as HTMLSelectElement | null)?.selectedOptions[0]?.textContent;
        });
      await until(
        "the process's practice area by name",
        async () => (await practiceArea()) === 'Personal Injury',
        async () => `the practice area shows ${await practiceArea()}`,
      );
    } finally {
      await context.close();
    }
  }, 120_000);
});
