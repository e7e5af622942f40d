import type { WorkspaceUser } from '@/shared/contracts/users-administration';

/** One user as GET workspaces/{id}/users answers it. */
export function makeWorkspaceUser(
  overrides: Partial<WorkspaceUser> & Pick<WorkspaceUser, 'id' | 'firstName' | 'lastName'>,
): WorkspaceUser {
  const email = `${overrides.firstName.toLowerCase()}@lakeside.test`;
  return {
    username: email,
    email,
    authorizationId: `auth_${overrides.id}`,
    role: 'operator',
    status: 'active',
    pending: false,
    invitation: null,
    agent: null,
    createdAt: '2026-10-01T09:00:00.000Z',
    ...overrides,
  };
}

const agent = (
  id: string,
  links: { crm?: [string, string]; ctm?: [string, string] } = {},
): WorkspaceUser['agent'] => ({
  agentId: id,
  active: true,
  crmUserId: links.crm?.[0] ?? null,
  crmUserName: links.crm?.[1] ?? null,
  ctmUserId: links.ctm?.[0] ?? null,
  ctmUserName: links.ctm?.[1] ?? null,
});

/** Lakeside's users: the signed-in owner (u_1, makeUser's id) and one of each case. */
export const OLIVIA = makeWorkspaceUser({
  id: 'u_1',
  firstName: 'Olivia',
  lastName: 'Owner',
  role: 'owner',
});
export const ADAM = makeWorkspaceUser({
  id: 'u_2',
  firstName: 'Adam',
  lastName: 'Admin',
  role: 'admin',
});
export const OSCAR = makeWorkspaceUser({
  id: 'u_3',
  firstName: 'Oscar',
  lastName: 'Operator',
  agent: agent('agt_3'),
});
export const PAULA = makeWorkspaceUser({
  id: 'u_4',
  firstName: 'Paula',
  lastName: 'Pending',
  pending: true,
  invitation: {
    sentAt: '2026-11-20T09:00:00.000Z',
    expiresAt: '2026-11-27T09:00:00.000Z',
    expired: false,
  },
  agent: agent('agt_4'),
});
export const IVAN = makeWorkspaceUser({
  id: 'u_5',
  firstName: 'Ivan',
  lastName: 'Inactive',
  role: 'consultant',
  status: 'inactive',
});
export const LENA = makeWorkspaceUser({
  id: 'u_6',
  firstName: 'Lena',
  lastName: 'Linked',
  agent: agent('agt_6', { crm: ['zu_2', 'Lena Zoho'], ctm: ['ctm_2', 'Lena Calls'] }),
});

export const LAKESIDE_USERS = [OLIVIA, ADAM, OSCAR, PAULA, IVAN, LENA];

export const ZOHO_USERS = [
  { id: 'zu_1', name: 'Oscar Zoho', email: 'oscar@zoho.test' },
  { id: 'zu_2', name: 'Lena Zoho', email: 'lena@zoho.test' },
];

export const CTM_USERS = [
  { id: 'ctm_1', uid: '1', first_name: 'Oscar', last_name: 'Calls', email: 'oscar@ctm.test' },
  { id: 'ctm_2', uid: '2', first_name: 'Lena', last_name: 'Calls', email: 'lena@ctm.test' },
];

export const listOf = <T>(data: T[]) => ({
  data,
  meta: { total: data.length, limit: Math.max(1, data.length), offset: 0 },
});
