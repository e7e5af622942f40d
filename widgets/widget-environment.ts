import type { Host } from '@/app/host/host';
import type { ApiClient } from '@/shared/api/client';
import type { CallSession } from '@/shared/calls/call-session';
import type { LoginRequest } from '@/shared/contracts/auth';
import type { HostSession } from '@/shared/session/host-session';
import type { KeyValueStorage } from '@/shared/storage/storage';
import type { Notifier } from '@/shared/transport/notifier';
import { createWidgetFreshness, type WidgetFreshness } from './widget-freshness';
import { createWidgetHost } from './widget-host';

/** What a widget shows: its screen (ready), a sign-in or signed-out note, or a spinner. */
export type WidgetHostState =
  | { status: 'loading' }
  | { status: 'ready'; host: Host }
  | {
      status: 'signed-out';
      /** Why (a forced logout, the extension went away), if known. */
      message: string | null;
      /** Given when the widget may sign in itself (script-tag embed); absent in a CRM tab. */
      onSignIn?: (credentials: LoginRequest) => Promise<unknown>;
      /** What to do instead (extension: "sign in from the toolbar button"). */
      hint?: string;
    };

export interface WidgetHostStore {
  get(): WidgetHostState;
  subscribe(listener: () => void): () => void;
  release(): void;
  /**
   * Whether this widget shows cached answers while fresh ones come (issue #14); absent
   * where its host keeps no cache of its own.
   */
  freshness?: WidgetFreshness;
}

export interface WidgetAttachOptions {
  /** The `api-base` attribute (script-tag embed only). */
  apiBase?: string;
  /** Toasts for this element. */
  notify: Host['notify'];
}

/**
 * Where widgets get their host from: the extension's port to the background, or a
 * script-tag page's own direct session. Set once by the bundle's entry, before elements
 * connect; every element asks it for a store when it mounts.
 */
export interface WidgetEnvironment {
  attach(element: HTMLElement, options: WidgetAttachOptions): WidgetHostStore;
}

let current: WidgetEnvironment | null = null;

export function setWidgetEnvironment(environment: WidgetEnvironment): void {
  current = environment;
}

export function getWidgetEnvironment(): WidgetEnvironment {
  if (!current)
    throw new Error('Intake widgets: no environment was set before the first element connected.');
  return current;
}

/** A store over a value that changes, for environments to build theirs from. */
export function createValueStore<T>(initial: T) {
  let value = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    set(next: T) {
      value = next;
      for (const listener of [...listeners]) listener();
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

/** The session as every widget of a page sees it, whichever side holds it. */
export type WidgetSessionView =
  | { status: 'loading' }
  | { status: 'signed-in'; session: HostSession; appOrigin: string }
  | { status: 'signed-out'; message: string | null };

export interface WidgetEnvironmentOptions {
  /** The session now, and a way to hear that it changed. */
  session: { get(): WidgetSessionView; subscribe(listener: () => void): () => void };
  /**
   * The API client a widget's screens call through; `notify` is that widget's toasts,
   * `freshness` where it tells of answers from its host's cache (the extension's).
   */
  api(notify: Notifier, freshness: WidgetFreshness): ApiClient;
  /** Widget persistence (filters, theme): never where the session is kept. */
  storage: KeyValueStorage;
  /** Script-tag embed: a signed-out widget offers the sign-in form. */
  signIn?: (credentials: LoginRequest) => Promise<unknown>;
  /** Extension: a signed-out widget says where to sign in instead. */
  hint?: string;
  /**
   * The active call every widget of the page shares (issue #13): the background's in a
   * CRM tab; absent in the script-tag embed, which takes no calls.
   */
  calls?: CallSession;
}

/**
 * The one way a widget environment turns the session into each widget's state (issue
 * #10 item 4): the script-tag embed (widgets/embed) and the CRM tab's panel
 * (extension/panel/port-environment.ts) differ only in where the session comes from.
 * A widget keeps its host while the same user, workspace and agent stay signed in, so
 * a socket or call-count change does not remount its screen.
 */
export function createWidgetEnvironment(options: WidgetEnvironmentOptions): WidgetEnvironment {
  function stateFor(
    notify: Notifier,
    freshness: WidgetFreshness,
    previous: WidgetHostState,
  ): WidgetHostState {
    const view = options.session.get();
    if (view.status === 'signed-in') {
      if (previous.status === 'ready' && sameSession(previous.host.session, view.session)) {
        return previous;
      }
      return {
        status: 'ready',
        host: createWidgetHost({
          api: options.api(notify, freshness),
          storage: options.storage,
          session: view.session,
          appOrigin: view.appOrigin,
          notify,
          ...(options.calls ? { calls: options.calls } : {}),
        }),
      };
    }
    if (view.status === 'signed-out') {
      return {
        status: 'signed-out',
        message: view.message,
        ...(options.signIn ? { onSignIn: options.signIn } : {}),
        ...(options.hint ? { hint: options.hint } : {}),
      };
    }
    return { status: 'loading' };
  }

  return {
    attach(_element, { notify }): WidgetHostStore {
      const store = createValueStore<WidgetHostState>({ status: 'loading' });
      const freshness = createWidgetFreshness();
      const update = () => store.set(stateFor(notify, freshness, store.get()));
      const unsubscribe = options.session.subscribe(update);
      update();
      return { get: store.get, subscribe: store.subscribe, release: unsubscribe, freshness };
    },
  };
}

function sameSession(a: HostSession, b: HostSession): boolean {
  return a.user === b.user && a.workspace === b.workspace && a.agent === b.agent;
}
