import { expect, vi } from 'vitest';
import { createPortRouter, type RouterPort } from '@/extension/entrypoints/background/port-router';
import type { BackgroundSession } from '@/extension/entrypoints/background/session';
import { createSocketHub } from '@/extension/entrypoints/background/socket';
import { SignInError } from '@/shared/session/sign-in-error';
import { createMemoryStorage } from '@/shared/storage/storage';
import type { BackgroundMessage, PublicSessionState } from '@/shared/transport/port-protocol';
import { PORT_NAME } from '@/shared/transport/port-protocol';
import {
  TransportError,
  type SocketEventHandler,
  type Transport,
  type TransportRequest,
} from '@/shared/transport/transport';

/**
 * The background's router over a fake session and transport, driven with fake ports:
 * what the router tests and the hostile-sender suite share.
 */
export const self = {
  id: 'ourextensionidourextensionid0000',
  origin: 'chrome-extension://ourextensionidourextensionid0000',
};
export const contentSender = {
  id: self.id,
  origin: 'https://crm.zoho.com',
  url: 'https://crm.zoho.com/crm/tab/Leads/1',
  tab: { id: 5 },
  frameId: 0,
};
export const popupSender = { id: self.id, origin: self.origin, url: `${self.origin}/popup.html` };

export const state: PublicSessionState = {
  status: 'signed-in',
  user: { id: 'u1', name: 'Olivia Owens', role: 'owner' },
  workspace: { id: 'ws_lakeside', name: 'Lakeside Law' },
  socket: 'connected',
  liveCalls: null,
  message: null,
  appOrigin: 'http://localhost:8080',
};

/** Tokens the fake session holds: no message to a port may ever contain them. */
export const ACCESS_TOKEN = 'eyJhbGciOiJIUzI1NiJ9.access-token-of-the-session.sig';
export const REFRESH_TOKEN = 'refresh-token-of-the-session-0123456789abcdef';

export interface FakeBackgroundOptions {
  /** How the fake transport answers; default: `{ data: path }`, 403 for "forbidden". */
  request?: (req: TransportRequest) => Promise<unknown>;
  extraKeapHosts?: () => readonly string[];
  settingsReady?: Promise<unknown>;
}

export function fakeBackground(options: FakeBackgroundOptions = {}) {
  const socketHandlers = new Map<string, SocketEventHandler>();
  const transport = {
    request: vi.fn(
      options.request ??
        (async (req: TransportRequest) => {
          if (req.path.endsWith('/forbidden')) {
            throw new TransportError('Forbidden', 403, 'Not yours');
          }
          return { data: req.path };
        }),
    ),
    subscribe: vi.fn((event: string, handler: SocketEventHandler) => {
      socketHandlers.set(event, handler);
      return () => void socketHandlers.delete(event);
    }),
  };
  const changeListeners = new Set<() => void>();
  let publicState = state;
  let hostSession: unknown = { user: null, workspace: null, agent: null };
  const session = {
    ready: async () => {},
    transport: () => transport,
    signIn: vi.fn(async (username: string) => {
      if (username === 'wrong') throw new SignInError('invalid', 'Invalid username or password.');
    }),
    signOut: vi.fn(async () => {}),
    adoptRefreshToken: vi.fn(async () => true),
    setServerOrigin: vi.fn(async () => {}),
    publicState: () => publicState,
    hostSession: () => hostSession,
    secrets: () => [ACCESS_TOKEN, REFRESH_TOKEN],
    onChange: (listener: () => void) => {
      changeListeners.add(listener);
      return () => void changeListeners.delete(listener);
    },
  } as unknown as BackgroundSession;
  const hub = createSocketHub();
  hub.bind(transport as unknown as Transport);
  const widgetStorage = createMemoryStorage();
  const router = createPortRouter({
    self,
    session,
    hub,
    widgetStorage,
    extraKeapHosts: options.extraKeapHosts,
    settingsReady: options.settingsReady,
  });
  return {
    router,
    session,
    transport,
    widgetStorage,
    emitSocket: (event: string, payload: unknown) => socketHandlers.get(event)?.(payload),
    changed: () => changeListeners.forEach((listener) => listener()),
    setPublicState: (next: PublicSessionState) => {
      publicState = next;
    },
    setHostSession: (next: unknown) => {
      hostSession = next;
    },
  };
}

export type FakeRouter = ReturnType<typeof createPortRouter>;

export function connect(router: FakeRouter, sender: object | undefined, name = PORT_NAME) {
  const received: BackgroundMessage[] = [];
  const listeners: ((message: unknown) => void)[] = [];
  const disconnectListeners: (() => void)[] = [];
  const port: RouterPort & { disconnected: boolean } = {
    name,
    sender,
    disconnected: false,
    postMessage: (message) => void received.push(message),
    disconnect() {
      this.disconnected = true;
    },
    onMessage: { addListener: (listener) => void listeners.push(listener) },
    onDisconnect: { addListener: (listener) => void disconnectListeners.push(listener) },
  };
  router.onConnect(port);
  const answers = () =>
    received.filter(
      (m): m is Extract<BackgroundMessage, { kind: 'answer' }> => m.kind === 'answer',
    );
  return {
    port,
    received,
    answers,
    send: (message: unknown) => listeners.forEach((listener) => listener(message)),
    close: () => disconnectListeners.forEach((listener) => listener()),
    answer: async (id: string) => {
      await vi.waitFor(() => expect(answers().find((m) => m.id === id)).toBeDefined());
      return answers().find((m) => m.id === id) as Extract<BackgroundMessage, { kind: 'answer' }>;
    },
  };
}

/** Lets every pending promise and timer of the router settle. */
export const settle = () => new Promise((resolve) => setTimeout(resolve, 10));
