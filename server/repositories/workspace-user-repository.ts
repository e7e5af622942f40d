import { roleSchema } from '@/shared/contracts/roles';
import type { WorkspaceUser } from '@/shared/contracts/users-administration';
import { compareLabels } from '@/shared/domain/sorting';
import type { Db } from '../db/database';

// The users of one workspace as Settings > Users administration lists them: each user
// with an authorization in the workspace, their person, their agent record (found by the
// person, as agentOfUser does) with its CRM and call-tracking links, and their invites.

interface Filter {
  userId?: string;
}

export async function listWorkspaceUsers(
  db: Db,
  workspaceId: string,
  now: Date,
  filter: Filter = {},
): Promise<WorkspaceUser[]> {
  let query = db
    .selectFrom('authorizations')
    .innerJoin('users', 'users.id', 'authorizations.user_id')
    .leftJoin('persons', 'persons.id', 'users.person_id')
    .select([
      'users.id as userId',
      'users.username',
      'users.email',
      'users.person_id as personId',
      'users.created_at as createdAt',
      'persons.first_name as firstName',
      'persons.last_name as lastName',
      'authorizations.id as authorizationId',
      'authorizations.role',
      'authorizations.status',
    ])
    .where('authorizations.workspace_id', '=', workspaceId)
    .orderBy('authorizations.created_at')
    .orderBy('authorizations.id');
  if (filter.userId !== undefined) query = query.where('users.id', '=', filter.userId);
  const rows = await query.execute();
  if (rows.length === 0) return [];

  const userIds = [...new Set(rows.map((r) => r.userId))];
  const personIds = rows.flatMap((r) => (r.personId ? [r.personId] : []));
  const [agents, invitations, ctmUsers, crmUsers] = await Promise.all([
    personIds.length === 0
      ? []
      : db
          .selectFrom('agents')
          .select(['id', 'person_id', 'ctm_user_id', 'zoho_user_id', 'active'])
          .where('workspace_id', '=', workspaceId)
          .where('person_id', 'in', personIds)
          .orderBy('active', 'desc')
          .orderBy('created_at')
          .execute(),
    db
      .selectFrom('user_invitations')
      .select(['user_id', 'created_at', 'expires_at', 'accepted_at', 'revoked_at'])
      .where('user_id', 'in', userIds)
      .where('workspace_id', '=', workspaceId)
      .orderBy('created_at', 'desc')
      .execute(),
    db
      .selectFrom('ctm_users')
      .select(['id', 'first_name', 'last_name'])
      .where('workspace_id', '=', workspaceId)
      .execute(),
    db
      .selectFrom('crm_users')
      .select(['external_id', 'name'])
      .where('workspace_id', '=', workspaceId)
      .where('provider', '=', 'zoho')
      .execute(),
  ]);
  const ctmNames = new Map(ctmUsers.map((u) => [u.id, `${u.first_name} ${u.last_name}`]));
  const crmNames = new Map(crmUsers.map((u) => [u.external_id, u.name]));
  const stamp = now.toISOString();

  return rows
    .map((row): WorkspaceUser => {
      // The first (active first) agent of the person is the one calls and reports use.
      const agent = agents.find((a) => a.person_id !== null && a.person_id === row.personId);
      const own = invitations.filter((i) => i.user_id === row.userId);
      const accepted = own.some((i) => i.accepted_at !== null);
      const waiting = own.find((i) => i.accepted_at === null && i.revoked_at === null);
      const pending = own.length > 0 && !accepted;
      return {
        id: row.userId,
        username: row.username,
        email: row.email,
        firstName: row.firstName ?? '',
        lastName: row.lastName ?? '',
        authorizationId: row.authorizationId,
        role: roleSchema.catch('operator').parse(row.role),
        status: row.status === 'active' ? 'active' : 'inactive',
        pending,
        invitation:
          pending && waiting
            ? {
                sentAt: waiting.created_at,
                expiresAt: waiting.expires_at,
                expired: waiting.expires_at <= stamp,
              }
            : null,
        agent: agent
          ? {
              agentId: agent.id,
              active: agent.active === 1,
              crmUserId: agent.zoho_user_id,
              crmUserName: agent.zoho_user_id ? (crmNames.get(agent.zoho_user_id) ?? null) : null,
              ctmUserId: agent.ctm_user_id,
              ctmUserName: agent.ctm_user_id ? (ctmNames.get(agent.ctm_user_id) ?? null) : null,
            }
          : null,
        createdAt: row.createdAt,
      };
    })
    .sort(
      (a, b) =>
        compareLabels(`${a.lastName} ${a.firstName}`, `${b.lastName} ${b.firstName}`) ||
        compareLabels(a.username, b.username),
    );
}

export async function findWorkspaceUser(
  db: Db,
  workspaceId: string,
  userId: string,
  now: Date,
): Promise<WorkspaceUser | null> {
  const [user] = await listWorkspaceUsers(db, workspaceId, now, { userId });
  return user ?? null;
}

/** Active owners of the workspace (the last one cannot be demoted or deactivated). */
export async function countActiveOwners(db: Db, workspaceId: string): Promise<number> {
  const { n } = await db
    .selectFrom('authorizations')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('workspace_id', '=', workspaceId)
    .where('role', '=', 'owner')
    .where('status', '=', 'active')
    .executeTakeFirstOrThrow();
  return Number(n);
}

/** Whether the user has an authorization (of any status) in the workspace. */
export async function isWorkspaceMember(
  db: Db,
  userId: string,
  workspaceId: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('authorizations')
    .select('id')
    .where('user_id', '=', userId)
    .where('workspace_id', '=', workspaceId)
    .executeTakeFirst();
  return row !== undefined;
}
