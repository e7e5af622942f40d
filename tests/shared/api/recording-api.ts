import { vi } from 'vitest';
import { createApiClient } from '@/shared/api/client';
import type { Transport, TransportRequest } from '@/shared/transport/transport';

/**
 * The real ApiClient over a transport that records every request and answers with
 * `answer(request)` (or throws what it throws): for the client-call tests, which check each
 * call's method, path and payload, and its answer against the contract.
 */
export function recordingApi(answer: (request: TransportRequest) => unknown) {
  const requests: TransportRequest[] = [];
  const transport: Transport = {
    request: async (request) => {
      requests.push(request);
      return answer(request);
    },
    subscribe: () => () => {},
  };
  const notify = vi.fn();
  return { api: createApiClient(transport, notify), requests, notify };
}
