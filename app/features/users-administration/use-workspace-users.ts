import { useCallback, useEffect, useState } from 'react';
import type { ApiClient } from '@/shared/api/client';
import { listWorkspaceUsers } from '@/shared/api/users-administration';
import type { WorkspaceUser } from '@/shared/contracts/users-administration';

export type UsersLoad =
  { status: 'loading' } | { status: 'error' } | { status: 'loaded'; users: WorkspaceUser[] };

/**
 * The workspace's users (GET workspaces/{id}/users), kept up to date by what each action
 * answers (the server returns the changed user): no reload after every click, and no
 * stale row either.
 */
export function useWorkspaceUsers(api: ApiClient, workspaceId: string) {
  const [load, setLoad] = useState<UsersLoad>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    setLoad({ status: 'loading' });
    listWorkspaceUsers(api, workspaceId)
      .then((users) => current && setLoad({ status: 'loaded', users }))
      .catch(() => current && setLoad({ status: 'error' }));
    return () => {
      current = false;
    };
  }, [api, workspaceId, attempt]);

  /** Puts the server's answer for one user in the list (a new user is added). */
  const put = useCallback((user: WorkspaceUser) => {
    setLoad((state) => {
      if (state.status !== 'loaded') return state;
      const known = state.users.some((item) => item.id === user.id);
      return {
        status: 'loaded',
        users: known
          ? state.users.map((item) => (item.id === user.id ? user : item))
          : [...state.users, user],
      };
    });
  }, []);

  const retry = useCallback(() => setAttempt((value) => value + 1), []);
  return { load, put, retry };
}
