import type { LoggedUser } from '@/shared/contracts/user';
import type { Workspace } from '@/shared/contracts/workspace';

/**
 * Whose data a query holds: every key starts with the signed-in user and workspace, so
 * one user's cached answers can never answer the next user's screens even before the
 * cache is cleared at sign-out (spec: session 4 step 9).
 */
export type QueryScope = readonly ['intake', string | null, string | null];

export function queryScope(session: {
  user: Pick<LoggedUser, 'id'> | null;
  workspace: Pick<Workspace, 'id'> | null;
}): QueryScope {
  return ['intake', session.user?.id ?? null, session.workspace?.id ?? null];
}

/** Who the host is signed in as, for "the cache belongs to this sign-in": null when nobody. */
export function sessionIdentity(session: {
  user: Pick<LoggedUser, 'id'> | null;
  workspace: Pick<Workspace, 'id'> | null;
}): string | null {
  return session.user || session.workspace
    ? `${session.user?.id ?? ''}|${session.workspace?.id ?? ''}`
    : null;
}
