import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { idSchema } from '@/shared/contracts/common';
import {
  acceptInvitationRequestSchema,
  acceptInvitationResponseSchema,
  INVITATION_ERRORS,
  invitationInfoResponseSchema,
  inviteTokenSchema,
  inviteUserRequestSchema,
  updateWorkspaceUserRequestSchema,
  userLinksRequestSchema,
  workspaceUserListResponseSchema,
  workspaceUserResponseSchema,
  type WorkspaceUser,
} from '@/shared/contracts/users-administration';
import { passwordProblem } from '@/shared/domain/password-rules';
import {
  type AdminDecision,
  checkInvite,
  checkLinkChange,
  checkRoleChange,
  checkStatusChange,
  USER_ADMIN_ROLES,
} from '@/shared/domain/user-administration';
import { assertRole, assertWorkspaceAccess, type Principal } from '../auth/access';
import { inviteNewUser, renewInvitation } from '../auth/invitation-email';
import { acceptInvitation, findInvitationByToken, invitationState } from '../auth/invitations';
import { agentOfCtmUser, ctmUserExists } from '../call-tracking/call-store';
import { hashPassword } from '../auth/passwords';
import type { ServerContext } from '../context';
import type { Db } from '../db/database';
import { badRequest, HttpError, notFound } from '../http/errors';
import { parseInput, respondWith } from '../http/validate';
import {
  findPerson,
  findUserById,
  findUserByUsername,
  normalizeUsername,
  setAuthorizationRole,
} from '../repositories/user-repository';
import {
  insertLinkedAgent,
  saveUserStatus,
  updateAgentLinks,
  zohoUserExists,
} from '../repositories/user-administration-repository';
import {
  countActiveOwners,
  findWorkspaceUser,
  listWorkspaceUsers,
} from '../repositories/workspace-user-repository';
import { findWorkspace } from '../repositories/workspace-repository';
import { createWorkspaceScope } from './workspace-scope';

// Settings > Users administration (issue #16): the calls of shared/contracts/
// users-administration.ts, the rules of shared/domain/user-administration.ts, and
// docs/users-administration.md for the endpoint table.

export interface UsersAdministrationOptions {
  /**
   * Where the app is served, for the invite link (`{appOrigin}/login/{token}/invite`):
   * APP_ORIGIN, else the server's listen address (server/http/app-origin.ts); null while
   * it is not listening. Never the request's Host header (issue #29).
   */
  appOrigin: () => string | null;
}

const userParams = z.object({ id: idSchema, userId: idSchema });
const tokenParams = z.object({ token: inviteTokenSchema });

const conflict = (message: string) => new HttpError(409, message);

function enforce(decision: AdminDecision): void {
  if (!decision.allowed) throw new HttpError(decision.status, decision.message);
}

/**
 * Makes an authorization active or inactive, with what goes with it: the user's agent
 * record follows (inactive agents drop out of the agent lists and reports' active
 * filters), and made inactive, every session of the user ends at once — their tokens
 * answer 401 and their sockets are closed (server/socket/socket-server.ts, issue #9).
 */
export async function setUserStatus(
  ctx: ServerContext,
  target: { userId: string; authorizationId: string; workspaceId: string },
  status: 'active' | 'inactive',
): Promise<void> {
  await saveUserStatus(ctx.db, target, status);
  if (status === 'inactive') await ctx.refreshTokens.revokeUser(target.userId, 'inactive');
}

/** The status rule for callers that name an authorization (PATCH authorizations/{id}). */
export async function checkAuthorizationStatusChange(
  ctx: ServerContext,
  principal: Principal,
  workspaceId: string,
  userId: string,
  status: 'active' | 'inactive',
): Promise<void> {
  const target = await findWorkspaceUser(ctx.db, workspaceId, userId, ctx.now());
  if (!target) throw notFound('User not found.');
  enforce(
    checkStatusChange(
      { userId: principal.sub, role: principal.role },
      { userId: target.id, role: target.role, status: target.status },
      status,
      await countActiveOwners(ctx.db, workspaceId),
    ),
  );
}

