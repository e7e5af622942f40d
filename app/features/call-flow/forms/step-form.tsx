import { type FormEvent, useCallback, useId, useMemo, useRef, useState } from 'react';
import { Button } from '@/app/components/button/button';
import { Icon } from '@/app/components/icon/icon';
import type { Dynaform, FormField, VariableValue, Variables } from '@/shared/contracts/call-flow';
import { isFieldShown, shownForm } from '@/shared/call-flow/field-visibility';
import { readVar, setOwnVar, withVars } from '@/shared/call-flow/variables';
import {
  type FieldError,
  fieldErrorText,
  type FormErrors,
  firstInvalidField,
  validateForm,
} from '@/shared/domain/form-validators';
import { AddressField } from './address-field';
import type { VerifyAddress } from './address-verifier';
import { ConsultationField } from './consultation-field';
import { FOCUS_ATTRIBUTE } from './field-props';
import { GridField } from './grid-field';
import { SimpleField } from './simple-field';
import { initialFormValues, toSubmittedValues } from './submitted-values';
import { type StepFormDraft, useStepFormDraft } from './use-step-form-draft';
import './step-form.css';

export type { StepFormDraft } from './use-step-form-draft';

/**
 * What onSubmit may answer: `false`, or `{ ok: false }` (the engine's refusal), keeps the
 * draft because the step did not move; anything else means the step was submitted.
 */
export type StepFormSubmitResult = void | boolean | { ok: boolean };

export interface StepFormProps {
  /** The step's form definition (shared/contracts/call-flow.ts dynaformSchema). */
  form: Dynaform;
  /** Values to start from (the process variables): only the form's own fields are read. */
  initialValues?: Variables;
  /**
   * Called with the form's values once every validator passes (numbers as numbers, phones
   * stripped for sync). The draft is cleared when it resolves, unless it answers `false` or
   * `{ ok: false }`; a rejection also keeps the draft (the screen shows its own error).
   */
  onSubmit(values: Variables): StepFormSubmitResult | Promise<StepFormSubmitResult>;
  /** The engine is moving (Back / Next in flight): the fields are read-only and submit waits. */
  busy?: boolean;
  /** The host does not allow editing (e.g. the call ended). */
  disabled?: boolean;
  /**
   * Where typed values are kept (per execution and step) so a reload or a closed tab
   * brings them back: restored on mount, saved a moment after each change, cleared on
   * submit. The screen clears all of an execution's drafts on hang-up
   * (shared/call-flow/drafts.ts clearExecutionDrafts).
   */
  draft?: StepFormDraft;
  /**
   * The form element's id, so the screen's own Next button submits it:
   * `<button type="submit" form={formId}>Next</button>`.
   */
  formId?: string;
  /** Text of a submit button inside the form; without it the screen supplies its own. */
  submitLabel?: string;
  /** Errors found elsewhere (the engine's re-check): shown on their fields. */
  fieldErrors?: FormErrors;
  /**
   * Checks an address with the postal service (dashboards 7 "Address check"); injected so
   * the form runs the same in the app and in CRM tabs. Without it addresses are kept as
   * typed and marked not verified.
   */
  verifyAddress?: VerifyAddress;
  /** Every change, e.g. for the screen's own autosave or preview. */
  onValuesChange?(values: Variables): void;
}

interface Problem {
  key: string;
  label: string;
  text: string;
}

function fieldLabel(form: Dynaform, key: string): string {
  const [name, row, column] = key.split('.');
  const field = form.fields.find((f) => f.name === name);
  if (!field) return key;
  if (field.type === 'grid' && row !== undefined && column !== undefined) {
    const col = field.columns.find((c) => c.name === column);
    return `${field.label}, row ${Number(row) + 1}: ${col?.label ?? column}`;
  }
  return field.label;
}

/** Keys of form errors in the order of the form's fields (cells of a grid row by row). */
function orderedKeys(form: Dynaform, errors: FormErrors): string[] {
  const keys: string[] = [];
  for (const field of form.fields) {
    if (Object.hasOwn(errors, field.name)) keys.push(field.name);
    const cells = Object.keys(errors).filter((k) => k.startsWith(`${field.name}.`));
    cells.sort((a, b) => Number(a.split('.')[1]) - Number(b.split('.')[1]));
    keys.push(...cells);
  }
  return keys;
}

