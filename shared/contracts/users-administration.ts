import { z } from 'zod';
import { WORKSPACE_ROLES } from '@/shared/domain/user-administration';
import { passwordProblem } from '@/shared/domain/password-rules';
import { idSchema, itemResponseSchema, listResponseSchema } from './common';
import { roleSchema } from './roles';

// Settings > Users administration (issue #16; spec: session 3 Logged user, 4 Sign-in
// "users and authorizations", 7 Authentication and users). Paths: usersAdminPaths below;
// who may do what: shared/domain/user-administration.ts; docs/users-administration.md.

export const workspaceRoleSchema = z.enum(WORKSPACE_ROLES);

/** The agent record of a user (spec 3): its CRM (Zoho) user and call-tracking user links. */
export const userAgentLinksSchema = z.object({
  agentId: idSchema,
  active: z.boolean(),
  /** The Zoho user id (GET workspaces/{id}/crm/zoho/users); null: "Agent not linked to Zoho User". */
  crmUserId: z.string().nullable(),
  crmUserName: z.string().nullable(),
  /** The call-tracking user id (GET workspaces/{id}/voip/providers/ctm/users); null: 'Uh oh!'. */
  ctmUserId: z.string().nullable(),
  ctmUserName: z.string().nullable(),
});
export type UserAgentLinks = z.infer<typeof userAgentLinksSchema>;

/** One user of the workspace as the administration screen lists them. */
export const workspaceUserSchema = z.object({
  /** The user's id (the path segment of every per-user call). */
  id: idSchema,
  username: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  authorizationId: idSchema,
  role: roleSchema,
  status: z.enum(['active', 'inactive']),
  /** Invited and not yet accepted: they cannot sign in until they set a password. */
  pending: z.boolean(),
  /** The newest invite still waiting (pending users), else null. */
  invitation: z
    .object({ sentAt: z.string(), expiresAt: z.string(), expired: z.boolean() })
    .nullable(),
  /** null: the user has no agent record (consultants, most owners and admins). */
  agent: userAgentLinksSchema.nullable(),
  createdAt: z.string(),
});
export type WorkspaceUser = z.infer<typeof workspaceUserSchema>;

export const workspaceUserListResponseSchema = listResponseSchema(workspaceUserSchema);
export const workspaceUserResponseSchema = itemResponseSchema(workspaceUserSchema);

const nameSchema = z.string().trim().min(1).max(100);

/**
 * POST users (spec 7: "POST users, body not shown"): invites a user into a workspace. The
 * username is the e-mail address. Owners and the system role may invite owners; admins
 * invite admins, operators and consultants. Operators get an agent record at once.
 */
export const inviteUserRequestSchema = z
  .object({
    workspaceId: idSchema,
    email: z
      .string()
      .trim()
      .max(254)
      .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'enter an e-mail address like name@example.com'),
    firstName: nameSchema,
    lastName: nameSchema,
    role: workspaceRoleSchema,
  })
  .strict();
export type InviteUserRequest = z.input<typeof inviteUserRequestSchema>;

/** PATCH workspaces/{id}/users/{userId}: role, status or both. */
export const updateWorkspaceUserRequestSchema = z
  .object({
    role: workspaceRoleSchema.optional(),
    status: z.enum(['active', 'inactive']).optional(),
  })
  .strict()
  .refine((body) => body.role !== undefined || body.status !== undefined, {
    message: 'give role, status or both',
  });
export type UpdateWorkspaceUserRequest = z.input<typeof updateWorkspaceUserRequestSchema>;

/**
 * PUT workspaces/{id}/users/{userId}/links: the user's agent record's CRM (Zoho) user and
 * call-tracking user; null unlinks. A user without an agent record gets one.
 */
export const userLinksRequestSchema = z
  .object({
    crmUserId: z.string().trim().min(1).max(64).nullable(),
    ctmUserId: z.string().trim().min(1).max(64).nullable(),
  })
  .strict();
export type UserLinksRequest = z.input<typeof userLinksRequestSchema>;

// ---------------------------------------------------------------- the invitee's side

/** The invite link's token: 32 random bytes, base64url (43 characters). */
export const inviteTokenSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{43}$/, 'this is not an invitation link token');

/** GET users/{token}/password: whose invite a link is, for the set-password screen. */
export const invitationInfoResponseSchema = itemResponseSchema(
  z.object({
    username: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    workspaceName: z.string(),
    expiresAt: z.string(),
  }),
);
export type InvitationInfo = z.infer<typeof invitationInfoResponseSchema>['data'];

/**
 * POST users/password/confirm {token, password}: the invitee sets their password (rules:
 * shared/domain/password-rules.ts) and can then sign in with POST auth.
 */
export const acceptInvitationRequestSchema = z
  .object({
    token: inviteTokenSchema,
    password: z.string().superRefine((password, ctx) => {
      const problem = passwordProblem(password);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
  })
  .strict();
export type AcceptInvitationRequest = z.input<typeof acceptInvitationRequestSchema>;

export const acceptInvitationResponseSchema = itemResponseSchema(
  z.object({ username: z.string() }),
);

export const INVITATION_ERRORS = {
  unknown: 'This invitation link is not valid. Ask your administrator to send a new one.',
  used: 'This invitation has already been used: sign in with your password.',
  expired: 'This invitation has expired. Ask your administrator to send a new one.',
  revoked: 'A newer invitation replaced this one: use the link of the latest e-mail.',
} as const;

/** How long an invite link works. */
export const INVITATION_TTL_DAYS = 7;

export const usersAdminPaths = {
  invite: () => 'users',
  list: (workspaceId: string) => `workspaces/${encodeURIComponent(workspaceId)}/users`,
  user: (workspaceId: string, userId: string) =>
    `workspaces/${encodeURIComponent(workspaceId)}/users/${encodeURIComponent(userId)}`,
  links: (workspaceId: string, userId: string) =>
    `${usersAdminPaths.user(workspaceId, userId)}/links`,
  resendInvitation: (workspaceId: string, userId: string) =>
    `${usersAdminPaths.user(workspaceId, userId)}/invitation`,
  invitation: (token: string) => `users/${encodeURIComponent(token)}/password`,
  acceptInvitation: () => 'users/password/confirm',
} as const;

/** The invite link the e-mail carries (spec: session 2 route login/{token}/invite). */
export function invitationLink(appOrigin: string, token: string): string {
  return `${appOrigin.replace(/\/+$/, '')}/login/${encodeURIComponent(token)}/invite`;
}
