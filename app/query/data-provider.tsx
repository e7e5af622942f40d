import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { queryScope, sessionIdentity } from '@/shared/query/query-scope';
import type { LoggedUser } from '@/shared/contracts/user';
import type { Workspace } from '@/shared/contracts/workspace';
import { forgetOtherSessions } from './create-host-query-client';

export interface SignedInAs {
  user: Pick<LoggedUser, 'id'> | null;
  workspace: Pick<Workspace, 'id'> | null;
}

/**
 * Forgets the cache of a sign-in once the host is no longer signed in as it (sign-out, or
 * another user or workspace): before any screen of the new sign-in reads the cache (a
 * layout effect of the provider runs before its children subscribe).
 */
export function useForgetOtherSessions(client: QueryClient, session: SignedInAs | null): void {
  const identity = session ? sessionIdentity(session) : null;
  const previous = useRef(identity);
  const latest = useRef(session);
  latest.current = session;
  useLayoutEffect(() => {
    if (previous.current === identity) return;
    previous.current = identity;
    forgetOtherSessions(client, identity === null ? null : queryScope(latest.current!));
  }, [client, identity]);
}

/**
 * The data layer of a host: its QueryClient for every screen below, tied to who is signed
 * in (the cache is forgotten at sign-out). `session` null means nobody.
 */
export function DataProvider({
  client,
  session,
  children,
}: {
  client: QueryClient;
  session: SignedInAs | null;
  children: ReactNode;
}) {
  useForgetOtherSessions(client, session);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
