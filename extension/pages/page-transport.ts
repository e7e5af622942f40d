import { browser } from 'wxt/browser';
import {
  SignInError,
  type SessionService,
  type SignInErrorCode,
} from '@/shared/session/session-service';
import {
  createPortTransport,
  type PortLike,
  type PortTransport,
} from '@/shared/transport/port-transport';
import { TransportError } from '@/shared/transport/transport';
import type { LoggedUser } from '@/shared/contracts/user';

/** The popup's and options page's one port to the background. */
export function createPageTransport(): PortTransport {
  return createPortTransport({
    connect: (name) => browser.runtime.connect({ name }) as unknown as PortLike,
  });
}

const SIGN_IN_CODES: SignInErrorCode[] = [
  'invalid',
  'inactive',
  'noRole',
  'rateLimited',
  'network',
];

/**
 * The session service the app's sign-in form expects, over the port: the popup signs in
 * with the same form as the app, and the background keeps the tokens.
 */
export function createPortSessionService(transport: PortTransport): SessionService {
  return {
    async signIn(username, password) {
      try {
        await transport.call({ kind: 'auth:sign-in', username, password });
      } catch (error) {
        const failure = TransportError.from(error);
        const code = SIGN_IN_CODES.find((known) => known === failure.serverMessage) ?? 'network';
        throw new SignInError(code, failure.message);
      }
      const { user } = (await transport.call({ kind: 'host-session:get' })) as { user: LoggedUser };
      return user;
    },
    restore: async () => null,
    async logout() {
      await transport.call({ kind: 'auth:sign-out' });
    },
  };
}

/** Opens the standalone app in a tab. */
export function openApp(appOrigin: string, path = '/app'): void {
  if (!appOrigin) return;
  void browser.tabs.create({ url: new URL(path, appOrigin).href });
}

export const SOCKET_STATUS_TEXT = {
  connected: 'Connected',
  connecting: 'Connecting…',
  disconnected: 'Not connected',
  error: 'Connection error',
} as const;
