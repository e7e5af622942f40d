import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fireEvent, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callButtonShadowRoot } from '@/extension/panel/click-to-call/call-button';
import {
  CALL_ALERTS_SHOWN_KEY,
  callDialogsShadowRoot,
} from '@/extension/panel/click-to-call/call-dialogs';
import { startClickToCall } from '@/extension/panel/click-to-call/start-call-dialogs';
import type { SiteFamily } from '@/extension/lib/site-families';
import type { CallSession } from '@/shared/calls/call-session';
import { NO_CALL_SNAPSHOT } from '@/shared/contracts/call-session';
import type { Role } from '@/shared/contracts/roles';
import type { HostSession } from '@/shared/session/host-session';
import { createMemoryStorage } from '@/shared/storage/storage';
import { createValueStore, createWidgetEnvironment } from '@/widgets/widget-environment';
import { callTrackingApi, LINKED_AGENT } from '../../app/calls/click-to-call/click-to-call-kit';
import type { FakeApi } from '../../app/fake-api';
import { makeUser, makeWorkspace } from '../../shared/domain/fixtures';

// Click-to-call on a CRM page (issue #13): the buttons next to the page's phone numbers,
// the observer for numbers rendered later, and the flow in our closed shadow root.

const KEAP_PAGE = `
  <div class="topbar">Keap</div>
  <div class="content">
    <h1 id="record-title">John Smith</h1>
    <p>Contact ID 12345 · Lead source: Google Ads</p>
    <dl>
      <dt>Phone 1</dt><dd id="phone-1">(312) 555-0142</dd>
      <dt>Office</dt><dd><a id="office" href="tel:+13125550100">Call the office</a></dd>
    </dl>
    <form>
      <input id="typed" value="(312) 555-0199">
      <textarea>Call back on 312-555-0177</textarea>
    </form>
    <div contenteditable="true">Note: 312.555.0166</div>
    <script>/* 312-555-0155 */</script>
  </div>`;

function signedInAs(role: Role, ctm = true): HostSession {
  return {
    user: makeUser({ id: 'u_agent', role, name: 'Ivy Intake' }),
    workspace: makeWorkspace({ ctmSetting: ctm, ctmAccount: ctm ? '1' : null }),
    agent: LINKED_AGENT,
  };
}

function fakeCalls(): CallSession & { outbound: ReturnType<typeof vi.fn> } {
  return {
    get: () => NO_CALL_SNAPSHOT,
    subscribe: () => () => {},
    flowStorage: createMemoryStorage(),
    claim: vi.fn(async () => true),
    outbound: vi.fn(async () => {}),
    wizardMoved: vi.fn(),
    hangUp: vi.fn(async () => {}),
    reset: vi.fn(async () => {}),
    takeWaiting: vi.fn(async () => {}),
    leaveWaiting: vi.fn(),
    requestHangUp: vi.fn(),
    onHangUpRequest: () => () => {},
  };
}

let stop: () => void = () => {};
afterEach(() => {
  stop();
  document.body.innerHTML = '';
});

function start(
  options: {
    html?: string;
    session?: HostSession | null;
    family?: SiteFamily;
    api?: FakeApi;
    storage?: ReturnType<typeof createMemoryStorage>;
  } = {},
) {
  document.body.innerHTML = options.html ?? KEAP_PAGE;
  const api = options.api ?? callTrackingApi();
  const session = createValueStore<HostSession | null>(
    options.session === undefined ? signedInAs('operator') : options.session,
  );
  const environment = createWidgetEnvironment({
    session: {
      get: () => {
        const value = session.get();
        return value
          ? { status: 'signed-in', session: value, appOrigin: 'http://localhost:8080' }
          : { status: 'signed-out', message: null };
      },
      subscribe: session.subscribe,
    },
    api: () => api,
    storage: options.storage ?? createMemoryStorage(),
  });
  const calls = fakeCalls();
  const controller = new AbortController();
  startClickToCall({
    family: options.family ?? 'keap',
    signal: controller.signal,
    environment,
    calls,
    doc: document,
    delayMs: 5,
  });
  stop = () => controller.abort();
  return { api, calls, controller, session };
}

const buttons = () => [...document.querySelectorAll('intake-call-button')];
const labelOf = (host: Element) =>
  callButtonShadowRoot(host)?.querySelector('button')?.getAttribute('aria-label') ?? null;
const dialogsRoot = () => {
  const host = document.querySelector('intake-call-dialogs');
  return host ? callDialogsShadowRoot(host) : null;
};

/** The page as the CRM wrote it: our elements taken out of a copy. */
function crmMarkup(): string {
  const copy = document.body.cloneNode(true) as HTMLElement;
  for (const ours of copy.querySelectorAll('intake-call-button, intake-call-dialogs')) {
    ours.remove();
  }
  return copy.innerHTML;
}

