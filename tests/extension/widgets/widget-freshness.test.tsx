import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useHost, type Host } from '@/app/host/host';
import { defineWidget } from '@/widgets/define-widget';
import { setWidgetEnvironment, type WidgetHostState } from '@/widgets/widget-environment';
import { createWidgetFreshness } from '@/widgets/widget-freshness';
import { fakeWidgetHost } from './fake-host';

/** issue #14: a widget showing its host's cached answers says how old they are. */

const host: Host = fakeWidgetHost({
  user: { id: 'u1', name: 'Olivia Owens', role: 'owner' } as Host['session']['user'],
});

function FigureScreen() {
  const { session } = useHost();
  return <p className="figure">42 leads for {session.user?.name}</p>;
}

const freshness = createWidgetFreshness();
const ready: WidgetHostState = { status: 'ready', host };
setWidgetEnvironment({
  attach: () => ({ get: () => ready, subscribe: () => () => {}, release() {}, freshness }),
});
defineWidget('intake-freshness-test-widget', FigureScreen);

afterEach(() => document.body.replaceChildren());

function mount(): HTMLElement {
  const element = document.createElement('intake-freshness-test-widget');
  document.body.append(element);
  return element;
}

/** The note's text; null while it is empty (the live region stays, silent). */
const note = (element: HTMLElement) =>
  element.shadowRoot?.querySelector('[role="status"].ic-widget__freshness')?.textContent || null;

describe('the staleness note', () => {
  it('says how old the figures are while fresh ones come, and goes once they are in', async () => {
    const element = mount();
    await waitFor(() => expect(element.shadowRoot?.textContent).toContain('42 leads'));
    expect(note(element)).toBeNull();

    let arrive: () => void = () => {};
    freshness.track(Date.now() - 2 * 60_000, new Promise<void>((resolve) => (arrive = resolve)));
    await waitFor(() => expect(note(element)).toBe('Updating… showing figures from 2 min ago'));
    // The figures stay beside the note.
    expect(element.shadowRoot?.textContent).toContain('42 leads');

    arrive();
    await waitFor(() => expect(note(element)).toBeNull());
  });

  it('says the figures could not be updated when the fresh ones fail', async () => {
    const element = mount();
    await waitFor(() => expect(element.shadowRoot?.textContent).toContain('42 leads'));
    freshness.track(Date.now() - 30_000, Promise.reject(new Error('down')));
    await waitFor(() => expect(note(element)).toBe('Could not update: figures from 30 s ago'));
  });
});
