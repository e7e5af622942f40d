import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useHost } from '@/app/host/host';
import {
  screenLoadOf,
  useDataQuery,
  useQueryScope,
  type ScreenLoad,
} from '@/app/query/use-data-query';
import { useMutateAndInvalidate } from '@/app/query/use-mutate-and-invalidate';
import { saveAgentParameters } from '@/shared/api/users-parameters';
import { quietly } from '@/shared/api/quiet-api';
import type {
  AgentParameters,
  AgentParametersUpdate,
  UsersParameters,
} from '@/shared/contracts/users-parameters';
import { usersParametersKey, usersParametersQuery } from '@/shared/query/settings-queries';

export type ParametersLoad = ScreenLoad<UsersParameters>;

/** The workspace's agents and their parameters (GET workspaces/{id}/users-parameters). */
export function useUsersParameters(workspaceId: string) {
  const { api } = useHost();
  const scope = useQueryScope();
  const query = useDataQuery(usersParametersQuery(scope, api, workspaceId));
  const { status, data } = query;
  const load = useMemo(() => screenLoadOf({ status, data }), [status, data]);
  return { load, retry: query.retry };
}

/**
 * Saves one agent's parameters (PUT, its refusal not toasted: the dialog says it): the
 * saved agent goes in the list at once, then the list is loaded again behind it.
 */
export function useSaveAgentParameters(workspaceId: string) {
  const { api } = useHost();
  const client = useQueryClient();
  const scope = useQueryScope();
  const key = usersParametersKey(scope, workspaceId);
  const put = useCallback(
    (agent: AgentParameters) =>
      client.setQueryData<UsersParameters>(
        [...usersParametersKey(scope, workspaceId)],
        (data) =>
          data && {
            ...data,
            agents: data.agents.map((item) => (item.agentId === agent.agentId ? agent : item)),
          },
      ),
    [client, scope, workspaceId],
  );
  return useMutateAndInvalidate(
    ({ agentId, update }: { agentId: string; update: AgentParametersUpdate }) =>
      saveAgentParameters(quietly(api), workspaceId, agentId, update),
    { invalidates: () => [key], onAnswer: put },
  );
}
