import { authResponseSchema, type LoginRequest } from '@/shared/contracts/auth';
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
