import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  isSocketError,
  mountPanel,
  panelShadowRoot,
  showPanelNotice,
  showPanelSocketError,
} from '@/extension/panel/mount-panel';
import { PANEL_TAG } from '@/extension/panel/panel-host';
import { panelPrefsKey, parsePanelPrefs } from '@/extension/panel/panel-prefs';
import { widgetsForRole } from '@/extension/panel/panel-widgets';
import { watchLocation } from '@/extension/panel/watch-location';
import { createMemoryStorage } from '@/shared/storage/storage';
import type { PublicSessionState } from '@/shared/transport/port-protocol';

const owner: PublicSessionState = {
  status: 'signed-in',
  user: { id: 'u1', name: 'Olivia Owens', role: 'owner' },
  workspace: { id: 'ws_lakeside', name: 'Lakeside Law' },
  socket: 'connected',
  liveCalls: null,
  message: null,
  appOrigin: 'http://localhost:8080',
};
const allDefined = () => true;

afterEach(() => {
  document.body.replaceChildren();
});

function panelWidgets(host: HTMLElement | null): string[] {
  return [...(panelShadowRoot(host!)?.querySelectorAll('.widgets > *') ?? [])].map((el) =>
    el.tagName.toLowerCase(),
  );
}

describe('widgetsForRole', () => {
  it('gives agents the call flow, their own dashboard and compliance, owners and admins the rest, others nothing', () => {
    expect(widgetsForRole('operator', allDefined)).toEqual([
      'intake-call-flow',
      'intake-agent',
      'intake-compliance',
    ]);
    expect(widgetsForRole('admin', allDefined)).toEqual([
      'intake-call-flow',
      'intake-compliance',
      'intake-cockpit',
      'intake-funnel',
    ]);
    expect(widgetsForRole('consultant', allDefined)).toEqual([]);
    expect(widgetsForRole('system', allDefined)).toEqual([]);
    expect(widgetsForRole(null, allDefined)).toEqual([]);
  });

  it('shows only widgets whose screens are wrapped', () => {
    expect(widgetsForRole('owner', (tag) => tag === 'intake-funnel')).toEqual(['intake-funnel']);
  });
});

describe('mountPanel', () => {
  it('mounts one fixed panel with the role’s widgets and the signed-in user', async () => {
    const controller = new AbortController();
    const host = await mountPanel({
      family: 'zoho',
      signal: controller.signal,
      state: owner,
      storage: createMemoryStorage(),
      isDefined: allDefined,
    });
    expect(document.querySelectorAll(PANEL_TAG)).toHaveLength(1);
    expect(host?.style.getPropertyValue('position')).toBe('fixed');
    expect(host?.style.getPropertyPriority('position')).toBe('important');
    expect(panelShadowRoot(host!)?.textContent).toContain('Olivia Owens · Lakeside Law');
    // Closed (issue #9 item 3): the page's scripts see no root and none of its text.
    expect(host?.shadowRoot).toBeNull();
    expect(document.body.textContent).not.toContain('Olivia Owens');
    expect(panelWidgets(host)).toEqual([
      'intake-call-flow',
      'intake-compliance',
      'intake-cockpit',
      'intake-funnel',
    ]);
  });

  it('never mounts twice, and goes away with its signal', async () => {
    const storage = createMemoryStorage();
    const first = new AbortController();
    await mountPanel({
      family: 'zoho',
      signal: first.signal,
      state: owner,
      storage,
      isDefined: allDefined,
    });
    const second = new AbortController();
    await mountPanel({
      family: 'zoho',
      signal: second.signal,
      state: owner,
      storage,
      isDefined: allDefined,
    });
    expect(document.querySelectorAll(PANEL_TAG)).toHaveLength(1);
    second.abort();
    expect(document.querySelectorAll(PANEL_TAG)).toHaveLength(0);
  });

  it('does not mount when aborted while reading its preferences', async () => {
    const controller = new AbortController();
    const pending = mountPanel({
      family: 'ctm',
      signal: controller.signal,
      state: owner,
      storage: createMemoryStorage(),
      isDefined: allDefined,
    });
    controller.abort();
    expect(await pending).toBeNull();
    expect(document.querySelectorAll(PANEL_TAG)).toHaveLength(0);
  });

  it('collapses, drops its widgets while collapsed, and remembers it per site', async () => {
    const storage = createMemoryStorage();
    const controller = new AbortController();
    const host = await mountPanel({
      family: 'keap',
      signal: controller.signal,
      state: owner,
      storage,
      isDefined: allDefined,
    });
    const tab = panelShadowRoot(host!)!.querySelector<HTMLButtonElement>('.tab')!;
    tab.click();
    expect(tab.getAttribute('aria-expanded')).toBe('false');
    expect(panelWidgets(host)).toEqual([]);
    expect(host!.style.getPropertyValue('width')).toBe('32px');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(parsePanelPrefs(await storage.get(panelPrefsKey('keap'))).open).toBe(false);
    expect(await storage.get(panelPrefsKey('zoho'))).toBeNull();
    controller.abort();
    const again = await mountPanel({
      family: 'keap',
      signal: new AbortController().signal,
      state: owner,
      storage,
      isDefined: allDefined,
    });
    expect(panelShadowRoot(again!)!.querySelector('.tab')!.getAttribute('aria-expanded')).toBe(
      'false',
    );
  });

  it('resizes from the keyboard within its bounds and remembers the width', async () => {
    const storage = createMemoryStorage();
    const host = await mountPanel({
      family: 'zoho',
      signal: new AbortController().signal,
      state: owner,
      storage,
      isDefined: allDefined,
    });
    const handle = panelShadowRoot(host!)!.querySelector<HTMLElement>('.resize')!;
    expect(handle.getAttribute('aria-valuenow')).toBe('420');
    handle.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowLeft' }));
    expect(host!.style.getPropertyValue('width')).toBe('440px');
    // The separator says its new value (issue #30: axe's aria-required-attr).
    expect(handle.getAttribute('aria-valuenow')).toBe('440');
    expect(handle.getAttribute('aria-valuetext')).toBe('440 pixels wide');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(parsePanelPrefs(await storage.get(panelPrefsKey('zoho'))).width).toBe(440);
    expect(parsePanelPrefs('{"width": 99999, "open": "yes"}')).toEqual({ open: true, width: 760 });
  });

  it('says so when the role has no widgets', async () => {
    const consultant = {
      ...owner,
      user: { id: 'u9', name: 'Connor Hayes', role: 'consultant' as const },
    };
    const host = await mountPanel({
      family: 'zoho',
      signal: new AbortController().signal,
      state: consultant,
      storage: createMemoryStorage(),
      isDefined: allDefined,
    });
    expect(panelShadowRoot(host!)!.textContent).toContain(
      'No Intake Cockpit widgets for your role',
    );
  });
});

