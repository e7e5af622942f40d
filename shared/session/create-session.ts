import { createApiClient, type ApiClient } from '@/shared/api/client';
import type { ApiConfig } from '@/shared/config/api-config';
import type { KeyValueStorage } from '@/shared/storage/storage';
import { useSessionStore } from '@/shared/stores/session-store';
import {
  createDirectTransport,
  type DirectTransport,
  type RefreshCoordinator,
  type SessionTokens,
} from '@/shared/transport/direct-transport';
import type { NoticeDismisser, Notifier } from '@/shared/transport/notifier';
import {
  createSessionService,
  createSessionTokenSource,
  type CandidateApi,
  type SessionService,
} from './session-service';

export interface DirectSession {
  transport: DirectTransport;
  api: ApiClient;
  session: SessionService;
}

/**
 * Wires the pieces a host that talks to the server itself needs (the standalone app,
 * a script-tag widget, the extension's background): the token source, the direct
 * transport over it, the checked API client, and the session service.
 */
export function createDirectSession(options: {
  config: ApiConfig;
  storage: KeyValueStorage;
  notify: Notifier;
  /** Takes a named toast back (the persistent socket error once connected, issue #28). */
  dismissNotice?: NoticeDismisser;
  appVersion: string;
  currentPath: () => string;
  onRequestStart?: () => void;
  onRequestEnd?: () => void;
  /**
   * Hosts whose session is shared with other tabs (the app over localStorage) pass the
   * browser coordinator (issue 9 item 6); the default serialises refreshes in-process.
   */
  coordinator?: RefreshCoordinator;
  /**
   * false: the socket is not connected at sign-in by the session service; the host opens
   * and closes it itself (the app, which uses the extension's socket when there is one:
   * one socket per browser, issue #12). Default true.
   */
  connectSocketOnSignIn?: boolean;
  /**
   * Every wait for the server to come back (the socket's reconnects, the workspace
   * context's reloads; issue #28); answers the cancel. Default: setTimeout (tests: faster).
   */
  retryTimer?: (run: () => void, delayMs: number) => () => void;
}): DirectSession {
  const tokenSource = createSessionTokenSource(
    options.storage,
    useSessionStore,
    options.coordinator,
  );
  const transport = createDirectTransport({
    config: options.config,
    tokens: tokenSource,
    notify: options.notify,
    dismissNotice: options.dismissNotice,
    onRequestStart: options.onRequestStart,
    onRequestEnd: options.onRequestEnd,
    coordinator: options.coordinator,
    reconnectTimer: options.retryTimer,
  });
  const api = createApiClient(transport, options.notify);
  const session = createSessionService({
    api,
    storage: options.storage,
    tokenSource,
    appVersion: options.appVersion,
    currentPath: options.currentPath,
    socket: options.connectSocketOnSignIn === false ? undefined : transport,
    coordinator: options.coordinator,
    candidateApi: (tokens) => createCandidateApi(options.config, options.notify, tokens),
    // Whether or not this session opens the socket (the app may use the extension's), its
    // status says when the server answers again (issue #28).
    connection: transport,
    retryTimer: options.retryTimer,
  });
  return { transport, api, session };
}

/**
 * A transport of its own over a hand-over's tokens (SessionService.adopt): the current
 * session's tokens, refreshes and sign-out are never touched by a candidate's calls.
 */
function createCandidateApi(
  config: ApiConfig,
  notify: Notifier,
  initial: SessionTokens,
): CandidateApi {
  let tokens = initial;
  const transport = createDirectTransport({
    config,
    notify,
    tokens: {
      get: () => tokens,
      set(next) {
        tokens = next;
      },
      // A refused candidate is only not adopted: nobody is signed out.
      onAuthFailure: () => {},
    },
  });
  return { api: createApiClient(transport, notify), tokens: () => tokens };
}
