import { en } from '@/shared/i18n/en';
import type { TransportError } from '@/shared/transport/transport';

/**
 * spec: session 8 / dashboards 8 — any HTTP failure other than 500 raises an error
 * notification with the response body's message, else the error text, else
 * GENERIC_HTTP_ERROR; a 500 raises none. A failed refresh already told the user
 * (AUTH_PATCH_ERROR at logout), so it is not repeated.
 */
export function describeHttpError(error: TransportError): string | null {
  if (error.status === 500 || error.authFailed) return null;
  return error.serverMessage || error.message || en.GENERIC_HTTP_ERROR;
}
