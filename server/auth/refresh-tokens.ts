import { randomUUID } from 'node:crypto';
import type { Db } from '../db/database';
import { TokenError, type TokenService } from './tokens';

/**
 * Refresh-token lifecycle (spec: session 4 step 8, PATCH auth). Every refresh token is a
 * signed JWT whose jti is stored in refresh_tokens; each use ROTATES it: the presented
 * token is revoked and replaced by a new one of the same family.
 *
 * Reuse detection: presenting a token that was already rotated or revoked means a copy
 * of it exists somewhere else (stolen, or replayed). We then revoke the WHOLE family —
 * every token descended from that sign-in — so whoever holds the newest one is signed
 * out too, and the real user has to sign in again. (Two truly concurrent refreshes from
 * one client look the same; the extension background serialises its refreshes for this.)
 */
export interface RefreshTokenStore {
  /** Starts a new family at sign-in. */
  issue(userId: string): Promise<string>;
  /** Verifies, revokes and replaces; throws TokenError when the token cannot be used. */
  rotate(token: string): Promise<{ userId: string; token: string }>;
}

export function createRefreshTokenStore(
  db: Db,
  tokens: TokenService,
  now: () => Date,
): RefreshTokenStore {
  async function store(userId: string, familyId: string, executor: Db = db) {
    const signed = await tokens.signRefresh(userId);
    await executor
      .insertInto('refresh_tokens')
      .values({
        jti: signed.jti,
        user_id: userId,
        family_id: familyId,
        issued_at: now().toISOString(),
        expires_at: signed.expiresAt.toISOString(),
        revoked_at: null,
        replaced_by: null,
      })
      .execute();
    return signed;
  }

  return {
    async issue(userId) {
      // Housekeeping: a user's expired tokens are useless, drop them when a new one is made.
      await db
        .deleteFrom('refresh_tokens')
        .where('user_id', '=', userId)
        .where('expires_at', '<', now().toISOString())
        .execute();
      const signed = await store(userId, randomUUID());
      return signed.token;
    },

    async rotate(token) {
      const claims = await tokens.verifyRefresh(token);
      // The transaction answers a value instead of throwing, so that a family revocation
      // is committed rather than rolled back with the refusal.
      const outcome = await db.transaction().execute(async (trx) => {
        const row = await trx
          .selectFrom('refresh_tokens')
          .selectAll()
          .where('jti', '=', claims.jti)
          .executeTakeFirst();
        if (!row || row.user_id !== claims.sub) return { refused: 'invalid' as const };
        const at = now().toISOString();
        if (row.revoked_at !== null) {
          await revokeFamily(trx, row.family_id, at);
          return { refused: 'invalid' as const };
        }
        if (row.expires_at <= at) return { refused: 'expired' as const };

        const revoked = await trx
          .updateTable('refresh_tokens')
          .set({ revoked_at: at })
          .where('jti', '=', row.jti)
          .where('revoked_at', 'is', null)
          .executeTakeFirst();
        if (Number(revoked.numUpdatedRows) !== 1) {
          // Someone rotated it between our read and write: treat as reuse.
          await revokeFamily(trx, row.family_id, at);
          return { refused: 'invalid' as const };
        }
        const next = await store(row.user_id, row.family_id, trx);
        await trx
          .updateTable('refresh_tokens')
          .set({ replaced_by: next.jti })
          .where('jti', '=', row.jti)
          .execute();
        return { refused: null, userId: row.user_id, token: next.token };
      });
      if (outcome.refused) throw new TokenError(outcome.refused);
      return { userId: outcome.userId, token: outcome.token };
    },
  };
}

async function revokeFamily(db: Db, familyId: string, at: string): Promise<void> {
  await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: at })
    .where('family_id', '=', familyId)
    .where('revoked_at', 'is', null)
    .execute();
}