/** After a grid row is removed, what was known about the rows below it moves up one. */
function shiftRowKeys(keys: ReadonlySet<string>, grid: string, removed: number): Set<string> {
  const next = new Set<string>();
  for (const key of keys) {
    const [name, row, column] = key.split('.');
    if (name !== grid || row === undefined || column === undefined) {
      next.add(key);
      continue;
    }
    const index = Number(row);
    if (index === removed) continue;
    next.add(index > removed ? `${name}.${index - 1}.${column}` : key);
  }
  return next;
}

/**
 * A call-flow step's form, rendered by our own components from its JSON definition
 * (issue 11 Forms; never server HTML). Every spec 5 validator runs through
 * shared/domain/form-validators.ts; a field's error shows once the agent leaves it or
 * tries to submit, with aria-invalid and aria-describedby; a failed submit focuses the
 * first invalid field and announces a summary. Remount it per step (`key={stepId}`).
 */
export function StepForm({
  form,
  initialValues,
  onSubmit,
  busy = false,
  disabled = false,
  draft,
  formId,
  submitLabel,
  fieldErrors,
  verifyAddress,
  onValuesChange,
}: StepFormProps) {
  const prefix = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const { values, latest, drafts, outside, write } = useStepFormValues(
    form,
    initialValues,
    draft,
    fieldErrors,
    onValuesChange,
  );
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());
  const [attempted, setAttempted] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [summaryVersion, setSummaryVersion] = useState(0);

  const errors = useMemo(() => validateForm(form, values), [form, values]);
  const locked = busy || disabled || submitting;

  const shownError = (key: string): string | null => {
    const own: FieldError | undefined = Object.hasOwn(errors, key) ? errors[key] : undefined;
    if (own && (attempted || touched.has(key))) return fieldErrorText(own);
    const given = outside.errors;
    if (!given || !Object.hasOwn(given, key) || outside.edited.has(key.split('.')[0])) return null;
    return fieldErrorText(given[key]);
  };

  const touch = (key: string) => {
    setTouched((current) => (current.has(key) ? current : new Set(current).add(key)));
  };

  const focusKey = (key: string) => {
    const target = formRef.current?.querySelector<HTMLElement>(
      `[${FOCUS_ATTRIBUTE}="${CSS.escape(key)}"]`,
    );
    target?.focus();
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (locked) return;
    setAttempted(true);
    const first = firstInvalidField(form, errors);
    if (first !== null) {
      setSummaryVersion((v) => v + 1);
      focusKey(orderedKeys(form, errors)[0] ?? first);
      return;
    }
    setSubmitting(true);
    try {
      // A field hidden by its condition is not submitted (its value stays a draft's).
      const result = await onSubmit(
        toSubmittedValues(shownForm(form, latest.current), latest.current),
      );
      const refused =
        result === false || (typeof result === 'object' && result !== null && !result.ok);
      if (!refused) await drafts.clear();
    } catch {
      // The screen reports its own failures; the draft stays so nothing typed is lost.
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form
      ref={formRef}
      id={formId}
      className="ic-step-form"
      noValidate
      aria-busy={busy || submitting ? true : undefined}
      aria-describedby={form.description ? `${prefix}-description` : undefined}
      aria-label={form.title}
      onSubmit={(event) => void submit(event)}
    >
      {form.description ? (
        <p className="ic-step-form__description" id={`${prefix}-description`}>
          {form.description}
        </p>
      ) : null}
      {drafts.status === 'restored' ? (
        <p className="ic-step-form__restored" role="status">
          <Icon name="info" size="sm" />
          Restored what was typed earlier on this step.
        </p>
      ) : null}
      <div className="ic-step-form__summary-region" role="alert">
        {attempted ? (
          <ProblemSummary key={summaryVersion} form={form} errors={errors} onFocus={focusKey} />
        ) : null}
      </div>
      <div className="ic-step-form__fields">
        {/* A field with a showWhen condition shows while it holds (issue #30). */}
        {form.fields
          .filter((field) => isFieldShown(field, values))
          .map((field) => (
            <div
              key={field.name}
              className={`ic-step-form__item ic-step-form__item--${field.type}`}
            >
              <StepFormField
                id={`${prefix}-${field.name}`}
                field={field}
                value={readVar(values, field.name)}
                disabled={locked}
                shownError={shownError}
                verifyAddress={verifyAddress}
                onWrite={write}
                onTouch={touch}
                onRowRemoved={(index) => setTouched((t) => shiftRowKeys(t, field.name, index))}
              />
            </div>
          ))}
      </div>
      {submitLabel ? (
        <div className="ic-step-form__actions">
          <Button type="submit" variant="primary" size="lg" disabled={locked}>
            {submitLabel}
          </Button>
        </div>
      ) : null}
    </form>
  );
}

