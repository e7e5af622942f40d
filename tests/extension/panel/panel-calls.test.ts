import { afterEach, describe, expect, it, vi } from 'vitest';
import { mountPanel, panelShadowRoot } from '@/extension/panel/mount-panel';
import {
  canShowCallFlow,
  guardUnloadWhileLastViewer,
  HANG_UP_HANDOFF_MS,
} from '@/extension/panel/panel-calls';
import { panelPrefsKey } from '@/extension/panel/panel-prefs';
import { createMemoryStorage } from '@/shared/storage/storage';
import type { PublicSessionState } from '@/shared/transport/port-protocol';
import { makeWorkspace } from '../../shared/domain/fixtures';
import { fakeCallSession, liveCall } from '../../widgets/fake-call-session';

// issue #13: the panel during a call — the header's hang-up, opening on an offer, the
// beforeunload guard of the last tab showing the call, and what the tab tells the
// background.

const operator: PublicSessionState = {
  status: 'signed-in',
  user: { id: 'u_agent', name: 'Ivy Intake', role: 'operator' },
  workspace: { id: 'ws_lakeside', name: 'Lakeside Law' },
  socket: 'connected',
  liveCalls: null,
  message: null,
  appOrigin: 'http://localhost:8080',
};
// The widgets' elements are not defined here: the panel renders them as plain tags.
const allDefined = () => true;

/** Every panel mounted here goes away after its test, with its window listeners. */
const mounted: AbortController[] = [];

afterEach(() => {
  for (const controller of mounted.splice(0)) controller.abort();
  document.body.replaceChildren();
  vi.useRealTimers();
});

async function mountWithCall(options: {
  open?: boolean;
  calls: ReturnType<typeof fakeCallSession>;
}) {
  const storage = createMemoryStorage();
  await storage.set(
    panelPrefsKey('keap'),
    JSON.stringify({ open: options.open ?? true, width: 420 }),
  );
  const controller = new AbortController();
  mounted.push(controller);
  const host = await mountPanel({
    family: 'keap',
    signal: controller.signal,
    state: operator,
    storage,
    isDefined: allDefined,
    calls: options.calls,
  });
  const root = panelShadowRoot(host!)!;
  const hangUpButton = () =>
    root.querySelector<HTMLButtonElement>('button[aria-label="Hang up the call"]');
  return { host: host!, root, storage, controller, hangUpButton };
}

describe('the panel’s hang-up button', () => {
  it('shows only while a call is live, with the time on the call', async () => {
    const calls = fakeCallSession();
    const { hangUpButton } = await mountWithCall({ calls });
    expect(hangUpButton()).toBeNull();
    calls.push({ call: liveCall({ callStart: new Date(Date.now() - 75_000).toISOString() }) });
    expect(hangUpButton()?.closest('.ic-hang-up-pill')?.textContent).toMatch(/^1:1[56]$/);
    calls.push({ call: liveCall({ endedAt: new Date().toISOString() }) });
    expect(hangUpButton()).toBeNull();
  });

  it('is also on the collapsed tab', async () => {
    const calls = fakeCallSession({ call: liveCall() });
    const { hangUpButton, root } = await mountWithCall({ calls, open: false });
    expect(root.querySelector('.panel')?.getAttribute('data-open')).toBe('false');
    expect(hangUpButton()).not.toBeNull();
  });

  it('hands the hang-up to the page’s wizard when one answers', async () => {
    const calls = fakeCallSession({ call: liveCall() });
    const { hangUpButton, root } = await mountWithCall({ calls });
    const wizard = vi.fn(() => true);
    calls.onHangUpRequest(wizard);
    hangUpButton()!.click();
    expect(wizard).toHaveBeenCalledTimes(1);
    expect(root.querySelector('[role="alertdialog"]')).toBeNull();
    expect(calls.hangUp).not.toHaveBeenCalled();
  });

  it('with no wizard on an open panel, asks itself, then hangs up and resets', async () => {
    const calls = fakeCallSession({ call: liveCall() });
    const { hangUpButton, root } = await mountWithCall({ calls });
    hangUpButton()!.click();
    const dialog = root.querySelector('[role="alertdialog"]');
    expect(dialog?.textContent).toContain('Hang up?');
    [...dialog!.querySelectorAll('button')].find((b) => b.textContent === 'Hang up')!.click();
    await vi.waitFor(() => expect(calls.reset).toHaveBeenCalled());
    expect(calls.hangUp).toHaveBeenCalled();
  });

  it('collapsed, opens (without saving) so the call-flow widget mounts and takes the hang-up', async () => {
    vi.useFakeTimers();
    const calls = fakeCallSession({ call: liveCall() });
    const { hangUpButton, root, storage } = await mountWithCall({ calls, open: false });
    hangUpButton()!.click();
    expect(root.querySelector('.panel')?.getAttribute('data-open')).toBe('true');
    expect(root.querySelector('intake-call-flow')).not.toBeNull();
    // The widget's wizard registers as it mounts; the panel's next try reaches it.
    const wizard = vi.fn(() => true);
    calls.onHangUpRequest(wizard);
    await vi.advanceTimersByTimeAsync(300);
    expect(wizard).toHaveBeenCalledTimes(1);
    expect(root.querySelector('[role="alertdialog"]')).toBeNull();
    expect(JSON.parse((await storage.get(panelPrefsKey('keap')))!).open).toBe(false);
  });

  it('collapsed and no widget ever answers: asks itself after the hand-off time', async () => {
    vi.useFakeTimers();
    const calls = fakeCallSession({ call: liveCall() });
    const { hangUpButton, root } = await mountWithCall({ calls, open: false });
    hangUpButton()!.click();
    await vi.advanceTimersByTimeAsync(HANG_UP_HANDOFF_MS + 500);
    expect(root.querySelector('[role="alertdialog"]')?.textContent).toContain('Hang up?');
  });
});