export function registerUsersAdministrationRoutes(
  api: FastifyInstance,
  ctx: ServerContext,
  options: UsersAdministrationOptions,
): void {
  const deps = createAdministrationDeps(ctx, options);
  registerUserReadRoutes(api, deps);
  registerInvitationRoutes(api, deps);
  registerUserChangeRoutes(api, deps);
  registerInviteeRoutes(api, deps);
}

/** What the users administration routes share: the scopes, the target user and the answer. */
type AdministrationDeps = ReturnType<typeof createAdministrationDeps>;

function createAdministrationDeps(ctx: ServerContext, options: UsersAdministrationOptions) {
  const { db } = ctx;
  const workspaceScope = createWorkspaceScope(ctx);

  /** Workspace checks, then the role: operators and consultants get 403 on everything. */
  const adminScope = (request: FastifyRequest) => workspaceScope(request, USER_ADMIN_ROLES);

  /** The user, if they belong to the workspace: another workspace's user is 404 here. */
  async function targetUser(request: FastifyRequest, workspaceId: string) {
    const { userId } = parseInput(userParams, request.params, 'params');
    const user = await findWorkspaceUser(db, workspaceId, userId, ctx.now());
    if (!user) throw notFound('User not found.');
    return user;
  }

  const respondUser = async (workspaceId: string, userId: string) => {
    const user = await findWorkspaceUser(db, workspaceId, userId, ctx.now());
    if (!user) throw notFound('User not found.');
    return respondWith(workspaceUserResponseSchema, { data: user });
  };

  const appOrigin = () => {
    const origin = options.appOrigin();
    if (origin === null) {
      throw new HttpError(
        503,
        'The server does not know where the app is served (APP_ORIGIN), so it cannot send invitations yet.',
      );
    }
    return origin;
  };

  return { ctx, db, adminScope, targetUser, respondUser, appOrigin };
}

function registerUserReadRoutes(api: FastifyInstance, deps: AdministrationDeps): void {
  const { ctx, db, adminScope, targetUser } = deps;
  api.get('/workspaces/:id/users', async (request) => {
    const { workspaceId } = await adminScope(request);
    const users = await listWorkspaceUsers(db, workspaceId, ctx.now());
    return respondWith(workspaceUserListResponseSchema, {
      data: users,
      meta: { total: users.length, limit: Math.max(1, users.length), offset: 0 },
    });
  });

  api.get('/workspaces/:id/users/:userId', async (request) => {
    const { workspaceId } = await adminScope(request);
    const user = await targetUser(request, workspaceId);
    return respondWith(workspaceUserResponseSchema, { data: user });
  });
}

function registerInvitationRoutes(api: FastifyInstance, deps: AdministrationDeps): void {
  const { ctx, db, adminScope, targetUser, respondUser, appOrigin } = deps;
  // spec 7: "POST users, body not shown" — here the invite.
  api.post('/users', async (request, reply) => {
    const principal = await ctx.authenticate(request);
    assertRole(principal, USER_ADMIN_ROLES);
    const input = parseInput(inviteUserRequestSchema, request.body, 'body');
    assertWorkspaceAccess(principal, input.workspaceId);
    const workspace = await findWorkspace(db, input.workspaceId);
    if (!workspace) throw notFound('Workspace not found.');
    enforce(checkInvite({ userId: principal.sub, role: principal.role }, input.role));

    const username = normalizeUsername(input.email);
    if (await findUserByUsername(db, username)) {
      throw conflict(`${username} already has a sign-in. Each e-mail address signs in once.`);
    }
    const now = ctx.now();
    const stamp = now.toISOString();
    const userId = `usr_${randomUUID()}`;
    const personId = `per_${randomUUID()}`;
    // Until the invite is accepted the password is a random secret nobody holds, hashed
    // like any other: a pending user is refused at sign-in like a wrong password, in the
    // same time.
    const placeholder = await hashPassword(randomBytes(32).toString('base64url'), ctx.passwordCost);
    await inviteNewUser(
      db,
      principal.sub,
      {
        userId,
        personId,
        workspaceId: workspace.id,
        firstName: input.firstName,
        lastName: input.lastName,
        username,
        passwordHash: placeholder,
        timezone: workspace.attributes.timezone,
        role: input.role,
        createdAt: stamp,
      },
      {
        userId,
        workspaceId: workspace.id,
        workspaceName: workspace.attributes.name,
        role: input.role,
        firstName: input.firstName,
        email: username,
        appOrigin: appOrigin(),
        now,
      },
    );
    reply.code(201);
    return respondUser(workspace.id, userId);
  });

  // A new link for a pending user (the old one stops working).
  api.post('/workspaces/:id/users/:userId/invitation', async (request, reply) => {
    const { principal, workspaceId } = await adminScope(request);
    const user = await targetUser(request, workspaceId);
    if (!user.pending) throw conflict(`${user.username} has already accepted their invitation.`);
    enforce(checkInvite({ userId: principal.sub, role: principal.role }, workspaceRole(user)));
    const workspace = await findWorkspace(db, workspaceId);
    if (!workspace) throw notFound('Workspace not found.');
    await renewInvitation(db, principal.sub, {
      userId: user.id,
      workspaceId,
      workspaceName: workspace.attributes.name,
      role: user.role,
      firstName: user.firstName,
      email: user.email,
      appOrigin: appOrigin(),
      now: ctx.now(),
    });
    reply.code(201);
    return respondUser(workspaceId, user.id);
  });
}

