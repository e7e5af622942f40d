import { z } from 'zod';
import {
  processDefinitionSchema,
  stepTypeSchema,
  type FormField,
  type FormFieldType,
  type ProcessDefinition,
  type Route,
  type Step,
  type StepType,
  type Trigger,
  type TriggerTiming,
} from '../contracts/call-flow';

// The call-flow designer's model (issue #34): a process definition as the designer edits
// it. Each step, route, form field and trigger carries a key of its own, so that a list
// keeps its focus and its React identity while items move, are renamed or change their
// id; everything else is the definition's own data, untouched, so a definition read into
// the model and written back is the same definition. Every operation is pure: it answers
// a new model and never throws on a key it does not know (the model comes back as it was).
// The model may hold what the server refuses (a form without fields, a route to nowhere):
// a draft may be unfinished; validateProcessDefinition lists what stands in the way of
// publishing it.

export interface DesignerField {
  key: string;
  field: FormField;
}

export interface DesignerRoute {
  key: string;
  route: Route;
}

export interface DesignerTrigger {
  key: string;
  trigger: Trigger;
}

export interface DesignerForm {
  dyn_uid: string;
  title: string;
  description?: string;
  fields: DesignerField[];
}

export interface DesignerStep {
  key: string;
  id: string;
  name: string;
  type: StepType;
  prj_id: string;
  form: DesignerForm | null;
  routes: DesignerRoute[];
  triggers: Record<TriggerTiming, DesignerTrigger[]>;
}

/** The process without its steps: its name, workspace, start, sub-process mappings. */
export type DesignerProcess = Omit<ProcessDefinition, 'steps'>;

export interface DesignerModel {
  process: DesignerProcess;
  steps: DesignerStep[];
  /** The next key to hand out (keys are `k1`, `k2`, … within one model). */
  nextKey: number;
}

// ---------------------------------------------------------------- keys

/** Hands out keys from the model's counter; `done` says where the counter ends. */
function keyMaker(start: number) {
  let next = start;
  return {
    key: () => `k${next++}`,
    done: () => next,
  };
}

// ---------------------------------------------------------------- definition ↔ model

/** A definition as the designer edits it (the definition is parsed first: defaults filled). */
export function toDesignerModel(input: ProcessDefinition): DesignerModel {
  return buildModel(processDefinitionSchema.parse(input));
}

function buildModel({ steps, ...process }: ProcessDefinition): DesignerModel {
  const keys = keyMaker(1);
  const designerSteps = steps.map((step): DesignerStep => {
    const { dynaform } = step;
    return {
      key: keys.key(),
      id: step.id,
      name: step.name,
      type: step.type,
      prj_id: step.prj_id,
      form: dynaform
        ? {
            dyn_uid: dynaform.dyn_uid,
            title: dynaform.title,
            ...(dynaform.description === undefined ? {} : { description: dynaform.description }),
            fields: dynaform.fields.map((field) => ({ key: keys.key(), field })),
          }
        : null,
      routes: step.routes.map((route) => ({ key: keys.key(), route })),
      triggers: {
        BEFORE: step.triggers.BEFORE.map((trigger) => ({ key: keys.key(), trigger })),
        AFTER: step.triggers.AFTER.map((trigger) => ({ key: keys.key(), trigger })),
      },
    };
  });
  return { process, steps: designerSteps, nextKey: keys.done() };
}

/**
 * The shape of a draft the designer can open: the definition's structure without its
 * finishing rules (a form may have no fields yet, a label may be empty, a route may lead
 * nowhere), so that whatever the designer saved it can open again. The fields, routes and
 * triggers are kept as they were saved: validateProcessDefinition names what is wrong.
 */
