import type { Role } from '@/shared/contracts/roles';

/**
 * Who may do what in Settings > Users administration (issue #16; the spec leaves the
 * per-role rules unshown, session 6 "Other per-role permissions: not shown"). Decided
 * here once, for the server's checks and the screen's disabled buttons
 * (docs/users-administration.md):
 * - owners, admins (of their workspace) and the system role administer users; operators
 *   and consultants do not (403);
 * - nobody changes their own role or deactivates themselves (a manager cannot lock
 *   themselves out by mistake);
 * - an admin manages admins, operators and consultants, never an owner: an admin cannot
 *   invite an owner, make anyone owner, change an owner's role or deactivate an owner;
 * - the workspace keeps at least one active owner: its last one cannot be demoted or
 *   deactivated (409), not even by the system user;
 * - system is no workspace role: it is never assigned here.
 */

/** The roles a workspace user can hold (system belongs to no workspace). */
export const WORKSPACE_ROLES = ['owner', 'admin', 'operator', 'consultant'] as const;
export type WorkspaceRole = (typeof WORKSPACE_ROLES)[number];

export const USER_ADMIN_ROLES: readonly Role[] = Object.freeze(['owner', 'admin', 'system']);

export interface AdminActor {
  userId: string;
  role: Role;
}

export interface AdministeredUser {
  userId: string;
  role: Role;
  status: 'active' | 'inactive';
}

/** A refusal: 403 (the actor may not), 409 (the workspace's state forbids it). */
export type AdminDecision =
  { allowed: true } | { allowed: false; status: 403 | 409; message: string };

const ALLOWED: AdminDecision = { allowed: true };
const refuse = (status: 403 | 409, message: string): AdminDecision => ({
  allowed: false,
  status,
  message,
});

export const USER_ADMIN_MESSAGES = {
  notAdministrator: 'Only owners and admins administer the users of a workspace.',
  ownRole: 'You cannot change your own role.',
  ownStatus: 'You cannot deactivate yourself.',
  adminAndOwner: 'An admin cannot change an owner or make anyone an owner. Ask an owner.',
  lastOwner: 'This is the last active owner of the workspace: make another user owner first.',
} as const;

export function canAdministerUsers(role: Role): boolean {
  return USER_ADMIN_ROLES.includes(role);
}

/** May the actor invite a new user with this role? */
export function checkInvite(actor: AdminActor, role: WorkspaceRole): AdminDecision {
  if (!canAdministerUsers(actor.role)) return refuse(403, USER_ADMIN_MESSAGES.notAdministrator);
  if (actor.role === 'admin' && role === 'owner') {
    return refuse(403, USER_ADMIN_MESSAGES.adminAndOwner);
  }
  return ALLOWED;
}

/** Rules every change of another user shares: who, and an admin never touches an owner. */
function checkTouch(actor: AdminActor, target: AdministeredUser): AdminDecision {
  if (!canAdministerUsers(actor.role)) return refuse(403, USER_ADMIN_MESSAGES.notAdministrator);
  if (actor.role === 'admin' && target.role === 'owner') {
    return refuse(403, USER_ADMIN_MESSAGES.adminAndOwner);
  }
  return ALLOWED;
}

/**
 * May the actor give the target this role? `activeOwners` is how many active owners the
 * workspace has now (the target included if they are one).
 */
export function checkRoleChange(
  actor: AdminActor,
  target: AdministeredUser,
  role: WorkspaceRole,
  activeOwners: number,
): AdminDecision {
  if (actor.userId === target.userId) return refuse(403, USER_ADMIN_MESSAGES.ownRole);
  const touch = checkTouch(actor, target);
  if (!touch.allowed) return touch;
  if (actor.role === 'admin' && role === 'owner') {
    return refuse(403, USER_ADMIN_MESSAGES.adminAndOwner);
  }
  if (isLastActiveOwner(target, activeOwners) && role !== 'owner') {
    return refuse(409, USER_ADMIN_MESSAGES.lastOwner);
  }
  return ALLOWED;
}

/** May the actor make the target's authorization active or inactive? */
export function checkStatusChange(
  actor: AdminActor,
  target: AdministeredUser,
  status: 'active' | 'inactive',
  activeOwners: number,
): AdminDecision {
  if (actor.userId === target.userId && status === 'inactive') {
    return refuse(403, USER_ADMIN_MESSAGES.ownStatus);
  }
  const touch = checkTouch(actor, target);
  if (!touch.allowed) return touch;
  if (status === 'inactive' && isLastActiveOwner(target, activeOwners)) {
    return refuse(409, USER_ADMIN_MESSAGES.lastOwner);
  }
  return ALLOWED;
}

/** Links (CRM user, call-tracking user) follow the same who-may-touch-whom rule. */
export function checkLinkChange(actor: AdminActor, target: AdministeredUser): AdminDecision {
  return checkTouch(actor, target);
}

function isLastActiveOwner(target: AdministeredUser, activeOwners: number): boolean {
  return target.role === 'owner' && target.status === 'active' && activeOwners <= 1;
}