describe('watchLocation', () => {
  it("notices the CRM's own navigation and stops with its signal", async () => {
    let url = 'https://crm.zoho.com/crm/tab/Contacts/1000001';
    const seen: string[] = [];
    const controller = new AbortController();
    watchLocation((next) => seen.push(next), controller.signal, { intervalMs: 5, read: () => url });
    url = 'https://crm.zoho.com/crm/tab/Contacts/1000002';
    await new Promise((resolve) => setTimeout(resolve, 30));
    controller.abort();
    url = 'https://crm.zoho.com/crm/tab/Contacts/1000003';
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(seen).toEqual(['https://crm.zoho.com/crm/tab/Contacts/1000002']);
  });
});

describe("the background socket's persistent error in the panel (spec: session 4 Sockets, issue #28)", () => {
  const socketError = (host: HTMLElement | null) =>
    panelShadowRoot(host!)?.querySelector('[data-testid="panel-socket-error"]') ?? null;

  it('shows "Socket Connection Error!" while the socket is in error, however long, until connected', async () => {
    vi.useFakeTimers();
    try {
      const controller = new AbortController();
      const host = await mountPanel({
        family: 'zoho',
        signal: controller.signal,
        // A tab opened during the outage starts with it.
        state: { ...owner, socket: 'error' },
        storage: createMemoryStorage(),
        isDefined: allDefined,
      });
      expect(socketError(host)?.getAttribute('role')).toBe('alert');
      expect(socketError(host)?.textContent).toBe(
        'Socket Connection Error! Try refreshing the page, and notify support if the issue persists afterward.',
      );
      // A passing notice comes and goes; the error stays (it once lasted 3 s).
      showPanelNotice(host!, 'Retrying Socket Connection', 3000);
      vi.advanceTimersByTime(10 * 60_000);
      expect(socketError(host)).not.toBeNull();
      showPanelSocketError(host!, isSocketError({ ...owner, socket: 'connected' }));
      expect(socketError(host)).toBeNull();
      controller.abort();
    } finally {
      vi.useRealTimers();
    }
  });

  it('is the signed-in socket in error only', () => {
    expect(isSocketError({ ...owner, socket: 'error' })).toBe(true);
    for (const socket of ['connected', 'connecting', 'disconnected'] as const) {
      expect(isSocketError({ ...owner, socket })).toBe(false);
    }
    expect(isSocketError({ ...owner, status: 'signed-out', socket: 'error' })).toBe(false);
    expect(isSocketError(null)).toBe(false);
  });
});
