import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useHost, type Host } from '@/app/host/host';
import { defineWidget, setWidgetShadowMode, tokenOf } from '@/widgets/define-widget';
import { registerWidgetCss } from '@/widgets/styles/css-registry';
import type { WidgetSettings } from '@/widgets/widget-root';
import {
  createValueStore,
  setWidgetEnvironment,
  type WidgetEnvironment,
  type WidgetHostState,
} from '@/widgets/widget-environment';

const host: Host = {
  api: { call: vi.fn(), subscribe: vi.fn(() => () => {}) },
  storage: {
    get: async () => null,
    set: async () => {},
    remove: async () => {},
    clear: async () => {},
  },
  navigate: vi.fn(),
  notify: vi.fn(),
  session: {
    user: { id: 'u1', name: 'Olivia Owens', role: 'owner' } as Host['session']['user'],
    workspace: null,
    agent: null,
  },
};

function TestScreen({ range }: { range?: string }) {
  const { session } = useHost();
  return (
    <p className="test-screen">
      Hello {session.user?.name} {range}
    </p>
  );
}

const state = createValueStore<WidgetHostState>({ status: 'loading' });
const attached: HTMLElement[] = [];
const environment: WidgetEnvironment = {
  attach(element) {
    attached.push(element);
    return { get: state.get, subscribe: state.subscribe, release: () => {} };
  },
};
setWidgetEnvironment(environment);
registerWidgetCss('.test-screen { color: rebeccapurple; }');

const toScreenProps = (settings: WidgetSettings) => ({
  range: settings.dateRange
    ? `${settings.dateRange.startDate}..${settings.dateRange.endDate}`
    : undefined,
});
const Element = defineWidget('intake-test-widget', TestScreen, { toScreenProps });

afterEach(() => {
  document.body.replaceChildren();
  state.set({ status: 'loading' });
});

function mount(attributes: Record<string, string> = {}): HTMLElement {
  const element = document.createElement('intake-test-widget');
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  document.body.append(element);
  return element;
}

describe('defineWidget', () => {
  it('renders into a closed shadow root when the host asks for one (extension panel, issue #9)', async () => {
    setWidgetShadowMode('closed');
    try {
      defineWidget('intake-closed-test-widget', TestScreen);
    } finally {
      setWidgetShadowMode('open');
    }
    state.set({ status: 'ready', host });
    const element = document.createElement('intake-closed-test-widget');
    document.body.append(element);
    // Rendered (the environment was asked for its host), yet nothing of it is readable.
    await waitFor(() => expect(attached).toContain(element));
    expect(element.shadowRoot).toBeNull();
    expect(document.body.textContent).not.toContain('Olivia Owens');
  });

  it('renders the screen inside an open shadow root, with the host from the environment', async () => {
    const element = mount();
    state.set({ status: 'ready', host });
    await waitFor(() => expect(element.shadowRoot?.textContent).toContain('Hello Olivia Owens'));
    // Nothing of the widget is in the light DOM.
    expect(element.childElementCount).toBe(0);
    expect(document.body.textContent).not.toContain('Olivia');
  });

  it('puts the collected CSS into the shadow root, not the document', async () => {
    const element = mount();
    await waitFor(() =>
      expect(element.shadowRoot?.querySelector('style')?.textContent).toContain('rebeccapurple'),
    );
    expect(document.head.textContent ?? '').not.toContain('rebeccapurple');
  });

  it('is harmless to define twice', () => {
    expect(defineWidget('intake-test-widget', TestScreen)).toBe(Element);
    expect(customElements.get('intake-test-widget')).toBe(Element);
  });

  it('switches to the dark theme by attribute', async () => {
    const element = mount({ theme: 'dark' });
    await waitFor(() =>
      expect(element.shadowRoot?.querySelector('.ic-widget')?.getAttribute('data-theme')).toBe(
        'dark',
      ),
    );
    element.setAttribute('theme', 'light');
    await waitFor(() =>
      expect(element.shadowRoot?.querySelector('.ic-widget')?.getAttribute('data-theme')).toBe(
        'light',
      ),
    );
  });

  it('hands a typed date-range attribute to the screen', async () => {
    const element = mount({ 'date-range': '2025-01-01..2025-01-31' });
    state.set({ status: 'ready', host });
    await waitFor(() =>
      expect(element.shadowRoot?.textContent).toContain('2025-01-01..2025-01-31'),
    );
  });

  it('takes a token as a property only: never reflected, never readable back', () => {
    const element = mount() as HTMLElement & { token: string | null };
    element.token = 'secret-access-token';
    expect(tokenOf(element)).toBe('secret-access-token');
    expect(element.token).toBeNull();
    expect(element.getAttributeNames()).not.toContain('token');
    expect(element.outerHTML).not.toContain('secret-access-token');
    element.setAttribute('token', 'from-attribute');
    expect(tokenOf(element)).toBe('secret-access-token');
  });

  it('shows the signed-out state with its hint', async () => {
    const element = mount();
    state.set({ status: 'signed-out', message: null, hint: 'Sign in with the toolbar button.' });
    await waitFor(() =>
      expect(element.shadowRoot?.textContent).toContain('Sign in with the toolbar button.'),
    );
  });

  it("offers the app's sign-in form when the environment allows a sign-in in the widget", async () => {
    const onSignIn = vi.fn(async () => {});
    const element = mount();
    state.set({ status: 'signed-out', message: null, onSignIn });
    await waitFor(() =>
      expect(element.shadowRoot?.querySelector('input[name="username"]')).not.toBeNull(),
    );
  });

  it('shows toasts from the host inside the widget', async () => {
    let notify: Host['notify'] = () => {};
    setWidgetEnvironment({
      attach(_element, options) {
        notify = options.notify;
        const ready: WidgetHostState = {
          status: 'ready',
          host: { ...host, notify: options.notify },
        };
        return { get: () => ready, subscribe: () => () => {}, release() {} };
      },
    });
    const element = mount();
    await waitFor(() => expect(element.shadowRoot?.textContent).toContain('Hello'));
    notify('danger', 'Cannot reach the server.');
    await waitFor(() =>
      expect(element.shadowRoot?.textContent).toContain('Cannot reach the server.'),
    );
    setWidgetEnvironment(environment);
  });
});
