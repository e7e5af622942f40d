import type { ApiClient } from '@/shared/api/client';
import { TransportError } from '@/shared/transport/transport';
import { en } from '@/shared/i18n/en';

/**
 * The host's API without the client's toast: a form or dialog says what the server
 * answered, beside what the person typed.
 */
export function quietly(api: ApiClient): ApiClient {
  return {
    call: (schema, req, options) => api.call(schema, req, { ...options, silent: true }),
    subscribe: (event, handler) => api.subscribe(event, handler),
  };
}

/** The server's reason for a refusal, in its own words when it gave them. */
export function refusalMessage(error: unknown): string {
  const failure = TransportError.from(error);
  return failure.serverMessage ?? (failure.status === 0 ? en.GENERIC_HTTP_ERROR : failure.message);
}
