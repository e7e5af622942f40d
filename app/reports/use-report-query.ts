import { useDataQuery, useQueryScope, type DataState } from '@/app/query/use-data-query';
import { useHost } from '@/app/host/host';
import { useReportWorkspace } from '@/app/reports/report-workspace';
import type { ApiClient } from '@/shared/api/client';
import { withSignal } from '@/shared/query/api-with-signal';
import { requireData } from '@/shared/query/data-errors';
import { REPORT_GC_MS, REPORT_STALE_MS } from '@/shared/query/data-query';
import { reportsKey } from '@/shared/query/report-queries';

/**
 * One report call of a screen through the data layer, keyed by the report's name and
 * exactly what it sends (equal inputs share one answer and one request), cancelled when
 * nobody waits, not retried by itself (the error view's Try Again is the retry), and
 * 'No Data' when `isEmpty` says the answer holds nothing (spec: dashboards 5, 8).
 * `input` null waits (filters still being read). The workspace is `useReportWorkspace`'s:
 * the session's, or the one a system user picked (none picked yet: it waits too).
 */
export function useReportQuery<I, T>(
  name: string,
  input: I | null,
  load: (api: ApiClient, workspaceId: string, input: I) => Promise<T>,
  isEmpty?: (data: T) => boolean,
): DataState<T> {
  const { api } = useHost();
  const scope = useQueryScope();
  const workspaceId = useReportWorkspace()?.id ?? null;
  return useDataQuery(
    input !== null && workspaceId
      ? {
          queryKey: [...reportsKey(scope), name, workspaceId, input],
          queryFn: async ({ signal }) => {
            const data = await load(withSignal(api, signal), workspaceId, input);
            return isEmpty ? requireData(data, isEmpty) : data;
          },
          staleTime: REPORT_STALE_MS,
          gcTime: REPORT_GC_MS,
          retry: false,
        }
      : null,
  );
}