const draftShapeSchema = z.looseObject({
  uid: z.string(),
  name: z.string(),
  workspace: z.string(),
  prj_id: z.string(),
  startStepId: z.string().optional(),
  variablesMapping: z.array(z.looseObject({})).default([]),
  is_sub_process: z.boolean().default(false),
  steps: z.array(
    z.looseObject({
      id: z.string(),
      name: z.string(),
      type: stepTypeSchema,
      prj_id: z.string(),
      dynaform: z
        .looseObject({
          dyn_uid: z.string(),
          title: z.string(),
          description: z.string().optional(),
          fields: z.array(z.looseObject({ type: z.string(), name: z.string() })),
        })
        .nullable()
        .default(null),
      routes: z
        .array(
          z.looseObject({
            flo_condition: z.string().default(''),
            flo_element_dest: z.string(),
            flo_element_origin: z.string(),
          }),
        )
        .default([]),
      triggers: z
        .object({
          BEFORE: z.array(z.looseObject({ name: z.string() })).default([]),
          AFTER: z.array(z.looseObject({ name: z.string() })).default([]),
        })
        .default({ BEFORE: [], AFTER: [] }),
    }),
  ),
});

/**
 * A stored definition (a draft, an imported file, another editor's save) as a model, or
 * what keeps it from being one, in the words of the first problem found. A definition
 * that passes the contract is read through it (its defaults filled in); an unfinished
 * draft is read by its shape alone, as it was saved.
 */
export function readDesignerModel(
  input: unknown,
): { ok: true; model: DesignerModel } | { ok: false; message: string } {
  const parsed = processDefinitionSchema.safeParse(input);
  if (parsed.success) return { ok: true, model: toDesignerModel(parsed.data) };
  const shaped = draftShapeSchema.safeParse(input);
  if (shaped.success) {
    // The shape is the definition's, checked above; its finishing rules are what the
    // contract refused, for validateProcessDefinition to name (a draft may be unfinished).
    return { ok: true, model: buildModel(shaped.data as unknown as ProcessDefinition) };
  }
  const issue = shaped.error.issues[0];
  const where = issue && issue.path.length > 0 ? `${issue.path.map(String).join('.')}: ` : '';
  return { ok: false, message: `${where}${issue?.message ?? 'not a process definition'}` };
}

/**
 * The model as a definition, for the server (which checks it again) and for export. Not
 * parsed here: an unfinished draft comes back as it is, for validateProcessDefinition to
 * name its problems.
 */
export function toDefinition(model: DesignerModel): ProcessDefinition {
  return {
    ...model.process,
    steps: model.steps.map((step): Step => ({
      id: step.id,
      name: step.name,
      type: step.type,
      prj_id: step.prj_id,
      dynaform: step.form
        ? {
            dyn_uid: step.form.dyn_uid,
            title: step.form.title,
            ...(step.form.description === undefined ? {} : { description: step.form.description }),
            fields: step.form.fields.map((item) => item.field),
          }
        : null,
      routes: step.routes.map((item) => item.route),
      triggers: {
        BEFORE: step.triggers.BEFORE.map((item) => item.trigger),
        AFTER: step.triggers.AFTER.map((item) => item.trigger),
      },
    })),
  };
}

// ---------------------------------------------------------------- names

/** "Caller information" → "caller-information"; "step" when nothing is left. */
export function slugify(text: string): string {
  const slug = text
    .normalize('NFKD')
    // The accents NFKD split off ("ü" → "u" + a combining mark).
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return slug || 'step';
}

