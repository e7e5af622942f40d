import { AUTH_ERRORS } from '@/shared/contracts/auth';
import { en } from '@/shared/i18n/en';
import { TransportError } from '@/shared/transport/transport';

/** Why a sign-in failed: what the form tells the user (spec: session 4 steps 6-7, 8). */
export const SIGN_IN_ERROR_CODES = [
  'invalid',
  'inactive',
  'noRole',
  'rateLimited',
  'network',
] as const;
export type SignInErrorCode = (typeof SIGN_IN_ERROR_CODES)[number];

/**
 * The one error a sign-in throws, wherever it runs: the app's session service, or the
 * extension's popup through the background (the port carries it as a typed error and
 * the port transport throws this same class again; port-protocol.ts).
 */
export class SignInError extends Error {
  constructor(
    readonly code: SignInErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'SignInError';
  }
}

/** Any sign-in failure as a SignInError: the server's refusals by their message, the rest by status. */
export function toSignInError(error: unknown): SignInError {
  if (error instanceof SignInError) return error;
  if (error instanceof TransportError) {
    if (error.status === 401) return new SignInError('invalid', en.INVALID_CREDENTIALS);
    if (error.serverMessage === AUTH_ERRORS.inactive)
      return new SignInError('inactive', en.INACTIVE_USER);
    if (error.serverMessage === AUTH_ERRORS.noRole)
      return new SignInError('noRole', en.NO_ROLE_ASSOCIATED);
    if (error.status === 429) {
      return new SignInError('rateLimited', error.serverMessage ?? AUTH_ERRORS.tooManyAttempts);
    }
    if (error.status >= 400 && error.status < 500 && error.serverMessage) {
      return new SignInError('invalid', error.serverMessage);
    }
    return new SignInError(
      'network',
      error.status === 0 || error.status === 408 ? error.message : en.GENERIC_HTTP_ERROR,
    );
  }
  return new SignInError('network', en.GENERIC_HTTP_ERROR);
}
