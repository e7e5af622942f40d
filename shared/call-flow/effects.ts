import type {
  CaseStatusUpdate,
  CrmSyncRecord,
  ExecutionHistoryCreate,
  ExecutionHistoryUpdate,
  SendEmailRequest,
  StartCaseRequest,
  StartCaseResponse,
  StepHistoryEntry,
  SubmitStepRequest,
  SubmitStepResponse,
} from '../contracts/call-flow';
import type { DraftStorage } from './drafts';
import { CallFlowTimeoutError, type SessionErrorReporter } from './errors';

// The engine's effects, injected: the app wires them to shared/api over its Transport, the
// tests to fakes. Every call gets an AbortSignal that fires when the call times out.

/** The call-flow calls of spec 7. */
export interface CallFlowHttp {
  /** POST processes/{process}. */
  startCase(request: StartCaseRequest, signal: AbortSignal): Promise<StartCaseResponse>;
  /** PUT processes/{process}. */
  submitStep(request: SubmitStepRequest, signal: AbortSignal): Promise<SubmitStepResponse>;
  /** PUT processmaker/{id} (id: the process uid): COMPLETED at the end, CALL_ENDED on hang-up. */
  updateCaseStatus(
    processId: string,
    request: CaseStatusUpdate,
    signal: AbortSignal,
  ): Promise<void>;
  /** POST process-execution-history. */
  createExecutionHistory(
    request: ExecutionHistoryCreate,
    signal: AbortSignal,
  ): Promise<{ id: string }>;
  /** PATCH process-execution-history/{id}. */
  updateExecutionHistory(
    id: string,
    request: ExecutionHistoryUpdate,
    signal: AbortSignal,
  ): Promise<void>;
  /** POST process-execution-steps-history. */
  recordStepHistory(entry: StepHistoryEntry, signal: AbortSignal): Promise<void>;
}

/** A clock and timers, so tests drive time (60 s timeouts, the 1 s cache clear). */
export interface Scheduler {
  now(): number;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface CallFlowLogger {
  error(message: string, details?: unknown): void;
  warn(message: string, details?: unknown): void;
}

export interface CallFlowEffects {
  http: CallFlowHttp;
  /** POST {service-processes}/sendEmail. */
  sendEmail(request: SendEmailRequest, signal: AbortSignal): Promise<void>;
  /** POST workspaces/{id}/async-records/{processExecutionHistoryId}. */
  crmSync(
    processExecutionHistoryId: string,
    record: CrmSyncRecord,
    signal: AbortSignal,
  ): Promise<void>;
  scheduler: Scheduler;
  drafts: DraftStorage;
  logger: CallFlowLogger;
  /** One per signed-in session (createSessionErrorReporter). */
  errorReporter: SessionErrorReporter;
  /** spec 4 Hang up 6: clear the call caches (run 1 s after hang-up). */
  clearCallCaches(): void;
}

export const systemScheduler: Scheduler = {
  now: () => Date.now(),
  setTimeout: (run, ms) => globalThis.setTimeout(run, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/**
 * Runs a call with a deadline (spec 9: call-flow calls time out at 60 s). On time-out the
 * signal aborts and the promise rejects with CallFlowTimeoutError, whatever the call does.
 */
export function withTimeout<T>(
  scheduler: Scheduler,
  ms: number,
  run: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  const controller = new AbortController();
  return new Promise<T>((resolve, reject) => {
    const timer = scheduler.setTimeout(() => {
      controller.abort();
      reject(new CallFlowTimeoutError(`The server did not answer within ${ms / 1000} s`));
    }, ms);
    let pending: Promise<T>;
    try {
      pending = run(controller.signal);
    } catch (e) {
      pending = Promise.reject(e);
    }
    pending.then(
      (value) => {
        scheduler.clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        scheduler.clearTimeout(timer);
        reject(error);
      },
    );
  });
}
