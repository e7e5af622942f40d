import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { createEarlyPort } from '@/extension/lib/early-port';
import { signedInRole } from '@/extension/lib/start-site';
import { FIRST_SCREENS } from '@/extension/panel/first-screen';
import { firstFigureWidget, WIDGET_TAGS } from '@/extension/panel/panel-widgets';
import type { PortLike } from '@/shared/transport/port-transport';

/**
 * issue #14 "preload the first widget's chunk": the loader hears the role on its early
 * port and asks for the first widget's screen beside the panel runtime.
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
    for (const [, specifier] of source.matchAll(/import\('([^']+)'\)/g)) {
      const owner = Object.keys(FIRST_SCREENS).find((tag) =>
        readFileSync(`widgets/${tag}.ts`, 'utf8').includes(`import('${specifier}')`),
      );
      expect(owner, specifier).toBeDefined();
    }
  });

  it('reads the role from the first session state, and nothing from other messages', () => {
    const state = { status: 'signed-in', user: { id: 'u1', name: 'O', role: 'owner' } };
    expect(signedInRole({ kind: 'session-state', state })).toBe('owner');
    expect(
      signedInRole({ kind: 'session-state', state: { ...state, status: 'signed-out' } }),
    ).toBeNull();
    expect(
      signedInRole({ kind: 'session-state', state: { status: 'signed-in', user: null } }),
    ).toBeNull();
    expect(signedInRole({ kind: 'notice', state })).toBeNull();
    expect(signedInRole(null)).toBeNull();
    expect(signedInRole('session-state')).toBeNull();
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
