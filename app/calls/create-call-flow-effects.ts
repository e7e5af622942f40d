import {
  createExecutionHistory,
  deleteStepDraft,
  loadStepDraft,
  recordStepHistory,
  saveStepDraft,
  sendEmail,
  sendErrorNotification,
  startCase,
  submitStep,
  syncCrmRecord,
  updateCaseStatus,
  updateExecutionHistory,
} from '@/shared/api/call-flow';
import type { ApiClient } from '@/shared/api/client';
import { withSignal } from '@/shared/query/api-with-signal';
import type { DraftStorage } from '@/shared/call-flow/drafts';
import {
  createSyncedDraftStorage,
  type DraftServer,
  type ServerDraftStatus,
} from '@/shared/call-flow/synced-draft-storage';
import { type CallFlowEffects, type Scheduler, systemScheduler } from '@/shared/call-flow/effects';
import { createSessionErrorReporter, type SessionErrorReporter } from '@/shared/call-flow/errors';
import { HANG_UP_NOTIFICATION_TIMEOUT_MS } from '@/shared/contracts/call-flow';
import type { KeyValueStorage } from '@/shared/storage/storage';
import { TransportError } from '@/shared/transport/transport';

/** The server's copy of the drafts (issue #28), through whichever transport the host has. */
export function serverDrafts(api: ApiClient): DraftServer {
  return {
    save: (executionId, stepId, values) => saveStepDraft(api, executionId, stepId, values),
    load: async (executionId, stepId) =>
      (await loadStepDraft(api, executionId, stepId))?.values ?? null,
    remove: (executionId, stepId) => deleteStepDraft(api, executionId, stepId),
  };
}

/**
 * A failed server save says so once in the console until a save succeeds again: the agent
 * keeps typing undisturbed (the device's copy is safe), and support can see why a draft
 * did not follow the agent to another computer.
 */
function quietServerStatus(): (status: ServerDraftStatus, error?: unknown) => void {
  let failing = false;
  return (status, error) => {
    if (status === 'saved') failing = false;
    else if (!failing) {
      failing = true;
      console.warn('Draft not saved to the server; it is kept on this device.', error);
    }
  };
}

/** The device's drafts with the server's copy beside them (issue #28). */
export function syncedDraftStorage(device: DraftStorage, api: ApiClient): DraftStorage {
  return createSyncedDraftStorage({
    device,
    server: serverDrafts(api),
    onServerStatus: quietServerStatus(),
  });
}

/**
 * Drafts in the host's storage under the user's own prefix: two agents sharing a browser
 * never see each other's typing (issue 11 Forms: per execution and step). With the API
 * client, each draft is also kept on the server (issue #28: a sign-out clears the device's
 * copies, the server's brings them back).
 */
export function userDraftStorage(
  storage: KeyValueStorage,
  userId: string,
  api?: ApiClient,
): DraftStorage {
  const prefix = `user:${encodeURIComponent(userId)}:`;
  const device: DraftStorage = {
    get: (key) => storage.get(prefix + key),
    set: (key, value) => storage.set(prefix + key, value),
    remove: (key) => storage.remove(prefix + key),
  };
  return api ? syncedDraftStorage(device, api) : device;
}

// spec 8: "sent once per session". One reporter per signed-in user for the life of the page
// (a reload or a new sign-in is a new session), shared by every engine the screen creates.
let sessionReporter: { key: string; reporter: SessionErrorReporter } | null = null;

export function sessionErrorReporterFor(api: ApiClient, userId: string): SessionErrorReporter {
  if (sessionReporter?.key !== userId) {
    sessionReporter = {
      key: userId,
      reporter: createSessionErrorReporter(
        (request) => sendErrorNotification(api, request),
        (error) => console.error('Could not send the call-flow error notification', error),
      ),
    };
  }
  return sessionReporter.reporter;
}

/** Tests start each case with a fresh session. */
export function resetSessionErrorReporter(): void {
  sessionReporter = null;
}

/**
 * The engine shows a failure's message to the agent (spec 8): the server's own words
 * ("tas_uid: the process has no step x") say more than the status text ("Bad Request").
 */
function readable<T>(call: () => Promise<T>): Promise<T> {
  return call().catch((error: unknown) => {
    if (error instanceof TransportError && error.serverMessage) {
      throw new Error(error.serverMessage, { cause: error });
    }
    throw error;
  });
}

export interface CallFlowEffectsOptions {
  api: ApiClient;
  workspaceId: string;
  drafts: DraftStorage;
  errorReporter: SessionErrorReporter;
  /** spec 4 Hang up 6: what the host caches about the call (run 1 s after hang-up). */
  clearCallCaches?: () => void;
  scheduler?: Scheduler;
}

/**
 * The engine's effects (shared/call-flow/effects.ts) over the typed call-centre calls of
 * shared/api/call-flow.ts, so they travel through whichever Transport the host has. The
 * engine keeps its own deadlines (60 s, 20 s for the hang-up notice) and aborts its signal
 * when one passes; the signal reaches the transport, so the request stops too.
 */
export function createCallFlowEffects(options: CallFlowEffectsOptions): CallFlowEffects {
  const { api, workspaceId } = options;
  // The engine's deadline (spec 9) also stops the request on the wire.
  const on = (signal: AbortSignal) => withSignal(api, signal);
  return {
    http: {
      startCase: (request, signal) => readable(() => startCase(on(signal), request)),
      submitStep: async (request, signal) => {
        // issue #28: the server's draft is current before the step goes (kept if it fails).
        await options.drafts.flush?.().catch(() => undefined);
        return readable(() => submitStep(on(signal), request));
      },
      updateCaseStatus: (processId, request, signal) =>
        readable(() =>
          updateCaseStatus(
            on(signal),
            processId,
            request,
            request.app_status === 'CALL_ENDED' ? HANG_UP_NOTIFICATION_TIMEOUT_MS : undefined,
          ),
        ),
      createExecutionHistory: (request, signal) =>
        readable(() => createExecutionHistory(on(signal), request)),
      updateExecutionHistory: (id, request, signal) =>
        readable(() => updateExecutionHistory(on(signal), id, request)),
      recordStepHistory: (entry, signal) => readable(() => recordStepHistory(on(signal), entry)),
    },
    sendEmail: (request, signal) => readable(() => sendEmail(on(signal), request)),
    crmSync: async (historyId, record, signal) => {
      await readable(() => syncCrmRecord(on(signal), workspaceId, historyId, record));
    },
    scheduler: options.scheduler ?? systemScheduler,
    drafts: options.drafts,
    logger: {
      error: (message, details) => console.error(message, details),
      warn: (message, details) => console.warn(message, details),
    },
    errorReporter: options.errorReporter,
    clearCallCaches: options.clearCallCaches ?? (() => {}),
  };
}
