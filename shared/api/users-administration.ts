import {
  type AcceptInvitationRequest,
  acceptInvitationResponseSchema,
  type InvitationInfo,
  invitationInfoResponseSchema,
  type InviteUserRequest,
  type UpdateWorkspaceUserRequest,
  type UserLinksRequest,
  usersAdminPaths,
  type WorkspaceUser,
  workspaceUserListResponseSchema,
  workspaceUserResponseSchema,
} from '@/shared/contracts/users-administration';
import type { ApiClient, CallOptions } from './client';
import { callForData } from './client';

// Settings > Users administration (issue #16): the calls of shared/contracts/
// users-administration.ts, each answer checked by its contract. Refusals (403 rules, 409
// last owner or e-mail taken, 400 naming the field) reach the caller as TransportError
// with the server's message, which the default notifier shows.

/** GET workspaces/{id}/users: every user of the workspace (owners, admins, system). */
export async function listWorkspaceUsers(
  api: ApiClient,
  workspaceId: string,
): Promise<WorkspaceUser[]> {
  return callForData(api, workspaceUserListResponseSchema, {
    method: 'GET',
    path: usersAdminPaths.list(workspaceId),
  });
}

/** POST users: invites a user (an e-mail with the invite link goes to the outbox). */
export async function inviteUser(
  api: ApiClient,
  request: InviteUserRequest,
  options?: CallOptions,
): Promise<WorkspaceUser> {
  return callForData(
    api,
    workspaceUserResponseSchema,
    { method: 'POST', path: usersAdminPaths.invite(), body: request },
    options,
  );
}

/** POST workspaces/{id}/users/{userId}/invitation: a new link for a pending user. */
export async function resendInvitation(
  api: ApiClient,
  workspaceId: string,
  userId: string,
): Promise<WorkspaceUser> {
  return callForData(api, workspaceUserResponseSchema, {
    method: 'POST',
    path: usersAdminPaths.resendInvitation(workspaceId, userId),
  });
}

/** PATCH workspaces/{id}/users/{userId}: role and/or active status. */
export async function updateWorkspaceUser(
  api: ApiClient,
  workspaceId: string,
  userId: string,
  change: UpdateWorkspaceUserRequest,
  options?: CallOptions,
): Promise<WorkspaceUser> {
  return callForData(
    api,
    workspaceUserResponseSchema,
    { method: 'PATCH', path: usersAdminPaths.user(workspaceId, userId), body: change },
    options,
  );
}

/** PUT workspaces/{id}/users/{userId}/links: the agent's Zoho and call-tracking users. */
export async function saveUserLinks(
  api: ApiClient,
  workspaceId: string,
  userId: string,
  links: UserLinksRequest,
  options?: CallOptions,
): Promise<WorkspaceUser> {
  return callForData(
    api,
    workspaceUserResponseSchema,
    { method: 'PUT', path: usersAdminPaths.links(workspaceId, userId), body: links },
    options,
  );
}

/**
 * GET users/{token}/password: whose invite the link is (the login/{token}/invite screen).
 * Anonymous: the invitee has no session; silent: the screen shows the refusal itself
 * (unknown 404, used / expired / replaced 410).
 */
export async function fetchInvitation(api: ApiClient, token: string): Promise<InvitationInfo> {
  return callForData(
    api,
    invitationInfoResponseSchema,
    {
      method: 'GET',
      path: usersAdminPaths.invitation(token),
      anonymous: true,
      skipAuthRefresh: true,
    },
    { silent: true },
  );
}

/**
 * POST users/password/confirm: the invitee sets their password; then they sign in with
 * POST auth. Anonymous and silent like fetchInvitation.
 */
export async function acceptInvitation(
  api: ApiClient,
  request: AcceptInvitationRequest,
): Promise<{ username: string }> {
  return callForData(
    api,
    acceptInvitationResponseSchema,
    {
      method: 'POST',
      path: usersAdminPaths.acceptInvitation(),
      body: request,
      anonymous: true,
      skipAuthRefresh: true,
    },
    { silent: true },
  );
}
