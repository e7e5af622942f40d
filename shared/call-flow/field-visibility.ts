import type { Dynaform, FormField, Variables } from '../contracts/call-flow';
import { evaluateCondition } from './expression';
import { lookupIn } from './variables';

// A step form's field may depend on another answer (issue #30: the police report number
// shows only once "a police report was filed" is ticked). The condition is written in the
// route conditions' language (spec 4 Forward 2) and read against the form's current values.

/**
 * Whether `field` shows with these values. A condition that cannot be read shows the
 * field: nothing the agent may need is hidden by a definition's mistake (and such a
 * definition is refused at save time, validate-definition.ts).
 */
export function isFieldShown(field: Pick<FormField, 'showWhen'>, values: Variables): boolean {
  if (field.showWhen === undefined) return true;
  const holds = evaluateCondition(field.showWhen, lookupIn(values));
  return holds.ok ? holds.value : true;
}

/** The form with only the fields shown for these values (what is checked and submitted). */
export function shownForm(form: Dynaform, values: Variables): Dynaform {
  if (form.fields.every((field) => field.showWhen === undefined)) return form;
  return { ...form, fields: form.fields.filter((field) => isFieldShown(field, values)) };
}
