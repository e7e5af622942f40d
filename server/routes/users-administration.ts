import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { escapeHtml } from '@/shared/call-flow/expression';
import { idSchema } from '@/shared/contracts/common';
import {
  acceptInvitationRequestSchema,
  acceptInvitationResponseSchema,
  INVITATION_ERRORS,
  invitationInfoResponseSchema,
  invitationLink,
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
import {
  consumeInvitation,
  createInvitation,
  findInvitationByToken,
  invitationState,
} from '../auth/invitations';
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
  updatePasswordHash,
} from '../repositories/user-repository';
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
  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('authorizations')
      .set({ status })
      .where('id', '=', target.authorizationId)
      .execute();
    const user = await trx
      .selectFrom('users')
      .select('person_id')
      .where('id', '=', target.userId)
      .executeTakeFirst();
    if (user?.person_id) {
      await trx
        .updateTable('agents')
        .set({ active: status === 'active' ? 1 : 0 })
        .where('workspace_id', '=', target.workspaceId)
        .where('person_id', '=', user.person_id)
        .execute();
    }
  });
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
  const { db } = ctx;
  const workspaceScope = createWorkspaceScope(ctx);

  /** Workspace checks, then the role: operators and consultants get 403 on everything. */
  async function adminScope(request: FastifyRequest) {
    const scope = await workspaceScope(request);
    assertRole(scope.principal, USER_ADMIN_ROLES);
    return scope;
  }

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
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('persons')
        .values({
          id: personId,
          workspace_id: workspace.id,
          first_name: input.firstName,
          last_name: input.lastName,
          email: username,
          created_at: stamp,
        })
        .execute();
      await trx
        .insertInto('users')
        .values({
          id: userId,
          username,
          email: username,
          password_hash: placeholder,
          picture: null,
          language: 'en',
          timezone: workspace.attributes.timezone,
          calendar_type: null,
          cs_account_id: null,
          person_id: personId,
          created_at: stamp,
        })
        .execute();
      await trx
        .insertInto('authorizations')
        .values({
          id: `auth_${randomUUID()}`,
          user_id: userId,
          workspace_id: workspace.id,
          role: input.role,
          status: 'active',
          created_at: stamp,
        })
        .execute();
      // Operators take calls: their agent record exists from the start, to be linked.
      if (input.role === 'operator') {
        await trx
          .insertInto('agents')
          .values({
            id: `agt_${randomUUID()}`,
            workspace_id: workspace.id,
            person_id: personId,
            name: `${input.firstName} ${input.lastName}`,
            ctm_user_id: null,
            zoho_user_id: null,
            active: 1,
            created_at: stamp,
          })
          .execute();
      }
      // Consultants get their consultant record (the consultants lookup), as in the seed.
      if (input.role === 'consultant') {
        await trx
          .insertInto('consultants')
          .values({
            id: `cns_${randomUUID()}`,
            workspace_id: workspace.id,
            person_id: personId,
            name: `${input.firstName} ${input.lastName}`,
            active: 1,
            created_at: stamp,
          })
          .execute();
      }
      // In the same transaction: a user is never left without the e-mail that lets them in.
      await sendInvitation(trx, principal, {
        userId,
        workspaceId: workspace.id,
        workspaceName: workspace.attributes.name,
        role: input.role,
        firstName: input.firstName,
        email: username,
        appOrigin: appOrigin(),
        now,
      });
    });
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
    await db.transaction().execute((trx) =>
      sendInvitation(trx, principal, {
        userId: user.id,
        workspaceId,
        workspaceName: workspace.attributes.name,
        role: user.role,
        firstName: user.firstName,
        email: user.email,
        appOrigin: appOrigin(),
        now: ctx.now(),
      }),
    );
    reply.code(201);
    return respondUser(workspaceId, user.id);
  });

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
      await db
        .updateTable('authorizations')
        .set({ role: change.role })
        .where('id', '=', user.authorizationId)
        .execute();
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
    // Used and the password stored together; of two requests racing with one token only
    // one gets past consumeInvitation's conditional update.
    const accepted = await db.transaction().execute(async (trx) => {
      if (!(await consumeInvitation(trx, invitation.id, now))) return false;
      await updatePasswordHash(trx, user.id, hash);
      return true;
    });
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

/**
 * A new invite and its e-mail, written into the outbox system users read (GET
 * service-processes/outbox). Call it inside a transaction: both land or neither.
 */
