import {
  fetchProcessDraft,
  listProcessDesigns,
  listProcessVersions,
} from '@/shared/api/call-flow-designer';
import { fetchProcessDefinition } from '@/shared/api/call-flow';
import type { ApiClient } from '@/shared/api/client';
import { quietly } from '@/shared/api/quiet-api';
import type { ProcessDefinition } from '@/shared/contracts/call-flow';
import type { ProcessDesign, ProcessDraft, ProcessVersion } from '@/shared/contracts/call-flow-api';
import { withSignal } from '@/shared/query/api-with-signal';
import { TransportError } from '@/shared/transport/transport';
import type { DataQueryOptions, QueryKey } from '@/shared/query/data-query';
import type { QueryScope } from '@/shared/query/query-scope';
import { processesKey } from '../call-flow-queries';

// The designer's reads (issue #34) as queries of the shared data layer: keyed by the
// signed-in scope and the workspace, never served stale without asking (two owners may
// edit at once: the list and a draft are what the server says now).

const designerKey = (scope: QueryScope, workspaceId: string) =>
  [...scope, 'call-flow-designer', workspaceId] as const;

/** Every key under the workspace's designer: a publish or an archive changes them all. */
export const designerKeys = {
  all: designerKey,
  list: (scope: QueryScope, workspaceId: string) =>
    [...designerKey(scope, workspaceId), 'list'] as const,
  process: (scope: QueryScope, workspaceId: string, uid: string) =>
    [...designerKey(scope, workspaceId), 'process', uid] as const,
};

/**
 * What a publish, restore or archive makes stale besides the designer: the agents' list of
 * processes (not the rest of Call Flows: histories and CRM records do not change).
 */
export const agentsProcessesKey = processesKey;

function query<T>(
  queryKey: QueryKey,
  api: ApiClient,
  load: (client: ApiClient) => Promise<T>,
): DataQueryOptions<T> {
  return {
    queryKey,
    queryFn: ({ signal }) => load(withSignal(api, signal)),
    staleTime: 0,
    // The error view's Try again is the retry (spec: dashboards 8).
    retry: false,
  };
}

export function processDesignsQuery(
  scope: QueryScope,
  api: ApiClient,
  workspaceId: string,
): DataQueryOptions<ProcessDesign[]> {
  return query(designerKeys.list(scope, workspaceId), api, (client) =>
    listProcessDesigns(client, workspaceId),
  );
}

/**
 * What the editor opens: the draft when there is one, else the published definition (a
 * first edit makes the draft); `published` is null for a process never published.
 */
export interface ProcessInDesigner {
  draft: ProcessDraft | null;
  published: ProcessDefinition | null;
}

export function processInDesignerQuery(
  scope: QueryScope,
  api: ApiClient,
  workspaceId: string,
  uid: string,
): DataQueryOptions<ProcessInDesigner> {
  return query(designerKeys.process(scope, workspaceId, uid), api, async (client) => {
    const [draft, published] = await Promise.all([
      fetchProcessDraft(client, workspaceId, uid),
      // Quietly: a process never published has no definition yet (404), which is no error.
      fetchProcessDefinition(quietly(client), workspaceId, uid).catch((error: unknown) => {
        if (isNotFound(error)) return null;
        throw error;
      }),
    ]);
    return { draft, published };
  });
}

export function processVersionsQuery(
  scope: QueryScope,
  api: ApiClient,
  workspaceId: string,
  uid: string,
): DataQueryOptions<ProcessVersion[]> {
  return query([...designerKeys.process(scope, workspaceId, uid), 'versions'], api, (client) =>
    listProcessVersions(quietly(client), workspaceId, uid).catch((error: unknown) => {
      // A process never published has no versions yet.
      if (isNotFound(error)) return [];
      throw error;
    }),
  );
}

function isNotFound(error: unknown): boolean {
  return error instanceof TransportError && error.status === 404;
}
