import { describe, expect, it } from 'vitest';
import {
  CALL_CACHE_CLEAR_DELAY_MS,
  CALL_FLOW_TIMEOUT_MS,
  HANG_UP_NOTIFICATION_TIMEOUT_MS,
  STEP_VARIABLES_KEPT,
  callFlowStateSchema,
  type CallFlowState,
} from '@/shared/contracts/call-flow';
import { createCallFlowEngine } from '@/shared/call-flow/engine';
import { CallFlowTriggerError } from '@/shared/call-flow/errors';
import { draftKey } from '@/shared/call-flow/drafts';
import { TransportError } from '@/shared/transport/transport';
import {
  callData,
  context,
  definition,
  engineWith,
  fakeEffects,
  flush,
  formStep,
  step,
} from './fakes';

const currentStep = (s: CallFlowState) => s.stepTraversed.currentStepDef;

/** name → answer → (adult? → adult : minor) → end. */
const branching = () =>
  definition({
    steps: [
      formStep('name', 'full_name', [{ to: 'age' }]),
      formStep('age', 'age', [
        { to: 'minor', when: '@#age < 18' },
        { to: 'adult', when: '' },
      ]),
      formStep('minor', 'guardian', [{ to: 'end' }]),
      formStep('adult', 'employer', [{ to: 'end' }]),
      step('end', 'END'),
    ],
  });

describe('Start (spec 4 Call-flow engine, Start)', () => {
  it('names the version of the process it runs in the execution history (issue #34)', async () => {
    const { fx, engine } = engineWith();
    await engine.start({ definition: { ...branching(), version: 4 }, callData });
    expect(fx.calls.createExecutionHistory[0]).toMatchObject({ processVersion: 4 });
    const unversioned = engineWith();
    await unversioned.engine.start({ definition: branching(), callData });
    expect(unversioned.fx.calls.createExecutionHistory[0]).not.toHaveProperty('processVersion');
  });

  it('creates the execution history with status started, starts the case at the first step and stops at its form', async () => {
    const { fx, engine } = engineWith();
    const result = await engine.start({ definition: branching(), callData });
    expect(result.ok).toBe(true);
    expect(fx.calls.createExecutionHistory).toHaveLength(1);
    expect(fx.calls.createExecutionHistory[0]).toMatchObject({
      workspace: 'ws_harbor',
      user: 'user-7',
      process: 'proc-pi',
      status: 'started',
      endTime: null,
    });
    // spec 7: start sends tas_uid, variables, workspaceId.
    expect(fx.calls.startCase[0]).toMatchObject({
      process: 'proc-pi',
      tas_uid: 'name',
      workspaceId: 'ws_harbor',
      variables: { caller_name: 'Dana Reyes', caller_phone: '(415) 555-0134' },
    });
    const s = engine.getState();
    expect(s.status).toBe('at-form');
    expect(s.processExecutionHistoryId).toBe('exec-1');
    expect(s.wizardStep).toMatchObject({
      title: 'Form name',
      dyn_uid: 'dyn-name',
      tas_uid: 'name',
      pro_uid: 'main',
      app_uid: 'app-1',
      del_index: 1,
    });
    expect(s.stepTraversed).toMatchObject({ steps: ['name'], currentIndex: 0 });
  });

  it('reuses the execution history the incoming call carries instead of creating one (spec 3 Call data)', async () => {
    const { fx, engine } = engineWith();
    await engine.start({
      definition: branching(),
      callData: {
        ...callData,
        processExecutionHistoryId: 'exec-from-call',
        processVariables: { source: 'ad' },
      },
    });
    expect(fx.calls.createExecutionHistory).toHaveLength(0);
    expect(engine.getState().processExecutionHistoryId).toBe('exec-from-call');
    expect(engine.getState().wizardStep?.vars).toMatchObject({ source: 'ad' });
  });

  it('passes form-less steps at the start until the first form (spec 4 Forward 7)', async () => {
    const { engine } = engineWith();
    await engine.start({
      definition: definition({
        steps: [
          step('gate', 'SUB_PROCESS', [{ to: 'q1' }]),
          formStep('q1', 'a', [{ to: 'end' }]),
          step('end', 'END'),
        ],
      }),
      callData,
    });
    expect(currentStep(engine.getState())).toBe('q1');
    expect(engine.getState().stepTraversed.steps).toEqual(['gate', 'q1']);
  });

  it('shows the start error and reports it when the history cannot be created', async () => {
    const fx = fakeEffects();
    fx.effects.http.createExecutionHistory = async () => {
      throw new Error('503 Service Unavailable');
    };
    const { engine } = engineWith(fx);
    const result = await engine.start({ definition: branching(), callData });
    expect(result).toMatchObject({
      ok: false,
      error: { kind: 'request-failed', operation: 'start' },
    });
    expect(engine.getState()).toMatchObject({ status: 'error', busy: false });
    expect(fx.notifications).toHaveLength(1);
  });
});

