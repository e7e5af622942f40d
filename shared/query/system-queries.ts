import type { ApiClient } from '@/shared/api/client';
import { fetchMicroservices } from '@/shared/api/microservices';
import type { MicroservicesReport } from '@/shared/contracts/microservices';
import { withSignal } from './api-with-signal';
import { pollEvery, type PollingQueryOptions } from './data-query';
import type { QueryScope } from './query-scope';

/** The server's health, for System > Microservices. */
export const microservicesKey = (scope: QueryScope) => [...scope, 'microservices'] as const;

/**
 * GET system/microservices, asked on open, then every `refreshMs` after the last answer
 * while the page is visible (a hidden tab asks nothing; coming back after the interval asks
 * at once). Failures are not toasted (the page shows them; a toast every 30 s would bury
 * the screen) and not retried (the next check is the retry).
 */
export function microservicesQuery(
  scope: QueryScope,
  api: ApiClient,
  refreshMs: number,
): PollingQueryOptions<MicroservicesReport> {
  return {
    queryKey: microservicesKey(scope),
    queryFn: ({ signal }) => fetchMicroservices(withSignal(api, signal), { silent: true }),
    ...pollEvery(refreshMs),
    refetchOnMount: 'always',
    retry: false,
  };
}
