import {
  CALL_FLOW_TIMEOUT_MS,
  type CrmSyncRecord,
  type EmailConfig,
  type SendEmailRequest,
  type Step,
  type Trigger,
  type TriggerAction,
  type TriggerTiming,
} from '../contracts/call-flow';
import { formatPhoneForCrm } from '../domain/phone';
import { TransportError } from '../transport/transport';
import type { CallFlowEffects } from './effects';
import { withTimeout } from './effects';
import { CallFlowFailure, CallFlowTimeoutError } from './errors';
import { evaluateCondition, evaluateValue, renderTemplate } from './expression';
import {
  lookupIn,
  projectVars,
  withProjectVars,
  withVars,
  type ProjectVariables,
} from './variables';

// spec 4 Forward 1 and issue 11: trigger "code" is a fixed set of actions (set a variable,
// send an email from to/subject/body templates, CRM sync of a record), never script. A
// trigger whose condition holds runs its actions in order; an EMAIL-marked trigger then sends
// its config's email. Any failure ends the move as a trigger error (spec 8: rethrown).

export interface TriggerRun {
  effects: Pick<CallFlowEffects, 'sendEmail' | 'crmSync' | 'scheduler' | 'logger'>;
  executionId: string | null;
}

/** CONTACT fields that hold phone numbers (spec 7 contact input; spec 5 phone formatting). */
const CONTACT_PHONE_FIELDS = new Set(['mobile_phone', 'phone_home']);

function stepTitle(step: Step): string {
  return step.dynaform?.title ?? step.name;
}

function triggerFailure(
  step: Step,
  trigger: Trigger,
  kind: 'malformed-condition' | 'trigger-failed',
  message: string,
  cause?: unknown,
) {
  return new CallFlowFailure(
    {
      kind: cause instanceof CallFlowTimeoutError ? 'timeout' : kind,
      operation: 'trigger',
      message,
      stepId: step.id,
      stepTitle: stepTitle(step),
      trigger: trigger.name,
    },
    { cause },
  );
}

function emailRequest(
  config: EmailConfig,
  vars: ProjectVariables,
  project: string,
  executionId: string | null,
): SendEmailRequest {
  const lookup = lookupIn(projectVars(vars, project));
  const to = renderTemplate(config.to, lookup)
    .split(/[,;]/)
    .map((address) => address.trim())
    .filter((address) => address !== '');
  const subject = renderTemplate(config.subject, lookup).trim();
  return {
    destinations: { to },
    subject,
    body: {
      // Values are escaped in the HTML body: an answer never becomes markup in the email.
      htmlBody: renderTemplate(config.body, lookup, { html: true }).replace(/\r?\n/g, '<br>'),
      textBody: renderTemplate(config.body, lookup),
    },
    // issue #29: the server counts the e-mails of each execution.
    ...(executionId ? { processExecutionHistoryId: executionId } : {}),
  };
}

async function runAction(
  action: TriggerAction,
  step: Step,
  trigger: Trigger,
  vars: ProjectVariables,
  run: TriggerRun,
): Promise<ProjectVariables> {
  const project = step.prj_id;
  const lookup = lookupIn(projectVars(vars, project));
  const call = <T>(fn: (signal: AbortSignal) => Promise<T>) =>
    withTimeout(run.effects.scheduler, CALL_FLOW_TIMEOUT_MS, fn);
  switch (action.action) {
    case 'setVariable': {
      let value: string | number | boolean | null;
      if (action.expression !== undefined) {
        const result = evaluateValue(action.expression, lookup);
        if (!result.ok) {
          throw triggerFailure(
            step,
            trigger,
            'malformed-condition',
            `The expression of trigger "${trigger.name}" could not be read: ${result.error.message}`,
          );
        }
        value = result.value;
      } else {
        value = renderTemplate(action.template ?? '', lookup);
      }
      const updated = withVars(projectVars(vars, project), { [action.variable]: value });
      return withProjectVars(vars, project, updated);
    }
    case 'sendEmail':
      await sendEmail(action, step, trigger, vars, run);
      return vars;
    case 'crmSync': {
      if (!run.executionId) {
        throw triggerFailure(
          step,
          trigger,
          'trigger-failed',
          `Trigger "${trigger.name}" cannot sync without an execution`,
        );
      }
      const fields = Object.fromEntries(
        action.fields.map(({ field, value }) => {
          const text = renderTemplate(value, lookup);
          const isPhone = action.recordType === 'CONTACT' && CONTACT_PHONE_FIELDS.has(field);
          return [field, isPhone ? formatPhoneForCrm(text) : text];
        }),
      );
      const record: CrmSyncRecord = { type: action.recordType, fields };
      const executionId = run.executionId;
      try {
        await call((signal) => run.effects.crmSync(executionId, record, signal));
      } catch (e) {
        throw triggerFailure(
          step,
          trigger,
          'trigger-failed',
          `Trigger "${trigger.name}" could not sync the CRM: ${errorText(e)}`,
          e,
        );
      }
      return vars;
    }
  }
}

async function sendEmail(
  config: EmailConfig,
  step: Step,
  trigger: Trigger,
  vars: ProjectVariables,
  run: TriggerRun,
) {
  const request = emailRequest(config, vars, step.prj_id, run.executionId);
  // spec 5: email sending needs both recipient and subject; without them nothing is sent.
  if (request.destinations.to.length === 0 || request.subject === '') {
    run.effects.logger.warn(
      `Trigger "${trigger.name}" sent no email: recipient or subject is empty`,
    );
    return;
  }
  try {
    await withTimeout(run.effects.scheduler, CALL_FLOW_TIMEOUT_MS, (signal) =>
      run.effects.sendEmail(request, signal),
    );
  } catch (e) {
    throw triggerFailure(
      step,
      trigger,
      'trigger-failed',
      `Trigger "${trigger.name}" could not send its email: ${errorText(e)}`,
      e,
    );
  }
}

/**
 * What a failure says to the agent: the server's own words when it refused the call (a
 * 413 or 429 of issue #29 says which bound and what to do), else the error's text.
 */
export function errorText(e: unknown): string {
  if (e instanceof TransportError && e.serverMessage) return e.serverMessage;
  return e instanceof Error ? e.message : String(e);
}

/** Runs a step's BEFORE or AFTER triggers; answers the variables they leave. */
export async function runTriggers(
  step: Step,
  timing: TriggerTiming,
  vars: ProjectVariables,
  run: TriggerRun,
): Promise<ProjectVariables> {
  let current = vars;
  for (const trigger of step.triggers[timing]) {
    const holds = evaluateCondition(trigger.condition, lookupIn(projectVars(current, step.prj_id)));
    if (!holds.ok) {
      throw triggerFailure(
        step,
        trigger,
        'malformed-condition',
        `The condition of trigger "${trigger.name}" could not be read: ${holds.error.message}`,
      );
    }
    if (!holds.value) continue;
    for (const action of trigger.code) {
      current = await runAction(action, step, trigger, current, run);
    }
    if (trigger.marker === 'EMAIL' && trigger.config) {
      await sendEmail(trigger.config, step, trigger, current, run);
    }
  }
  return current;
}
