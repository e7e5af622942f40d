import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useHost } from '@/app/host/host';
import { useQueryScope } from '@/app/query/use-data-query';
import type { MicroservicesReport } from '@/shared/contracts/microservices';
import { MICROSERVICES_REFRESH_MS } from '@/shared/domain/microservices';
import { microservicesQuery } from '@/shared/query/system-queries';

export interface MicroservicesState {
  /** The last answer (kept on screen while the next check runs or after it fails). */
  report: MicroservicesReport | null;
  /** A check is running. */
  checking: boolean;
  /** Why the last check failed; null when it answered. */
  error: string | null;
  /** Checks now (the "Check again" button); does nothing while a check runs. */
  checkAgain: () => void;
}

const reasonOf = (error: unknown) =>
  error instanceof Error && error.message ? error.message : 'The check did not answer.';

/**
 * The server's health, checked on open, on demand, and every `refreshMs` while the page
 * is visible: a hidden tab pauses (no polling nobody sees), and coming back after the
 * interval checks at once (microservicesQuery). Failures are shown by the page, not as
 * toasts (a toast every 30 s would bury the screen).
 */
export function useMicroservices(refreshMs: number = MICROSERVICES_REFRESH_MS): MicroservicesState {
  const { api } = useHost();
  const scope = useQueryScope();
  const query = useQuery(microservicesQuery(scope, api, refreshMs));
  const { refetch } = query;
  // A check already running is not started again (cancelRefetch: false).
  const checkAgain = useCallback(() => void refetch({ cancelRefetch: false }), [refetch]);
  return {
    report: query.data ?? null,
    checking: query.isFetching,
    error: query.isError ? reasonOf(query.error) : null,
    checkAgain,
  };
}
