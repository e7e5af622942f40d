import { randomUUID } from 'node:crypto';
import type { Db } from '../db/database';
import { findUserById, setAuthorizationStatus } from './user-repository';

// Settings > Users administration (issue #16; server/routes/users-administration.ts): the
// records a new user is made of, their status and their agent record's links.

/** What an invited user is written as: a person, a user, an authorization, and a record for their role. */
export interface InvitedUserWrite {
  userId: string;
  personId: string;
  workspaceId: string;
  firstName: string;
  lastName: string;
  /** The normalized e-mail: username and e-mail both. */
  username: string;
  passwordHash: string;
  timezone: string;
  role: string;
  createdAt: string;
}

/**
 * Writes an invited user's records. Call it inside a transaction with their invitation:
 * a user is never left without the e-mail that lets them in.
 */
export async function insertInvitedUser(db: Db, write: InvitedUserWrite): Promise<void> {
  const stamp = write.createdAt;
  await db
    .insertInto('persons')
    .values({
      id: write.personId,
      workspace_id: write.workspaceId,
      first_name: write.firstName,
      last_name: write.lastName,
      email: write.username,
      created_at: stamp,
    })
    .execute();
  await db
    .insertInto('users')
    .values({
      id: write.userId,
      username: write.username,
      email: write.username,
      password_hash: write.passwordHash,
      picture: null,
      language: 'en',
      timezone: write.timezone,
      calendar_type: null,
      cs_account_id: null,
      person_id: write.personId,
      created_at: stamp,
    })
    .execute();
  await db
    .insertInto('authorizations')
    .values({
      id: `auth_${randomUUID()}`,
      user_id: write.userId,
      workspace_id: write.workspaceId,
      role: write.role,
      status: 'active',
      created_at: stamp,
    })
    .execute();
  // Operators take calls: their agent record exists from the start, to be linked.
  if (write.role === 'operator') {
    await db
      .insertInto('agents')
      .values({
        id: `agt_${randomUUID()}`,
        workspace_id: write.workspaceId,
        person_id: write.personId,
        name: `${write.firstName} ${write.lastName}`,
        ctm_user_id: null,
        zoho_user_id: null,
        active: 1,
        created_at: stamp,
      })
      .execute();
  }
  // Consultants get their consultant record (the consultants lookup), as in the seed.
  if (write.role === 'consultant') {
    await db
      .insertInto('consultants')
      .values({
        id: `cns_${randomUUID()}`,
        workspace_id: write.workspaceId,
        person_id: write.personId,
        name: `${write.firstName} ${write.lastName}`,
        active: 1,
        created_at: stamp,
      })
      .execute();
  }
}

/**
 * Makes an authorization active or inactive, and the user's agent records in the
 * workspace with it, in one transaction.
 */
export async function saveUserStatus(
  db: Db,
  target: { userId: string; authorizationId: string; workspaceId: string },
  status: 'active' | 'inactive',
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await setAuthorizationStatus(trx, target.authorizationId, status);
    const user = await findUserById(trx, target.userId);
    if (user?.person_id) {
      await trx
        .updateTable('agents')
        .set({ active: status === 'active' ? 1 : 0 })
        .where('workspace_id', '=', target.workspaceId)
        .where('person_id', '=', user.person_id)
        .execute();
    }
  });
}

/** Whether the workspace has this Zoho user (by their Zoho id). */
export async function zohoUserExists(
  db: Db,
  workspaceId: string,
  externalId: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('crm_users')
    .select('id')
    .where('workspace_id', '=', workspaceId)
    .where('provider', '=', 'zoho')
    .where('external_id', '=', externalId)
    .executeTakeFirst();
  return row !== undefined;
}

export interface AgentLinks {
  crmUserId: string | null;
  ctmUserId: string | null;
}

/** Sets an agent record's Zoho and call-tracking users. */
export async function updateAgentLinks(db: Db, agentId: string, links: AgentLinks): Promise<void> {
  await db
    .updateTable('agents')
    .set({ zoho_user_id: links.crmUserId, ctm_user_id: links.ctmUserId })
    .where('id', '=', agentId)
    .execute();
}

/** A new agent record for a person, with its links. */
export async function insertLinkedAgent(
  db: Db,
  agent: {
    workspaceId: string;
    personId: string;
    name: string;
    active: boolean;
    links: AgentLinks;
    createdAt: string;
  },
): Promise<void> {
  await db
    .insertInto('agents')
    .values({
      id: `agt_${randomUUID()}`,
      workspace_id: agent.workspaceId,
      person_id: agent.personId,
      name: agent.name,
      ctm_user_id: agent.links.ctmUserId,
      zoho_user_id: agent.links.crmUserId,
      active: agent.active ? 1 : 0,
      created_at: agent.createdAt,
    })
    .execute();
}

/** An e-mail for the outbox system users read (the reference server sends no mail). */
export async function insertOutboxEmail(
  db: Db,
  email: {
    workspaceId: string;
    createdBy: string;
    recipients: string[];
    subject: string;
    html: string;
    text: string;
    createdAt: string;
  },
): Promise<void> {
  await db
    .insertInto('email_outbox')
    .values({
      id: randomUUID(),
      workspace_id: email.workspaceId,
      created_by: email.createdBy,
      recipients: JSON.stringify(email.recipients),
      subject: email.subject,
      html_body: email.html,
      text_body: email.text,
      created_at: email.createdAt,
    })
    .execute();
}
