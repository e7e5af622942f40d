import { AUTH_ERRORS } from '@/shared/contracts/auth';
import type { Db } from '../db/database';
import { forbidden } from '../http/errors';
import { listAuthorizations, type UserRow } from '../repositories/user-repository';
import type { UserClaims } from './tokens';

/**
 * What an access token says for a user (spec: session 4 steps 3, 6, 7): the user's first
 * active authorization gives role, workspace and edition. Or why the user may not have a
 * session: no authorization at all ('noRole'), or only inactive ones ('inactive').
 */
export async function sessionClaimsOrRefusal(
  db: Db,
  user: UserRow,
): Promise<UserClaims | { refused: 'noRole' | 'inactive' }> {
  const authorizations = await listAuthorizations(db, user.id);
  if (authorizations.length === 0) return { refused: 'noRole' };
  const active = authorizations.find((a) => a.status === 'active');
  if (!active) return { refused: 'inactive' };
  return {
    sub: user.id,
    username: user.username,
    role: active.role,
    workspace: active.workspaceId,
    edition: active.edition,
  };
}

/**
 * The claims of a user who already holds a session (a refresh, a handoff): no
 * authorization at all → 403 NO_ROLE_ASSOCIATED; only inactive ones → 403 'inactive'.
 * A sign-in does not say either (server/routes/auth.ts: it would confirm the password).
 */
export async function sessionClaimsFor(db: Db, user: UserRow): Promise<UserClaims> {
  const claims = await sessionClaimsOrRefusal(db, user);
  if ('refused' in claims) throw forbidden(AUTH_ERRORS[claims.refused]);
  return claims;
}
