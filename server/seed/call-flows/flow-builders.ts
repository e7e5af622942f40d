import type { z } from 'zod';
import type {
  formFieldSchema,
  ProcessDefinitionInput,
  Route,
  TriggerAction,
  triggerSchema,
} from '@/shared/contracts/call-flow';

// Small builders so the seeded flows read like the intake scripts they are. They build
// plain ProcessDefinitionInput data (spec: session 3 Call flow), nothing more.

type StepInput = ProcessDefinitionInput['steps'][number];
type TriggerInput = z.input<typeof triggerSchema>;
/** Fields as written in a seed: validators may be left out. */
export type FieldInput = z.input<typeof formFieldSchema>;

export const REQUIRED = [{ type: 'required' as const }];

/** A route from `origin` to `dest` (an empty condition always holds, spec 4 Forward 2). */
export function route(origin: string, dest: string, condition = ''): Route {
  return { flo_condition: condition, flo_element_dest: dest, flo_element_origin: origin };
}

export interface FormStepOptions {
  id: string;
  name: string;
  prj: string;
  description?: string;
  fields: FieldInput[];
  /** [destination, condition] pairs, first match wins; the last is usually unconditional. */
  next: readonly (readonly [string, string?])[];
  before?: TriggerInput[];
  after?: TriggerInput[];
}

/** A TASK step with its form ("dynaform") and routes. */
export function formStep(options: FormStepOptions): StepInput {
  return {
    id: options.id,
    name: options.name,
    type: 'TASK',
    prj_id: options.prj,
    dynaform: {
      dyn_uid: `dyn-${options.id}`,
      title: options.name,
      description: options.description,
      fields: options.fields,
    },
    routes: options.next.map(([dest, condition]) => route(options.id, dest, condition ?? '')),
    triggers: { BEFORE: options.before ?? [], AFTER: options.after ?? [] },
  };
}

/** A form-less step that continues by itself (a sub-process entry) or ends the flow. */
export function passStep(
  id: string,
  name: string,
  type: 'SUB_PROCESS' | 'END',
  prj: string,
  next: readonly (readonly [string, string?])[],
  before: TriggerInput[] = [],
): StepInput {
  return {
    id,
    name,
    type,
    prj_id: prj,
    dynaform: null,
    routes: next.map(([dest, condition]) => route(id, dest, condition ?? '')),
    triggers: { BEFORE: before, AFTER: [] },
  };
}

export function trigger(
  name: string,
  code: TriggerAction[],
  options: { condition?: string; email?: { to: string; subject: string; body: string } } = {},
): TriggerInput {
  return {
    name,
    condition: options.condition ?? '',
    code,
    ...(options.email ? { marker: 'EMAIL' as const, config: options.email } : {}),
  };
}

export function crmFields(pairs: Record<string, string>) {
  return Object.entries(pairs).map(([field, value]) => ({ field, value }));
}

/**
 * The END step's CRM records of the call itself and of the consultation (issue #33: the
 * firm's CRM holds the intake's contact, note, call and consultation): a CALL with
 * `callTitle` and `callBody`, and the booked consultation's EVENT at its times (read from
 * the consultation field with `@@consultation.startTime`), written only once a start is
 * known (a booking kept without its times has none to give).
 */
export function callAndConsultationTriggers(callTitle: string, callBody: string): TriggerInput[] {
  return [
    trigger('Log the intake call', [
      {
        action: 'crmSync',
        recordType: 'CALL',
        fields: crmFields({ title: callTitle, body: callBody }),
      },
    ]),
    trigger('When the consultation starts', [
      {
        action: 'setVariable',
        variable: 'consultationStart',
        template: '@@consultation.startTime',
      },
    ]),
    trigger(
      'Put the consultation in the CRM',
      [
        {
          action: 'crmSync',
          recordType: 'EVENT',
          fields: crmFields({
            title: 'Consultation: @@firstName @@lastName',
            body: '@@consultation (@@consultMode)',
            start_time: '@@consultation.startTime',
            end_time: '@@consultation.endTime',
            location: '@@consultMode',
          }),
        },
      ],
      { condition: "@@consultationStart != ''" },
    ),
  ];
}

export const options = (...pairs: (readonly [string, string])[]) =>
  pairs.map(([value, label]) => ({ value, label }));

export const YES_NO = options(['yes', 'Yes'], ['no', 'No']);

/** yyyy-mm-dd of `now` minus whole years (the statute-of-limitations cut-off). */
export function yearsBefore(now: Date, years: number): string {
  const d = new Date(now.getTime());
  d.setUTCFullYear(d.getUTCFullYear() - years);
  return d.toISOString().slice(0, 10);
}

/**
 * The caller's name, phone and e-mail: the first step of every intake asks them alike
 * (the CRM contact is made from these variables, shared/domain/crm-sync-mapping.ts).
 */
export function callerFields(phonePlaceholder?: string): FieldInput[] {
  return [
    {
      type: 'text',
      name: 'firstName',
      label: 'First name',
      maxlength: 100,
      autofocus: true,
      validators: REQUIRED,
    },
    { type: 'text', name: 'lastName', label: 'Last name', maxlength: 100, validators: REQUIRED },
    {
      type: 'phone',
      name: 'phone',
      label: 'Phone',
      placeholder: phonePlaceholder,
      validators: [{ type: 'required' }, { type: 'phone' }],
    },
    { type: 'email', name: 'email', label: 'Email', validators: [{ type: 'email' }] },
  ];
}
