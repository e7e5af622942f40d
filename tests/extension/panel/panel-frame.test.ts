import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  familyOfFrameUrl,
  PANEL_FRAME_SOURCE,
  readPanelFrameMessage,
} from '@/extension/lib/panel-frame-protocol';
import { DEFAULT_SETTINGS, type ResolvedSettings } from '@/extension/lib/settings';
import { holdLatestPress } from '@/extension/panel/click-to-call/start-call-dialogs';
import { framedBySite } from '@/extension/panel/panel-frame';
import { mountPanelFrame } from '@/extension/panel/panel-frame-host';
import { OVERLAY_SELECTOR, watchOverlays } from '@/extension/panel/panel-frame-overlays';

// issue #29 "Typing in a CRM page is private": the CRM page's side of the panel frame
// (its host, what it takes from the frame), where the frame agrees to render, what makes
// it take the whole viewport, and the presses it holds for its dialogs.

const EXTENSION = 'chrome-extension://ourextensionidourextensionid0000';
const getURL = (path: string) => `${EXTENSION}${path}`;

let controller = new AbortController();
afterEach(() => {
  controller.abort();
  controller = new AbortController();
  document.documentElement.querySelectorAll('intake-cockpit-panel').forEach((el) => el.remove());
});

/** The frame's window as the host's listener sees it, and a message from it. */
function mount(onFigures = vi.fn()) {
  const host = mountPanelFrame({
    family: 'keap',
    first: 'intake-agent',
    signal: controller.signal,
    getURL,
    onFigures,
    doc: document,
  });
  const frameWindow = {} as Window;
  const from = (data: unknown, source: unknown = frameWindow, origin = EXTENSION) =>
    window.dispatchEvent(
      new MessageEvent('message', { data, origin, source: source as MessageEventSource }),
    );
  return { ...host, frameWindow, from, onFigures };
}

describe("the CRM page's side of the panel frame", () => {
  it('holds only our frame, at the family’s address, hidden until the frame says its layout', () => {
    const { host } = mount();
    expect(host.getAttribute('data-site')).toBe('keap');
    expect(host.localName).toBe('intake-cockpit-panel');
    expect(host.parentNode).toBe(document.documentElement);
    // Closed: the page's scripts find no root, so no frame to script or restyle.
    expect(host.shadowRoot).toBeNull();
    expect(host.style.getPropertyValue('visibility')).toBe('hidden');
    expect(host.style.getPropertyPriority('visibility')).toBe('important');
    controller.abort();
    expect(host.isConnected).toBe(false);
  });

  it("takes nothing the page posts or makes up: only its own frame's real messages (e2e)", () => {
    const { host, from, onFigures } = mount();
    const layout = { source: PANEL_FRAME_SOURCE, kind: 'layout', width: 420, overlay: true };
    const figures = { source: PANEL_FRAME_SOURCE, kind: 'figures' };
    // The page posting to its own window; a copy of our frame the page framed itself; and
    // made-up events naming our origin, with no source or a window the page can name.
    for (const data of [layout, figures]) {
      from(data, window, 'https://crm.zoho.com');
      from(data, {} as Window, EXTENSION);
      from(data, null, EXTENSION);
      from(data, window, EXTENSION);
    }
    expect(host.style.getPropertyValue('visibility')).toBe('hidden');
    expect(host.hasAttribute('data-figures')).toBe(false);
    expect(onFigures).not.toHaveBeenCalled();
  });
});

describe('readPanelFrameMessage', () => {
  it('reads our layout and figures messages, and nothing else', () => {
    expect(
      readPanelFrameMessage({
        source: PANEL_FRAME_SOURCE,
        kind: 'layout',
        width: 420,
        overlay: true,
      }),
    ).toEqual({ source: PANEL_FRAME_SOURCE, kind: 'layout', width: 420, overlay: true });
    expect(readPanelFrameMessage({ source: PANEL_FRAME_SOURCE, kind: 'figures', x: 1 })).toEqual({
      source: PANEL_FRAME_SOURCE,
      kind: 'figures',
    });
    for (const message of [
      null,
      'layout',
      { kind: 'layout', width: 420, overlay: false },
      { source: PANEL_FRAME_SOURCE, kind: 'layout', width: '420', overlay: false },
      { source: PANEL_FRAME_SOURCE, kind: 'layout', width: 420.5, overlay: false },
      { source: PANEL_FRAME_SOURCE, kind: 'layout', width: -1, overlay: false },
      { source: PANEL_FRAME_SOURCE, kind: 'layout', width: 1e9, overlay: false },
      { source: PANEL_FRAME_SOURCE, kind: 'layout', width: 420, overlay: 'yes' },
      { source: PANEL_FRAME_SOURCE, kind: 'typed', value: 'ssn 123-45-6789' },
    ]) {
      expect(readPanelFrameMessage(message)).toBeNull();
    }
  });

  it("reads the frame's site family from its own address", () => {
    expect(familyOfFrameUrl(`${EXTENSION}/panel-frame.html?family=zoho`)).toBe('zoho');
    expect(familyOfFrameUrl(`${EXTENSION}/panel-frame.html?family=evil`)).toBeNull();
    expect(familyOfFrameUrl(`${EXTENSION}/panel-frame.html`)).toBeNull();
    expect(familyOfFrameUrl('not a url')).toBeNull();
  });
});