describe('an offer', () => {
  it('opens a collapsed panel on the call-flow widget, without saving the pref', async () => {
    const calls = fakeCallSession();
    const { root, storage } = await mountWithCall({ calls, open: false });
    const scroll = vi.fn();
    Element.prototype.scrollIntoView = scroll;
    calls.push({ call: liveCall(), offered: true });
    expect(root.querySelector('.panel')?.getAttribute('data-open')).toBe('true');
    expect(scroll).toHaveBeenCalled();
    expect(JSON.parse((await storage.get(panelPrefsKey('keap')))!).open).toBe(false);
  });

  it('a call not offered here leaves the panel as it is', async () => {
    const calls = fakeCallSession();
    const { root } = await mountWithCall({ calls, open: false });
    calls.push({ call: liveCall(), offered: false });
    expect(root.querySelector('.panel')?.getAttribute('data-open')).toBe('false');
  });
});

describe('beforeunload', () => {
  function unloadPrevented(): boolean {
    const event = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(event);
    return event.defaultPrevented;
  }

  it('asks only while a call is live and no other tab shows it', () => {
    const calls = fakeCallSession();
    const controller = new AbortController();
    guardUnloadWhileLastViewer(calls, window, controller.signal, () => true);
    expect(unloadPrevented()).toBe(false);
    calls.push({ call: liveCall(), otherViewers: 0 });
    expect(unloadPrevented()).toBe(true);
    calls.push({ otherViewers: 1 });
    expect(unloadPrevented()).toBe(false);
    calls.push({ otherViewers: 0 });
    expect(unloadPrevented()).toBe(true);
    calls.push({ call: liveCall({ endedAt: new Date().toISOString() }) });
    expect(unloadPrevented()).toBe(false);
    calls.push({ call: liveCall() });
    expect(unloadPrevented()).toBe(true);
    controller.abort();
    expect(unloadPrevented()).toBe(false);
  });

  it('never asks in a tab that does not show the call flow', () => {
    const calls = fakeCallSession({ call: liveCall() });
    const controller = new AbortController();
    guardUnloadWhileLastViewer(calls, window, controller.signal, () => false);
    expect(unloadPrevented()).toBe(false);
    controller.abort();
  });

  it('is set by the mounted panel of an operator, and removed with it', async () => {
    const calls = fakeCallSession({ call: liveCall() });
    const { controller } = await mountWithCall({ calls });
    expect(unloadPrevented()).toBe(true);
    controller.abort();
    expect(unloadPrevented()).toBe(false);
  });
});

describe('canShowCallFlow (told to the background)', () => {
  const base = { mounted: true, role: 'operator' as const, isDefined: allDefined };
  it('needs a mounted panel, a role with the call-flow widget and a workspace that is not Zoho-vendor', () => {
    expect(canShowCallFlow({ ...base, workspace: makeWorkspace() })).toBe(true);
    expect(canShowCallFlow({ ...base, mounted: false, workspace: makeWorkspace() })).toBe(false);
    expect(canShowCallFlow({ ...base, workspace: null })).toBe(false);
    expect(canShowCallFlow({ ...base, workspace: makeWorkspace({ zohoVendor: true }) })).toBe(
      false,
    );
    expect(canShowCallFlow({ ...base, role: 'consultant', workspace: makeWorkspace() })).toBe(
      false,
    );
    expect(
      canShowCallFlow({
        ...base,
        isDefined: (tag) => tag !== 'intake-call-flow',
        workspace: makeWorkspace(),
      }),
    ).toBe(false);
  });
});
