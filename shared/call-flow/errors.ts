import type { CallFlowError, ErrorNotificationRequest } from '../contracts/call-flow';

// spec 8: a call-flow error (forward, backward, triggers, next step) is logged and sent once
// per session as an error-notification email carrying workspace, agent, environment,
// execution id, step title and trigger; a trigger error is also rethrown.

/** What the engine rejects with when a trigger fails (spec 8: a trigger error is rethrown). */
export class CallFlowTriggerError extends Error {
  override readonly name = 'CallFlowTriggerError';
  constructor(
    readonly detail: CallFlowError,
    options?: { cause?: unknown },
  ) {
    super(detail.message, options);
  }
}

/** Thrown inside the engine to end a move; turned into a CallFlowError value at its edge. */
export class CallFlowFailure extends Error {
  constructor(
    readonly detail: CallFlowError,
    options?: { cause?: unknown },
  ) {
    super(detail.message, options);
  }
}

export class CallFlowTimeoutError extends Error {
  override readonly name = 'CallFlowTimeoutError';
}

export interface ErrorReportContext {
  workspace: string;
  agent: string;
  environment: string;
  executionId: string | null;
}

export interface SessionErrorReporter {
  /** Sends the error-notification unless one was already sent this session. */
  report(error: CallFlowError, context: ErrorReportContext): Promise<void>;
  readonly hasReported: boolean;
}

export function errorNotificationFor(
  error: CallFlowError,
  context: ErrorReportContext,
): ErrorNotificationRequest {
  const lines = [
    `Workspace: ${context.workspace}`,
    `Agent: ${context.agent}`,
    `Environment: ${context.environment}`,
    `Execution id: ${context.executionId ?? 'none'}`,
    `Step title: ${error.stepTitle ?? 'none'}`,
    `Trigger: ${error.trigger ?? 'none'}`,
    `Operation: ${error.operation}`,
    `Error: ${error.message}`,
  ];
  return {
    subject: `Call flow error (${error.operation}) in workspace ${context.workspace}`.slice(
      0,
      1_000,
    ),
    body: lines.join('\n').slice(0, 50_000),
  };
}

/**
 * One per signed-in session (the app creates it at sign-in and hands it to every engine), so
 * "once per session" holds across calls. The flag is set before sending: two errors at the
 * same moment still send one email. A failed send is logged, not retried.
 */
export function createSessionErrorReporter(
  send: (request: ErrorNotificationRequest) => Promise<void>,
  onSendFailed: (error: unknown) => void = () => {},
): SessionErrorReporter {
  let reported = false;
  return {
    get hasReported() {
      return reported;
    },
    async report(error, context) {
      if (reported) return;
      reported = true;
      try {
        await send(errorNotificationFor(error, context));
      } catch (e) {
        onSendFailed(e);
      }
    },
  };
}
