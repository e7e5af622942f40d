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
 *
 * Families (issue 9 item 7, table refresh_families): each sign-in or extension handoff
 * starts one. A family
 * - ends for good REFRESH_FAMILY_LIFETIME_MS after its first sign-in: rotation slides the
 *   token, never the family, so a stolen refresh token cannot be kept alive forever;
 * - can be revoked: sign-out (`revoke`), reuse, deactivation (`revokeUser`), a newer
 *   extension handoff (one extension family per user) or the per-user cap (the oldest
 *   goes);
 * - is named in every access token as `sid`, so revoking it also ends those access tokens
 *   (server/auth/access.ts) and sockets (server/socket/socket-server.ts `onRevoked`).
 */
export type FamilyKind = 'sign-in' | 'extension';

/** Why families ended; the socket tells its client (server/socket/socket-server.ts). */
export type RevokeReason = 'signed_out' | 'revoked' | 'inactive';

export interface FamiliesRevoked {
  reason: RevokeReason;
  userId: string;
  familyIds: string[];
}

/**
 * 30 days, the refresh token's own lifetime: a user signs in again at least monthly
 * (the lifetime a single unrotated token already had), however often the session is used.
 */
export const REFRESH_FAMILY_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;
/** Active families per user (browsers, devices, the extension); the oldest is revoked past it. */
export const DEFAULT_MAX_ACTIVE_FAMILIES = 10;

export interface RefreshTokenStore {
  /** Starts a new family; answers its first refresh token and the family id (`sid`). */
  issue(userId: string, kind: FamilyKind): Promise<{ token: string; familyId: string }>;
  /** Verifies, revokes and replaces; throws TokenError when the token cannot be used. */
  rotate(token: string): Promise<{ userId: string; token: string; familyId: string }>;
  /**
   * Sign-out: revokes the token's whole family. Unknown, forged or expired: nothing.
   * `reason` is what its sockets are told: 'signed_out' (default), or 'revoked' when the
   * token is taken to be stolen (issue #29: presented under another username).
   */
  revoke(token: string, reason?: RevokeReason): Promise<void>;
  /** Revokes every family of the user (deactivation). */
  revokeUser(userId: string, reason: RevokeReason): Promise<void>;
  /** True while the family is neither revoked nor past its absolute lifetime. */
  isFamilyActive(familyId: string): Promise<boolean>;
  /** Called after every revocation is committed. */
  onRevoked(listener: (event: FamiliesRevoked) => void): void;
}

export interface RefreshTokenStoreOptions {
  maxActiveFamilies?: number;
  familyLifetimeMs?: number;
}

