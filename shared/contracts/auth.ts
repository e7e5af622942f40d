import { z } from 'zod';

/** Credentials are trimmed before they are sent (spec: session 4 Sign-in, 5 Login). */
export const loginRequestSchema = z.object({
  username: z.string().trim().min(1, 'username is required').max(254),
  password: z.string().min(1, 'password is required').max(1024),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

/** PATCH auth {username, token}: token is the refresh token (spec: session 7). */
export const refreshRequestSchema = z.object({
  username: z.string().trim().min(1, 'username is required').max(254),
  token: z.string().min(1, 'token is required').max(4096),
});
export type RefreshRequest = z.infer<typeof refreshRequestSchema>;

/**
 * POST auth/revoke {token}: ends the refresh-token family of that token (logout; issue 9
 * item 7). Answers 204 whether or not the token was still alive, so a retry is harmless.
 */
export const revokeRequestSchema = z.object({
  token: z.string().min(1, 'token is required').max(4096),
});
export type RevokeRequest = z.infer<typeof revokeRequestSchema>;

export const tokenAttributesSchema = z.object({
  AccessToken: z.string().min(1),
  RefreshToken: z.string().min(1),
  /** Seconds until the access token expires. */
  ExpiresIn: z.number().int().positive(),
});

/** Both POST and PATCH auth answer the token pair; PATCH rotates the refresh token. */
export const authResponseSchema = z.object({
  data: z.object({ type: z.literal('auth'), attributes: tokenAttributesSchema }),
});
export type AuthResponse = z.infer<typeof authResponseSchema>;

/** Error messages the server gives sign-in failures; the client maps them to texts. */
export const AUTH_ERRORS = {
  invalidCredentials: 'Invalid username or password.',
  inactive: 'inactive',
  noRole: 'NO_ROLE_ASSOCIATED',
  /** Without the server's own text (which says how long: tooManySignInAttempts). */
  tooManyAttempts: 'Too many sign-in attempts. Please wait a few minutes and try again.',
  invalidRefresh: 'The session has expired. Please sign in again.',
  tooManySessions: 'Too many new sessions. Please wait an hour and try again.',
} as const;

/**
 * The 429 of a spent sign-in budget, with the real wait rounded up to whole minutes
 * (issue #29: it said "a minute" while the address and account budgets last 10). The
 * answer also carries it as Retry-After, in seconds.
 */
export function tooManySignInAttempts(waitSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(waitSeconds / 60));
  const wait = minutes === 1 ? 'a minute' : `${minutes} minutes`;
  return `Too many sign-in attempts. Please wait ${wait} and try again.`;
}
