import { describe, expect, it } from 'vitest';
import {
  type AdministeredUser,
  checkInvite,
  checkLinkChange,
  checkRoleChange,
  checkStatusChange,
  USER_ADMIN_MESSAGES,
} from '@/shared/domain/user-administration';

const owner = { userId: 'u_owner', role: 'owner' } as const;
const admin = { userId: 'u_admin', role: 'admin' } as const;
const system = { userId: 'u_system', role: 'system' } as const;
const operator = { userId: 'u_operator', role: 'operator' } as const;

const user = (
  userId: string,
  role: AdministeredUser['role'],
  status: AdministeredUser['status'] = 'active',
): AdministeredUser => ({
  userId,
  role,
  status,
});
const agent = user('u_agent', 'operator');
const anotherOwner = user('u_owner2', 'owner');

describe('users administration rules', () => {
  it('lets owners, admins and system administer; operators and consultants never', () => {
    for (const actor of [owner, admin, system]) {
      expect(checkRoleChange(actor, agent, 'admin', 2)).toEqual({ allowed: true });
      expect(checkStatusChange(actor, agent, 'inactive', 2)).toEqual({ allowed: true });
    }
    for (const actor of [operator, { userId: 'u_c', role: 'consultant' } as const]) {
      expect(checkInvite(actor, 'operator')).toMatchObject({ allowed: false, status: 403 });
      expect(checkRoleChange(actor, agent, 'admin', 2)).toMatchObject({
        allowed: false,
        status: 403,
      });
      expect(checkLinkChange(actor, agent)).toMatchObject({ allowed: false, status: 403 });
    }
  });

  it('keeps an admin away from owners: no owner invite, no promotion to owner, no change of an owner', () => {
    expect(checkInvite(admin, 'owner')).toMatchObject({
      message: USER_ADMIN_MESSAGES.adminAndOwner,
    });
    expect(checkInvite(admin, 'admin')).toEqual({ allowed: true });
    expect(checkInvite(owner, 'owner')).toEqual({ allowed: true });
    expect(checkRoleChange(admin, agent, 'owner', 2)).toMatchObject({ status: 403 });
    expect(checkRoleChange(admin, anotherOwner, 'operator', 2)).toMatchObject({ status: 403 });
    expect(checkStatusChange(admin, anotherOwner, 'inactive', 2)).toMatchObject({ status: 403 });
    expect(checkLinkChange(admin, anotherOwner)).toMatchObject({ status: 403 });
    expect(checkRoleChange(owner, agent, 'owner', 1)).toEqual({ allowed: true });
  });

  it('refuses changing your own role or deactivating yourself', () => {
    expect(checkRoleChange(owner, user('u_owner', 'owner'), 'admin', 3)).toMatchObject({
      status: 403,
      message: USER_ADMIN_MESSAGES.ownRole,
    });
    expect(checkStatusChange(admin, user('u_admin', 'admin'), 'inactive', 1)).toMatchObject({
      message: USER_ADMIN_MESSAGES.ownStatus,
    });
  });

  it('keeps the last active owner, even against the system user, but not an inactive one', () => {
    expect(checkRoleChange(system, anotherOwner, 'admin', 1)).toMatchObject({
      status: 409,
      message: USER_ADMIN_MESSAGES.lastOwner,
    });
    expect(checkStatusChange(system, anotherOwner, 'inactive', 1)).toMatchObject({ status: 409 });
    expect(checkRoleChange(system, anotherOwner, 'admin', 2)).toEqual({ allowed: true });
    expect(checkRoleChange(owner, user('u_old', 'owner', 'inactive'), 'admin', 1)).toEqual({
      allowed: true,
    });
    expect(checkStatusChange(system, anotherOwner, 'active', 1)).toEqual({ allowed: true });
  });
});
