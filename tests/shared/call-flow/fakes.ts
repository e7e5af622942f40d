import {
  processDefinitionSchema,
  type ProcessDefinition,
  type ProcessDefinitionInput,
} from '@/shared/contracts/call-flow';
import type { DraftStorage } from '@/shared/call-flow/drafts';
import type { CallFlowEffects, CallFlowHttp, Scheduler } from '@/shared/call-flow/effects';
import { createSessionErrorReporter } from '@/shared/call-flow/errors';
import { createCallFlowEngine } from '@/shared/call-flow/engine';
import type {
  CaseStatusUpdate,
  ErrorNotificationRequest,
  ExecutionHistoryCreate,
  ExecutionHistoryUpdate,
  StartCaseRequest,
  StepHistoryEntry,
  SubmitStepRequest,
} from '@/shared/contracts/call-flow';

// Fakes for the engine's injected effects: every call is recorded, time only moves when a
// test advances it, and storage is a Map.

export class FakeScheduler implements Scheduler {
  time = Date.parse('2026-03-02T15:00:00.000Z');
  private timers = new Map<number, { at: number; run: () => void }>();
  private nextId = 1;

  now() {
    return this.time;
  }
  setTimeout(run: () => void, ms: number) {
    const id = this.nextId++;
    this.timers.set(id, { at: this.time + ms, run });
    return id;
  }
  clearTimeout(handle: unknown) {
    this.timers.delete(handle as number);
  }
  get pending() {
    return this.timers.size;
  }
  advance(ms: number) {
    this.time += ms;
    for (const [id, timer] of [...this.timers].sort((a, b) => a[1].at - b[1].at)) {
      if (timer.at <= this.time) {
        this.timers.delete(id);
        timer.run();
      }
    }
  }
}

export class MapDraftStorage implements DraftStorage {
  readonly map = new Map<string, string>();
  get(key: string) {
    return this.map.get(key) ?? null;
  }
  set(key: string, value: string) {
    this.map.set(key, value);
  }
  remove(key: string) {
    this.map.delete(key);
  }
}

export function fakeEffects() {
  const calls = {
    startCase: [] as StartCaseRequest[],
    submitStep: [] as SubmitStepRequest[],
    updateCaseStatus: [] as [string, CaseStatusUpdate][],
    createExecutionHistory: [] as ExecutionHistoryCreate[],
    updateExecutionHistory: [] as [string, ExecutionHistoryUpdate][],
    recordStepHistory: [] as StepHistoryEntry[],
  };
  const emails: Parameters<CallFlowEffects['sendEmail']>[0][] = [];
  const crm: { executionId: string; record: Parameters<CallFlowEffects['crmSync']>[1] }[] = [];
  const notifications: ErrorNotificationRequest[] = [];
  const logged: string[] = [];
  const scheduler = new FakeScheduler();
  const drafts = new MapDraftStorage();
  let cachesCleared = 0;
  let delIndex = 1;
  const http: CallFlowHttp = {
    async startCase(request) {
      calls.startCase.push(request);
      return { app_uid: 'app-1', del_index: 1 };
    },
    async submitStep(request) {
      calls.submitStep.push(request);
      delIndex += 1;
      return { del_index: delIndex };
    },
    async updateCaseStatus(id, request) {
      calls.updateCaseStatus.push([id, request]);
    },
    async createExecutionHistory(request) {
      calls.createExecutionHistory.push(request);
      return { id: 'exec-1' };
    },
    async updateExecutionHistory(id, request) {
      calls.updateExecutionHistory.push([id, request]);
    },
    async recordStepHistory(entry) {
      calls.recordStepHistory.push(entry);
    },
  };
  const effects: CallFlowEffects = {
    http,
    async sendEmail(request) {
      emails.push(request);
    },
    async crmSync(executionId, record) {
      crm.push({ executionId, record });
    },
    scheduler,
    drafts,
    logger: {
      error: (message) => logged.push(`error: ${message}`),
      warn: (message) => logged.push(`warn: ${message}`),
    },
    errorReporter: createSessionErrorReporter(async (request) => {
      notifications.push(request);
    }),
    clearCallCaches: () => {
      cachesCleared += 1;
    },
  };
  return {
    effects,
    calls,
    emails,
    crm,
    notifications,
    logged,
    scheduler,
    drafts,
    get cachesCleared() {
      return cachesCleared;
    },
  };
}

export const context = {
  workspaceId: 'ws_harbor',
  agentId: 'user-7',
  agentName: 'Ines Intake',
  environment: 'test',
};

export function engineWith(fx = fakeEffects()) {
  return { fx, engine: createCallFlowEngine({ effects: fx.effects, context }) };
}

export const callData = { leadName: 'Dana Reyes', phone: '(415) 555-0134' };

/** A definition written the way seeds write it, with zod's defaults filled in. */
export function definition(
  input: Omit<ProcessDefinitionInput, 'uid' | 'name' | 'workspace' | 'prj_id'> &
    Partial<ProcessDefinitionInput>,
): ProcessDefinition {
  return processDefinitionSchema.parse({
    uid: 'proc-pi',
    name: 'Personal Injury intake',
    workspace: 'ws_harbor',
    prj_id: 'main',
    ...input,
  });
}

/** A TASK step with a one-field form writing `field`. */
export function formStep(
  id: string,
  field: string,
  routes: { to: string; when?: string }[] = [],
  extra: Record<string, unknown> = {},
) {
  return {
    id,
    name: `Step ${id}`,
    type: 'TASK' as const,
    prj_id: 'main',
    dynaform: {
      dyn_uid: `dyn-${id}`,
      title: `Form ${id}`,
      fields: [{ type: 'text' as const, name: field, label: field }],
    },
    routes: routes.map((r) => ({
      flo_condition: r.when ?? '',
      flo_element_dest: r.to,
      flo_element_origin: id,
    })),
    ...extra,
  };
}

/** A form-less step (a gateway in ProcessMaker terms) of the given type. */
export function step(
  id: string,
  type: 'TASK' | 'END' | 'SUB_PROCESS',
  routes: { to: string; when?: string }[] = [],
  extra: Record<string, unknown> = {},
) {
  return {
    id,
    name: `Step ${id}`,
    type,
    prj_id: 'main',
    routes: routes.map((r) => ({
      flo_condition: r.when ?? '',
      flo_element_dest: r.to,
      flo_element_origin: id,
    })),
    ...extra,
  };
}

/** Lets pending promise callbacks run (the fakes answer asynchronously). */
export async function flush() {
  for (let i = 0; i < 20; i += 1) await Promise.resolve();
}
