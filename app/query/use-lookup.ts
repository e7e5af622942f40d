import { skipToken, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useHost } from '@/app/host/host';
import type { LookupItem, LookupName } from '@/shared/api/lookups';
import {
  lookupQuery,
  reportLookupLists,
  type ReportLookupLists,
} from '@/shared/query/lookup-queries';
import { useQueryScope } from './use-data-query';

export interface LookupState<T> {
  /** The list; empty while it loads, and when it failed or is empty (spec: session 8). */
  items: T[];
  /** Only until the first answer or failure: a retry 5 minutes later is not "loading". */
  loading: boolean;
}

const NONE: never[] = [];

/**
 * One global lookup from the host's cache (spec: session 3 "Global lookups (cached)",
 * 4 Lookups): fetched when first needed in the signed-in workspace (or `inWorkspace`, the
 * one a system user works on), shared by every screen, retried every 5 minutes up to 5
 * times while failed or empty, fresh until the next day.
 */
export function useLookup<K extends LookupName>(
  name: K,
  enabled = true,
  inWorkspace?: string | null,
): LookupState<LookupItem<K>> {
  const { api, session } = useHost();
  const scope = useQueryScope();
  const workspaceId = inWorkspace ?? session.workspace?.id ?? null;
  const options = enabled && workspaceId ? lookupQuery(scope, api, name, workspaceId) : null;
  const query = useQuery<LookupItem<K>[]>(
    options
      ? { ...options, queryKey: [...options.queryKey] }
      : { queryKey: [...scope, 'lookup', name, 'off'], queryFn: skipToken },
  );
  const items = query.data ?? (NONE as LookupItem<K>[]);
  const loading = options !== null && query.status === 'pending' && query.failureCount === 0;
  return useMemo(() => ({ items, loading }), [items, loading]);
}

export interface ReportLookups extends ReportLookupLists {
  /** Until every list has answered (or failed) once. */
  loading: boolean;
}

/**
 * The lists behind the report filter panel (spec: dashboards 2.9), from the same cached
 * lookups every screen of the host shares: in the app, a widget or the extension alike.
 */
export function useReportLookups(): ReportLookups {
  const leadSources = useLookup('leadSources');
  const campaigns = useLookup('campaigns');
  const offices = useLookup('offices');
  const caseTypes = useLookup('caseTypes');
  const loading = leadSources.loading || campaigns.loading || offices.loading || caseTypes.loading;
  const lists = useMemo(
    () =>
      reportLookupLists({
        leadSources: leadSources.items,
        campaigns: campaigns.items,
        offices: offices.items,
        caseTypes: caseTypes.items,
      }),
    [leadSources.items, campaigns.items, offices.items, caseTypes.items],
  );
  return useMemo(() => ({ ...lists, loading }), [lists, loading]);
}
