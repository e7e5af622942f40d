import {
  type MicroservicesReport,
  microservicesResponseSchema,
} from '@/shared/contracts/microservices';
import { CHECK_TIMEOUT_MS } from '@/shared/domain/microservices';
import type { ApiClient, CallOptions } from './client';
import { callForData } from './client';

/** Every check is bounded by CHECK_TIMEOUT_MS on the server; the call waits a little more. */
const MICROSERVICES_TIMEOUT_MS = CHECK_TIMEOUT_MS + 7_000;

/** GET system/microservices — the reference server's own health, part by part (system role). */
export async function fetchMicroservices(
  api: ApiClient,
  options?: CallOptions,
): Promise<MicroservicesReport> {
  return callForData(
    api,
    microservicesResponseSchema,
    { method: 'GET', path: 'system/microservices', timeoutMs: MICROSERVICES_TIMEOUT_MS },
    options,
  );
}
