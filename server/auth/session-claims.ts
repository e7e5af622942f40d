import { AUTH_ERRORS } from '@/shared/contracts/auth';
import type { Db } from '../db/database';
import { forbidden } from '../http/errors';
import { listAuthorizations, type UserRow } from '../repositories/user-repository';
import type { UserClaims } from './tokens';

/**
 * Decides what an access token says for a user (spec: session 4 steps 3, 6, 7): the
 * user's first active authorization gives role, workspace and edition. No authorization
 * at all → 403 NO_ROLE_ASSOCIATED; only inactive ones → 403 'inactive'.
 */
export async function sessionClaimsFor(db: Db, user: UserRow): Promise<UserClaims> {
  const authorizations = await listAuthorizations(db, user.id);
  if (authorizations.length === 0) throw forbidden(AUTH_ERRORS.noRole);
  const active = authorizations.find((a) => a.status === 'active');
  if (!active) throw forbidden(AUTH_ERRORS.inactive);
  return {
    sub: user.id,
    username: user.username,
    role: active.role,
    workspace: active.workspaceId,
    edition: active.edition,
  };
}