async function sendInvitation(
  db: Db,
  principal: Principal,
  input: {
    userId: string;
    workspaceId: string;
    workspaceName: string;
    role: string;
    firstName: string;
    email: string;
    appOrigin: string;
    now: Date;
  },
): Promise<void> {
  const { token, expiresAt } = await createInvitation(db, {
    userId: input.userId,
    workspaceId: input.workspaceId,
    createdBy: principal.sub,
    now: input.now,
  });
  const link = invitationLink(input.appOrigin, token);
  const inviter = await db
    .selectFrom('users')
    .leftJoin('persons', 'persons.id', 'users.person_id')
    .select(['users.username', 'persons.first_name', 'persons.last_name'])
    .where('users.id', '=', principal.sub)
    .executeTakeFirst();
  const inviterName = inviter?.first_name
    ? `${inviter.first_name} ${inviter.last_name ?? ''}`.trim()
    : (inviter?.username ?? 'Your administrator');
  const expires = `${expiresAt.slice(0, 16).replace('T', ' ')} UTC`;
  const subject = `You are invited to ${input.workspaceName} on Intake Cockpit`;
  const lines = [
    `Hello ${input.firstName},`,
    `${inviterName} invited you to ${input.workspaceName} on Intake Cockpit as ${input.role}.`,
    `Set your password here: ${link}`,
    `The link works once and until ${expires}.`,
    'If you did not expect this e-mail, you can ignore it.',
  ];
  const html = [
    `<p>Hello ${escapeHtml(input.firstName)},</p>`,
    `<p>${escapeHtml(inviterName)} invited you to <strong>${escapeHtml(input.workspaceName)}</strong> on Intake Cockpit as ${escapeHtml(input.role)}.</p>`,
    `<p><a href="${escapeHtml(link)}">Set your password</a></p>`,
    `<p>The link works once and until ${escapeHtml(expires)}.</p>`,
    '<p>If you did not expect this e-mail, you can ignore it.</p>',
  ].join('\n');
  await db
    .insertInto('email_outbox')
    .values({
      id: randomUUID(),
      workspace_id: input.workspaceId,
      created_by: principal.sub,
      recipients: JSON.stringify([input.email]),
      subject,
      html_body: html,
      text_body: lines.join('\n\n'),
      created_at: input.now.toISOString(),
    })
    .execute();
}

/** 400 naming a CRM or call-tracking user that is not the workspace's. */
async function checkLinkTargets(
  db: Db,
  workspaceId: string,
  user: WorkspaceUser,
  links: { crmUserId: string | null; ctmUserId: string | null },
): Promise<void> {
  if (links.crmUserId !== null) {
    const crm = await db
      .selectFrom('crm_users')
      .select('id')
      .where('workspace_id', '=', workspaceId)
      .where('provider', '=', 'zoho')
      .where('external_id', '=', links.crmUserId)
      .executeTakeFirst();
    if (!crm) {
      throw badRequest(
        `crmUserId: ${links.crmUserId} is not a Zoho user of this workspace (GET workspaces/${workspaceId}/crm/zoho/users lists them).`,
      );
    }
  }
  if (links.ctmUserId !== null) {
    const ctm = await db
      .selectFrom('ctm_users')
      .select('id')
      .where('workspace_id', '=', workspaceId)
      .where('id', '=', links.ctmUserId)
      .executeTakeFirst();
    if (!ctm) {
      throw badRequest(
        `ctmUserId: ${links.ctmUserId} is not a call-tracking user of this workspace (GET workspaces/${workspaceId}/voip/providers/ctm/users lists them).`,
      );
    }
    // One call-tracking user rings one agent: calls are routed by it (agentOfCtmUser).
    const taken = await db
      .selectFrom('agents')
      .select(['id', 'name'])
      .where('workspace_id', '=', workspaceId)
      .where('ctm_user_id', '=', links.ctmUserId)
      .where('id', '!=', user.agent?.agentId ?? '')
      .executeTakeFirst();
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
    await db
      .updateTable('agents')
      .set({ zoho_user_id: links.crmUserId, ctm_user_id: links.ctmUserId })
      .where('id', '=', user.agent.agentId)
      .execute();
    return;
  }
  const row = await db
    .selectFrom('users')
    .select('person_id')
    .where('id', '=', user.id)
    .executeTakeFirst();
  if (!row?.person_id) {
    throw conflict(`${user.username} has no person record, so no agent record can be made.`);
  }
  await db
    .insertInto('agents')
    .values({
      id: `agt_${randomUUID()}`,
      workspace_id: workspaceId,
      person_id: row.person_id,
      name: `${user.firstName} ${user.lastName}`.trim() || user.username,
      ctm_user_id: links.ctmUserId,
      zoho_user_id: links.crmUserId,
      active: user.status === 'active' ? 1 : 0,
      created_at: now.toISOString(),
    })
    .execute();
}
