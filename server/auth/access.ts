import type { FastifyRequest } from 'fastify';
import type { Role } from '@/shared/contracts/roles';
import { forbidden, unauthorized } from '../http/errors';
import type { RefreshTokenStore } from './refresh-tokens';
import { type AccessClaims, TokenError, type TokenService } from './tokens';

/** Who is calling: the verified claims of the request's access token. */
export type Principal = AccessClaims;

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/**
 * Verifies an access token AND that its session is still open: the token's family
 * (`sid`) must be neither revoked (sign-out, deactivation, reuse) nor past its absolute
 * lifetime. One primary-key lookup per call; HTTP and sockets share it (issue 9 item 8).
 * Throws TokenError: 'expired' for an expired token, 'invalid' for everything else.
 */
export function createSessionVerifier(tokens: TokenService, refreshTokens: RefreshTokenStore) {
  return async function verifySession(token: string): Promise<Principal> {
    const claims = await tokens.verifyAccess(token);
    if (!(await refreshTokens.isFamilyActive(claims.sid))) throw new TokenError('invalid');
    return claims;
  };
}
export type VerifySession = ReturnType<typeof createSessionVerifier>;

/**
 * Reads and verifies `Authorization: Bearer <access token>` (spec: session 7, every call
 * carries it). A missing, malformed, forged or refresh token answers 401 'Unauthorized';
 * an expired one answers 401 'token_expired', which the client answers by refreshing
 * once (spec: session 4 step 8).
 *
 * Tokens are checked against their session on every call: after sign-out (POST
 * auth/revoke) or deactivation the family is revoked and its access tokens answer 401 at
 * once instead of living out their 15 minutes (issue 9 item 8).
 */
export function createAccessGuard(verifySession: VerifySession) {
  return async function authenticate(request: FastifyRequest): Promise<Principal> {
    const header = request.headers.authorization;
    const match = typeof header === 'string' ? BEARER.exec(header) : null;
    if (!match) throw unauthorized();
    try {
      return await verifySession(match[1]);
    } catch (error) {
      if (error instanceof TokenError && error.reason === 'expired')
        throw unauthorized('token_expired');
      if (error instanceof TokenError) throw unauthorized();
      throw error;
    }
  };
}
export type Authenticate = ReturnType<typeof createAccessGuard>;

/** The system role administers every workspace (spec: session 2, /app/system/workspaces). */
export function canReadWorkspace(principal: Principal, workspaceId: string): boolean {
  return principal.role === 'system' || principal.workspace === workspaceId;
}

/** 403 for a workspace the token does not belong to. */
export function assertWorkspaceAccess(principal: Principal, workspaceId: string): void {
  if (!canReadWorkspace(principal, workspaceId))
    throw forbidden('You do not have access to this workspace.');
}

/** 403 unless the principal has one of the roles (spec: dashboards 6 role table). */
export function assertRole(principal: Principal, roles: readonly Role[]): void {
  if (!roles.includes(principal.role)) throw forbidden('Your role does not allow this.');
}
