import type { FastifyInstance } from 'fastify';
import {
  AUTH_ERRORS,
  type AuthResponse,
  authResponseSchema,
  loginRequestSchema,
  refreshRequestSchema,
  revokeRequestSchema,
  tooManySignInAttempts,
} from '@/shared/contracts/auth';
import { decoyPasswordHash, hashPassword, needsRehash, verifyPassword } from '../auth/passwords';
import { sessionClaimsFor, sessionClaimsOrRefusal } from '../auth/session-claims';
import { ACCESS_TOKEN_TTL_SECONDS, TokenError } from '../auth/tokens';
import type { ServerContext } from '../context';
import { tooManyRequests, unauthorized } from '../http/errors';
import { parseInput, respondWith } from '../http/validate';
import {
  findUserById,
  findUserByUsername,
  normalizeUsername,
  updatePasswordHash,
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
  const { db, tokens, refreshTokens, loginThrottle, sessionLimiter, passwordCost } = ctx;

  api.post('/auth', async (request, reply) => {
    // The contract trims the username (spec: session 4 step 1, session 5 Login).
    const { username, password } = parseInput(loginRequestSchema, request.body, 'body');
    const account = normalizeUsername(username);
    // Counted per address and account, before the password is checked, so guessing is slow
    // whether or not a guess is right (issue 9 item 10: three budgets). The answer says
    // how long the spent budget lasts, in words and as Retry-After (issue #29).
    if (!loginThrottle.tryAttempt(request.ip, account)) {
      const waitSeconds = Math.max(
        1,
        Math.ceil(loginThrottle.retryAfterMs(request.ip, account) / 1000),
      );
      reply.header('retry-after', String(waitSeconds));
      throw tooManyRequests(tooManySignInAttempts(waitSeconds));
    }
    const user = await findUserByUsername(db, username);
    const passwordOk = await verifyPassword(
      password,
      user?.password_hash ?? (await decoyPasswordHash(passwordCost)),
    );
    // issue #29: an account that may not sign in (only inactive authorizations, or none)
    // answers as a wrong password does. Saying "inactive" only to the right password
    // confirmed the password to whoever guessed it, for the day the account is active again.
    const claims = user && passwordOk ? await sessionClaimsOrRefusal(db, user) : null;
    if (!user || !claims || 'refused' in claims) {
      throw unauthorized(AUTH_ERRORS.invalidCredentials);
    }
    loginThrottle.succeeded(request.ip, account);

    // The password is known only now: a hash made at a lower cost is upgraded (issue 9
    // item 10). A failure to write it must not fail the sign-in.
    if (needsRehash(user.password_hash, passwordCost)) {
      try {
        await updatePasswordHash(db, user.id, await hashPassword(password, passwordCost));
      } catch (error) {
        request.log.error({ err: error }, 'password rehash failed');
      }
    }

    const family = await refreshTokens.issue(user.id, 'sign-in');
    return tokenPair(await tokens.signAccess(claims, family.familyId), family.token);
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
    // The username must be the token's own: a token is no good to anybody else. A valid
    // token presented under another name is out of its owner's hands (issue #29): its whole
    // family is revoked, as for a replayed token.
    if (!user || user.username !== normalizeUsername(username)) {
      await refreshTokens.revoke(token, 'revoked');
      throw refused();
    }
    // Re-read the authorizations: a deactivated user is refused here (403 'inactive').
    const claims = await sessionClaimsFor(db, user);

    let rotated: { token: string; familyId: string };
    try {
      rotated = await refreshTokens.rotate(token);
    } catch (error) {
      // Only a refused token is the client's problem; a database failure stays a 500.
      if (error instanceof TokenError) throw refused();
      throw error;
    }
    return tokenPair(await tokens.signAccess(claims, rotated.familyId), rotated.token);
  });

  /**
   * Sign-out (issue 9 item 7): revokes the refresh token's whole family, so its access
   * tokens stop working and its sockets are closed at once. Always 204 for a well-formed
   * body — an unknown, expired or already revoked token has nothing left to end, and
   * the answer tells a caller nothing about a token it does not hold.
   */
  api.post('/auth/revoke', async (request, reply) => {
    const { token } = parseInput(revokeRequestSchema, request.body, 'body');
    await refreshTokens.revoke(token);
    return reply.code(204).send();
  });

  /**
   * A second, independent session for the signed-in user: the standalone app hands it to
   * the browser extension ("Use this sign-in in your CRM tabs"). It must be a new refresh
   * token family: sharing the app's own refresh token would make the first rotation by
   * either side look like reuse and end both sessions.
   *
   * Bounded (issue 9 item 7): a few per user and hour, the new family replaces the
   * user's previous extension family, and the per-user cap of active families holds.
   */
  api.post('/auth/sessions', async (request) => {
    const principal = await ctx.authenticate(request);
    if (!sessionLimiter.tryAttempt(principal.sub)) {
      throw tooManyRequests(AUTH_ERRORS.tooManySessions);
    }
    const user = await findUserById(db, principal.sub);
    if (!user) throw unauthorized();
    const claims = await sessionClaimsFor(db, user);
    const family = await refreshTokens.issue(user.id, 'extension');
    return tokenPair(await tokens.signAccess(claims, family.familyId), family.token);
  });
}
