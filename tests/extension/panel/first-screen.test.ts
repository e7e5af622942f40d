import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { createEarlyPort } from '@/extension/lib/early-port';
import { panelFrameUrl } from '@/extension/lib/panel-frame-protocol';
import { FIRST_SCREENS, preloadFirstScreen } from '@/extension/panel/first-screen';
import { firstFigureWidget, WIDGET_TAGS } from '@/extension/panel/panel-widgets';
import type { PortLike } from '@/shared/transport/port-transport';

/**
 * issue #14 "preload the first widget's chunk": the CRM page's side names the role's first
 * widget in the panel frame's address (issue #29), and the frame asks for its screen beside
 * its runtime.
 */

describe("the first widget's screen", () => {
  it('is the first widget with figures of each role that gets a panel', () => {
    expect(firstFigureWidget('owner')).toBe('intake-compliance');
    expect(firstFigureWidget('admin')).toBe('intake-compliance');
    expect(firstFigureWidget('operator')).toBe('intake-agent');
    expect(firstFigureWidget('consultant')).toBeNull();
    expect(firstFigureWidget('system')).toBeNull();
    // A widget that is not defined is skipped.
    expect(firstFigureWidget('owner', (tag) => tag !== 'intake-compliance')).toBe('intake-cockpit');
  });

  it("loads the very module the widget loads (the same import specifier), for every role's first widget", () => {
    for (const role of ['owner', 'admin', 'operator'] as const) {
      const tag = firstFigureWidget(role);
      expect(tag && FIRST_SCREENS[tag], `${role}: ${tag}`).toBeTypeOf('function');
    }
    for (const tag of Object.keys(FIRST_SCREENS)) expect(WIDGET_TAGS).toContain(tag);
    // Each specifier of first-screen.ts is one its widget's file imports, character for character.
    const source = readFileSync('extension/panel/first-screen.ts', 'utf8');
    const specifiers = [...source.matchAll(/import\('([^']+)'\)/g)].map(
      ([, specifier]) => specifier,
    );
    expect(specifiers.length).toBeGreaterThan(0);
    const ownerless = specifiers.filter(
      (specifier) =>
        !Object.keys(FIRST_SCREENS).some((tag) =>
          readFileSync(`widgets/${tag}.ts`, 'utf8').includes(`import('${specifier}')`),
        ),
    );
    expect(ownerless).toEqual([]);
  });

  it("names the role's first widget in the panel frame's address, and starts only a known screen", async () => {
    const getURL = (path: string) => `chrome-extension://abc${path}`;
    const url = panelFrameUrl(getURL, 'zoho', firstFigureWidget('operator'));
    expect(url).toBe('chrome-extension://abc/panel-frame.html?family=zoho&first=intake-agent');
    expect(new URL(url).searchParams.get('first')).toBe('intake-agent');
    expect(panelFrameUrl(getURL, 'keap', null)).toBe(
      'chrome-extension://abc/panel-frame.html?family=keap',
    );
    // A name from the address that is no screen of ours starts nothing (the page may frame
    // the frame itself with any address).
    for (const name of ['', 'toString', '__proto__', 'constructor', 'intake-funnel']) {
      expect(() => preloadFirstScreen(name)).not.toThrow();
    }
  });

  it('lets the loader look at each message as it arrives, and still holds it for the runtime', async () => {
    const listeners: ((message: unknown) => void)[] = [];
    const raw: PortLike = {
      postMessage: vi.fn(),
      disconnect: vi.fn(),
      onMessage: { addListener: (listener) => void listeners.push(listener) },
      onDisconnect: { addListener: () => {} },
    };
    const peeked: unknown[] = [];
    const early = createEarlyPort(raw, (message) => peeked.push(message));
    listeners.forEach((listener) => listener({ kind: 'session-state', n: 1 }));
    expect(peeked).toEqual([{ kind: 'session-state', n: 1 }]);
    const received: unknown[] = [];
    early.onMessage.addListener((message) => received.push(message));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(received).toEqual([{ kind: 'session-state', n: 1 }]);
  });
});
