import { describe, expect, it } from 'vitest';
import {
  countActiveOwners,
  filterUsers,
  invitableRoles,
  missingLinks,
  rowActions,
  sortUsers,
  userStatus,
} from '@/app/features/users-administration/user-list-model';
import { readInviteDraft } from '@/app/features/users-administration/invite-draft';
import {
  ADAM,
  IVAN,
  LAKESIDE_USERS,
  LENA,
  makeWorkspaceUser,
  OLIVIA,
  OSCAR,
  PAULA,
} from './users-fixtures';

const BOTH = { crm: true, callTracking: true };
const owner = { userId: OLIVIA.id, role: 'owner' as const };
const admin = { userId: ADAM.id, role: 'admin' as const };
const system = { userId: 'u_system', role: 'system' as const };

describe('users administration list rules (issue #16)', () => {
  it('reads a pending invite as Pending, and a deactivated one as Inactive', () => {
    expect(userStatus(PAULA)).toBe('pending');
    expect(userStatus({ ...PAULA, status: 'inactive' })).toBe('inactive');
    expect(userStatus(OSCAR)).toBe('active');
  });

  it('warns only about operators, for the links the workspace uses', () => {
    expect(missingLinks(OSCAR, BOTH)).toEqual(['crm', 'callTracking']);
    expect(missingLinks(OSCAR, { crm: false, callTracking: true })).toEqual(['callTracking']);
    expect(missingLinks(OSCAR, { crm: false, callTracking: false })).toEqual([]);
    expect(missingLinks(LENA, BOTH)).toEqual([]);
    expect(missingLinks(ADAM, BOTH)).toEqual([]);
    // An operator without an agent record lacks every link.
    expect(missingLinks({ ...OSCAR, agent: null }, BOTH)).toEqual(['crm', 'callTracking']);
  });

  it('filters by text across name, username, role and linked users, and by status', () => {
    const names = (users: typeof LAKESIDE_USERS) => users.map((user) => user.id);
    expect(names(filterUsers(LAKESIDE_USERS, 'lena calls', 'all'))).toEqual([LENA.id]);
    expect(names(filterUsers(LAKESIDE_USERS, 'CONSULTANT', 'all'))).toEqual([IVAN.id]);
    expect(names(filterUsers(LAKESIDE_USERS, '', 'inactive'))).toEqual([IVAN.id]);
    expect(names(filterUsers(LAKESIDE_USERS, 'oscar', 'pending'))).toEqual([]);
    expect(filterUsers(LAKESIDE_USERS, '  ', 'all')).toHaveLength(LAKESIDE_USERS.length);
  });

  it('sorts by a column with blanks last, ties by name', () => {
    const byCtm = sortUsers(LAKESIDE_USERS, { key: 'ctmUser', direction: 'desc' });
    expect(byCtm[0]).toBe(LENA);
    const byRole = sortUsers(LAKESIDE_USERS, { key: 'role', direction: 'asc' }).map((u) => u.id);
    expect(byRole).toEqual([ADAM.id, IVAN.id, LENA.id, OSCAR.id, PAULA.id, OLIVIA.id]);
  });

  it('never offers changing yourself, nor demoting or deactivating the last active owner', () => {
    expect(countActiveOwners(LAKESIDE_USERS)).toBe(1);
    expect(rowActions(owner, OLIVIA, LAKESIDE_USERS, BOTH)).toEqual({
      roles: [],
      deactivate: false,
      reactivate: false,
      resendInvitation: false,
      link: false,
    });
    // The system user may change the owner's role only to owner... which they already are.
    expect(rowActions(system, OLIVIA, LAKESIDE_USERS, BOTH).roles).toEqual([]);
    expect(rowActions(system, OLIVIA, LAKESIDE_USERS, BOTH).deactivate).toBe(false);
    // With a second owner, the first can be demoted.
    const second = makeWorkspaceUser({
      id: 'u_9',
      firstName: 'Otto',
      lastName: 'Two',
      role: 'owner',
    });
    const withTwo = [...LAKESIDE_USERS, second];
    expect(rowActions(system, OLIVIA, withTwo, BOTH).roles).toEqual([
      'admin',
      'operator',
      'consultant',
    ]);
  });

  it('keeps an admin away from owners and from making owners', () => {
    expect(rowActions(admin, OLIVIA, LAKESIDE_USERS, BOTH).deactivate).toBe(false);
    expect(rowActions(admin, OSCAR, LAKESIDE_USERS, BOTH).roles).toEqual(['admin', 'consultant']);
    expect(rowActions(owner, OSCAR, LAKESIDE_USERS, BOTH).roles).toEqual([
      'owner',
      'admin',
      'consultant',
    ]);
    expect(invitableRoles(admin)).toEqual(['admin', 'operator', 'consultant']);
    expect(invitableRoles(owner)).toEqual(['owner', 'admin', 'operator', 'consultant']);
  });

  it('offers resend for pending users, reactivate for inactive ones, link for agents', () => {
    expect(rowActions(owner, PAULA, LAKESIDE_USERS, BOTH).resendInvitation).toBe(true);
    expect(rowActions(owner, OSCAR, LAKESIDE_USERS, BOTH).resendInvitation).toBe(false);
    expect(rowActions(owner, IVAN, LAKESIDE_USERS, BOTH)).toMatchObject({
      reactivate: true,
      deactivate: false,
    });
    expect(rowActions(owner, OSCAR, LAKESIDE_USERS, BOTH).link).toBe(true);
    expect(rowActions(owner, ADAM, LAKESIDE_USERS, BOTH).link).toBe(false);
    expect(rowActions(owner, OSCAR, LAKESIDE_USERS, { crm: false, callTracking: false }).link).toBe(
      false,
    );
  });
});

describe('the Invite user form reader', () => {
  it('sends the trimmed draft for the workspace', () => {
    expect(
      readInviteDraft(
        { firstName: ' Nina ', lastName: 'New', email: ' nina@x.test ', role: 'operator' },
        'ws_1',
      ),
    ).toEqual({
      ok: true,
      request: {
        workspaceId: 'ws_1',
        firstName: 'Nina',
        lastName: 'New',
        email: 'nina@x.test',
        role: 'operator',
      },
    });
  });

  it('says what is missing or wrong by field', () => {
    const reading = readInviteDraft(
      { firstName: '', lastName: 'x'.repeat(101), email: 'nina@', role: '' },
      'ws_1',
    );
    expect(reading).toEqual({
      ok: false,
      errors: {
        firstName: 'Enter the first name.',
        lastName: 'Keep it to 100 characters.',
        email: 'Enter an e-mail address like name@example.com.',
        role: 'Choose a role.',
      },
    });
  });
});
