import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { INVITATION_TTL_DAYS } from '@/shared/contracts/users-administration';
import type { Db } from '../db/database';
import type { UserInvitationTable } from '../db/schema';
import { updatePasswordHash } from '../repositories/user-repository';

/**
 * Invite link tokens (issue #16): 32 random bytes, base64url, handed out once in the
 * e-mail and stored only as their SHA-256 — a copy of the database does not open any
 * invite. A token is single use (accepted_at), expires after INVITATION_TTL_DAYS, and a
 * newer invite of the same user revokes the older ones.
 *
 * SHA-256 without salt is enough here (unlike passwords): the token is 256 random bits,
 * nothing a dictionary could guess.
 */
export function hashInviteToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

export const INVITATION_TTL_MS = INVITATION_TTL_DAYS * 24 * 60 * 60 * 1000;

/**
 * Creates a new invite for the user (revoking their open ones) and answers its token.
 * Two writes: call it inside a transaction (the invite route writes the user, the invite
 * and its e-mail in one).
 */
export async function createInvitation(
  db: Db,
  input: { userId: string; workspaceId: string; createdBy: string; now: Date },
): Promise<{ token: string; expiresAt: string }> {
  const token = randomBytes(32).toString('base64url');
  const createdAt = input.now.toISOString();
  const expiresAt = new Date(input.now.getTime() + INVITATION_TTL_MS).toISOString();
  await db
    .updateTable('user_invitations')
    .set({ revoked_at: createdAt })
    .where('user_id', '=', input.userId)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .execute();
  await db
    .insertInto('user_invitations')
    .values({
      id: `inv_${randomUUID()}`,
      token_hash: hashInviteToken(token),
      user_id: input.userId,
      workspace_id: input.workspaceId,
      created_by: input.createdBy,
      created_at: createdAt,
      expires_at: expiresAt,
      accepted_at: null,
      revoked_at: null,
    })
    .execute();
  return { token, expiresAt };
}

export type InvitationState = 'open' | 'used' | 'expired' | 'revoked';

export function invitationState(row: UserInvitationTable, now: Date): InvitationState {
  if (row.accepted_at !== null) return 'used';
  if (row.revoked_at !== null) return 'revoked';
  if (row.expires_at <= now.toISOString()) return 'expired';
  return 'open';
}

export async function findInvitationByToken(
  db: Db,
  token: string,
): Promise<UserInvitationTable | null> {
  const row = await db
    .selectFrom('user_invitations')
    .selectAll()
    .where('token_hash', '=', hashInviteToken(token))
    .executeTakeFirst();
  return row ?? null;
}

/**
 * Marks the invite used, only if it still is open: answers false when another request
 * used it first (single use holds under concurrency, not just by a read before).
 */
export async function consumeInvitation(db: Db, id: string, now: Date): Promise<boolean> {
  const stamp = now.toISOString();
  const result = await db
    .updateTable('user_invitations')
    .set({ accepted_at: stamp })
    .where('id', '=', id)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', stamp)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Uses the invitation and stores the user's password together; false when it was used
 * (or revoked, or expired) first: of two requests racing with one token only one gets
 * past consumeInvitation's conditional update.
 */
export async function acceptInvitation(
  db: Db,
  invitation: { id: string; userId: string; passwordHash: string },
  now: Date,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    if (!(await consumeInvitation(trx, invitation.id, now))) return false;
    await updatePasswordHash(trx, invitation.userId, invitation.passwordHash);
    return true;
  });
}