describe('call buttons next to the phone numbers of a CRM page', () => {
  it("adds one button right after each number, named for the contact, without changing the CRM's DOM", () => {
    const before = KEAP_PAGE;
    start();
    const added = buttons();
    expect(added.map(labelOf)).toEqual([
      'Call John Smith at (312) 555-0142',
      'Call John Smith at (312) 555-0100',
    ]);
    // Next to the number: the text node's sibling, and after the tel: link (not inside it).
    const phone = document.getElementById('phone-1')!;
    expect(phone.firstChild?.nodeValue).toBe('(312) 555-0142');
    expect(phone.firstChild?.nextSibling).toBe(added[0]);
    expect(document.getElementById('office')!.nextSibling).toBe(added[1]);
    // Closed roots: the CRM's scripts see no shadow root and no text of ours.
    expect(added[0].shadowRoot).toBeNull();
    expect(added[0].textContent).toBe('');
    const button = callButtonShadowRoot(added[0])!.querySelector('button')!;
    expect(button.type).toBe('button');
    expect(button.title).toBe('Call John Smith at (312) 555-0142');
    expect(button.querySelector('svg.ic-icon')).not.toBeNull();
    // The page's own text and attributes are as the CRM wrote them.
    expect(crmMarkup()).toBe(before);
  });

  it('leaves inputs, text areas, editable areas and scripts alone', () => {
    start();
    expect(document.getElementById('typed')!.nextSibling?.nodeName).not.toBe('INTAKE-CALL-BUTTON');
    expect(document.querySelector('form intake-call-button')).toBeNull();
    expect(document.querySelector('[contenteditable] intake-call-button')).toBeNull();
    expect(buttons()).toHaveLength(2);
  });

  it('gives a number the CRM renders later its button, once, and drops the button of a number that went', async () => {
    start();
    const lazy = document.createElement('section');
    lazy.innerHTML = '<p id="mobile">Mobile 415.555.0134</p>';
    document.querySelector('.content')!.append(lazy);
    await waitFor(() => expect(buttons()).toHaveLength(3));
    const mobile = document.getElementById('mobile')!;
    expect(labelOf(mobile.lastChild as Element)).toBe('Call John Smith at (415) 555-0134');
    // Other changes do not add a second button to a number that has one.
    document.querySelector('.topbar')!.append(' · Inbox');
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(buttons()).toHaveLength(3);

    // The CRM changes the text in place: the button follows the new number.
    (mobile.firstChild as Text).data = 'Mobile 512-555-0147';
    await waitFor(() =>
      expect(labelOf(mobile.lastChild as Element)).toBe('Call John Smith at (512) 555-0147'),
    );
    expect(buttons()).toHaveLength(3);

    // The CRM replaces the number's text node: its button goes with it.
    mobile.replaceChildren(document.createTextNode('Mobile: not given'));
    await waitFor(() => expect(buttons()).toHaveLength(2));
  });

  it('relabels the buttons when the CRM renders the contact name after the numbers', async () => {
    start({ html: '<main><dl><dt>Phone</dt><dd>(312) 555-0142</dd></dl></main>' });
    expect(buttons().map(labelOf)).toEqual(['Call this contact at (312) 555-0142']);
    document.querySelector('main')!.insertAdjacentHTML('afterbegin', '<h1>Dana Lee</h1>');
    await waitFor(() =>
      expect(buttons().map(labelOf)).toEqual(['Call Dana Lee at (312) 555-0142']),
    );
  });

  it('puts back a button the CRM took out', async () => {
    start();
    buttons()[0].remove();
    await waitFor(() => expect(buttons()).toHaveLength(2));
    expect(document.getElementById('phone-1')!.lastChild?.nodeName).toBe('INTAKE-CALL-BUTTON');
  });

  it('removes every button and stops watching when its signal aborts (navigation)', async () => {
    const { controller } = start();
    expect(buttons()).toHaveLength(2);
    controller.abort();
    expect(buttons()).toHaveLength(0);
    expect(document.querySelector('intake-call-dialogs')).toBeNull();
    document.querySelector('.content')!.insertAdjacentHTML('beforeend', '<p>415-555-0134</p>');
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(buttons()).toHaveLength(0);
  });

  it('removes them on sign-out, and adds them again on sign-in', async () => {
    const { session } = start();
    expect(buttons()).toHaveLength(2);
    session.set(null);
    expect(buttons()).toHaveLength(0);
    session.set(signedInAs('owner'));
    expect(buttons()).toHaveLength(2);
  });

  it('adds nothing for a role that takes no calls, or a workspace without call tracking', () => {
    start({ session: signedInAs('consultant') });
    expect(buttons()).toHaveLength(0);
    expect(document.querySelector('intake-call-dialogs')).toBeNull();
    stop();
    start({ session: signedInAs('operator', false) });
    expect(buttons()).toHaveLength(0);
  });

  it("names 'this contact' where the page names nobody (a CTM call page's heading is not a name)", () => {
    start({
      family: 'ctm',
      html: '<h1 id="record-title">Call from (555) 010-3000</h1>',
    });
    expect(buttons().map(labelOf)).toEqual(['Call this contact at (555) 010-3000']);
  });

  it('gives the e2e fixture pages their buttons (the contract the Puppeteer scenario uses)', () => {
    const bodyOf = (file: string) => {
      const html = readFileSync(path.resolve('tests/e2e/fixtures', file), 'utf8');
      return new DOMParser().parseFromString(html, 'text/html').body.innerHTML;
    };
    start({ html: bodyOf('keap-contact.html') });
    expect(buttons().map(labelOf)).toEqual([
      'Call John Smith at (312) 555-0142',
      'Call John Smith at (630) 555-0187',
    ]);
    stop();
    // The call page's caller, twice (heading and field); never the team's tracking number.
    start({ family: 'ctm', html: bodyOf('ctm-call.html') });
    expect(buttons().map(labelOf)).toEqual([
      'Call Maria Lopez at (512) 555-0147',
      'Call Maria Lopez at (512) 555-0147',
    ]);
    stop();
    start({ family: 'zoho', html: bodyOf('zoho-contact.html') });
    expect(buttons().map(labelOf)).toEqual(['Call Jane Doe at (555) 010-2000']);
  });

  it("takes a CTM call page's caller name", () => {
    start({
      family: 'ctm',
      html: '<dl class="caller"><dt>Caller</dt><dd class="caller-name">Maria Lopez</dd><dt>Number</dt><dd>+1 312-555-0187</dd></dl>',
    });
    expect(buttons().map(labelOf)).toEqual(['Call Maria Lopez at (312) 555-0187']);
  });
});