/**
 * The form's values: the definition's own fields from the initial values, a restored
 * draft merged in, each write saved to the draft; and the errors given from outside,
 * which hold until the agent edits that field.
 */
function useStepFormValues(
  form: Dynaform,
  initialValues: Variables | undefined,
  draft: StepFormDraft | undefined,
  fieldErrors: FormErrors | undefined,
  onValuesChange: ((values: Variables) => void) | undefined,
) {
  const [values, setValues] = useState<Variables>(() => initialFormValues(form, initialValues));
  // The latest values, for writes that follow each other before React renders again.
  const latest = useRef(values);

  const restore = useCallback(
    (saved: Variables) => {
      const merged = withVars(latest.current, {});
      for (const field of form.fields) {
        const value = readVar(saved, field.name);
        if (value !== undefined) setOwnVar(merged, field.name, value);
      }
      latest.current = merged;
      setValues(merged);
    },
    [form],
  );
  const drafts = useStepFormDraft(draft, restore);

  // Errors from outside (the engine's re-check) hold until the agent edits that field.
  const [outside, setOutside] = useState({ errors: fieldErrors, edited: new Set<string>() });
  if (outside.errors !== fieldErrors) setOutside({ errors: fieldErrors, edited: new Set() });

  const write = (name: string, value: VariableValue) => {
    const update = Object.create(null) as Variables;
    setOwnVar(update, name, value);
    const next = withVars(latest.current, update);
    latest.current = next;
    setValues(next);
    if (outside.errors && !outside.edited.has(name)) {
      setOutside((o) => ({ errors: o.errors, edited: new Set(o.edited).add(name) }));
    }
    drafts.schedule(next);
    onValuesChange?.(next);
  };

  return { values, latest, drafts, outside, write };
}

/**
 * The summary a failed submit announces: how many fields need attention, each a button
 * that focuses its field. Nothing while every field is valid.
 */
function ProblemSummary({
  form,
  errors,
  onFocus,
}: {
  form: Dynaform;
  errors: FormErrors;
  onFocus: (key: string) => void;
}) {
  const problems: Problem[] = orderedKeys(form, errors).map((key) => ({
    key,
    label: fieldLabel(form, key),
    text: fieldErrorText(errors[key]),
  }));
  if (problems.length === 0) return null;
  return (
    <div className="ic-step-form__summary">
      <p className="ic-step-form__summary-title">
        {problems.length === 1
          ? '1 field needs your attention.'
          : `${problems.length} fields need your attention.`}
      </p>
      <ul className="ic-step-form__summary-list">
        {problems.map((problem) => (
          <li key={problem.key}>
            <button
              type="button"
              className="ic-step-form__summary-link"
              onClick={() => onFocus(problem.key)}
            >
              {problem.label}
            </button>
            : {problem.text}
          </li>
        ))}
      </ul>
    </div>
  );
}

interface StepFormFieldProps {
  id: string;
  field: FormField;
  value: VariableValue | undefined;
  disabled: boolean;
  /** The error shown for a field or a grid cell's key, if any. */
  shownError: (key: string) => string | null;
  verifyAddress: VerifyAddress | undefined;
  onWrite: (name: string, value: VariableValue) => void;
  onTouch: (key: string) => void;
  onRowRemoved: (index: number) => void;
}

/** One field of the form, by its type: a grid, an address, a consultation, or a simple input. */
function StepFormField({
  id,
  field,
  value,
  disabled,
  shownError,
  verifyAddress,
  onWrite,
  onTouch,
  onRowRemoved,
}: StepFormFieldProps) {
  const common = { id, value, error: shownError(field.name), disabled };
  switch (field.type) {
    case 'grid':
      return (
        <GridField
          {...common}
          field={field}
          cellError={shownError}
          onChange={(rows) => onWrite(field.name, rows)}
          onCellBlur={onTouch}
          onRowRemoved={onRowRemoved}
        />
      );
    case 'address':
      return (
        <AddressField
          {...common}
          field={field}
          verify={verifyAddress}
          onChange={(value) => onWrite(field.name, value)}
          onBlur={() => onTouch(field.name)}
        />
      );
    case 'consultation':
      return (
        <ConsultationField
          {...common}
          field={field}
          onChange={(value) => onWrite(field.name, value)}
          onBlur={() => onTouch(field.name)}
        />
      );
    default:
      return (
        <SimpleField
          {...common}
          field={field}
          onChange={(value) => onWrite(field.name, value)}
          onBlur={() => onTouch(field.name)}
        />
      );
  }
}
