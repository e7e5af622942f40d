import { describe, expect, it } from 'vitest';
import { searchUsers, userDisplayName } from '@/shared/domain/user-search';
import { makeWorkspaceUser } from '../../app/features/users-administration/users-fixtures';

const ann = makeWorkspaceUser({ id: 'u_1', firstName: 'Ann', lastName: 'Lee' });
const zoe = makeWorkspaceUser({ id: 'u_2', firstName: 'Zoe', lastName: 'Annand' });
const gone = makeWorkspaceUser({
  id: 'u_3',
  firstName: 'Annie',
  lastName: 'Old',
  status: 'inactive',
});
const users = [zoe, gone, ann];

describe('searchUsers (issue #30: Send notification picks a user by name or e-mail)', () => {
  it('offers every active user by name when nothing is typed', () => {
    expect(searchUsers(users, '').map((u) => u.id)).toEqual(['u_1', 'u_2']);
  });

  it('needs every word typed, in any order and any case, in the name, e-mail or username', () => {
    expect(searchUsers(users, 'ANN').map((u) => u.id)).toEqual(['u_1', 'u_2']);
    expect(searchUsers(users, 'lee ann').map((u) => u.id)).toEqual(['u_1']);
    expect(searchUsers(users, 'zoe@lakeside').map((u) => u.id)).toEqual(['u_2']);
    expect(searchUsers(users, 'annie')).toEqual([]);
  });

  it('names a user by their name, else their e-mail address', () => {
    expect(userDisplayName(ann)).toBe('Ann Lee');
    expect(userDisplayName({ firstName: ' ', lastName: '', email: 'x@y.test' })).toBe('x@y.test');
  });
});
