import { browser } from 'wxt/browser';
import type { LoginRequest } from '@/shared/contracts/auth';
import { toSignInError } from '@/shared/session/sign-in-error';
import {
  createPortTransport,
  type PortLike,
  type PortTransport,
} from '@/shared/transport/port-transport';

/** The popup's and options page's one port to the background. */
export function createPageTransport(): PortTransport {
  return createPortTransport({
    connect: (name) => browser.runtime.connect({ name }) as unknown as PortLike,
  });
}

/**
 * What the popup does with the session over the port: the popup signs in with the same
 * form as the app, and the background keeps the tokens. A refused sign-in arrives as the
 * SignInError the background's session threw; a lost port becomes one too, as it would
 * in the app (toSignInError).
 */
export function createPopupSession(transport: PortTransport) {
  return {
    async signIn(credentials: LoginRequest): Promise<void> {
      try {
        await transport.call({ kind: 'auth:sign-in', ...credentials });
      } catch (error) {
        throw toSignInError(error);
      }
    },
    async logout(): Promise<void> {
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
