import type { Role } from '@/shared/contracts/roles';
import type { WorkspaceUser } from '@/shared/contracts/users-administration';
import {
  checkInvite,
  checkLinkChange,
  checkRoleChange,
  checkStatusChange,
  WORKSPACE_ROLES,
  type AdminActor,
  type AdministeredUser,
  type WorkspaceRole,
} from '@/shared/domain/user-administration';
import { sortRows, type SortState } from '@/shared/domain/sorting';

// Settings > Users administration (issue #16): what the table shows and which actions it
// offers, decided by the rules the server enforces (shared/domain/user-administration.ts),
// so the screen never offers what the server would refuse.

export const ROLE_LABELS: Record<Role, string> = {
  owner: 'Owner',
  admin: 'Admin',
  operator: 'Operator',
  consultant: 'Consultant',
  system: 'System',
};

/** What the table says of a user's sign-in: an invite not yet accepted reads "Pending". */
export type UserStatus = 'active' | 'inactive' | 'pending';

export const STATUS_LABELS: Record<UserStatus, string> = {
  active: 'Active',
  inactive: 'Inactive',
  pending: 'Pending',
};

/** Inactive wins over pending: a deactivated invitee cannot sign in even after accepting. */
export function userStatus(user: WorkspaceUser): UserStatus {
  if (user.status === 'inactive') return 'inactive';
  return user.pending ? 'pending' : 'active';
}

export function fullName(user: Pick<WorkspaceUser, 'firstName' | 'lastName' | 'username'>): string {
  return `${user.firstName} ${user.lastName}`.trim() || user.username;
}

/** Which links mean something in this workspace (spec: session 6, dashboards 6). */
export interface LinkFeatures {
  /** A Zoho workspace: agents need their Zoho user ("Agent not linked to Zoho User"). */
  crm: boolean;
  /** Call tracking on: agents need their call-tracking user (else a call answers 'Uh oh!'). */
  callTracking: boolean;
}

export type MissingLink = 'crm' | 'callTracking';

/**
 * The links an operator lacks: the ones that produce "Agent not linked to Zoho User" and
 * 'Uh oh!'. Other roles are not warned about (they rarely take calls); an operator
 * without an agent record lacks every link the workspace uses.
 */
export function missingLinks(user: WorkspaceUser, features: LinkFeatures): MissingLink[] {
  if (user.role !== 'operator') return [];
  const missing: MissingLink[] = [];
  if (features.crm && !user.agent?.crmUserId) missing.push('crm');
  if (features.callTracking && !user.agent?.ctmUserId) missing.push('callTracking');
  return missing;
}

export const STATUS_FILTERS = ['all', 'active', 'inactive', 'pending'] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];

/** The users whose name, username, e-mail, role or linked users contain the text, in the status. */
export function filterUsers(
  users: readonly WorkspaceUser[],
  text: string,
  status: StatusFilter,
): WorkspaceUser[] {
  const needle = text.trim().toLowerCase();
  return users.filter((user) => {
    if (status !== 'all' && userStatus(user) !== status) return false;
    if (!needle) return true;
    return [
      fullName(user),
      user.username,
      user.email,
      ROLE_LABELS[user.role],
      user.agent?.crmUserName,
      user.agent?.ctmUserName,
    ].some((value) => value?.toLowerCase().includes(needle));
  });
}

export type UserSortKey = 'name' | 'username' | 'role' | 'status' | 'crmUser' | 'ctmUser';

export const DEFAULT_USER_SORT: SortState<UserSortKey> = { key: 'name', direction: 'asc' };

/** Sorted by one column; blanks (no linked user) last, ties by name. */
export function sortUsers(
  users: readonly WorkspaceUser[],
  sort: SortState<UserSortKey>,
): WorkspaceUser[] {
  const byName = sortRows(users, DEFAULT_USER_SORT, (user) => fullName(user));
  return sortRows(byName, sort, (user, key) => {
    switch (key) {
      case 'name':
        return fullName(user);
      case 'username':
        return user.username;
      case 'role':
        return ROLE_LABELS[user.role];
      case 'status':
        return STATUS_LABELS[userStatus(user)];
      case 'crmUser':
        return user.agent?.crmUserName ?? null;
      case 'ctmUser':
        return user.agent?.ctmUserName ?? null;
    }
  });
}

/** Active owners now: the "last owner" rule counts them. */
export function countActiveOwners(users: readonly WorkspaceUser[]): number {
  return users.filter((user) => user.role === 'owner' && user.status === 'active').length;
}

const asTarget = (user: WorkspaceUser): AdministeredUser => ({
  userId: user.id,
  role: user.role,
  status: user.status,
});

/** The actions a row offers: only those the server's rules allow this actor. */
export interface RowActions {
  /** The roles the user may be given (their own excluded); empty: no "Change role". */
  roles: WorkspaceRole[];
  deactivate: boolean;
  reactivate: boolean;
  resendInvitation: boolean;
  link: boolean;
}

export function rowActions(
  actor: AdminActor,
  user: WorkspaceUser,
  users: readonly WorkspaceUser[],
  features: LinkFeatures,
): RowActions {
  const target = asTarget(user);
  const owners = countActiveOwners(users);
  const roles = WORKSPACE_ROLES.filter(
    (role) => role !== user.role && checkRoleChange(actor, target, role, owners).allowed,
  );
  const invitedRole: WorkspaceRole = user.role === 'system' ? 'operator' : user.role;
  return {
    roles,
    deactivate:
      user.status === 'active' && checkStatusChange(actor, target, 'inactive', owners).allowed,
    reactivate:
      user.status === 'inactive' && checkStatusChange(actor, target, 'active', owners).allowed,
    resendInvitation: user.pending && checkInvite(actor, invitedRole).allowed,
    // Links belong to agents: operators, and anyone who already has an agent record.
    link:
      (features.crm || features.callTracking) &&
      (user.role === 'operator' || user.agent !== null) &&
      checkLinkChange(actor, target).allowed,
  };
}

/** The roles this actor may invite (admins never invite an owner). */
export function invitableRoles(actor: AdminActor): WorkspaceRole[] {
  return WORKSPACE_ROLES.filter((role) => checkInvite(actor, role).allowed);
}