/** `base`, else `base-2`, `base-3`, … : the first not in `taken`. */
export function uniqueId(base: string, taken: ReadonlySet<string>, separator = '-'): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base}${separator}${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/** Every variable a field of the process writes. */
export function fieldVariables(model: DesignerModel): Set<string> {
  return new Set(
    model.steps.flatMap((step) => step.form?.fields.map((item) => item.field.name) ?? []),
  );
}

// ---------------------------------------------------------------- the process

/**
 * Changes what the process says of itself: its name, its description, its practice area
 * (a description or practice area set to undefined is removed).
 */
export function updateProcess(
  model: DesignerModel,
  patch: Partial<Pick<DesignerProcess, 'name' | 'description' | 'practiceAreaId'>>,
): DesignerModel {
  const process: DesignerProcess = { ...model.process, ...patch };
  for (const key of ['description', 'practiceAreaId'] as const) {
    if (key in patch && patch[key] === undefined) delete process[key];
  }
  return { ...model, process };
}

/**
 * The variables copied from one project into another as the flow enters it (spec 3
 * variablesMapping): the pairs given replace that direction's; none removes it.
 */
export function setVariablesMapping(
  model: DesignerModel,
  sourceProjectId: string,
  destinationProjectId: string,
  mapping: Array<{ source: string; target: string }>,
): DesignerModel {
  const others = model.process.variablesMapping.filter(
    (entry) =>
      entry.sourceProjectId !== sourceProjectId ||
      entry.destinationProjectId !== destinationProjectId,
  );
  const variablesMapping =
    mapping.length > 0 ? [...others, { sourceProjectId, destinationProjectId, mapping }] : others;
  return { ...model, process: { ...model.process, variablesMapping } };
}

/** Moves a step into another project (a sub-process's steps have the sub-process's). */
export function changeStepProject(
  model: DesignerModel,
  key: string,
  prj_id: string,
): DesignerModel {
  return replaceStep(model, key, (step) => ({ ...step, prj_id }));
}

// ---------------------------------------------------------------- steps

function replaceStep(
  model: DesignerModel,
  key: string,
  change: (step: DesignerStep) => DesignerStep,
): DesignerModel {
  const index = model.steps.findIndex((step) => step.key === key);
  if (index < 0) return model;
  const steps = [...model.steps];
  steps[index] = change(steps[index]!);
  return { ...model, steps };
}

export function findStep(model: DesignerModel, key: string): DesignerStep | undefined {
  return model.steps.find((step) => step.key === key);
}

/** Moves `items[from]` to `to` (clamped); the same array when nothing moves. */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  const target = Math.max(0, Math.min(items.length - 1, to));
  if (from < 0 || from >= items.length || from === target) return [...items];
  const moved = [...items];
  const [item] = moved.splice(from, 1);
  moved.splice(target, 0, item!);
  return moved;
}

export interface NewStep {
  name: string;
  type: StepType;
  /** The project it belongs to; default the process's main project. */
  prj_id?: string;
  /** Placed after this step; default at the end. */
  after?: string;
}

/**
 * Adds a step with an id made from its name (unique in the process). A TASK comes with an
 * empty form (the agent's screen: fields are added next); END and SUB_PROCESS steps have
 * none. The new step's key comes back with the model.
 */
export function addStep(
  model: DesignerModel,
  spec: NewStep,
): { model: DesignerModel; key: string } {
  const keys = keyMaker(model.nextKey);
  const ids = new Set(model.steps.map((step) => step.id));
  const id = uniqueId(slugify(spec.name), ids);
  const formIds = new Set(model.steps.flatMap((step) => (step.form ? [step.form.dyn_uid] : [])));
  const step: DesignerStep = {
    key: keys.key(),
    id,
    name: spec.name,
    type: spec.type,
    prj_id: spec.prj_id ?? model.process.prj_id,
    form:
      spec.type === 'TASK'
        ? { dyn_uid: uniqueId(`${id}-form`, formIds), title: spec.name, fields: [] }
        : null,
    routes: [],
    triggers: { BEFORE: [], AFTER: [] },
  };
  const afterIndex = spec.after ? model.steps.findIndex((s) => s.key === spec.after) : -1;
  const steps = [...model.steps];
  steps.splice(afterIndex < 0 ? steps.length : afterIndex + 1, 0, step);
  return { model: { ...model, steps, nextKey: keys.done() }, key: step.key };
}

/** Renames a step (its title for agents; the form's title follows when it was the same). */
export function renameStep(model: DesignerModel, key: string, name: string): DesignerModel {
  return replaceStep(model, key, (step) => ({
    ...step,
    name,
    form: step.form && step.form.title === step.name ? { ...step.form, title: name } : step.form,
  }));
}

/**
 * Gives a step another type. A TASK gets an empty form if it had none; an END keeps no
 * routes (nothing follows the end), a step that is no longer a TASK keeps its form only if
 * it has fields (the engine shows a form wherever there is one).
 */
export function changeStepType(model: DesignerModel, key: string, type: StepType): DesignerModel {
  const formIds = new Set(model.steps.flatMap((step) => (step.form ? [step.form.dyn_uid] : [])));
  return replaceStep(model, key, (step) => {
    if (step.type === type) return step;
    let form = step.form;
    if (type === 'TASK' && !form) {
      form = { dyn_uid: uniqueId(`${step.id}-form`, formIds), title: step.name, fields: [] };
    } else if (type !== 'TASK' && form && form.fields.length === 0) {
      form = null;
    }
    return { ...step, type, form, routes: type === 'END' ? [] : step.routes };
  });
}

