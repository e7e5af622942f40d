import { z } from 'zod';
import {
  authResponseSchema,
  revokeRequestSchema,
  type LoginRequest,
} from '@/shared/contracts/auth';
import { meResponseSchema } from '@/shared/contracts/user';
import type { ApiClient } from './client';

/** POST auth (spec: session 7). The sign-in form shows its own errors: silent. */
export function login(api: ApiClient, credentials: LoginRequest) {
  return api.call(
    authResponseSchema,
    { method: 'POST', path: 'auth', body: credentials, anonymous: true, skipAuthRefresh: true },
    { silent: true },
  );
}

/** GET users/me?include=authorizations,person */
export function getMe(api: ApiClient, options: { silent?: boolean } = {}) {
  return api.call(
    meResponseSchema,
    { method: 'GET', path: 'users/me', query: { include: 'authorizations,person' } },
    options,
  );
}

/**
 * POST auth/sessions: a second, independent session for the signed-in user, to hand to
 * the browser extension (its own refresh-token family, so neither side's rotation ends
 * the other's session).
 */
export function openSecondSession(api: ApiClient) {
  return api.call(authResponseSchema, { method: 'POST', path: 'auth/sessions' });
}

/** How long a logout waits for the server to revoke before giving up (best effort). */
export const REVOKE_TIMEOUT_MS = 3000;

/**
 * POST auth/revoke {token} (issue 9 item 7): the server ends the session's refresh-token
 * family, so a copy of the token left anywhere stops working. Anonymous (the refresh
 * token is the credential) and never refreshed: a logout must not rotate the session it
 * ends. Silent: the user is signing out, a failure is nothing they can act on.
 */
export async function revokeSession(api: ApiClient, refreshToken: string): Promise<void> {
  await api.call(
    z.unknown(),
    {
      method: 'POST',
      path: 'auth/revoke',
      body: revokeRequestSchema.parse({ token: refreshToken }),
      anonymous: true,
      skipAuthRefresh: true,
      timeoutMs: REVOKE_TIMEOUT_MS,
    },
    { silent: true },
  );
}
