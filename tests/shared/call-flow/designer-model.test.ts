import { describe, expect, it } from 'vitest';
import { processDefinitionSchema } from '@/shared/contracts/call-flow';
import {
  addField,
  addRoute,
  addStep,
  addTrigger,
  changeStepId,
  changeStepType,
  deleteField,
  deleteRoute,
  deleteStep,
  deleteTrigger,
  findStep,
  moveField,
  moveRoute,
  moveStep,
  moveTrigger,
  newProcessModel,
  newTrigger,
  readDesignerModel,
  renameStep,
  setStartStep,
  slugify,
  toDefinition,
  toDesignerModel,
  updateField,
  updateRoute,
  type DesignerModel,
} from '@/shared/call-flow/designer-model';
import { validateProcessDefinition } from '@/shared/call-flow/validate-definition';
import { immigrationIntake } from '@/server/seed/call-flows/immigration-intake';
import { personalInjuryIntake } from '@/server/seed/call-flows/personal-injury-intake';

// Issue #34 "Unit: the designer's model operations (add/move/delete steps, routes, fields),
// round trip definition → editor model → definition without change for both seeded intakes".

const NOW = new Date('2026-11-30T12:00:00Z');

const stepIds = (model: DesignerModel) => model.steps.map((step) => step.id);
const stepByName = (model: DesignerModel, name: string) =>
  model.steps.find((step) => step.name === name)!;

