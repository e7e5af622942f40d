import { useCallback, useEffect, useState } from 'react';
import type { ApiClient } from '@/shared/api/client';
import { fetchUsersParameters } from '@/shared/api/users-parameters';
import type { AgentParameters, UsersParameters } from '@/shared/contracts/users-parameters';

export type ParametersLoad =
  { status: 'loading' } | { status: 'error' } | { status: 'loaded'; data: UsersParameters };

/**
 * The workspace's agents and their parameters (GET workspaces/{id}/users-parameters),
 * kept up to date by each save's answer (the server returns the saved agent).
 */
export function useUsersParameters(api: ApiClient, workspaceId: string) {
  const [load, setLoad] = useState<ParametersLoad>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    setLoad({ status: 'loading' });
    fetchUsersParameters(api, workspaceId)
      .then((data) => current && setLoad({ status: 'loaded', data }))
      .catch((error: unknown) => {
        console.error('Users parameters failed to load', error);
        if (current) setLoad({ status: 'error' });
      });
    return () => {
      current = false;
    };
  }, [api, workspaceId, attempt]);

  const put = useCallback((agent: AgentParameters) => {
    setLoad((state) =>
      state.status === 'loaded'
        ? {
            status: 'loaded',
            data: {
              ...state.data,
              agents: state.data.agents.map((item) =>
                item.agentId === agent.agentId ? agent : item,
              ),
            },
          }
        : state,
    );
  }, []);

  const retry = useCallback(() => setAttempt((value) => value + 1), []);
  return { load, put, retry };
}