describe('Forward (spec 4 Forward)', () => {
  it('takes the first route whose condition holds: an answer of 15 goes to the minor branch', async () => {
    const { fx, engine } = engineWith();
    await engine.start({ definition: branching(), callData });
    await engine.submit({ full_name: 'Dana Reyes' });
    await engine.submit({ age: '15' });
    expect(currentStep(engine.getState())).toBe('minor');
    // spec 4 Form submit: PUT with app_uid, dyn_uid, del_index and case_vars.
    expect(fx.calls.submitStep[1]).toEqual({
      process: 'proc-pi',
      app_uid: 'app-1',
      dyn_uid: 'dyn-age',
      del_index: 2,
      case_vars: { age: '15' },
    });
  });

  it('falls through to the route with an empty condition, which always holds: 40 goes to the adult branch', async () => {
    const { engine } = engineWith();
    await engine.start({ definition: branching(), callData });
    await engine.submit({ full_name: 'Dana Reyes' });
    await engine.submit({ age: '40' });
    expect(currentStep(engine.getState())).toBe('adult');
  });

  it('keeps the server’s new del index for the next submit (spec 3 Wizard step)', async () => {
    const { fx, engine } = engineWith();
    await engine.start({ definition: branching(), callData });
    await engine.submit({ full_name: 'Dana Reyes' });
    expect(engine.getState().wizardStep?.del_index).toBe(2);
    await engine.submit({ age: '40' });
    expect(fx.calls.submitStep[1].del_index).toBe(2);
  });

  it('sends only the form’s own fields as case_vars; anything else the screen sends is dropped', async () => {
    const { fx, engine } = engineWith();
    await engine.start({ definition: branching(), callData });
    await engine.submit({ full_name: 'Dana', is_admin: true, ['__proto__']: { polluted: true } });
    expect(fx.calls.submitStep[0].case_vars).toEqual({ full_name: 'Dana' });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('refuses to submit a form with field errors and does not call the server (spec 5)', async () => {
    const { fx, engine } = engineWith();
    await engine.start({
      definition: definition({
        steps: [
          formStep('q', 'email', [{ to: 'end' }], {
            dynaform: {
              dyn_uid: 'dyn-q',
              title: 'Contact',
              fields: [
                {
                  type: 'email',
                  name: 'email',
                  label: 'Email',
                  validators: [{ type: 'required' }],
                },
              ],
            },
          }),
          step('end', 'END'),
        ],
      }),
      callData,
    });
    const result = await engine.submit({ email: 'not-an-email' });
    expect(result).toEqual({
      ok: false,
      fieldErrors: { email: { key: 'VALIDATOR_MESSAGE_EMAIL' } },
    });
    expect(fx.calls.submitStep).toHaveLength(0);
  });

  it('completes the case at an END step without routes: app_status COMPLETED (spec 4 Forward 6)', async () => {
    const { fx, engine } = engineWith();
    await engine.start({ definition: branching(), callData });
    await engine.submit({ full_name: 'Dana Reyes' });
    await engine.submit({ age: '40' });
    await engine.submit({ employer: 'Acme' });
    const s = engine.getState();
    expect(s).toMatchObject({ status: 'completed', appStatus: 'COMPLETED', wizardStep: null });
    expect(fx.calls.updateCaseStatus).toEqual([
      [
        'proc-pi',
        expect.objectContaining({
          app_uid: 'app-1',
          app_status: 'COMPLETED',
          workspaceId: 'ws_harbor',
        }),
      ],
    ]);
    expect(fx.calls.updateExecutionHistory[0][1]).toMatchObject({
      status: 'completed',
      executionHistory: {
        processVariables: { main: { full_name: 'Dana Reyes', age: '40', employer: 'Acme' } },
        steps: ['name', 'age', 'adult', 'end'],
      },
    });
  });

  it('passes an END step that has routes (the way back from a sub-process) and continues', async () => {
    const { engine } = engineWith();
    await engine.start({
      definition: definition({
        steps: [
          formStep('q1', 'a', [{ to: 'e1' }]),
          step('e1', 'END', [{ to: 'q2' }]),
          formStep('q2', 'b', [{ to: 'e2' }]),
          step('e2', 'END'),
        ],
      }),
      callData,
    });
    await engine.submit({ a: 'x' });
    expect(currentStep(engine.getState())).toBe('q2');
  });

  it('stops with "Please contact support to add dynaform to step {step}" at a TASK without a form (spec 8)', async () => {
    const { fx, engine } = engineWith();
    await engine.start({
      definition: definition({
        steps: [
          formStep('q1', 'a', [{ to: 'broken' }]),
          step('broken', 'TASK', [{ to: 'end' }], { name: 'Conflict check' }),
          step('end', 'END'),
        ],
      }),
      callData,
    });
    const result = await engine.submit({ a: 'x' });
    expect(result).toMatchObject({
      ok: false,
      error: {
        kind: 'task-without-form',
        message: 'Please contact support to add dynaform to step Conflict check',
      },
    });
    // The agent stays on the step they submitted, with the error to read.
    const s = engine.getState();
    expect(currentStep(s)).toBe('q1');
    expect(s).toMatchObject({
      status: 'at-form',
      busy: false,
      error: { kind: 'task-without-form' },
    });
    expect(fx.notifications).toHaveLength(1);
    expect(fx.notifications[0].body).toContain('Step title: Conflict check');
  });

  it('moves the index back when the destination is the previous step, instead of growing the trail (spec 4 Forward 8)', async () => {
    const { engine } = engineWith();
    await engine.start({
      definition: definition({
        steps: [
          formStep('phone', 'phone', [{ to: 'confirm' }]),
          formStep('confirm', 'ok', [{ to: 'phone', when: '@@ok == "no"' }, { to: 'end' }]),
          step('end', 'END'),
        ],
      }),
      callData,
    });
    await engine.submit({ phone: '4155550134' });
    await engine.submit({ ok: 'no' });
    const s = engine.getState();
    expect(s.stepTraversed).toMatchObject({
      steps: ['phone'],
      currentIndex: 0,
      currentStepDef: 'phone',
    });
    // The answers stay: a route back is the flow asking again, not the agent undoing.
    expect(s.wizardStep?.vars).toMatchObject({ phone: '4155550134', ok: 'no' });
  });

  it('copies variables into a sub-process through variablesMapping, names stripped to letters, digits, hyphen, underscore and space (spec 4 Forward 9, spec 5)', async () => {
    const { engine } = engineWith();
    await engine.start({
      definition: definition({
        steps: [
          formStep('injury', 'injury_type', [{ to: 'malpractice' }]),
          step('malpractice', 'SUB_PROCESS', [{ to: 'mm1' }]),
          { ...formStep('mm1', 'provider', [{ to: 'mm-end' }]), prj_id: 'med-mal' },
          { ...step('mm-end', 'END'), prj_id: 'med-mal' },
        ],
        variablesMapping: [
          {
            sourceProjectId: 'main',
            destinationProjectId: 'med-mal',
            mapping: [
              { source: '@@injury_type', target: '@@injury-kind' },
              { source: '@@caller_name', target: 'patient name!' },
              { source: '@@missing', target: 'never' },
            ],
          },
        ],
      }),
      callData,
    });
    await engine.submit({ injury_type: 'surgical error' });
    const s = engine.getState();
    expect(currentStep(s)).toBe('mm1');
    expect(s.wizardStep?.pro_uid).toBe('med-mal');
    expect({ ...s.processVariables['med-mal'] }).toEqual({
      'injury-kind': 'surgical error',
      'patient name': 'Dana Reyes',
    });
  });

  it('records every step traversed in the step history, form-less ones too (spec 4, spec 3 Step history)', async () => {
    const { fx, engine } = engineWith();
    await engine.start({
      definition: definition({
        steps: [
          formStep('q1', 'a', [{ to: 'gate' }]),
          step('gate', 'SUB_PROCESS', [{ to: 'q2' }]),
          formStep('q2', 'b', [{ to: 'end' }]),
          step('end', 'END'),
        ],
      }),
      callData,
    });
    await engine.submit({ a: 'yes' });
    expect(
      fx.calls.recordStepHistory.map((e) => [e.previousStepId, e.currentStepId, e.direction]),
    ).toEqual([
      [null, 'q1', 'forward'],
      ['q1', 'gate', 'forward'],
      ['gate', 'q2', 'forward'],
    ]);
    expect(fx.calls.recordStepHistory[1]).toMatchObject({
      processExecutionHistoryId: 'exec-1',
      currentStepName: 'Step gate',
      currentStepType: 'SUB_PROCESS',
      currentStepProcessId: 'main',
      variableState: { a: 'yes', caller_name: 'Dana Reyes' },
      executedOn: '2026-03-02T15:00:00.000Z',
    });
  });

  it('gives up with an error instead of spinning on an unvalidated loop without a form', async () => {
    const { engine } = engineWith();
    await engine.start({
      definition: definition({
        steps: [
          formStep('q1', 'a', [{ to: 'x' }]),
          step('x', 'SUB_PROCESS', [{ to: 'y' }]),
          step('y', 'SUB_PROCESS', [{ to: 'x' }]),
        ],
      }),
      callData,
    });
    const result = await engine.submit({ a: '1' });
    expect(result).toMatchObject({ ok: false, error: { kind: 'loop-limit' } });
    expect(currentStep(engine.getState())).toBe('q1');
  });

  it('shows a malformed route condition as an error and never takes a branch silently (issue 11)', async () => {
    const { fx, engine } = engineWith();
    await engine.start({
      definition: definition({
        steps: [
          formStep('q1', 'a', [{ to: 'q2', when: '@@a == ' }, { to: 'end' }]),
          formStep('q2', 'b'),
          step('end', 'END'),
        ],
      }),
      callData,
    });
    const result = await engine.submit({ a: 'x' });
    expect(result).toMatchObject({
      ok: false,
      error: { kind: 'malformed-condition', operation: 'next-step' },
    });
    if (!result.ok && 'error' in result)
      expect(result.error.message).toMatch(/route 1 .* position 8/);
    expect(currentStep(engine.getState())).toBe('q1');
    expect(fx.notifications).toHaveLength(1);
  });

  it('treats a call that does not answer in 60 s as a failure and keeps the agent on the step (spec 9)', async () => {
    const fx = fakeEffects();
    fx.effects.http.submitStep = () => new Promise(() => {});
    const { engine } = engineWith(fx);
    await engine.start({ definition: branching(), callData });
    const pending = engine.submit({ full_name: 'Dana' });
    await flush();
    expect(engine.getState().busy).toBe(true);
    fx.scheduler.advance(CALL_FLOW_TIMEOUT_MS - 1);
    await flush();
    expect(engine.getState().busy).toBe(true);
    fx.scheduler.advance(1);
    const result = await pending;
    expect(result).toMatchObject({ ok: false, error: { kind: 'timeout', operation: 'next-step' } });
    expect(engine.getState()).toMatchObject({ busy: false, status: 'at-form' });
    expect(currentStep(engine.getState())).toBe('name');
  });
});

describe('Backward (spec 4 Backward)', () => {
  it('goes back over form-less steps to the previous form and restores the variables saved there', async () => {
    const { fx, engine } = engineWith();
    await engine.start({
      definition: definition({
        steps: [
          formStep('q1', 'a', [{ to: 'gate' }]),
          step('gate', 'SUB_PROCESS', [{ to: 'q2' }], {
            triggers: {
              AFTER: [
                {
                  name: 'flag',
                  code: [{ action: 'setVariable', variable: 'flag', expression: 'true' }],
                },
              ],
            },
          }),
          formStep('q2', 'b', [{ to: 'end' }]),
          step('end', 'END'),
        ],
      }),
      callData,
    });
    await engine.submit({ a: 'first' });
    expect(engine.getState().processVariables.main.flag).toBe(true);
    const result = await engine.back();
    expect(result.ok).toBe(true);
    const s = engine.getState();
    expect(s.stepTraversed).toMatchObject({ steps: ['q1'], currentIndex: 0, currentStepDef: 'q1' });
    // Restored to when q1 was left: its answer is there, the gate's trigger effect is gone.
    expect(s.wizardStep?.vars).toMatchObject({ a: 'first' });
    expect(Object.hasOwn(s.processVariables.main, 'flag')).toBe(false);
    expect(fx.calls.recordStepHistory.at(-1)).toMatchObject({
      previousStepId: 'q2',
      currentStepId: 'q1',
      direction: 'backward',
    });
  });

  it('lets the agent change an answer after going back so that another branch is taken', async () => {
    const { engine } = engineWith();
    await engine.start({ definition: branching(), callData });
    await engine.submit({ full_name: 'Dana' });
    await engine.submit({ age: '15' });
    expect(currentStep(engine.getState())).toBe('minor');
    await engine.back();
    expect(currentStep(engine.getState())).toBe('age');
    await engine.submit({ age: '40' });
    expect(currentStep(engine.getState())).toBe('adult');
    expect(engine.getState().stepTraversed.steps).toEqual(['name', 'age', 'adult']);
  });

  it('keeps step variables for at most 2 steps: a third step back keeps the current variables (spec 9)', async () => {
    const { engine } = engineWith();
    await engine.start({
      definition: definition({
        steps: [
          formStep('s1', 'v1', [{ to: 's2' }]),
          formStep('s2', 'v2', [{ to: 's3' }]),
          formStep('s3', 'v3', [{ to: 's4' }]),
          formStep('s4', 'v4', [{ to: 'end' }]),
          step('end', 'END'),
        ],
      }),
      callData,
    });
    await engine.submit({ v1: 'one' });
    await engine.submit({ v2: 'two' });
    await engine.submit({ v3: 'three' });
    const saved = engine.getState().stepTraversed.stepVariables;
    expect(saved.map((x) => x.stepId)).toEqual(['s2', 's3']);

    await engine.back(); // to s3: restored (v3 in, nothing after)
    expect(engine.getState().processVariables.main).toMatchObject({ v3: 'three' });
    await engine.back(); // to s2: restored, so v3 is gone
    expect(Object.hasOwn(engine.getState().processVariables.main, 'v3')).toBe(false);
    await engine.back(); // to s1: nothing kept any more, the current variables stay
    const vars = engine.getState().processVariables.main;
    expect(currentStep(engine.getState())).toBe('s1');
    expect(vars).toMatchObject({ v1: 'one', v2: 'two' });
  });

  it('cannot go back from the first form', async () => {
    const { engine } = engineWith();
    await engine.start({ definition: branching(), callData });
    expect(engine.canGoBack()).toBe(false);
    const result = await engine.back();
    expect(result).toMatchObject({
      ok: false,
      error: { kind: 'not-allowed', operation: 'backward' },
    });
  });
});

describe('Triggers (spec 4 Forward 1, spec 7, spec 8)', () => {
  it('runs BEFORE triggers on arrival and AFTER triggers on leaving, in that order', async () => {
    const { engine } = engineWith();
    await engine.start({
      definition: definition({
        steps: [
          formStep('q1', 'a', [{ to: 'end' }], {
            triggers: {
              BEFORE: [
                {
                  name: 'b',
                  code: [{ action: 'setVariable', variable: 'order', template: 'before' }],
                },
              ],
              AFTER: [
                {
                  name: 'a',
                  code: [{ action: 'setVariable', variable: 'order', template: '@@order,after' }],
                },
              ],
            },
          }),
          step('end', 'END', [], {
            triggers: { BEFORE: [], AFTER: [] },
          }),
        ],
      }),
      callData,
    });
    expect(engine.getState().wizardStep?.vars.order).toBe('before');
    await engine.submit({ a: '1' });
    expect(engine.getState().processVariables.main.order).toBe('before,after');
  });

  it('sends the EMAIL trigger’s email with the answers filled in, escaped in the HTML body', async () => {
    const { fx, engine } = engineWith();
    await engine.start({
      definition: definition({
        steps: [
          formStep('q1', 'summary', [{ to: 'end' }], {
            triggers: {
              AFTER: [
                {
                  name: 'Notify attorney',
                  condition: '@@summary != ""',
                  marker: 'EMAIL',
                  config: {
                    to: 'intake@harbor.test; ',
                    subject: 'New lead @@caller_name',
                    body: 'Summary: @@summary',
                  },
                },
              ],
            },
          }),
          step('end', 'END'),
        ],
      }),
      callData,
    });
    await engine.submit({ summary: '<b>rear-ended</b>' });
    expect(fx.emails).toEqual([
      {
        destinations: { to: ['intake@harbor.test'] },
        subject: 'New lead Dana Reyes',
        body: {
          htmlBody: 'Summary: &lt;b&gt;rear-ended&lt;/b&gt;',
          textBody: 'Summary: <b>rear-ended</b>',
        },
        // issue #29: the server counts each execution's e-mails.
        processExecutionHistoryId: 'exec-1',
      },
    ]);
  });

  it("shows the server's own words when it refuses a trigger's e-mail (issue #29: a bound says which)", async () => {
    const fx = fakeEffects();
    const refusal =
      'This call flow already sent 20 e-mails, the most one call flow may send; this one was not sent.';
    fx.effects.sendEmail = async () => {
      throw new TransportError('Conflict', 409, refusal);
    };
    const { engine } = engineWith(fx);
    await engine.start({
      definition: definition({
        steps: [
          formStep('q1', 'a', [{ to: 'end' }], {
            triggers: {
              AFTER: [
                {
                  name: 'Notify',
                  code: [{ action: 'sendEmail', to: 'a@b.test', subject: 'S', body: 'B' }],
                },
              ],
            },
          }),
          step('end', 'END'),
        ],
      }),
      callData,
    });
    await expect(engine.submit({ a: '1' })).rejects.toBeInstanceOf(CallFlowTriggerError);
    expect(engine.getState().error?.message).toBe(
      `Trigger "Notify" could not send its email: ${refusal}`,
    );
  });

  it("shows the server's own words when it refuses the answers (issue #29: a case's bound)", async () => {
    const fx = fakeEffects();
    const refusal =
      "A case's answers may hold at most 512 KB in all; with these they would hold 600 KB, so this step was not submitted.";
    fx.effects.http.submitStep = async () => {
      throw new TransportError('Payload Too Large', 413, refusal);
    };
    const { engine } = engineWith(fx);
    await engine.start({
      definition: definition({ steps: [formStep('q1', 'a', [{ to: 'end' }]), step('end', 'END')] }),
      callData,
    });
    const outcome = await engine.submit({ a: '1' });
    expect(outcome).toMatchObject({
      ok: false,
      error: { kind: 'request-failed', message: `The answers could not be saved: ${refusal}` },
    });
    expect(currentStep(engine.getState())).toBe('q1');
  });

  it('sends no email when the recipient is empty (spec 5: email needs recipient and subject)', async () => {
    const { fx, engine } = engineWith();
    await engine.start({
      definition: definition({
        steps: [
          formStep('q1', 'to', [{ to: 'end' }], {
            triggers: {
              AFTER: [
                {
                  name: 'mail',
                  code: [{ action: 'sendEmail', to: '@@to', subject: 'Hi', body: '' }],
                },
              ],
            },
          }),
          step('end', 'END'),
        ],
      }),
      callData,
    });
    const result = await engine.submit({});
    expect(result.ok).toBe(true);
    expect(fx.emails).toHaveLength(0);
    expect(fx.logged.some((l) => l.startsWith('warn:'))).toBe(true);
  });

  it('syncs a CRM record with the execution id and the phone formatted for the CRM (spec 7, spec 5)', async () => {
    const { fx, engine } = engineWith();
    await engine.start({
      definition: definition({
        steps: [
          formStep('q1', 'first_name', [{ to: 'end' }], {
            triggers: {
              AFTER: [
                {
                  name: 'Create contact',
                  code: [
                    {
                      action: 'crmSync',
                      recordType: 'CONTACT',
                      fields: [
                        { field: 'first_name', value: '@@first_name' },
                        { field: 'mobile_phone', value: '@@caller_phone' },
                      ],
                    },
                  ],
                },
              ],
            },
          }),
          step('end', 'END'),
        ],
      }),
      callData: { leadName: 'Dana', phone: '415-555-0134' },
    });
    await engine.submit({ first_name: 'Dana' });
    expect(fx.crm).toEqual([
      {
        executionId: 'exec-1',
        record: { type: 'CONTACT', fields: { first_name: 'Dana', mobile_phone: '(415) 555-0134' } },
      },
    ]);
  });

  it('rethrows a trigger error, leaves the agent on the step with the error, and reports it once per session (spec 8)', async () => {
    const fx = fakeEffects();
    fx.effects.sendEmail = async () => {
      throw new Error('SMTP refused');
    };
    const failing = definition({
      steps: [
        formStep('q1', 'a', [{ to: 'end' }], {
          triggers: {
            AFTER: [
              {
                name: 'Notify',
                code: [{ action: 'sendEmail', to: 'a@b.test', subject: 'S', body: 'B' }],
              },
            ],
          },
        }),
        step('end', 'END'),
      ],
    });
    const { engine } = engineWith(fx);
    await engine.start({ definition: failing, callData });

    const first = engine.submit({ a: '1' });
    await expect(first).rejects.toBeInstanceOf(CallFlowTriggerError);
    await expect(first).rejects.toMatchObject({
      detail: { operation: 'trigger', trigger: 'Notify', stepId: 'q1', kind: 'trigger-failed' },
    });
    expect(engine.getState()).toMatchObject({
      status: 'at-form',
      busy: false,
      error: { trigger: 'Notify' },
    });
    expect(currentStep(engine.getState())).toBe('q1');

    await expect(engine.submit({ a: '1' })).rejects.toBeInstanceOf(CallFlowTriggerError);
    // A second engine of the same session (the next call) shares the reporter.
    const next = createCallFlowEngine({ effects: fx.effects, context });
    await next.start({ definition: failing, callData });
    await expect(next.submit({ a: '1' })).rejects.toBeInstanceOf(CallFlowTriggerError);

    expect(fx.notifications).toHaveLength(1);
    expect(fx.notifications[0].body.split('\n')).toEqual([
      'Workspace: ws_harbor',
      'Agent: Ines Intake',
      'Environment: test',
      'Execution id: exec-1',
      'Step title: Form q1',
      'Trigger: Notify',
      'Operation: trigger',
      'Error: Trigger "Notify" could not send its email: SMTP refused',
    ]);
    expect(fx.logged.filter((l) => l.startsWith('error:'))).toHaveLength(3);
  });

  it('treats a trigger condition that does not parse as a trigger error, never as "condition false"', async () => {
    const { fx, engine } = engineWith();
    await engine.start({
      definition: definition({
        steps: [
          formStep('q1', 'a', [{ to: 'end' }], {
            triggers: { AFTER: [{ name: 'Broken', condition: '@@a ==== 1', code: [] }] },
          }),
          step('end', 'END'),
        ],
      }),
      callData,
    });
    await expect(engine.submit({ a: '1' })).rejects.toMatchObject({
      detail: { kind: 'malformed-condition', trigger: 'Broken' },
    });
    expect(fx.notifications).toHaveLength(1);
  });
});

describe('Hang up (spec 4 Hang up)', () => {
  it('marks the history partial-complete with the process variables, sends CALL_ENDED, resets, and clears caches after 1 s', async () => {
    const { fx, engine } = engineWith();
    await engine.start({ definition: branching(), callData });
    await engine.submit({ full_name: 'Dana Reyes' });
    await engine.hangUp();
    expect(fx.calls.updateExecutionHistory).toEqual([
      [
        'exec-1',
        {
          status: 'partial-complete',
          endTime: '2026-03-02T15:00:00.000Z',
          executionHistory: {
            processVariables: {
              main: {
                caller_name: 'Dana Reyes',
                caller_phone: '(415) 555-0134',
                full_name: 'Dana Reyes',
              },
            },
            steps: ['name', 'age'],
          },
        },
      ],
    ]);
    expect(fx.calls.updateCaseStatus[0][1]).toMatchObject({
      app_status: 'CALL_ENDED',
      dyn_uid: 'dyn-age',
    });
    expect(engine.getState()).toMatchObject({
      status: 'idle',
      processDefinition: null,
      wizardStep: null,
    });
    expect(fx.cachesCleared).toBe(0);
    fx.scheduler.advance(999);
    expect(fx.cachesCleared).toBe(0);
    fx.scheduler.advance(1);
    expect(fx.cachesCleared).toBe(1);
  });

  it('gives the hang-up notification 20 s, then resets anyway and reports it', async () => {
    const fx = fakeEffects();
    fx.effects.http.updateCaseStatus = () => new Promise(() => {});
    const { engine } = engineWith(fx);
    await engine.start({ definition: branching(), callData });
    let done = false;
    const pending = engine.hangUp().then(() => (done = true));
    await flush();
    fx.scheduler.advance(HANG_UP_NOTIFICATION_TIMEOUT_MS - 1);
    await flush();
    expect(done).toBe(false);
    fx.scheduler.advance(1);
    await pending;
    expect(engine.getState().status).toBe('idle');
    expect(fx.notifications[0].subject).toContain('hang-up');
  });

  it('keeps a completed history completed when the agent hangs up after the end', async () => {
    const { fx, engine } = engineWith();
    await engine.start({
      definition: definition({ steps: [formStep('q1', 'a', [{ to: 'end' }]), step('end', 'END')] }),
      callData,
    });
    await engine.submit({ a: '1' });
    await engine.hangUp();
    expect(fx.calls.updateExecutionHistory.map(([, p]) => p.status)).toEqual(['completed']);
  });

  it('does not let a move that was still waiting revive the flow after hang-up', async () => {
    const fx = fakeEffects();
    let answer: (v: { del_index: number }) => void = () => {};
    const { engine } = engineWith(fx);
    await engine.start({ definition: branching(), callData });
    fx.effects.http.submitStep = () => new Promise((resolve) => (answer = resolve));
    const pending = engine.submit({ full_name: 'Dana' });
    await flush();
    await engine.hangUp();
    answer({ del_index: 5 });
    await pending;
    expect(engine.getState().status).toBe('idle');
  });
});

describe('Drafts (issue 11 Forms)', () => {
  it('keeps what the agent typed per execution and step, brings it back, and clears it on submit', async () => {
    const { fx, engine } = engineWith();
    await engine.start({ definition: branching(), callData });
    await engine.saveDraft({ full_name: 'Dana Re' });
    expect(fx.drafts.map.has(draftKey('exec-1', 'name'))).toBe(true);

    // A reload: a new engine from the saved state finds the draft.
    const reloaded = createCallFlowEngine({
      effects: fx.effects,
      context,
      initialState: engine.getState(),
    });
    expect(await reloaded.loadDraft()).toEqual({ full_name: 'Dana Re' });

    await reloaded.submit({ full_name: 'Dana Reyes' });
    expect(fx.drafts.map.has(draftKey('exec-1', 'name'))).toBe(false);
  });

  it('keeps what was typed on the current step but never sent in the partial-complete history (issue #28)', async () => {
    const { fx, engine } = engineWith();
    await engine.start({ definition: branching(), callData });
    await engine.submit({ full_name: 'Dana Reyes' });
    // Typed on the age step, not sent; a name that is no field of the step is not an answer.
    await engine.saveDraft({ age: '41', not_a_field: 'x' });
    await engine.hangUp();
    const [[, patch]] = fx.calls.updateExecutionHistory;
    expect(patch).toMatchObject({
      status: 'partial-complete',
      executionHistory: { processVariables: { main: { full_name: 'Dana Reyes', age: '41' } } },
    });
    expect(JSON.stringify(patch)).not.toContain('not_a_field');
  });

  it('keeps the draft when the submit fails, and clears every draft of the execution on hang-up', async () => {
    const fx = fakeEffects();
    const { engine } = engineWith(fx);
    await engine.start({ definition: branching(), callData });
    await engine.submit({ full_name: 'Dana' });
    await engine.saveDraft({ age: '4' });
    fx.effects.http.submitStep = async () => {
      throw new Error('offline');
    };
    await engine.submit({ age: '41' });
    expect(fx.drafts.map.has(draftKey('exec-1', 'age'))).toBe(true);
    await engine.hangUp();
    expect(fx.drafts.map.size).toBe(0);
  });
});

describe('constants and resuming (spec 9, spec 3 Session state)', () => {
  it('uses the spec’s limits: 60 s calls, 20 s hang-up notification, 1 s cache clear, 2 steps of variables', () => {
    expect(CALL_FLOW_TIMEOUT_MS).toBe(60_000);
    expect(HANG_UP_NOTIFICATION_TIMEOUT_MS).toBe(20_000);
    expect(CALL_CACHE_CLEAR_DELAY_MS).toBe(1_000);
    expect(STEP_VARIABLES_KEPT).toBe(2);
  });

  it('resumes from a state kept as JSON in session storage and checked by its contract', async () => {
    const { fx, engine } = engineWith();
    await engine.start({ definition: branching(), callData });
    await engine.submit({ full_name: 'Dana' });
    const stored = JSON.stringify(engine.getState());
    const restored = callFlowStateSchema.parse(JSON.parse(stored));
    const resumed = createCallFlowEngine({ effects: fx.effects, context, initialState: restored });
    expect(currentStep(resumed.getState())).toBe('age');
    expect(resumed.canGoBack()).toBe(true);
    await resumed.submit({ age: '12' });
    expect(currentStep(resumed.getState())).toBe('minor');
    await resumed.back();
    expect(resumed.getState().processVariables.main).toMatchObject({
      full_name: 'Dana',
      age: '12',
    });
  });
});