describe('where the panel frame renders', () => {
  const settings =
    (extra: Partial<ResolvedSettings['settings']> = {}) =>
    async () => ({
      settings: { ...DEFAULT_SETTINGS, ...extra },
      managed: [],
    });

  it('only framed by our sites’ pages, every one of them, for a family switched on', async () => {
    expect(await framedBySite('zoho', ['https://crm.zoho.com'], settings())).toBe(true);
    expect(await framedBySite('keap', ['https://ab123.infusionsoft.com'], settings())).toBe(true);
    // An admin's extra Keap host.
    expect(
      await framedBySite(
        'keap',
        ['https://crm.lawfirm.example'],
        settings({ extraKeapHosts: ['crm.lawfirm.example'] }),
      ),
    ).toBe(true);
    expect(await framedBySite('keap', ['https://crm.lawfirm.example'], settings())).toBe(false);
    // Not framed, framed by another site, or by another site inside a CRM page.
    expect(await framedBySite('zoho', [], settings())).toBe(false);
    expect(await framedBySite('zoho', ['https://evil.example'], settings())).toBe(false);
    expect(
      await framedBySite('zoho', ['https://ads.example', 'https://crm.zoho.com'], settings()),
    ).toBe(false);
    expect(await framedBySite('zoho', ['http://crm.zoho.com'], settings())).toBe(false);
    // A family the admin switched off.
    expect(
      await framedBySite(
        'zoho',
        ['https://crm.zoho.com'],
        settings({ sites: { ...DEFAULT_SETTINGS.sites, zoho: false } }),
      ),
    ).toBe(false);
  });
});

/** Every CSS file under a folder. */
function cssFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return cssFiles(path);
    return name.endsWith('.css') ? [path] : [];
  });
}

describe('what takes the whole viewport', () => {
  it("lists every fixed layer of the app's screens and components (the shell's are the app's own)", () => {
    const fixed = new Set<string>();
    for (const file of [
      ...cssFiles('app/components'),
      ...cssFiles('app/features'),
      ...cssFiles('app/live'),
    ]) {
      const css = readFileSync(file, 'utf8');
      // Each rule whose block says position: fixed: its first class.
      for (const match of css.matchAll(/([^{}]+)\{[^{}]*position:\s*fixed/g)) {
        const selector = match[1].split(',').pop()!.trim();
        const layer = /\.(ic-[\w-]+)/.exec(selector)?.[1];
        if (layer) fixed.add(`.${layer}`);
      }
    }
    expect(fixed.size).toBeGreaterThan(0);
    // The sign-in page's loader covers the app's own window while it signs in; no panel
    // or widget renders the sign-in page (the extension signs in from its popup).
    const appOnly = ['.ic-login-loader'];
    const listed = OVERLAY_SELECTOR.split(',').map((part) => part.trim());
    expect(
      [...fixed].filter((layer) => !listed.includes(layer) && !appOnly.includes(layer)),
    ).toEqual([]);
  });

  it('says when a layer comes and goes, in the document or a root given', async () => {
    const root = document.createElement('div').attachShadow({ mode: 'open' });
    const changes: boolean[] = [];
    watchOverlays({
      doc: document,
      roots: () => [root],
      onChange: (on) => changes.push(on),
      signal: controller.signal,
    });
    const dialog = document.createElement('div');
    dialog.className = 'ic-modal ic-call-dialog';
    root.append(dialog);
    await vi.waitFor(() => expect(changes).toEqual([true]));
    dialog.remove();
    await vi.waitFor(() => expect(changes).toEqual([true, false]));
    const other = document.createElement('div');
    other.className = 'ic-notifications__panel';
    document.body.append(other);
    await vi.waitFor(() => expect(changes).toEqual([true, false, true]));
    other.remove();
  });
});

describe('presses that come before the dialogs', () => {
  it('keeps the latest for the first listener, for a moment only', () => {
    let give: (press: { name: string; phone: string | null }) => void = () => {};
    let now = 0;
    const presses = holdLatestPress(
      (listener) => {
        give = listener;
        return () => {};
      },
      5000,
      () => now,
    );
    give({ name: 'A', phone: '1' });
    give({ name: 'B', phone: '2' });
    const seen: string[] = [];
    presses.subscribe((press) => seen.push(press.name));
    expect(seen).toEqual(['B']);
    give({ name: 'C', phone: '3' });
    expect(seen).toEqual(['B', 'C']);

    const late = holdLatestPress(
      (listener) => ((give = listener), () => {}),
      5000,
      () => now,
    );
    give({ name: 'D', phone: '4' });
    now += 5001;
    const none: string[] = [];
    late.subscribe((press) => none.push(press.name));
    expect(none).toEqual([]);
  });
});
