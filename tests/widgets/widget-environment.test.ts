import { describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '@/shared/api/client';
import type { HostSession } from '@/shared/session/host-session';
import { createMemoryStorage } from '@/shared/storage/storage';
import {
  createValueStore,
  createWidgetEnvironment,
  type WidgetEnvironmentOptions,
  type WidgetSessionView,
} from '@/widgets/widget-environment';
import { makeUser, makeWorkspace } from '../shared/domain/fixtures';

// issue #10 item 4: the script-tag embed and the extension's panel build their widget
// environments from this one factory; only where the session comes from differs.

const session: HostSession = { user: makeUser(), workspace: makeWorkspace(), agent: null };
const signedIn: WidgetSessionView = {
  status: 'signed-in',
  session,
  appOrigin: 'http://localhost:8080',
};

function environment(extra: Partial<WidgetEnvironmentOptions> = {}) {
  const view = createValueStore<WidgetSessionView>({ status: 'loading' });
  const api = vi.fn((): ApiClient => ({ call: vi.fn(), subscribe: () => () => {} }));
  const widgets = createWidgetEnvironment({
    session: view,
    api,
    storage: createMemoryStorage(),
    ...extra,
  });
  const attach = () => widgets.attach(document.createElement('div'), { notify: () => {} });
  return { view, api, attach };
}

describe('the widget environment factory', () => {
  it('shows a spinner, then the screen with the signed-in session, then the signed-out note', () => {
    const { view, attach } = environment({ hint: 'Sign in from the toolbar.' });
    const store = attach();
    expect(store.get()).toEqual({ status: 'loading' });
    view.set(signedIn);
    const ready = store.get();
    expect(ready.status === 'ready' && ready.host.session).toBe(session);
    view.set({ status: 'signed-out', message: 'Your session expired.' });
    expect(store.get()).toEqual({
      status: 'signed-out',
      message: 'Your session expired.',
      hint: 'Sign in from the toolbar.',
    });
  });

  it('keeps a widget’s host while the same user, workspace and agent stay signed in', () => {
    const { view, api, attach } = environment();
    const store = attach();
    view.set(signedIn);
    const first = store.get();
    view.set({ ...signedIn, session: { ...session } });
    expect(store.get()).toBe(first);
    view.set({ ...signedIn, session: { ...session, workspace: makeWorkspace() } });
    expect(store.get()).not.toBe(first);
    expect(api).toHaveBeenCalledTimes(2);
  });

  it('offers the sign-in only where the environment can sign in itself', () => {
    const signIn = vi.fn(async () => {});
    const embed = environment({ signIn });
    const store = embed.attach();
    embed.view.set({ status: 'signed-out', message: null });
    const state = store.get();
    expect(state.status === 'signed-out' && state.onSignIn).toBe(signIn);
    const panel = environment({ hint: 'Use the toolbar.' });
    const panelStore = panel.attach();
    panel.view.set({ status: 'signed-out', message: null });
    expect(panelStore.get()).not.toHaveProperty('onSignIn');
  });

  it('gives each widget an API client that toasts in that widget', () => {
    const { view, api } = environment();
    const notify = vi.fn();
    const widgets = createWidgetEnvironment({ session: view, api, storage: createMemoryStorage() });
    widgets.attach(document.createElement('div'), { notify });
    view.set(signedIn);
    // With where it tells of answers from its host's cache (issue #14).
    expect(api).toHaveBeenCalledWith(
      notify,
      expect.objectContaining({ track: expect.any(Function) }),
    );
  });

  it('stops following the session once a widget is released', () => {
    const { view, attach } = environment();
    const store = attach();
    store.release();
    view.set(signedIn);
    expect(store.get()).toEqual({ status: 'loading' });
  });
});
