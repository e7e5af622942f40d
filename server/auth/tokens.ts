import { randomUUID } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import { z } from 'zod';
import { editionKeySchema, roleSchema } from '@/shared/contracts/roles';

/** spec: session 4 step 8 — the client refreshes on 401; short-lived access, long refresh. */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_SECONDS = 30 * 24 * 60 * 60;
const ISSUER = 'intake-cockpit';
const ALGORITHM = 'HS256';

/** What an access token says about its bearer; also the request's principal. */
export const accessClaimsSchema = z.object({
  sub: z.string().min(1),
  username: z.string(),
  role: roleSchema,
  workspace: z.string().nullable(),
  edition: editionKeySchema.nullable(),
  typ: z.literal('access'),
  /**
   * The session (refresh-token family) the token was minted for: signing out or
   * deactivation revokes the family, and with it every access token and socket of it
   * (issue 9 item 8).
   */
  sid: z.string().min(1).max(64),
  /** Seconds since the epoch; required: a token without an expiry is refused (issue 9 Low). */
  exp: z.number(),
});
export type AccessClaims = z.infer<typeof accessClaimsSchema>;
/** What the server decides about a user (session-claims.ts); the token adds the rest. */
export type UserClaims = Omit<AccessClaims, 'typ' | 'sid' | 'exp'>;

const refreshClaimsSchema = z.object({
  sub: z.string().min(1),
  jti: z.string().min(1),
  typ: z.literal('refresh'),
  exp: z.number(),
});
export type RefreshClaims = z.infer<typeof refreshClaimsSchema>;

/** Why a token was refused: the socket and HTTP layers answer 'token_expired' for expired. */
export class TokenError extends Error {
  constructor(readonly reason: 'expired' | 'invalid') {
    super(reason === 'expired' ? 'token_expired' : 'invalid token');
    this.name = 'TokenError';
  }
}

export interface TokenService {
  /** An access token of the session `sid` (a refresh-token family id). */
  signAccess(claims: UserClaims, sid: string): Promise<string>;
  verifyAccess(token: string): Promise<AccessClaims>;
  /** `notAfter` caps the expiry (the family's absolute end, issue 9 item 7). */
  signRefresh(
    userId: string,
    options?: { jti?: string; notAfter?: Date },
  ): Promise<{ token: string; jti: string; expiresAt: Date }>;
  verifyRefresh(token: string): Promise<RefreshClaims>;
}

export function createTokenService(secret: Uint8Array, now: () => Date): TokenService {
  const seconds = () => Math.floor(now().getTime() / 1000);

  async function verify<T>(token: string, schema: z.ZodType<T>): Promise<T> {
    try {
      const { payload } = await jwtVerify(token, secret, {
        // Only HS256 (no 'none', no HS512, no RS256 with our secret as a "public key"),
        // only our issuer, and never a token without an expiry (issue 9 Low).
        algorithms: [ALGORITHM],
        issuer: ISSUER,
        requiredClaims: ['exp', 'iat', 'sub'],
        currentDate: now(),
      });
      const parsed = schema.safeParse(payload);
      if (!parsed.success) throw new TokenError('invalid');
      return parsed.data;
    } catch (error) {
      if (error instanceof TokenError) throw error;
      if (error instanceof errors.JWTExpired) throw new TokenError('expired');
      // Bad signature, malformed token, wrong algorithm, wrong issuer: all simply invalid.
      throw new TokenError('invalid');
    }
  }

  return {
    async signAccess(claims, sid) {
      const iat = seconds();
      return new SignJWT({ ...claims, sid, typ: 'access' })
        .setProtectedHeader({ alg: ALGORITHM })
        .setIssuer(ISSUER)
        .setSubject(claims.sub)
        .setIssuedAt(iat)
        .setExpirationTime(iat + ACCESS_TOKEN_TTL_SECONDS)
        .sign(secret);
    },
    verifyAccess: (token) => verify(token, accessClaimsSchema),
    async signRefresh(userId, options = {}) {
      const jti = options.jti ?? randomUUID();
      const iat = seconds();
      const cap = options.notAfter ? Math.floor(options.notAfter.getTime() / 1000) : Infinity;
      const exp = Math.min(iat + REFRESH_TOKEN_TTL_SECONDS, cap);
      const token = await new SignJWT({ typ: 'refresh' })
        .setProtectedHeader({ alg: ALGORITHM })
        .setIssuer(ISSUER)
        .setSubject(userId)
        .setJti(jti)
        .setIssuedAt(iat)
        .setExpirationTime(exp)
        .sign(secret);
      return { token, jti, expiresAt: new Date(exp * 1000) };
    },
    verifyRefresh: (token) => verify(token, refreshClaimsSchema),
  };
}
