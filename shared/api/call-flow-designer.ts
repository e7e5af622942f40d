import {
  callCenterPaths,
  leadGenerationSetResponseSchema,
  type ProcessDesign,
  processDesignListResponseSchema,
  processDesignResponseSchema,
  type ProcessDraft,
  processDraftDiscardedSchema,
  processDraftResponseSchema,
  processSavedResponseSchema,
  type ProcessSummary,
  type ProcessVersion,
  processVersionListResponseSchema,
} from '@/shared/contracts/call-flow-api';
import { CALL_FLOW_TIMEOUT_MS } from '@/shared/contracts/call-flow';
import type { Workspace } from '@/shared/contracts/workspace';
import { TransportError, type TransportRequest } from '@/shared/transport/transport';
import type { ApiClient } from './client';

// The call-flow designer's calls (issue #34, docs/call-flows.md "Versions and drafts"): the
// list of a workspace's processes as its owner edits them, archiving, drafts with their
// revision (optimistic concurrency), publishing, versions and restoring one. Each answer is
// checked by its contract in shared/contracts/call-flow-api.ts.

function callCenter(
  method: TransportRequest['method'],
  path: string,
  body?: unknown,
): TransportRequest {
  return {
    method,
    path,
    base: 'callCenter',
    timeoutMs: CALL_FLOW_TIMEOUT_MS,
    ...(body === undefined ? {} : { body }),
  };
}

/** GET workspaces/{id}/process-designs: every process, published or drafted, by name. */
export async function listProcessDesigns(
  api: ApiClient,
  workspaceId: string,
): Promise<ProcessDesign[]> {
  const answer = await api.call(
    processDesignListResponseSchema,
    callCenter('GET', callCenterPaths.workspaceProcessDesigns(workspaceId)),
  );
  return answer.data;
}

/** PUT …/processes/{uid}/archived: archives a published process, or brings it back. */
export async function setProcessArchived(
  api: ApiClient,
  workspaceId: string,
  uid: string,
  archived: boolean,
): Promise<ProcessDesign> {
  const answer = await api.call(
    processDesignResponseSchema,
    callCenter('PUT', callCenterPaths.processArchived(workspaceId, uid), { archived }),
  );
  return answer.data;
}

/** GET …/draft: the draft, or null when the process has none. */
export async function fetchProcessDraft(
  api: ApiClient,
  workspaceId: string,
  uid: string,
): Promise<ProcessDraft | null> {
  try {
    const answer = await api.call(
      processDraftResponseSchema,
      callCenter('GET', callCenterPaths.processDraft(workspaceId, uid)),
      { silent: true },
    );
    return answer.data;
  } catch (error) {
    if (error instanceof TransportError && error.status === 404) return null;
    throw error;
  }
}

/**
 * What saving a draft came to: saved (the new revision to name next), or refused because
 * someone saved or published it after the copy being edited, with theirs as it is now
 * (null: published or discarded). The caller keeps what its user typed in both cases.
 */
export type DraftSaveOutcome =
  { saved: true; draft: ProcessDraft } | { saved: false; theirs: ProcessDraft | null };

/**
 * PUT …/draft {definition, revision}: 0 for the first save of a draft. Silent: the
 * designer says in place whether its draft is saved.
 */
export async function saveProcessDraft(
  api: ApiClient,
  workspaceId: string,
  uid: string,
  definition: Record<string, unknown>,
  revision: number,
): Promise<DraftSaveOutcome> {
  try {
    const answer = await api.call(
      processDraftResponseSchema,
      callCenter('PUT', callCenterPaths.processDraft(workspaceId, uid), { definition, revision }),
      { silent: true },
    );
    return { saved: true, draft: answer.data };
  } catch (error) {
    if (!(error instanceof TransportError) || error.status !== 409) throw error;
    return { saved: false, theirs: await fetchProcessDraft(api, workspaceId, uid) };
  }
}

/** DELETE …/draft: the unpublished changes go; the published version stays. */
export async function discardProcessDraft(
  api: ApiClient,
  workspaceId: string,
  uid: string,
): Promise<void> {
  await api.call(
    processDraftDiscardedSchema,
    callCenter('DELETE', callCenterPaths.processDraft(workspaceId, uid)),
  );
}

/**
 * POST …/draft/publish {revision}: the draft becomes the newest version, which new calls
 * run. A 400 names the problems (the draft's own `problems` list them too); a 409 says the
 * draft changed since that revision.
 */
export async function publishProcessDraft(
  api: ApiClient,
  workspaceId: string,
  uid: string,
  revision: number,
): Promise<ProcessSummary> {
  const answer = await api.call(
    processSavedResponseSchema,
    callCenter('POST', callCenterPaths.processDraftPublish(workspaceId, uid), { revision }),
  );
  return answer.data;
}

/** GET …/versions: every published version, newest first. */
export async function listProcessVersions(
  api: ApiClient,
  workspaceId: string,
  uid: string,
): Promise<ProcessVersion[]> {
  const answer = await api.call(
    processVersionListResponseSchema,
    callCenter('GET', callCenterPaths.processVersions(workspaceId, uid)),
  );
  return answer.data;
}

/** POST …/versions/{n}/restore: version n's content published again as the newest. */
export async function restoreProcessVersion(
  api: ApiClient,
  workspaceId: string,
  uid: string,
  version: number,
): Promise<ProcessSummary> {
  const answer = await api.call(
    processSavedResponseSchema,
    callCenter('POST', callCenterPaths.processVersionRestore(workspaceId, uid, version)),
  );
  return answer.data;
}

/**
 * PUT workspaces/{id}/lead-generation-process: the process incoming calls that name none
 * run, or null for none. The workspace's signed-in sessions load it again.
 */
export async function setLeadGenerationProcess(
  api: ApiClient,
  workspaceId: string,
  process: string | null,
): Promise<Workspace['attributes']['processes']> {
  const answer = await api.call(
    leadGenerationSetResponseSchema,
    callCenter('PUT', callCenterPaths.leadGenerationProcess(workspaceId), { process }),
  );
  return answer.data;
}