describe('pressing a call button', () => {
  it('opens the number picker in our closed root, and a call placed becomes the active call', async () => {
    const { api, calls } = start();
    // Pressed at once: the dialogs' chunk may still be on its way; the flow opens when it is here.
    fireEvent.click(callButtonShadowRoot(buttons()[0])!.querySelector('button')!);
    const root = await waitFor(() => {
      const found = dialogsRoot();
      expect(found).not.toBeNull();
      return found as unknown as HTMLElement;
    });
    expect(document.querySelector('intake-call-dialogs')!.shadowRoot).toBeNull();
    const picker = await waitFor(() => {
      const dialog = root.querySelector<HTMLElement>('[role="dialog"]');
      expect(dialog?.querySelector('h2')?.textContent).toBe('Call John Smith');
      return dialog!;
    });
    expect(document.querySelector('[role="dialog"]')).toBeNull();
    await within(picker).findByText('Main office line');
    expect(picker.textContent).toContain('+1 312-555-0142');
    fireEvent.click(within(picker).getByRole('button', { name: 'Call' }));

    const outcome = await waitFor(() => {
      const dialog = root.querySelector<HTMLElement>('[role="dialog"]');
      expect(dialog?.querySelector('h2')?.textContent).toBe('Calling John Smith');
      return dialog!;
    });
    fireEvent.click(within(outcome).getByRole('button', { name: 'Call' }));
    await waitFor(() => expect(calls.outbound).toHaveBeenCalledTimes(1));
    expect(api.calls('ctm/calls')[0].body).toEqual({
      from_number: '+13125550100',
      call_number: '+13125550142',
    });
    expect(calls.outbound.mock.calls[0]).toEqual([
      expect.objectContaining({ id: 'call_9', connected: true }),
      'John Smith',
    ]);
    expect(root.querySelector('[role="dialog"]')).toBeNull();
  });

  it("shows 'Uh oh!' to an agent without a call-tracking user, and places no call", async () => {
    const { api, calls } = start({
      session: { ...signedInAs('operator'), agent: { ...LINKED_AGENT, ctmUserId: null } },
    });
    fireEvent.click(callButtonShadowRoot(buttons()[0])!.querySelector('button')!);
    await waitFor(() =>
      expect(dialogsRoot()?.querySelector('[role="alertdialog"] h2')?.textContent).toBe('Uh oh!'),
    );
    expect(api.calls('ctm/calls')).toHaveLength(0);
    expect(calls.outbound).not.toHaveBeenCalled();
  });

  it('shows the CRM alerts of a Zoho agent without a Zoho user once per sign-in', async () => {
    const storage = createMemoryStorage();
    const zohoAgent: HostSession = {
      user: makeUser({ id: 'u_agent', role: 'operator', name: 'Ivy Intake' }),
      workspace: makeWorkspace({ ctmSetting: true, ctmAccount: '1', isZoho: true }),
      agent: { ...LINKED_AGENT, zohoUserId: null },
    };
    start({ session: zohoAgent, storage, family: 'zoho' });
    const alertTitle = () =>
      dialogsRoot()?.querySelector('[role="alertdialog"] h2')?.textContent ?? null;
    await waitFor(() => expect(alertTitle()).toBe('Agent not linked to Zoho User'));
    expect(await storage.get(CALL_ALERTS_SHOWN_KEY)).toBe('u_agent|ws_lakeside');

    // The next CRM page of the same sign-in: no alert again.
    stop();
    start({ session: zohoAgent, storage, family: 'zoho' });
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(alertTitle()).toBeNull();
  });
});
