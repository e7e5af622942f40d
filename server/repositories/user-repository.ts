import { roleSchema } from '@/shared/contracts/roles';
import type { Authorization, Person } from '@/shared/contracts/user';
import { personName } from '@/shared/domain/user-search';
import type { Db } from '../db/database';
import type { UserTable } from '../db/schema';
import { workspaceEditions } from './workspace-repository';

export type UserRow = UserTable;

/** Usernames are unique case-insensitively: stored and looked up trimmed and lowercased. */
export function normalizeUsername(username: string): string {
  return username.trim().toLowerCase();
}

export async function findUserByUsername(db: Db, username: string): Promise<UserRow | null> {
  const row = await db
    .selectFrom('users')
    .selectAll()
    .where('username', '=', normalizeUsername(username))
    .executeTakeFirst();
  return row ?? null;
}

export async function findUserById(db: Db, id: string): Promise<UserRow | null> {
  const row = await db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  return row ?? null;
}

/** The user's authorizations, oldest first, each with its workspace's edition. */
export async function listAuthorizations(db: Db, userId: string): Promise<Authorization[]> {
  const rows = await db
    .selectFrom('authorizations')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const editions = await workspaceEditions(
    db,
    rows.flatMap((row) => (row.workspace_id ? [row.workspace_id] : [])),
  );
  return rows.map((row) => ({
    id: row.id,
    // spec: session 4 step 3 — the role defaults to operator.
    role: roleSchema.catch('operator').parse(row.role),
    workspaceId: row.workspace_id,
    status: row.status === 'active' ? 'active' : 'inactive',
    edition: row.workspace_id ? (editions.get(row.workspace_id) ?? null) : null,
  }));
}

export async function findPerson(db: Db, id: string | null): Promise<Person | null> {
  if (!id) return null;
  const row = await db
    .selectFrom('persons')
    .select(['id', 'first_name', 'last_name'])
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? { id: row.id, firstName: row.first_name, lastName: row.last_name } : null;
}

/** Stores a new password hash (rehash on sign-in, issue 9 item 10). */
export async function updatePasswordHash(db: Db, userId: string, hash: string): Promise<void> {
  await db.updateTable('users').set({ password_hash: hash }).where('id', '=', userId).execute();
}

/** One authorization row as stored, or null. */
export async function findAuthorization(
  db: Db,
  id: string,
): Promise<{ id: string; userId: string; workspaceId: string | null } | null> {
  const row = await db
    .selectFrom('authorizations')
    .select(['id', 'user_id', 'workspace_id'])
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? { id: row.id, userId: row.user_id, workspaceId: row.workspace_id } : null;
}

/** Makes an authorization active or inactive (issue 9 item 8: deactivation). */
export async function setAuthorizationStatus(
  db: Db,
  id: string,
  status: 'active' | 'inactive',
): Promise<void> {
  await db.updateTable('authorizations').set({ status }).where('id', '=', id).execute();
}

/** Changes an authorization's role. */
export async function setAuthorizationRole(db: Db, id: string, role: string): Promise<void> {
  await db.updateTable('authorizations').set({ role }).where('id', '=', id).execute();
}

/** How an e-mail names a user: their person's full name, else their username; null if no user. */
export async function findUserDisplayName(db: Db, userId: string): Promise<string | null> {
  const row = await db
    .selectFrom('users')
    .leftJoin('persons', 'persons.id', 'users.person_id')
    .select(['users.username', 'persons.first_name', 'persons.last_name'])
    .where('users.id', '=', userId)
    .executeTakeFirst();
  if (!row) return null;
  return row.first_name ? `${row.first_name} ${row.last_name ?? ''}`.trim() : row.username;
}

/**
 * The names of users as lists show them (their person's name, else the username), by id:
 * who published a version, saved a draft, edited a process. Ids of users that are gone
 * have no entry.
 */
export async function userDisplayNames(
  db: Db,
  ids: Iterable<string | null>,
): Promise<Map<string, string>> {
  const wanted = [...new Set([...ids].filter((id): id is string => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .selectFrom('users as u')
    .leftJoin('persons as p', 'p.id', 'u.person_id')
    .select(['u.id', 'u.username', 'p.first_name', 'p.last_name'])
    .where('u.id', 'in', wanted)
    .execute();
  return new Map(
    rows.map((row) => [row.id, personName(row.first_name, row.last_name, row.username)]),
  );
}
