import { useMemo, type ReactNode } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { ApiClient } from '@/shared/api/client';
import type { CallSession } from '@/shared/calls/call-session';
import type { KeyValueStorage } from '@/shared/storage/storage';
import { useSessionStore } from '@/shared/stores/session-store';
import type { Notifier } from '@/shared/transport/notifier';
import { HostContext, type Host } from './host';

export interface AppHostProviderProps {
  api: ApiClient;
  storage: KeyValueStorage;
  navigate: (path: string) => void;
  notify: Notifier;
  /** The app's active call (issue #13: app/calls/app-calls.ts); none: no calls taken. */
  calls?: CallSession;
  children: ReactNode;
}

/**
 * The standalone app's host (ARCHITECTURE.md "The host"): the app's API client and
 * localStorage, the router's navigate, the toasts, and the session store's user,
 * workspace and agent (never its tokens).
 */
export function AppHostProvider({
  api,
  storage,
  navigate,
  notify,
  calls,
  children,
}: AppHostProviderProps) {
  const { user, workspace, agent } = useSessionStore(
    useShallow((state) => ({ user: state.user, workspace: state.workspace, agent: state.agent })),
  );
  const host = useMemo<Host>(
    () => ({
      api,
      storage,
      navigate,
      notify,
      session: { user, workspace, agent },
      ...(calls ? { calls } : {}),
    }),
    [api, storage, navigate, notify, user, workspace, agent, calls],
  );
  return <HostContext.Provider value={host}>{children}</HostContext.Provider>;
}
