import { createApiClient, type ApiClient } from '@/shared/api/client';
import type { ApiConfig } from '@/shared/config/api-config';
import type { KeyValueStorage } from '@/shared/storage/storage';
import { createDirectTransport, type DirectTransport } from '@/shared/transport/direct-transport';
import type { Notifier } from '@/shared/transport/notifier';
import {
  createSessionService,
  createSessionTokenSource,
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
  appVersion: string;
  currentPath: () => string;
  onRequestStart?: () => void;
  onRequestEnd?: () => void;
  lookupRetryDelayMs?: number;
}): DirectSession {
  const tokenSource = createSessionTokenSource(options.storage);
  const transport = createDirectTransport({
    config: options.config,
    tokens: tokenSource,
    notify: options.notify,
    onRequestStart: options.onRequestStart,
    onRequestEnd: options.onRequestEnd,
  });
  const api = createApiClient(transport, options.notify);
  const session = createSessionService({
    api,
    storage: options.storage,
    tokenSource,
    appVersion: options.appVersion,
    currentPath: options.currentPath,
    socket: transport,
    lookupRetryDelayMs: options.lookupRetryDelayMs,
  });
  return { transport, api, session };
}
