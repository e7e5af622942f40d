import type { ApiClient } from '@/shared/api/client';

/**
 * The host's API client with every call carrying `signal`, so a query's calls stop when
 * TanStack Query cancels it (unmount, new filters) without every API function taking a
 * signal of its own. The transport underneath decides how to stop (ofetch aborts the
 * fetch; the extension's port stops waiting for the background's answer).
 */
export function withSignal(api: ApiClient, signal: AbortSignal): ApiClient {
  return {
    call: (schema, req, options) => api.call(schema, { ...req, signal }, options),
    subscribe: (event, handler) => api.subscribe(event, handler),
  };
}
