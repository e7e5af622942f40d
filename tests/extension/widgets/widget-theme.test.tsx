import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defineWidget } from '@/widgets/define-widget';
import { fakeWidgetHost } from './fake-host';
import { setWidgetEnvironment, type WidgetHostState } from '@/widgets/widget-environment';
import { createWidgetFreshness } from '@/widgets/widget-freshness';

// A widget with theme "auto" (the extension's panel gives every widget that) follows the
// browser's colour scheme while it is shown, not only the scheme it was first drawn in:
// the panel's header turned dark and its widgets stayed light.

const host = fakeWidgetHost();

const ready: WidgetHostState = { status: 'ready', host };
setWidgetEnvironment({
  attach: () => ({
    get: () => ready,
    subscribe: () => () => {},
    release() {},
    freshness: createWidgetFreshness(),
  }),
});
defineWidget('intake-theme-test-widget', () => <p>figures</p>);

/** A stand-in for the browser's `(prefers-color-scheme: dark)` that the test can flip. */
function fakeScheme(dark: boolean) {
  const listeners = new Set<() => void>();
  const query = {
    get matches() {
      return dark;
    },
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
  };
  vi.stubGlobal('matchMedia', () => query);
  return {
    set(value: boolean) {
      dark = value;
      for (const listener of listeners) listener();
    },
    listeners,
  };
}

afterEach(() => {
  document.body.replaceChildren();
  vi.unstubAllGlobals();
});

const themeOf = (element: HTMLElement) =>
  element.shadowRoot?.querySelector('.ic-widget')?.getAttribute('data-theme');

describe('a widget whose theme is auto', () => {
  it('turns dark and back as the browser’s scheme changes, and stops listening when removed', async () => {
    const scheme = fakeScheme(false);
    const element = document.createElement('intake-theme-test-widget');
    element.setAttribute('theme', 'auto');
    document.body.append(element);
    await waitFor(() => expect(themeOf(element)).toBe('light'));

    scheme.set(true);
    await waitFor(() => expect(themeOf(element)).toBe('dark'));
    scheme.set(false);
    await waitFor(() => expect(themeOf(element)).toBe('light'));

    element.remove();
    await waitFor(() => expect(scheme.listeners.size).toBe(0));
  });

  it('keeps a chosen theme whatever the browser’s scheme', async () => {
    const scheme = fakeScheme(false);
    const element = document.createElement('intake-theme-test-widget');
    element.setAttribute('theme', 'light');
    document.body.append(element);
    await waitFor(() => expect(themeOf(element)).toBe('light'));
    scheme.set(true);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(themeOf(element)).toBe('light');
  });
});