describe('the designer model (issue #34)', () => {
  it.each([
    ['Personal Injury intake', () => personalInjuryIntake('ws_harbor', NOW)],
    ['Immigration intake', () => immigrationIntake('ws_summit')],
  ])('reads the %s and writes it back without a change', (_name, make) => {
    const definition = processDefinitionSchema.parse(make());
    const model = toDesignerModel(definition);
    expect(toDefinition(model)).toEqual(definition);
    // Every step, route, field and trigger has a key of its own.
    const keys = model.steps.flatMap((step) => [
      step.key,
      ...step.routes.map((item) => item.key),
      ...(step.form?.fields.map((item) => item.key) ?? []),
      ...step.triggers.BEFORE.map((item) => item.key),
      ...step.triggers.AFTER.map((item) => item.key),
    ]);
    expect(new Set(keys).size).toBe(keys.length);
    expect(model.nextKey).toBe(keys.length + 1);
  });

  it('starts a new process that is valid as it is', () => {
    const model = newProcessModel({ uid: 'referral', name: 'Referral intake', workspace: 'ws_1' });
    expect(validateProcessDefinition(toDefinition(model))).toMatchObject({ ok: true });
    expect(stepIds(model)).toEqual(['caller', 'end']);
  });

  it('adds steps with ids from their names, unique, after the step asked for', () => {
    let model = newProcessModel({ uid: 'p', name: 'P', workspace: 'ws_1' });
    const caller = model.steps[0]!.key;
    const added = addStep(model, { name: 'Accident details', type: 'TASK', after: caller });
    model = added.model;
    expect(stepIds(model)).toEqual(['caller', 'accident-details', 'end']);
    const again = addStep(model, { name: 'Accident details!', type: 'TASK' });
    expect(stepIds(again.model)).toEqual([
      'caller',
      'accident-details',
      'end',
      'accident-details-2',
    ]);
    // A TASK comes with an empty form of its own; an END with none.
    expect(findStep(model, added.key)!.form).toEqual({
      dyn_uid: 'accident-details-form',
      title: 'Accident details',
      fields: [],
    });
    expect(addStep(model, { name: 'Done', type: 'END' }).model.steps.at(-1)!.form).toBeNull();
    // The new key is new.
    expect(model.steps.filter((step) => step.key === added.key)).toHaveLength(1);
    expect(slugify('  Ünïcode & Co.  ')).toBe('unicode-co');
    expect(slugify('!!!')).toBe('step');
  });

  it('moves, renames and retypes steps', () => {
    let model = newProcessModel({ uid: 'p', name: 'P', workspace: 'ws_1' });
    model = addStep(model, { name: 'Injuries', type: 'TASK' }).model;
    model = moveStep(model, stepByName(model, 'Injuries').key, 0);
    expect(stepIds(model)).toEqual(['injuries', 'caller', 'end']);
    // Out of range clamps; an unknown key changes nothing.
    expect(stepIds(moveStep(model, stepByName(model, 'Injuries').key, 99))).toEqual([
      'caller',
      'end',
      'injuries',
    ]);
    expect(moveStep(model, 'nope', 1)).toBe(model);

    model = renameStep(model, stepByName(model, 'Injuries').key, 'Injuries and treatment');
    const renamed = stepByName(model, 'Injuries and treatment');
    // The form's title followed (it was the step's name); the id stays.
    expect(renamed.form?.title).toBe('Injuries and treatment');
    expect(renamed.id).toBe('injuries');

    // An END keeps no routes; a TASK again gets a form.
    const caller = stepByName(model, 'Caller').key;
    const ended = changeStepType(model, caller, 'END');
    expect(findStep(ended, caller)!.routes).toEqual([]);
    expect(findStep(ended, caller)!.form?.fields).toHaveLength(2);
    const task = changeStepType(ended, stepByName(ended, 'End').key, 'TASK');
    expect(stepByName(task, 'End').form).toMatchObject({ dyn_uid: 'end-form', fields: [] });
  });

  it('changes a step id everywhere it is named, and refuses a taken or malformed one', () => {
    let model = newProcessModel({ uid: 'p', name: 'P', workspace: 'ws_1' });
    const end = stepByName(model, 'End').key;
    const caller = stepByName(model, 'Caller').key;
    const changed = changeStepId(model, end, 'wrap-up');
    expect(changed.ok).toBe(true);
    if (!changed.ok) return;
    model = changed.model;
    expect(findStep(model, caller)!.routes[0]!.route.flo_element_dest).toBe('wrap-up');
    const startChanged = changeStepId(model, caller, 'first');
    expect(startChanged.ok && startChanged.model.process.startStepId).toBe('first');
    expect(
      startChanged.ok && findStep(startChanged.model, caller)!.routes[0]!.route.flo_element_origin,
    ).toBe('first');
    expect(changeStepId(model, end, 'caller')).toEqual({ ok: false, reason: 'taken' });
    expect(changeStepId(model, end, 'has space')).toEqual({ ok: false, reason: 'malformed' });
    expect(validateProcessDefinition(toDefinition(model))).toMatchObject({ ok: true });
  });

  it('deletes a step with the routes to it, and the start when it was the start', () => {
    const definition = processDefinitionSchema.parse(personalInjuryIntake('ws_harbor', NOW));
    const model = toDesignerModel(definition);
    const target = model.steps.find((step) => step.id === 'pi-vehicle')!;
    const before = model.steps
      .flatMap((s) => s.routes)
      .filter((item) => item.route.flo_element_dest === 'pi-vehicle').length;
    expect(before).toBeGreaterThan(0);
    const { model: after, removedRoutes } = deleteStep(model, target.key);
    expect(removedRoutes).toBe(before);
    expect(stepIds(after)).not.toContain('pi-vehicle');
    expect(
      after.steps.flatMap((s) => s.routes).some((r) => r.route.flo_element_dest === 'pi-vehicle'),
    ).toBe(false);

    const start = model.steps.find((step) => step.id === definition.startStepId)!;
    const withoutStart = deleteStep(model, start.key).model;
    expect('startStepId' in withoutStart.process).toBe(false);
    expect(deleteStep(model, 'nope')).toEqual({ model, removedRoutes: 0 });
  });

  it('adds, changes, orders and deletes routes', () => {
    let model = newProcessModel({ uid: 'p', name: 'P', workspace: 'ws_1' });
    const added = addStep(model, { name: 'Spanish', type: 'TASK' });
    model = added.model;
    const caller = stepByName(model, 'Caller').key;
    const route = addRoute(model, caller, 'spanish', "@@language == 'es'");
    model = route.model;
    expect(findStep(model, caller)!.routes.map((r) => r.route)).toEqual([
      { flo_condition: '', flo_element_dest: 'end', flo_element_origin: 'caller' },
      {
        flo_condition: "@@language == 'es'",
        flo_element_dest: 'spanish',
        flo_element_origin: 'caller',
      },
    ]);
    // The conditional route first: the always-route catches the rest.
    model = moveRoute(model, caller, route.key, 0);
    expect(findStep(model, caller)!.routes[0]!.key).toBe(route.key);
    model = updateRoute(model, caller, route.key, { flo_condition: "@@language == 'ES'" });
    expect(findStep(model, caller)!.routes[0]!.route.flo_condition).toBe("@@language == 'ES'");
    model = deleteRoute(model, caller, route.key);
    expect(findStep(model, caller)!.routes.map((r) => r.route.flo_element_dest)).toEqual(['end']);
    expect(addRoute(model, 'nope', 'end')).toEqual({ model, key: '' });
  });

  it('adds fields of every type with a variable of their own, and orders, changes and deletes them', () => {
    let model = newProcessModel({ uid: 'p', name: 'P', workspace: 'ws_1' });
    const caller = stepByName(model, 'Caller').key;
    const types = [
      'text',
      'textarea',
      'number',
      'email',
      'phone',
      'date',
      'select',
      'radio',
      'checkbox',
      'address',
      'grid',
      'consultation',
    ] as const;
    for (const type of types) model = addField(model, caller, type).model;
    const fields = findStep(model, caller)!.form!.fields.map((item) => item.field);
    // 'phone' was taken by the first step's own field: the new one is phone1.
    expect(fields.map((field) => field.name)).toEqual([
      'firstName',
      'phone',
      ...types.map((type) => `${type}1`),
    ]);
    // Each new field is valid as added (the whole process still is).
    expect(validateProcessDefinition(toDefinition(model))).toMatchObject({ ok: true });

    const email = findStep(model, caller)!.form!.fields.find((f) => f.field.type === 'email')!;
    model = moveField(model, caller, email.key, 0);
    expect(findStep(model, caller)!.form!.fields[0]!.key).toBe(email.key);
    model = updateField(model, caller, email.key, {
      ...email.field,
      label: 'Client e-mail',
      validators: [{ type: 'required' }, { type: 'email' }],
    });
    expect(findStep(model, caller)!.form!.fields[0]!.field).toMatchObject({
      label: 'Client e-mail',
      validators: [{ type: 'required' }, { type: 'email' }],
    });
    model = deleteField(model, caller, email.key);
    expect(findStep(model, caller)!.form!.fields.some((f) => f.key === email.key)).toBe(false);

    // A step without a form gets one with its first field.
    const end = stepByName(model, 'End').key;
    const withField = addField(model, end, 'text').model;
    expect(findStep(withField, end)!.form).toMatchObject({ dyn_uid: 'end-form', title: 'End' });
  });

  it('adds, orders and deletes BEFORE and AFTER triggers, an EMAIL one included', () => {
    let model = newProcessModel({ uid: 'p', name: 'P', workspace: 'ws_1' });
    const end = stepByName(model, 'End').key;
    const email = addTrigger(model, end, 'AFTER', newTrigger('email', 'Confirmation'));
    model = email.model;
    const status = addTrigger(model, end, 'AFTER', newTrigger('setVariable', 'Status'));
    model = status.model;
    expect(findStep(model, end)!.triggers.AFTER.map((t) => t.trigger.name)).toEqual([
      'Confirmation',
      'Status',
    ]);
    model = moveTrigger(model, end, 'AFTER', status.key, 0);
    expect(findStep(model, end)!.triggers.AFTER.map((t) => t.trigger.name)).toEqual([
      'Status',
      'Confirmation',
    ]);
    expect(validateProcessDefinition(toDefinition(model))).toMatchObject({ ok: true });
    model = deleteTrigger(model, end, 'AFTER', email.key);
    expect(findStep(model, end)!.triggers.AFTER.map((t) => t.trigger.name)).toEqual(['Status']);
    expect(findStep(model, end)!.triggers.BEFORE).toEqual([]);
  });

  it('makes another step the start', () => {
    const model = newProcessModel({ uid: 'p', name: 'P', workspace: 'ws_1' });
    expect(setStartStep(model, stepByName(model, 'End').key).process.startStepId).toBe('end');
    expect(setStartStep(model, 'nope')).toBe(model);
  });
});

