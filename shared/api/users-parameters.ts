import {
  type AgentParameters,
  agentParametersResponseSchema,
  type AgentParametersUpdate,
  type UsersParameters,
  usersParametersPaths,
  usersParametersResponseSchema,
} from '@/shared/contracts/users-parameters';
import type { ApiClient, CallOptions } from './client';
import { callForData } from './client';

// Settings > Users parameters (issue #16): the calls of shared/contracts/users-parameters.ts,
// each answer checked by its contract. A refusal (400 naming the field, 403, 404) reaches
// the caller as TransportError with the server's message.

/** GET workspaces/{id}/users-parameters: every agent with their parameters, and the choices. */
export async function fetchUsersParameters(
  api: ApiClient,
  workspaceId: string,
): Promise<UsersParameters> {
  return callForData(api, usersParametersResponseSchema, {
    method: 'GET',
    path: usersParametersPaths.list(workspaceId),
  });
}

/** PUT workspaces/{id}/users-parameters/{agentId}: replaces the agent's parameters. */
export async function saveAgentParameters(
  api: ApiClient,
  workspaceId: string,
  agentId: string,
  update: AgentParametersUpdate,
  options?: CallOptions,
): Promise<AgentParameters> {
  return callForData(
    api,
    agentParametersResponseSchema,
    { method: 'PUT', path: usersParametersPaths.agent(workspaceId, agentId), body: update },
    options,
  );
}

/**
 * GET workspaces/{id}/users-parameters/me: the signed-in user's own agent parameters
 * (any role; 404 without an agent record), for the call flows' defaults.
 */
export async function fetchOwnAgentParameters(
  api: ApiClient,
  workspaceId: string,
  options?: CallOptions,
): Promise<AgentParameters> {
  return callForData(
    api,
    agentParametersResponseSchema,
    { method: 'GET', path: usersParametersPaths.own(workspaceId) },
    options,
  );
}