function registerUserChangeRoutes(api: FastifyInstance, deps: AdministrationDeps): void {
  const { ctx, db, adminScope, targetUser, respondUser } = deps;
  api.patch('/workspaces/:id/users/:userId', async (request) => {
    const { principal, workspaceId } = await adminScope(request);
    const user = await targetUser(request, workspaceId);
    const change = parseInput(updateWorkspaceUserRequestSchema, request.body, 'body');
    const actor = { userId: principal.sub, role: principal.role };
    const target = { userId: user.id, role: user.role, status: user.status };
    const owners = await countActiveOwners(db, workspaceId);
    if (change.role !== undefined && change.role !== user.role) {
      enforce(checkRoleChange(actor, target, change.role, owners));
    }
    if (change.status !== undefined && change.status !== user.status) {
      // Judged on the role it ends up with: demoting and deactivating the last owner at
      // once is refused by the role rule above already.
      enforce(
        checkStatusChange(
          actor,
          { ...target, role: change.role ?? user.role },
          change.status,
          owners,
        ),
      );
    }
    if (change.role !== undefined && change.role !== user.role) {
      await setAuthorizationRole(db, user.authorizationId, change.role);
      // Sessions carry the role in their token: the user's open sessions end, so the
      // new role applies at their next sign-in rather than in 15 minutes.
      await ctx.refreshTokens.revokeUser(user.id, 'revoked');
    }
    if (change.status !== undefined && change.status !== user.status) {
      await setUserStatus(
        ctx,
        { userId: user.id, authorizationId: user.authorizationId, workspaceId },
        change.status,
      );
    }
    return respondUser(workspaceId, user.id);
  });

  api.put('/workspaces/:id/users/:userId/links', async (request) => {
    const { principal, workspaceId } = await adminScope(request);
    const user = await targetUser(request, workspaceId);
    const links = parseInput(userLinksRequestSchema, request.body, 'body');
    enforce(
      checkLinkChange(
        { userId: principal.sub, role: principal.role },
        { userId: user.id, role: user.role, status: user.status },
      ),
    );
    await checkLinkTargets(db, workspaceId, user, links);
    await saveLinks(db, workspaceId, user, links, ctx.now());
    return respondUser(workspaceId, user.id);
  });
}

