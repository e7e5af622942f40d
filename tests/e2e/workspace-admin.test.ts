import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'puppeteer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxListResponseSchema } from '@/shared/contracts/call-flow-api';
import {
  callButtons,
  CALL_DIALOGS_SELECTOR,
  clickDialogButton,
  dialogText,
  launchWithExtension,
  openCrmPage,
  openPopup,
  PANEL_SELECTOR,
  setServerAddress,
  signInThroughPopup,
  signInToApp,
  startServer,
  SYSTEM_USERNAME,
  waitForPanel,
  type ExtensionBrowser,
  type RunningServer,
} from './harness';
import { TEST_PASSWORD_COST } from '../server/helpers/test-server';

// Issue #16 end to end, as people do it: the system user creates a workspace with the
// wizard and invites its owner; the owner accepts from the outbox link, signs in, invites
// an agent and links them to a call-tracking user; the agent accepts, signs in to the
// extension and places a call from a Keap page; the owner deactivates the agent, whose
// sessions (the app's and the extension's) end. The real server, the built app and the
// production extension in Chromium.

const TIMEOUT = 30_000;
const FIRM = 'Northgate Immigration Law';
const KEAP_APP = 'ng417';
const OWNER = { first: 'Nora', last: 'Quist', email: 'nora.quist@northgate.test' };
const AGENT = { first: 'Theo', last: 'Marsh', email: 'theo.marsh@northgate.test' };
const PASSWORD = 'Harbor lights 2026';
/** The simulated call-tracking account's first user (server/call-tracking/simulated-account.ts). */
const CTM_USER = 'Jordan Reyes';
const KEAP_PAGE = `https://${KEAP_APP}.infusionsoft.com/Contact/manageContact.jsp?view=edit&ID=12345`;
const KEAP_PHONE = '(312) 555-0142';

let server: RunningServer;
let ext: ExtensionBrowser;
const contexts: BrowserContext[] = [];
let systemToken = '';

