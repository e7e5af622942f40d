import { apiConfigFor } from '@/shared/config/api-config';
import { loggedUserSchema } from '@/shared/contracts/user';
import { createDirectSession, type DirectSession } from '@/shared/session/create-session';
import { NO_HOST_SESSION, type HostSession } from '@/shared/session/host-session';
import type { KeyValueStorage } from '@/shared/storage/storage';
import { useSessionStore } from '@/shared/stores/session-store';
import type { DirectTransport } from '@/shared/transport/direct-transport';
import type { Notifier } from '@/shared/transport/notifier';
import type { PublicSessionState } from '@/shared/transport/port-protocol';
import { CONNECTION_STATUS_EVENT, type SocketHub } from './socket';

/**
 * The extension's one session (spec: session 4 Sign-in and session), held only here:
 * the shared session service and DirectTransport over storage.session, which content
 * scripts cannot read. After the worker is stopped and started again, `start` restores
 * it from there (tokens, user, and the workspace context last loaded, so that a restart
 * during a server outage still knows its workspace and listens for calls: issue #28),
 * and the socket connects, and keeps reconnecting for as long as someone is signed in.
 */
export interface BackgroundSession {
  /** Settles once the stored session is back (or known to be absent). */
  ready(): Promise<void>;
  transport(): DirectTransport;
  signIn(username: string, password: string): Promise<void>;
  signOut(): Promise<void>;
  /** The standalone app's hand-over: a refresh token rotated at once into our own session. */
  adoptRefreshToken(username: string, refreshToken: string): Promise<boolean>;
  /** Another server address: sign out of the old one, start over on the new one. */
  setServerOrigin(origin: string): Promise<void>;
  publicState(): PublicSessionState;
  hostSession(): HostSession;
  /** The current access and refresh tokens: what no message to a port may contain. */
  secrets(): string[];
  onChange(listener: () => void): () => void;
}

export interface BackgroundSessionOptions {
  /** The configured server origin; nothing starts before it is known (settings load). */
  serverOrigin: Promise<string>;
  /** storage.session in the extension; memory in tests. */
  storage: KeyValueStorage;
  hub: SocketHub;
  appVersion: string;
  notify: Notifier;
  /**
   * The last `ctmcallsdata` count: the background's live feed (live.ts), the one place
   * that reads it (issue #12). Absent: no count (tests of the session alone).
   */
  liveCalls?: { get(): number | null; subscribe(listener: () => void): () => void };
  /** Waits for the server to come back (socket reconnects, workspace reloads); tests only. */
  retryTimer?: (run: () => void, delayMs: number) => () => void;
}

export function createBackgroundSession(options: BackgroundSessionOptions): BackgroundSession {
  const { storage, hub } = options;
  const listeners = new Set<() => void>();
  let serverOrigin = '';
  let direct: DirectSession | null = null;
  let readyPromise: Promise<void> = options.serverOrigin.then((origin) => {
    serverOrigin = origin;
    direct = build();
    return restore();
  });

  function current(): DirectSession {
    if (!direct) throw new Error('The session is not ready yet.');
    return direct;
  }

  function build(): DirectSession {
    const created = createDirectSession({
      config: apiConfigFor(serverOrigin),
      storage,
      notify: options.notify,
      appVersion: options.appVersion,
      currentPath: () => '',
      retryTimer: options.retryTimer,
    });
    hub.bind(created.transport);
    return created;
  }

  async function restore(): Promise<void> {
    const session = current().session;
    try {
      await session.restore();
    } catch {
      await session.logout();
    }
  }

  const emit = () => {
    for (const listener of [...listeners]) listener();
  };

  // Session store changes (sign-in, sign-out, forced logout), the socket's state and the
  // live call count.
  let lastSnapshot = '';
  const emitIfChanged = () => {
    const snapshot = JSON.stringify(publicState());
    if (snapshot !== lastSnapshot) {
      lastSnapshot = snapshot;
      emit();
    }
  };
  useSessionStore.subscribe(emitIfChanged);
  hub.add(CONNECTION_STATUS_EVENT, () => emit());
  options.liveCalls?.subscribe(emitIfChanged);

  function publicState(): PublicSessionState {
    const state = useSessionStore.getState();
    const signedIn = state.status === 'signed-in' && state.user !== null;
    return {
      status: state.status === 'signed-in' && !state.user ? 'signed-out' : state.status,
      user:
        signedIn && state.user
          ? { id: state.user.id, name: state.user.name, role: state.user.role }
          : null,
      workspace:
        signedIn && state.workspace
          ? { id: state.workspace.id, name: state.workspace.attributes.name }
          : null,
      socket: direct?.transport.socketStatus() ?? 'disconnected',
      liveCalls: signedIn ? (options.liveCalls?.get() ?? null) : null,
      message: state.logoutMessage,
      appOrigin: serverOrigin,
    };
  }

  return {
    ready: () => readyPromise,
    transport: () => current().transport,
    async signIn(username, password) {
      await readyPromise;
      await current().session.signIn(username, password);
    },
    async signOut() {
      await readyPromise;
      await current().session.logout();
    },
    async adoptRefreshToken(username, refreshToken) {
      await readyPromise;
      // Checked on the side first (issue #9): a failed hand-over (a stale or forged token)
      // leaves whoever is signed in signed in; a working one replaces them.
      const user = await current().session.adopt({ kind: 'refresh-token', username, refreshToken });
      return user !== null;
    },
    async setServerOrigin(origin) {
      await readyPromise;
      if (origin === serverOrigin) return;
      await current().session.logout();
      serverOrigin = origin;
      direct = build();
      readyPromise = restore();
      await readyPromise;
      emit();
    },
    publicState,
    secrets() {
      const tokens = useSessionStore.getState().tokens;
      return [tokens?.accessToken, tokens?.refreshToken].filter(
        (token): token is string => typeof token === 'string' && token.length >= 8,
      );
    },
    hostSession() {
      const { user, workspace, agent, status } = useSessionStore.getState();
      if (status !== 'signed-in' || !user) return NO_HOST_SESSION;
      // Parsed through the tokenless contract: whatever else sits beside the user stays here.
      return { user: loggedUserSchema.parse(user), workspace, agent };
    },
    onChange(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}
