import type {
  CrmSyncRecord,
  SendEmailRequest,
  StepHistoryEntry,
  Variables,
} from '../contracts/call-flow';
import { type CallFlowEffects, type Scheduler, systemScheduler } from './effects';
import { createSessionErrorReporter } from './errors';

// The designer's test run (issue #34 "a test run of the draft in the real wizard (no call,
// no CRM writes, e-mails shown instead of sent), with the path taken and the variables at
// each step shown"): the engine's effects answered here, in memory, so the very engine
// and wizard agents use run a draft that was never published, and nothing reaches the
// server: no case, no history, no e-mail, no CRM record. What would have been sent is
// kept, for the designer to show.

/** One step of the path the test run took, with the variables as they stood there. */
export interface TestRunStep {
  stepId: string;
  stepName: string;
  direction: StepHistoryEntry['direction'];
  variables: Variables;
}

export interface TestRunRecord {
  path: TestRunStep[];
  /** The e-mails the run would have sent. */
  emails: SendEmailRequest[];
  /** The records the run would have written to the CRM. */
  crmRecords: CrmSyncRecord[];
  /** How the run ended, when it did: completed at an END, or hung up. */
  ended: 'completed' | 'hung-up' | null;
}

export interface TestRun {
  effects: CallFlowEffects;
  /** What the run did so far (a new object at every change). */
  record(): TestRunRecord;
  /** Told at every change of the record. */
  subscribe(listener: () => void): () => void;
}

/** The execution id a test run carries (never one of the server's). */
export const TEST_RUN_EXECUTION_ID = 'test-run';

export function createTestRun(options: { scheduler?: Scheduler } = {}): TestRun {
  let record: TestRunRecord = { path: [], emails: [], crmRecords: [], ended: null };
  const listeners = new Set<() => void>();
  const update = (change: (current: TestRunRecord) => TestRunRecord) => {
    record = change(record);
    for (const listener of [...listeners]) listener();
  };
  const drafts = new Map<string, string>();
  let deliveries = 0;

  const effects: CallFlowEffects = {
    http: {
      startCase: async () => ({ app_uid: 'test-run-case', del_index: 1 }),
      submitStep: async () => ({ del_index: ++deliveries + 1 }),
      updateCaseStatus: async (_process, request) => {
        if (request.app_status === 'COMPLETED') update((r) => ({ ...r, ended: 'completed' }));
        // Finish after the end also ends the call: the run was still completed.
        else if (request.app_status === 'CALL_ENDED') {
          update((r) => ({ ...r, ended: r.ended ?? 'hung-up' }));
        }
      },
      createExecutionHistory: async () => ({ id: TEST_RUN_EXECUTION_ID }),
      updateExecutionHistory: async (_id, request) => {
        if (request.status === 'completed') update((r) => ({ ...r, ended: 'completed' }));
        else if (request.status === 'partial-complete') {
          update((r) => ({ ...r, ended: r.ended ?? 'hung-up' }));
        }
      },
      recordStepHistory: async (entry) =>
        update((r) => ({
          ...r,
          path: [
            ...r.path,
            {
              stepId: entry.currentStepId,
              stepName: entry.currentStepName,
              direction: entry.direction,
              variables: entry.variableState,
            },
          ],
        })),
    },
    sendEmail: async (request) => update((r) => ({ ...r, emails: [...r.emails, request] })),
    crmSync: async (_execution, crmRecord) =>
      update((r) => ({ ...r, crmRecords: [...r.crmRecords, crmRecord] })),
    scheduler: options.scheduler ?? systemScheduler,
    drafts: {
      get: (key) => drafts.get(key) ?? null,
      set: (key, value) => void drafts.set(key, value),
      remove: (key) => void drafts.delete(key),
    },
    logger: { error: () => {}, warn: () => {} },
    // A test run's failures are the designer's to show, never reported to support.
    errorReporter: createSessionErrorReporter(async () => {}),
    clearCallCaches: () => {},
  };

  return {
    effects,
    record: () => record,
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}