export type StepIdChange =
  { ok: true; model: DesignerModel } | { ok: false; reason: 'taken' | 'malformed' };

/**
 * Changes a step's id (what routes, the start and histories name): routes to and from it
 * and the process's start follow. Refused when another step has it or it is not an id.
 */
export function changeStepId(model: DesignerModel, key: string, id: string): StepIdChange {
  const step = findStep(model, key);
  if (!step) return { ok: true, model };
  if (!/^[A-Za-z0-9][A-Za-z0-9_.-]{0,127}$/.test(id)) return { ok: false, reason: 'malformed' };
  if (id === step.id) return { ok: true, model };
  if (model.steps.some((other) => other.id === id)) return { ok: false, reason: 'taken' };
  const old = step.id;
  const steps = model.steps.map((s) => ({
    ...s,
    id: s.key === key ? id : s.id,
    routes: s.routes.map((item) => ({
      ...item,
      route: {
        ...item.route,
        flo_element_dest: item.route.flo_element_dest === old ? id : item.route.flo_element_dest,
        flo_element_origin:
          item.route.flo_element_origin === old ? id : item.route.flo_element_origin,
      },
    })),
  }));
  const process =
    model.process.startStepId === old ? { ...model.process, startStepId: id } : model.process;
  return { ok: true, model: { ...model, process, steps } };
}

/**
 * Deletes a step, the routes other steps had to it (answered, so the screen can say what
 * went with it), and the start when it was the start (the first step of the main project
 * starts then).
 */
export function deleteStep(
  model: DesignerModel,
  key: string,
): { model: DesignerModel; removedRoutes: number } {
  const step = findStep(model, key);
  if (!step) return { model, removedRoutes: 0 };
  let removedRoutes = 0;
  const steps = model.steps
    .filter((s) => s.key !== key)
    .map((s) => {
      const routes = s.routes.filter((item) => item.route.flo_element_dest !== step.id);
      removedRoutes += s.routes.length - routes.length;
      return routes.length === s.routes.length ? s : { ...s, routes };
    });
  const { startStepId, ...rest } = model.process;
  const process = startStepId === step.id ? rest : model.process;
  return { model: { ...model, process, steps }, removedRoutes };
}

export function moveStep(model: DesignerModel, key: string, to: number): DesignerModel {
  const from = model.steps.findIndex((step) => step.key === key);
  if (from < 0) return model;
  return { ...model, steps: moveItem(model.steps, from, to) };
}

/** Makes a step the one the flow starts at. */
export function setStartStep(model: DesignerModel, key: string): DesignerModel {
  const step = findStep(model, key);
  if (!step) return model;
  return { ...model, process: { ...model.process, startStepId: step.id } };
}

// ---------------------------------------------------------------- routes

/** Adds a route from the step to `destId` (taken when `condition` holds; '' always). */
export function addRoute(
  model: DesignerModel,
  stepKey: string,
  destId: string,
  condition = '',
): { model: DesignerModel; key: string } {
  const keys = keyMaker(model.nextKey);
  const key = keys.key();
  const next = replaceStep(model, stepKey, (step) => ({
    ...step,
    routes: [
      ...step.routes,
      {
        key,
        route: { flo_condition: condition, flo_element_dest: destId, flo_element_origin: step.id },
      },
    ],
  }));
  if (next === model) return { model, key: '' };
  return { model: { ...next, nextKey: keys.done() }, key };
}

export function updateRoute(
  model: DesignerModel,
  stepKey: string,
  routeKey: string,
  patch: Partial<Pick<Route, 'flo_condition' | 'flo_element_dest'>>,
): DesignerModel {
  return replaceStep(model, stepKey, (step) => ({
    ...step,
    routes: step.routes.map((item) =>
      item.key === routeKey ? { ...item, route: { ...item.route, ...patch } } : item,
    ),
  }));
}