export function createRefreshTokenStore(
  db: Db,
  tokens: TokenService,
  now: () => Date,
  options: RefreshTokenStoreOptions = {},
): RefreshTokenStore {
  const lifetimeMs = options.familyLifetimeMs ?? REFRESH_FAMILY_LIFETIME_MS;
  const maxActive = options.maxActiveFamilies ?? DEFAULT_MAX_ACTIVE_FAMILIES;
  const listeners: ((event: FamiliesRevoked) => void)[] = [];
  const familyEnd = (startedAt: string) => new Date(Date.parse(startedAt) + lifetimeMs);
  /** Families started before this have ended. */
  const oldestLiveStart = () => new Date(now().getTime() - lifetimeMs).toISOString();

  function announce(event: FamiliesRevoked | null) {
    if (!event || event.familyIds.length === 0) return;
    for (const listener of listeners) listener(event);
  }

  async function store(userId: string, familyId: string, notAfter: Date, executor: Db = db) {
    const signed = await tokens.signRefresh(userId, { notAfter });
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
    async issue(userId, kind) {
      await dropEndedTokens(db, userId, now().toISOString(), oldestLiveStart());

      const familyId = randomUUID();
      const startedAt = now().toISOString();
      const outcome = await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('refresh_families')
          .values({ id: familyId, user_id: userId, kind, started_at: startedAt, revoked_at: null })
          .execute();
        const others = await trx
          .selectFrom('refresh_families')
          .select(['id', 'kind'])
          .where('user_id', '=', userId)
          .where('id', '!=', familyId)
          .where('revoked_at', 'is', null)
          .where('started_at', '>=', oldestLiveStart())
          .orderBy('started_at')
          .orderBy('id')
          .execute();
        const ended = familiesToEnd(others, kind, maxActive);
        for (const id of ended) await revokeFamily(trx, id, startedAt);
        const signed = await store(userId, familyId, familyEnd(startedAt), trx);
        return { token: signed.token, ended };
      });
      announce({ reason: 'revoked', userId, familyIds: outcome.ended });
      return { token: outcome.token, familyId };
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
        const family = await trx
          .selectFrom('refresh_families')
          .select(['revoked_at', 'started_at'])
          .where('id', '=', row.family_id)
          .executeTakeFirst();
        const at = now().toISOString();
        if (row.revoked_at !== null || !family || family.revoked_at !== null) {
          await revokeFamily(trx, row.family_id, at);
          return { refused: 'invalid' as const, reused: row };
        }
        const end = familyEnd(family.started_at);
        if (row.expires_at <= at || end.getTime() <= now().getTime())
          return { refused: 'expired' as const };

        const revoked = await trx
          .updateTable('refresh_tokens')
          .set({ revoked_at: at })
          .where('jti', '=', row.jti)
          .where('revoked_at', 'is', null)
          .executeTakeFirst();
        if (Number(revoked.numUpdatedRows) !== 1) {
          // Someone rotated it between our read and write: treat as reuse.
          await revokeFamily(trx, row.family_id, at);
          return { refused: 'invalid' as const, reused: row };
        }
        const next = await store(row.user_id, row.family_id, end, trx);
        await trx
          .updateTable('refresh_tokens')
          .set({ replaced_by: next.jti })
          .where('jti', '=', row.jti)
          .execute();
        return { refused: null, userId: row.user_id, familyId: row.family_id, token: next.token };
      });
      if (outcome.refused) {
        if ('reused' in outcome && outcome.reused) {
          const { user_id: userId, family_id: familyId } = outcome.reused;
          announce({ reason: 'revoked', userId, familyIds: [familyId] });
        }
        throw new TokenError(outcome.refused);
      }
      return { userId: outcome.userId, token: outcome.token, familyId: outcome.familyId };
    },

    async revoke(token, reason = 'signed_out') {
      let jti: string;
      try {
        jti = (await tokens.verifyRefresh(token)).jti;
      } catch (error) {
        // Forged, malformed or expired: there is nothing it could still open.
        if (error instanceof TokenError) return;
        throw error;
      }
      const row = await db
        .selectFrom('refresh_tokens')
        .select(['family_id', 'user_id'])
        .where('jti', '=', jti)
        .executeTakeFirst();
      if (!row) return;
      const changed = await db
        .transaction()
        .execute((trx) => revokeFamily(trx, row.family_id, now().toISOString()));
      if (changed) announce({ reason, userId: row.user_id, familyIds: [row.family_id] });
    },

    async revokeUser(userId, reason) {
      const at = now().toISOString();
      const familyIds = await db.transaction().execute((trx) => revokeAllOfUser(trx, userId, at));
      // Announced even when no family was open: the user's sockets still have to go.
      for (const listener of listeners) listener({ reason, userId, familyIds });
    },

    async isFamilyActive(familyId) {
      const family = await db
        .selectFrom('refresh_families')
        .select(['revoked_at', 'started_at'])
        .where('id', '=', familyId)
        .executeTakeFirst();
      return (
        family !== undefined &&
        family.revoked_at === null &&
        familyEnd(family.started_at).getTime() > now().getTime()
      );
    },

    onRevoked(listener) {
      listeners.push(listener);
    },
  };
}

/** Revokes a family and its tokens; true when the family was still open. */
/** Housekeeping: a user's expired tokens and ended families are useless. */
async function dropEndedTokens(
  db: Db,
  userId: string,
  nowIso: string,
  oldestLiveStart: string,
): Promise<void> {
  await db
    .deleteFrom('refresh_tokens')
    .where('user_id', '=', userId)
    .where('expires_at', '<', nowIso)
    .execute();
  await db
    .deleteFrom('refresh_families')
    .where('user_id', '=', userId)
    .where('started_at', '<', oldestLiveStart)
    .execute();
}

/**
 * The families a new one of `kind` ends, oldest first: a handoff replaces the extension's
 * previous session; past the cap the oldest go.
 */
function familiesToEnd<F extends { id: string; kind: string }>(
  others: readonly F[],
  kind: string,
  maxActive: number,
): string[] {
  const replaced = kind === 'extension' ? others.filter((f) => f.kind === 'extension') : [];
  const remaining = others.filter((f) => !replaced.includes(f));
  const overCap = remaining.slice(0, Math.max(0, remaining.length + 1 - maxActive));
  return [...replaced, ...overCap].map((f) => f.id);
}

/** Every open family and token of the user ends at `at`; answers the families ended. */
async function revokeAllOfUser(db: Db, userId: string, at: string): Promise<string[]> {
  const families = await db
    .selectFrom('refresh_families')
    .select('id')
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
  await db
    .updateTable('refresh_families')
    .set({ revoked_at: at })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
  await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: at })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
  return families.map((f) => f.id);
}

async function revokeFamily(db: Db, familyId: string, at: string): Promise<boolean> {
  await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: at })
    .where('family_id', '=', familyId)
    .where('revoked_at', 'is', null)
    .execute();
  const family = await db
    .updateTable('refresh_families')
    .set({ revoked_at: at })
    .where('id', '=', familyId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(family.numUpdatedRows) > 0;
}
