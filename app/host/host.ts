import { createContext, useContext } from 'react';
import type { ApiClient } from '@/shared/api/client';
import type { CallSession } from '@/shared/calls/call-session';
import type { HostSession } from '@/shared/session/host-session';
import type { KeyValueStorage } from '@/shared/storage/storage';
import type { Notifier } from '@/shared/transport/notifier';

/**
 * Everything a screen needs from its surroundings. The app, a widget and the extension
 * each build one their own way, which is what lets one screen run in all three places.
 */
export interface Host {
  /** Typed server calls and socket events (through whichever Transport the host has). */
  api: ApiClient;
  /** Filters, theme, read notifications. */
  storage: KeyValueStorage;
  /** An app path such as "/app/marketing/lead-source-ranking-v2": the app routes, a widget opens a tab. */
  navigate(path: string): void;
  /** Who is signed in (shared/session/host-session.ts): never tokens. */
  session: HostSession;
  notify: Notifier;
  /**
   * The active call (issue #13): the background's in a CRM tab, the tab's own in the app;
   * absent where calls are not taken (the script-tag embed, tests that need none).
   */
  calls?: CallSession;
}

export const HostContext = createContext<Host | null>(null);

export function useHost(): Host {
  const host = useContext(HostContext);
  if (!host) throw new Error('useHost must be used inside a HostContext provider');
  return host;
}
