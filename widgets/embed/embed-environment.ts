import { getMe } from '@/shared/api/auth';
import { apiConfigFor } from '@/shared/config/api-config';
import { createDirectSession, type DirectSession } from '@/shared/session/create-session';
import { encodeStored } from '@/shared/session/encoding';
import { STORAGE_KEYS, toLoggedUser } from '@/shared/session/session-service';
import { createMemoryStorage, type KeyValueStorage } from '@/shared/storage/storage';
import { useSessionStore, type SessionState } from '@/shared/stores/session-store';
import type { Notifier } from '@/shared/transport/notifier';
import { onTokenChange, tokenOf } from '../define-widget';
import {
  createValueStore,
  type WidgetEnvironment,
  type WidgetHostState,
  type WidgetHostStore,
} from '../widget-environment';
import { createWidgetHost } from '../widget-host';

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
  // The session's own storage (memory: tokens never touch the page's storage).
  const memoryStorage = createMemoryStorage();
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

  function ensureSession(apiBase: string | undefined): DirectSession | null {
    if (direct) return direct;
    origin = originOf(apiBase ?? config.apiBase ?? options.defaultApiBase ?? '');
    if (!origin) return null;
    direct = createDirectSession({
      config: apiConfigFor(origin),
      storage: memoryStorage,
      notify: notifyAll,
      appVersion: options.appVersion,
      currentPath: () => '',
    });
    return direct;
  }

  /** Turns a bare access token into a session: who it belongs to, then the usual restore. */
  async function adoptToken(token: string): Promise<void> {
    if (!direct || adoptedToken === token) return;
    adoptedToken = token;
    const session = direct;
    useSessionStore.setState({
      tokens: { username: '', accessToken: token, refreshToken: '' },
      status: 'restoring',
    });
    try {
      const user = toLoggedUser(await getMe(session.api, { silent: true }));
      // The stored form the session service restores from; memory storage, this page only.
      await memoryStorage.set(
        STORAGE_KEYS.user,
        encodeStored({ ...user, accessToken: token, refreshToken: 'none' }),
      );
      await memoryStorage.set(STORAGE_KEYS.appVersion, options.appVersion);
      await session.session.restore();
    } catch {
      await session.session.logout();
    }
  }

  function start(element: HTMLElement): void {
    if (started || !direct) return;
    started = true;
    const token = tokenOf(element) ?? config.token;
    if (token) adopting = adoptToken(token);
    else void direct.session.restore();
  }

  function stateFor(
    session: DirectSession,
    notify: Notifier,
    previous: WidgetHostState,
  ): WidgetHostState {
    const state: SessionState = useSessionStore.getState();
    if (state.status === 'signed-in' && state.user) {
      if (
        previous.status === 'ready' &&
        previous.host.session.user === state.user &&
        previous.host.session.workspace === state.workspace &&
        previous.host.session.agent === state.agent
      ) {
        return previous;
      }
      return {
        status: 'ready',
        host: createWidgetHost({
          api: session.api,
          storage: prefs,
          session: { user: state.user, workspace: state.workspace, agent: state.agent },
          appOrigin: origin ?? '',
          notify,
        }),
      };
    }
    if (state.status === 'signed-out') {
      return {
        status: 'signed-out',
        message: state.logoutMessage,
        session: { signIn: (username, password) => session.session.signIn(username, password) },
      };
    }
    return { status: 'loading' };
  }

  const environment: WidgetEnvironment = {
    attach(element, { apiBase, notify }): WidgetHostStore {
      const session = ensureSession(apiBase);
      if (!session) {
        const store = createValueStore<WidgetHostState>({
          status: 'signed-out',
          message: 'This widget has no server address: set its api-base attribute.',
        });
        return { ...store, release: () => {} };
      }
      notifiers.add(notify);
      const store = createValueStore<WidgetHostState>({ status: 'loading' });
      const update = () => store.set(stateFor(session, notify, store.get()));
      const unsubscribe = useSessionStore.subscribe(update);
      const stopToken = onTokenChange(element, () => {
        const token = tokenOf(element);
        if (token) adopting = adoptToken(token);
      });
      start(element);
      update();
      return {
        get: store.get,
        subscribe: store.subscribe,
        release() {
          unsubscribe();
          stopToken();
          notifiers.delete(notify);
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