describe('opening a stored definition in the designer', () => {
  it('reads a published definition through the contract, defaults filled in', () => {
    const definition = personalInjuryIntake('ws_harbor', NOW);
    const read = readDesignerModel(definition);
    expect(read.ok).toBe(true);
    if (read.ok)
      expect(toDefinition(read.model)).toEqual(processDefinitionSchema.parse(definition));
  });

  it('opens an unfinished draft as it was saved, for the checks to name what is missing', () => {
    // A new form step (no field yet) and a field whose label was cleared: what the designer
    // itself saves while the owner works.
    let model = newProcessModel({ uid: 'p', name: 'P', workspace: 'ws_1' });
    model = addStep(model, { name: 'Accident', type: 'TASK' }).model;
    const caller = stepByName(model, 'Caller');
    const first = caller.form!.fields[0]!;
    model = updateField(model, caller.key, first.key, { ...first.field, label: '' });
    const saved = JSON.parse(JSON.stringify(toDefinition(model))) as unknown;
    expect(processDefinitionSchema.safeParse(saved).success).toBe(false);

    const read = readDesignerModel(saved);
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(toDefinition(read.model)).toEqual(saved);
    const checked = validateProcessDefinition(toDefinition(read.model));
    expect(checked.ok).toBe(false);
  });

  it('refuses what is not a process, saying where', () => {
    expect(readDesignerModel({ name: 'P' })).toMatchObject({ ok: false });
    const read = readDesignerModel({
      uid: 'p',
      name: 'P',
      workspace: 'ws_1',
      prj_id: 'main',
      steps: [{ id: 's', name: 'S', type: 'LOOP', prj_id: 'main' }],
    });
    expect(read.ok).toBe(false);
    if (!read.ok) expect(read.message).toMatch(/^steps\.0\.type: /);
  });
});
