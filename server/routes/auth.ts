import type { FastifyInstance } from 'fastify';
import {
  AUTH_ERRORS,
  type AuthResponse,
  authResponseSchema,
  loginRequestSchema,
  refreshRequestSchema,
} from '@/shared/contracts/auth';
import { decoyPasswordHash, verifyPassword } from '../auth/passwords';
import { sessionClaimsFor } from '../auth/session-claims';
import { ACCESS_TOKEN_TTL_SECONDS, TokenError } from '../auth/tokens';
import type { ServerContext } from '../context';
import { tooManyRequests, unauthorized } from '../http/errors';
import { parseInput, respondWith } from '../http/validate';
import {
  findUserById,
  findUserByUsername,
  normalizeUsername,
} from '../repositories/user-repository';

function tokenPair(accessToken: string, refreshToken: string): AuthResponse {
  return respondWith(authResponseSchema, {
    data: {
      type: 'auth',
      attributes: {
        AccessToken: accessToken,
        RefreshToken: refreshToken,
        ExpiresIn: ACCESS_TOKEN_TTL_SECONDS,
      },
    },
  });
}

/** spec: session 7 Authentication — POST auth signs in, PATCH auth refreshes. */
export function registerAuthRoutes(api: FastifyInstance, ctx: ServerContext): void {
  const { db, tokens, refreshTokens, loginLimiter } = ctx;

  api.post('/auth', async (request) => {
    // The contract trims the username (spec: session 4 step 1, session 5 Login).
    const { username, password } = parseInput(loginRequestSchema, request.body, 'body');
    // Counted per address and account, before the password is checked, so guessing is slow
    // whether or not a guess is right.
    if (!loginLimiter.tryAttempt(`${request.ip}|${normalizeUsername(username)}`)) {
      throw tooManyRequests(AUTH_ERRORS.tooManyAttempts);
    }
    const user = await findUserByUsername(db, username);
    const passwordOk = await verifyPassword(
      password,
      user?.password_hash ?? (await decoyPasswordHash()),
    );
    if (!user || !passwordOk) throw unauthorized(AUTH_ERRORS.invalidCredentials);

    const claims = await sessionClaimsFor(db, user);
    const [accessToken, refreshToken] = await Promise.all([
      tokens.signAccess(claims),
      refreshTokens.issue(user.id),
    ]);
    return tokenPair(accessToken, refreshToken);
  });

  api.patch('/auth', async (request) => {
    const { username, token } = parseInput(refreshRequestSchema, request.body, 'body');
    const refused = () => unauthorized(AUTH_ERRORS.invalidRefresh);

    let userId: string;
    try {
      userId = (await tokens.verifyRefresh(token)).sub;
    } catch {
      throw refused();
    }
    const user = await findUserById(db, userId);
    // The username must be the token's own: a token is no good to anybody else.
    if (!user || user.username !== normalizeUsername(username)) throw refused();
    // Re-read the authorizations: a deactivated user is refused here (403 'inactive').
    const claims = await sessionClaimsFor(db, user);

    let rotated: { token: string };
    try {
      rotated = await refreshTokens.rotate(token);
    } catch (error) {
      // Only a refused token is the client's problem; a database failure stays a 500.
      if (error instanceof TokenError) throw refused();
      throw error;
    }
    return tokenPair(await tokens.signAccess(claims), rotated.token);
  });

  /**
   * A second, independent session for the signed-in user: the standalone app hands it to
   * the browser extension ("Use this sign-in in your CRM tabs"). It must be a new refresh
   * token family: sharing the app's own refresh token would make the first rotation by
   * either side look like reuse and end both sessions.
   */
  api.post('/auth/sessions', async (request) => {
    const principal = await ctx.authenticate(request);
    const user = await findUserById(db, principal.sub);
    if (!user) throw unauthorized();
    const claims = await sessionClaimsFor(db, user);
    const [accessToken, refreshToken] = await Promise.all([
      tokens.signAccess(claims),
      refreshTokens.issue(user.id),
    ]);
    return tokenPair(accessToken, refreshToken);
  });
}