/** Polls `check` until it answers true; on timeout the error says what `shown` reads. */
async function until(
  what: string,
  check: () => Promise<boolean>,
  shown: () => Promise<string>,
  timeout = TIMEOUT,
): Promise<void> {
  const deadline = Date.now() + timeout;
  for (;;) {
    if (await check().catch(() => false)) return;
    if (Date.now() > deadline) {
      const seen = await shown().catch((error: unknown) => `(unreadable: ${String(error)})`);
      throw new Error(`Timed out after ${timeout} ms waiting for ${what}; on screen: ${seen}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

/** What a page shows, for failure messages: its main content (and a screenshot in the OS temp dir). */
const bodyText = async (page: Page) => {
  const file = join(tmpdir(), `workspace-admin-${Date.now()}.png`);
  await page.screenshot({ path: file as `${string}.png` }).catch(() => {});
  const text = await page.evaluate(() =>
    (document.querySelector('main') ?? document.body).innerText.replace(/\s+/g, ' ').slice(0, 1500),
  );
  return `${text} (screenshot ${file})`;
};

async function waitForText(page: Page, text: string, timeout = TIMEOUT): Promise<void> {
  await until(
    `"${text}"`,
    () => page.evaluate((t) => document.body.innerText.includes(t), text),
    () => bodyText(page),
    timeout,
  );
}

/**
 * The form control a visible <label> names (its text, before any help or "required"
 * mark), as an attribute selector: React's ids are not valid CSS identifiers.
 */
async function controlFor(page: Page, label: string): Promise<string> {
  let selector: string | null = null;
  await until(
    `the field "${label}"`,
    async () => {
      selector = await page.evaluate((wanted) => {
        for (const element of document.querySelectorAll('label')) {
          const text = (element.textContent ?? '').replace(/\s+/g, ' ').trim();
          if (text !== wanted && !text.startsWith(`${wanted} `) && !text.startsWith(`${wanted}*`))
            continue;
          const control = element.htmlFor
            ? document.getElementById(element.htmlFor)
            : element.querySelector('input, select, textarea');
          if (!control || (control as HTMLInputElement).disabled) continue;
          if (!control.id) control.id = `e2e-${Math.random().toString(36).slice(2)}`;
          return `[id="${control.id}"]`;
        }
        return null;
      }, label);
      return selector !== null;
    },
    () => bodyText(page),
  );
  return selector!;
}

async function fill(page: Page, label: string, value: string): Promise<void> {
  const selector = await controlFor(page, label);
  await page.click(selector, { count: 3 });
  await page.keyboard.press('Backspace');
  await page.type(selector, value);
}

/** Chooses the option whose visible text (or its first words, or its value) is `choice`. */
async function choose(page: Page, label: string, choice: string): Promise<void> {
  const selector = await controlFor(page, label);
  await until(
    `the option "${choice}" of "${label}"`,
    async () => {
      const value = await page.$eval(
        selector,
        (select, wanted) =>
          [...(select as HTMLSelectElement).options].find(
            (option) =>
              option.text.trim() === wanted ||
              option.text.trim().startsWith(`${wanted} `) ||
              option.value === wanted,
          )?.value ?? null,
        choice,
      );
      if (value === null) return false;
      await page.select(selector, value);
      return true;
    },
    () => bodyText(page),
  );
}

/** Clicks the button whose accessible name is `name` (its text or aria-label). */
async function press(page: Page, name: string, scope = 'body'): Promise<void> {
  await until(
    `the button "${name}"`,
    () =>
      page.evaluate(
        (wanted, within) => {
          const root = document.querySelector(within) ?? document.body;
          const button = [...root.querySelectorAll('button, a[role="button"]')].find(
            (element) =>
              !(element as HTMLButtonElement).disabled &&
              ((element.getAttribute('aria-label') ?? '').trim() === wanted ||
                (element.textContent ?? '').replace(/\s+/g, ' ').trim() === wanted),
          ) as HTMLElement | undefined;
          button?.click();
          return button !== undefined;
        },
        name,
        scope,
      ),
    () => bodyText(page),
  );
}

/** The newest invite link the outbox holds for `email`, as the system user reads it. */
async function inviteLinkFor(email: string): Promise<string> {
  let link: string | null = null;
  await until(
    `the invite e-mail to ${email} in the outbox`,
    async () => {
      const response = await fetch(
        `${server.url}/call-center/service-processes/outbox?page[limit]=50`,
        { headers: { authorization: `Bearer ${systemToken}` } },
      );
      const { data } = outboxListResponseSchema.parse(await response.json());
      const mail = data.find((item) => item.to.includes(email));
      const found = `${mail?.textBody ?? ''} ${mail?.htmlBody ?? ''}`.match(
        /https?:\/\/[^\s"'<>]+\/login\/[A-Za-z0-9_-]{43}\/invite/,
      );
      link = found?.[0] ?? null;
      return link !== null;
    },
    async () => 'no such e-mail yet',
  );
  return link!;
}

async function appPage(): Promise<Page> {
  const context = await ext.browser.createBrowserContext();
  contexts.push(context);
  const page = await context.newPage();
  await page.setViewport({ width: 1280, height: 900 });
  return page;
}

/** Accepts an invitation from its link: the password twice, then signed in under /app. */
async function acceptInvitation(page: Page, link: string, name: string): Promise<void> {
  await page.goto(link);
  await waitForText(page, `You have been invited to ${FIRM}`);
  await waitForText(page, name);
  await fill(page, 'New password', PASSWORD);
  await fill(page, 'Confirm password', PASSWORD);
  await press(page, 'Set password and sign in');
  await page.waitForFunction(() => location.pathname.startsWith('/app/'), { timeout: TIMEOUT });
}

/** The row of the users table that holds `text`, as a CSS scope for press(). */
async function rowScope(page: Page, text: string): Promise<string> {
  let scope: string | null = null;
  await until(
    `the row of ${text}`,
    async () => {
      scope = await page.evaluate((wanted) => {
        const row = [...document.querySelectorAll('tr')].find((tr) =>
          (tr.textContent ?? '').includes(wanted),
        );
        if (!row) return null;
        row.setAttribute('data-e2e-row', wanted);
        return `tr[data-e2e-row="${wanted}"]`;
      }, text);
      return scope !== null;
    },
    () => bodyText(page),
  );
  return scope!;
}

beforeAll(async () => {
  server = await startServer({ passwordCost: TEST_PASSWORD_COST });
  systemToken = await server.signIn(SYSTEM_USERNAME);
  ext = await launchWithExtension();
  await setServerAddress(ext, server.url);
}, 120_000);

afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => {});
  await ext?.close();
  await server?.stop();
});

describe('a new firm, from the workspace wizard to its agent placing a call', () => {
  let ownerPage: Page;
  let agentPage: Page;
  let workspaceId = '';

  it('system@intake.test creates the workspace with the wizard and invites its owner', async () => {
    const page = await appPage();
    await signInToApp(page, server.url, SYSTEM_USERNAME);
    await page.goto(`${server.url}/app/system/workspace-wizard`);
    await fill(page, 'Workspace name', FIRM);
    await press(page, 'Next');
    await choose(page, 'Timezone', 'America/Chicago');
    await press(page, 'Next');
    await choose(page, 'Edition', 'professional');
    await press(page, 'Next');
    await choose(page, 'CRM', 'Keap');
    await fill(page, 'Keap app name', KEAP_APP);
    await fill(page, 'Keap address', `https://${KEAP_APP}.infusionsoft.com`);
    await press(page, 'Next');
    await until(
      'call tracking turned on',
      () =>
        page.evaluate(() => {
          const box = [...document.querySelectorAll('label')]
            .find((label) => label.textContent?.includes('Turn call tracking on'))
            ?.querySelector('input');
          if (box && !box.checked) box.click();
          return box?.checked ?? false;
        }),
      () => bodyText(page),
    );
    await fill(page, 'CallTrackingMetrics account', '552014');
    await press(page, 'Next');
    await fill(page, 'First name', OWNER.first);
    await fill(page, 'Last name', OWNER.last);
    await fill(page, 'E-mail', OWNER.email);
    await press(page, 'Next');
    await press(page, 'Create workspace');
    await waitForText(page, 'Workspace created');

    const workspaces = (await (
      await fetch(`${server.url}/api/workspaces`, {
        headers: { authorization: `Bearer ${systemToken}` },
      })
    ).json()) as { data: { id: string; attributes: { name: string } }[] };
    workspaceId = workspaces.data.find((w) => w.attributes.name === FIRM)?.id ?? '';
    expect(workspaceId).not.toBe('');
    await page.close();
  }, 180_000);

  it('the owner accepts from the outbox link, signs in and invites an agent', async () => {
    ownerPage = await appPage();
    await acceptInvitation(ownerPage, await inviteLinkFor(OWNER.email), OWNER.first);
    await ownerPage.goto(`${server.url}/app/settings/users-administration`);
    await waitForText(ownerPage, `Users of ${FIRM}`);
    await press(ownerPage, 'Invite user');
    await fill(ownerPage, 'First name', AGENT.first);
    await fill(ownerPage, 'Last name', AGENT.last);
    await fill(ownerPage, 'E-mail', AGENT.email);
    await choose(ownerPage, 'Role', 'operator');
    await press(ownerPage, 'Send invitation');
    await waitForText(ownerPage, AGENT.email);
    const row = await rowScope(ownerPage, AGENT.email);
    expect(await ownerPage.$eval(row, (tr) => tr.textContent)).toContain('Pending');
  }, 120_000);

  it('the agent accepts, and the owner links them to a call-tracking user', async () => {
    agentPage = await appPage();
    await acceptInvitation(agentPage, await inviteLinkFor(AGENT.email), AGENT.first);

    await ownerPage.reload();
    const row = await rowScope(ownerPage, AGENT.email);
    await until(
      'the agent active and missing a link',
      () =>
        ownerPage.$eval(
          row,
          (tr) =>
            (tr.textContent ?? '').includes('Active') && tr.textContent!.includes('Not linked'),
        ),
      () => bodyText(ownerPage),
    );
    await press(ownerPage, `Link ${AGENT.first} ${AGENT.last}`, row);
    await choose(ownerPage, 'Call-tracking user', CTM_USER);
    await press(ownerPage, 'Save links');
    await until(
      `the row showing ${CTM_USER}`,
      async () =>
        (await ownerPage.$eval(
          await rowScope(ownerPage, AGENT.email),
          (tr) => tr.textContent,
        ))!.includes(CTM_USER),
      () => bodyText(ownerPage),
    );
  }, 120_000);

  it('the agent places a call from a Keap page in the extension', async () => {
    await signInThroughPopup(ext, AGENT.email, PASSWORD);
    const tab = await openCrmPage(ext.browser, KEAP_PAGE, { allowOrigins: [server.url] });
    await waitForPanel(tab, TIMEOUT);
    let buttons: Awaited<ReturnType<typeof callButtons>> = [];
    await until(
      `a call button for ${KEAP_PHONE}`,
      async () => (buttons = await callButtons(tab)).some((b) => b.label.includes(KEAP_PHONE)),
      async () => JSON.stringify(buttons.map((b) => b.label)),
    );
    await buttons.find((b) => b.label.includes(KEAP_PHONE))!.button.click();
    const dialogs = [CALL_DIALOGS_SELECTOR];
    const shown = () => dialogText(tab, dialogs);
    await until('Call in the number picker', () => clickDialogButton(tab, dialogs, 'Call'), shown);
    await until('the outcome dialog', async () => (await shown()).includes('Calling'), shown);
    expect(await clickDialogButton(tab, dialogs, 'Call')).toBe(true);

    // The provider placed it for the agent's call-tracking user, on the firm's main line.
    const callsOfFirm = () =>
      server.server.db
        .selectFrom('ctm_calls')
        .innerJoin('ctm_users', 'ctm_users.id', 'ctm_calls.agent_ctm_user_id')
        .select([
          'ctm_calls.direction',
          'ctm_calls.to_number',
          'ctm_calls.tracking_number',
          'ctm_calls.ended_at',
          'ctm_users.first_name',
          'ctm_users.last_name',
        ])
        .where('ctm_calls.workspace_id', '=', workspaceId)
        .execute();
    await until(
      'the outbound call at the provider',
      async () => (await callsOfFirm()).length > 0,
      shown,
    );
    const [placed] = await callsOfFirm();
    expect(placed.direction).toBe('outbound');
    expect(placed.to_number.replace(/\D/g, '')).toMatch(/3125550142$/);
    expect(`${placed.first_name} ${placed.last_name}`).toBe(CTM_USER);
    expect(placed.ended_at).toBeNull();
    await tab.close();
  }, 120_000);

  it('the owner deactivates the agent, whose app and extension sessions end', async () => {
    const tab = await openCrmPage(ext.browser, KEAP_PAGE, { allowOrigins: [server.url] });
    await waitForPanel(tab, TIMEOUT);
    const row = await rowScope(ownerPage, AGENT.email);
    await press(ownerPage, `Deactivate ${AGENT.first} ${AGENT.last}`, row);
    await waitForText(ownerPage, 'their open sessions end');
    await press(ownerPage, 'Deactivate', '[role="dialog"], [role="alertdialog"]');
    await until(
      'the agent inactive',
      async () =>
        (await ownerPage.$eval(
          await rowScope(ownerPage, AGENT.email),
          (tr) => tr.textContent,
        ))!.includes('Inactive'),
      () => bodyText(ownerPage),
    );

    // The extension: the panel leaves the CRM tab and the popup asks to sign in.
    await tab.waitForFunction(
      (selector) => document.querySelector(selector) === null,
      {
        timeout: TIMEOUT,
        polling: 200,
      },
      PANEL_SELECTOR,
    );
    const popup = await openPopup(ext);
    await popup.waitForSelector('input[name="username"]', { timeout: TIMEOUT });
    await popup.close();
    // The app: back at the sign-in page.
    await agentPage.waitForFunction(() => location.pathname.startsWith('/login'), {
      timeout: TIMEOUT,
    });
    // And the agent can no longer sign in.
    const refused = await fetch(`${server.url}/api/auth`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: AGENT.email, password: PASSWORD }),
    });
    expect(refused.status).not.toBe(200);
    await tab.close();
  }, 120_000);
});
