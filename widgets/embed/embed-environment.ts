import { apiConfigFor } from '@/shared/config/api-config';
import { createDirectSession, type DirectSession } from '@/shared/session/create-session';
import { createMemoryStorage, type KeyValueStorage } from '@/shared/storage/storage';
import { useSessionStore } from '@/shared/stores/session-store';
import type { Notifier } from '@/shared/transport/notifier';
import { onTokenChange, tokenOf } from '../define-widget';
import {
  createValueStore,
  createWidgetEnvironment,
  type WidgetEnvironment,
  type WidgetHostState,
  type WidgetHostStore,
  type WidgetSessionView,
} from '../widget-environment';

export interface EmbedConfig {
  /** The server address; default: the origin the bundle was loaded from. */
  apiBase?: string;
  /** An access token the host page already has; otherwise the widget asks for a sign-in. */
  token?: string;
}

/** Preferences (filters, theme) of embedded widgets: the page's localStorage, under our prefix only. */
export function createPrefixedStorage(
  store: Storage | null,
  prefix = 'intake-widgets:',
): KeyValueStorage {
  if (!store) return createMemoryStorage();
  return {
    get: async (key) => store.getItem(prefix + key),
    set: async (key, value) => store.setItem(prefix + key, value),
    remove: async (key) => store.removeItem(prefix + key),
    async clear() {
      for (let i = store.length - 1; i >= 0; i--) {
        const key = store.key(i);
        if (key?.startsWith(prefix)) store.removeItem(key);
      }
    },
  };
}

function safeLocalStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

function originOf(address: string): string | null {
  try {
    const url = new URL(address);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
}

/**
 * ARCHITECTURE.md "Script-tag embed": widgets on any page with a DirectTransport of their
 * own. One session per page (the first server address wins): tokens in memory only, never
 * in the page's storage or DOM; a sign-in form inside the widget when no token is given.
 */
export function createEmbedEnvironment(options: {
  defaultApiBase: string | null;
  appVersion: string;
}) {
  const config: EmbedConfig = {};
  const notifiers = new Set<Notifier>();
  const prefs = createPrefixedStorage(safeLocalStorage());
  let direct: DirectSession | null = null;
  let widgets: WidgetEnvironment | null = null;
  let origin: string | null = null;
  let adopting: Promise<void> | null = null;
  let adoptedToken: string | null = null;
  let started = false;

  const notifyAll: Notifier = (kind, message, toastOptions) => {
    for (const notify of notifiers) {
      notify(kind, message, toastOptions);
      break; // one widget shows it; the same toast in every widget would be noise
    }
  };

  /** The page's one session, as every widget sees it. */
  function sessionView(): WidgetSessionView {
    const state = useSessionStore.getState();
    if (state.status === 'signed-in' && state.user) {
      const { user, workspace, agent } = state;
      return { status: 'signed-in', session: { user, workspace, agent }, appOrigin: origin ?? '' };
    }
    if (state.status === 'signed-out')
      return { status: 'signed-out', message: state.logoutMessage };
    return { status: 'loading' };
  }

  function ensureSession(apiBase: string | undefined): WidgetEnvironment | null {
    if (widgets) return widgets;
    origin = originOf(apiBase ?? config.apiBase ?? options.defaultApiBase ?? '');
    if (!origin) return null;
    // The session's own storage is memory: tokens never touch the page's storage.
    const created = createDirectSession({
      config: apiConfigFor(origin),
      storage: createMemoryStorage(),
      notify: notifyAll,
      appVersion: options.appVersion,
      currentPath: () => '',
    });
    direct = created;
    widgets = createWidgetEnvironment({
      session: { get: sessionView, subscribe: (listener) => useSessionStore.subscribe(listener) },
      api: () => created.api,
      storage: prefs,
      signIn: ({ username, password }) => created.session.signIn(username, password),
    });
    return widgets;
  }

  /** A token the page handed over becomes the session; one that does not work signs out. */
  async function adoptToken(token: string): Promise<void> {
    if (!direct || adoptedToken === token) return;
    adoptedToken = token;
    const { session } = direct;
    const user = await session.adopt({ kind: 'access-token', accessToken: token });
    if (!user) await session.logout();
  }

  function start(element: HTMLElement): void {
    if (started || !direct) return;
    started = true;
    const token = tokenOf(element) ?? config.token;
    if (token) adopting = adoptToken(token);
    else void direct.session.restore();
  }

  const environment: WidgetEnvironment = {
    attach(element, attachOptions): WidgetHostStore {
      const inner = ensureSession(attachOptions.apiBase);
      if (!inner) {
        const store = createValueStore<WidgetHostState>({
          status: 'signed-out',
          message: 'This widget has no server address: set its api-base attribute.',
        });
        return { ...store, release: () => {} };
      }
      notifiers.add(attachOptions.notify);
      const stopToken = onTokenChange(element, () => {
        const token = tokenOf(element);
        if (token) adopting = adoptToken(token);
      });
      start(element);
      const store = inner.attach(element, attachOptions);
      return {
        get: store.get,
        subscribe: store.subscribe,
        release() {
          store.release();
          stopToken();
          notifiers.delete(attachOptions.notify);
        },
      };
    },
  };

  return {
    environment,
    /** `IntakeWidgets.configure({ apiBase, token })`: page-wide defaults, before or after elements mount. */
    configure(next: EmbedConfig) {
      if (next.apiBase !== undefined) config.apiBase = next.apiBase;
      if (next.token !== undefined) {
        config.token = next.token;
        if (direct && next.token) adopting = adoptToken(next.token);
      }
    },
    /** Resolves once a token handed over has been turned into a session (tests). */
    settled: () => adopting ?? Promise.resolve(),
  };
}