function registerInviteeRoutes(api: FastifyInstance, deps: AdministrationDeps): void {
  const { ctx, db } = deps;
  // The invitee's side: no session, the link's token is the credential. The token is in
  // the path (spec 7 GET users/{id}/password); the request log redacts it
  // (server/http/log-redaction.ts).
  api.get('/users/:token/password', async (request) => {
    const { token } = parseInput(tokenParams, request.params, 'params');
    const invitation = await openInvitation(db, token, ctx.now());
    const [user, workspace] = await Promise.all([
      findUserById(db, invitation.user_id),
      findWorkspace(db, invitation.workspace_id),
    ]);
    if (!user || !workspace) throw notFound(INVITATION_ERRORS.unknown);
    const person = await findPerson(db, user.person_id);
    return respondWith(invitationInfoResponseSchema, {
      data: {
        username: user.username,
        firstName: person?.firstName ?? '',
        lastName: person?.lastName ?? '',
        workspaceName: workspace.attributes.name,
        expiresAt: invitation.expires_at,
      },
    });
  });

  api.post('/users/password/confirm', async (request) => {
    const { token, password } = parseInput(acceptInvitationRequestSchema, request.body, 'body');
    const now = ctx.now();
    const invitation = await openInvitation(db, token, now);
    const user = await findUserById(db, invitation.user_id);
    if (!user) throw notFound(INVITATION_ERRORS.unknown);
    const problem = passwordProblem(password, user.username);
    if (problem) throw badRequest(`password: ${problem}`);
    const hash = await hashPassword(password, ctx.passwordCost);
    // Used and the password stored together (one transaction).
    const accepted = await acceptInvitation(
      db,
      { id: invitation.id, userId: user.id, passwordHash: hash },
      now,
    );
    if (!accepted) throw new HttpError(410, INVITATION_ERRORS.used);
    return respondWith(acceptInvitationResponseSchema, { data: { username: user.username } });
  });
}

/** The invite a token opens, or the refusal that says why it does not. */
async function openInvitation(db: Db, token: string, now: Date) {
  const invitation = await findInvitationByToken(db, token);
  if (!invitation) throw notFound(INVITATION_ERRORS.unknown);
  const state = invitationState(invitation, now);
  if (state !== 'open') throw new HttpError(410, INVITATION_ERRORS[state]);
  return invitation;
}

function workspaceRole(user: WorkspaceUser) {
  return user.role === 'system' ? 'operator' : user.role;
}

/** 400 naming a CRM or call-tracking user that is not the workspace's. */
async function checkLinkTargets(
  db: Db,
  workspaceId: string,
  user: WorkspaceUser,
  links: { crmUserId: string | null; ctmUserId: string | null },
): Promise<void> {
  if (links.crmUserId !== null) {
    if (!(await zohoUserExists(db, workspaceId, links.crmUserId))) {
      throw badRequest(
        `crmUserId: ${links.crmUserId} is not a Zoho user of this workspace (GET workspaces/${workspaceId}/crm/zoho/users lists them).`,
      );
    }
  }
  if (links.ctmUserId !== null) {
    if (!(await ctmUserExists(db, workspaceId, links.ctmUserId))) {
      throw badRequest(
        `ctmUserId: ${links.ctmUserId} is not a call-tracking user of this workspace (GET workspaces/${workspaceId}/voip/providers/ctm/users lists them).`,
      );
    }
    // One call-tracking user rings one agent: calls are routed by it (agentOfCtmUser).
    const taken = await agentOfCtmUser(db, workspaceId, links.ctmUserId, user.agent?.agentId ?? '');
    if (taken) {
      throw new HttpError(
        409,
        `ctmUserId: call-tracking user ${links.ctmUserId} is already linked to ${taken.name}. Unlink it there first.`,
      );
    }
  }
}

/** Stores the links on the user's agent record, creating the record if they have none. */
async function saveLinks(
  db: Db,
  workspaceId: string,
  user: WorkspaceUser,
  links: { crmUserId: string | null; ctmUserId: string | null },
  now: Date,
): Promise<void> {
  if (user.agent) {
    await updateAgentLinks(db, user.agent.agentId, links);
    return;
  }
  const row = await findUserById(db, user.id);
  if (!row?.person_id) {
    throw conflict(`${user.username} has no person record, so no agent record can be made.`);
  }
  await insertLinkedAgent(db, {
    workspaceId,
    personId: row.person_id,
    name: `${user.firstName} ${user.lastName}`.trim() || user.username,
    active: user.status === 'active',
    links,
    createdAt: now.toISOString(),
  });
}
