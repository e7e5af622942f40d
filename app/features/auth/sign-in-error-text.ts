import { en } from '@/shared/i18n/en';
import { SignInError } from '@/shared/session/sign-in-error';

/** The text the sign-in form shows for a failure (spec: session 4 steps 6-7, 8 catalogue). */
export function signInErrorText(error: unknown): string {
  if (error instanceof SignInError) {
    return error.code === 'inactive' ? en.INACTIVE_USER : error.message || en.GENERIC_HTTP_ERROR;
  }
  return en.GENERIC_HTTP_ERROR;
}