export function deleteRoute(
  model: DesignerModel,
  stepKey: string,
  routeKey: string,
): DesignerModel {
  return replaceStep(model, stepKey, (step) => ({
    ...step,
    routes: step.routes.filter((item) => item.key !== routeKey),
  }));
}

/** Routes are tried in order (the first whose condition holds is taken): order matters. */
export function moveRoute(
  model: DesignerModel,
  stepKey: string,
  routeKey: string,
  to: number,
): DesignerModel {
  return replaceStep(model, stepKey, (step) => ({
    ...step,
    routes: moveItem(
      step.routes,
      step.routes.findIndex((item) => item.key === routeKey),
      to,
    ),
  }));
}

// ---------------------------------------------------------------- fields

const FIELD_LABELS: Record<FormFieldType, string> = {
  text: 'Text',
  textarea: 'Long text',
  number: 'Number',
  email: 'E-mail',
  phone: 'Phone',
  date: 'Date',
  select: 'Choice',
  radio: 'Choice',
  checkbox: 'Confirmation',
  address: 'Address',
  grid: 'List',
  consultation: 'Consultation',
};

const FIRST_OPTIONS = [
  { value: 'option1', label: 'Option 1' },
  { value: 'option2', label: 'Option 2' },
];

/** A field of `type` as it is first added: a label to change, a variable of its own. */
export function newField(type: FormFieldType, name: string): FormField {
  const base = { name, label: FIELD_LABELS[type], validators: [] };
  switch (type) {
    case 'select':
    case 'radio':
      return { ...base, type, options: FIRST_OPTIONS };
    case 'checkbox':
      return { ...base, type };
    case 'address':
      return { ...base, type, verify: true };
    case 'consultation':
      return { ...base, type, durationMinutes: 60 };
    case 'grid':
      return {
        ...base,
        type,
        columns: [{ name: 'item', label: 'Item', type: 'text', validators: [] }],
      };
    default:
      return { ...base, type };
  }
}

/** A variable name not written by any field yet: `phone1`, `phone2`, … */
export function freshVariable(model: DesignerModel, type: FormFieldType): string {
  const taken = fieldVariables(model);
  for (let n = 1; ; n++) {
    const candidate = `${type}${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}

function replaceFields(
  model: DesignerModel,
  stepKey: string,
  change: (fields: DesignerField[]) => DesignerField[],
): DesignerModel {
  const step = findStep(model, stepKey);
  if (!step?.form) return model;
  return replaceStep(model, stepKey, (s) => ({
    ...s,
    form: s.form ? { ...s.form, fields: change(s.form.fields) } : s.form,
  }));
}

/**
 * Adds a field of `type` to a step's form (a form is made when the step has none), at
 * `index` (default the end).
 */
export function addField(
  model: DesignerModel,
  stepKey: string,
  type: FormFieldType,
  index?: number,
): { model: DesignerModel; key: string } {
  const step = findStep(model, stepKey);
  if (!step) return { model, key: '' };
  const keys = keyMaker(model.nextKey);
  const key = keys.key();
  const item: DesignerField = { key, field: newField(type, freshVariable(model, type)) };
  const formIds = new Set(model.steps.flatMap((s) => (s.form ? [s.form.dyn_uid] : [])));
  const next = replaceStep(model, stepKey, (s) => {
    const form = s.form ?? {
      dyn_uid: uniqueId(`${s.id}-form`, formIds),
      title: s.name,
      fields: [],
    };
    const fields = [...form.fields];
    fields.splice(index ?? fields.length, 0, item);
    return { ...s, form: { ...form, fields } };
  });
  return { model: { ...next, nextKey: keys.done() }, key };
}

export function updateField(
  model: DesignerModel,
  stepKey: string,
  fieldKey: string,
  field: FormField,
): DesignerModel {
  return replaceFields(model, stepKey, (fields) =>
    fields.map((item) => (item.key === fieldKey ? { ...item, field } : item)),
  );
}

export function deleteField(
  model: DesignerModel,
  stepKey: string,
  fieldKey: string,
): DesignerModel {
  return replaceFields(model, stepKey, (fields) => fields.filter((item) => item.key !== fieldKey));
}

export function moveField(
  model: DesignerModel,
  stepKey: string,
  fieldKey: string,
  to: number,
): DesignerModel {
  return replaceFields(model, stepKey, (fields) =>
    moveItem(
      fields,
      fields.findIndex((item) => item.key === fieldKey),
      to,
    ),
  );
}

// ---------------------------------------------------------------- triggers

/** A trigger as first added: an EMAIL trigger to the caller, or one that sets a variable. */
export function newTrigger(kind: 'email' | 'setVariable', name: string): Trigger {
  return kind === 'email'
    ? {
        name,
        condition: '',
        code: [],
        marker: 'EMAIL',
        config: { to: '@@email', subject: 'Thank you for calling', body: 'Dear @@firstName,' },
      }
    : {
        name,
        condition: '',
        code: [{ action: 'setVariable', variable: 'status', template: 'new' }],
      };
}

function replaceTriggers(
  model: DesignerModel,
  stepKey: string,
  timing: TriggerTiming,
  change: (triggers: DesignerTrigger[]) => DesignerTrigger[],
): DesignerModel {
  return replaceStep(model, stepKey, (step) => ({
    ...step,
    triggers: { ...step.triggers, [timing]: change(step.triggers[timing]) },
  }));
}

export function addTrigger(
  model: DesignerModel,
  stepKey: string,
  timing: TriggerTiming,
  trigger: Trigger,
): { model: DesignerModel; key: string } {
  if (!findStep(model, stepKey)) return { model, key: '' };
  const keys = keyMaker(model.nextKey);
  const key = keys.key();
  const next = replaceTriggers(model, stepKey, timing, (triggers) => [
    ...triggers,
    { key, trigger },
  ]);
  return { model: { ...next, nextKey: keys.done() }, key };
}

export function updateTrigger(
  model: DesignerModel,
  stepKey: string,
  timing: TriggerTiming,
  triggerKey: string,
  trigger: Trigger,
): DesignerModel {
  return replaceTriggers(model, stepKey, timing, (triggers) =>
    triggers.map((item) => (item.key === triggerKey ? { ...item, trigger } : item)),
  );
}

export function deleteTrigger(
  model: DesignerModel,
  stepKey: string,
  timing: TriggerTiming,
  triggerKey: string,
): DesignerModel {
  return replaceTriggers(model, stepKey, timing, (triggers) =>
    triggers.filter((item) => item.key !== triggerKey),
  );
}

/** Triggers run in order: moving one changes what the next one sees. */
export function moveTrigger(
  model: DesignerModel,
  stepKey: string,
  timing: TriggerTiming,
  triggerKey: string,
  to: number,
): DesignerModel {
  return replaceTriggers(model, stepKey, timing, (triggers) =>
    moveItem(
      triggers,
      triggers.findIndex((item) => item.key === triggerKey),
      to,
    ),
  );
}

// ---------------------------------------------------------------- a new process

/**
 * A new process as the designer starts it: a first step with the caller's name and phone,
 * and an END it goes to. Valid as it is, so a test run can start at once.
 */
export function newProcessModel(input: {
  uid: string;
  name: string;
  workspace: string;
}): DesignerModel {
  const prj = `${input.uid}-main`;
  return toDesignerModel({
    uid: input.uid,
    name: input.name,
    workspace: input.workspace,
    prj_id: prj,
    startStepId: 'caller',
    is_sub_process: false,
    variablesMapping: [],
    steps: [
      {
        id: 'caller',
        name: 'Caller',
        type: 'TASK',
        prj_id: prj,
        dynaform: {
          dyn_uid: 'caller-form',
          title: 'Caller',
          fields: [
            {
              name: 'firstName',
              label: 'First name',
              type: 'text',
              validators: [{ type: 'required' }],
            },
            {
              name: 'phone',
              label: 'Phone',
              type: 'phone',
              validators: [{ type: 'required' }, { type: 'phone' }],
            },
          ],
        },
        routes: [{ flo_condition: '', flo_element_dest: 'end', flo_element_origin: 'caller' }],
        triggers: { BEFORE: [], AFTER: [] },
      },
      {
        id: 'end',
        name: 'End',
        type: 'END',
        prj_id: prj,
        dynaform: null,
        routes: [],
        triggers: { BEFORE: [], AFTER: [] },
      },
    ],
  });
}
