import { useId, useMemo, useState, type ReactNode } from 'react';
import { Button } from '@/app/components/button/button';
import { AddonField } from '@/app/components/field/field-controls';
import type {
  CockpitGoalSettings,
  CockpitGoalSettingsUpdate,
} from '@/shared/contracts/reports/cockpit-goals';
import {
  COMMUNICATIONS_FIELDS,
  type GoalFormErrors,
  goalFormValues,
  SALES_GOAL_PAIRS,
  sourceField,
  validateGoalForm,
} from './goal-form-model';
import './cockpit-goals-form.css';

export interface CockpitGoalsFormProps {
  settings: CockpitGoalSettings;
  /** Saves; a rejection keeps the form as typed and shows that saving failed. */
  onSave: (update: CockpitGoalSettingsUpdate) => Promise<void>;
}

/** The cockpit-goals form (spec: dashboards 5 "Goal form"). */
export function CockpitGoalsForm({ settings, onSave }: CockpitGoalsFormProps) {
  const initial = useMemo(() => goalFormValues(settings), [settings]);
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<GoalFormErrors>({});
  const [saving, setSaving] = useState(false);
  const [saveFailed, setSaveFailed] = useState(false);
  const sourceIds = settings.leadSources.map((source) => source.id);
  const dirty = Object.keys(values).some((key) => values[key] !== initial[key]);
  const errorCount = Object.keys(errors).length;

  function change(field: string, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    // A field's error clears as soon as it is edited (spec: dashboards 5 "clear field errors").
    setErrors((current) => {
      if (!(field in current)) return current;
      const next = { ...current };
      delete next[field];
      return next;
    });
    setSaveFailed(false);
  }

  async function submit() {
    const result = validateGoalForm(values, sourceIds);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setSaving(true);
    setSaveFailed(false);
    try {
      await onSave(result.update);
    } catch {
      setSaveFailed(true);
    } finally {
      setSaving(false);
    }
  }

  const field = (
    name: string,
    label: string,
    options: { max?: number; unit?: string; labelHidden?: boolean } = {},
  ) => (
    <GoalInput
      name={name}
      label={label}
      labelHidden={options.labelHidden}
      value={values[name] ?? ''}
      error={errors[name]}
      max={options.max}
      unit={options.unit}
      onChange={(value) => change(name, value)}
    />
  );

  return (
    <form
      className="ic-goals-form"
      noValidate
      aria-label="Cockpit goals"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      {errorCount > 0 ? (
        <p className="ic-goals-form__summary" role="alert">
          {errorCount === 1 ? 'One goal needs' : `${errorCount} goals need`} your attention before
          saving.
        </p>
      ) : null}

      <Fieldset legend="Lead Flow" hint="New leads per week, all lead sources together.">
        <div className="ic-goals-form__pair">
          {field('leadGen.leadsMin', 'Minimum new leads')}
          {field('leadGen.leadsMax', 'Goal new leads')}
        </div>
      </Fieldset>

      <Fieldset legend="Sales Performance" hint="Per week, except the set rate.">
        {field('salesPerformance.targetInboundSetRate', 'Target inbound set rate', {
          max: 100,
          unit: '%',
        })}
        <div className="ic-goals-form__pairs" role="group" aria-label="Weekly minimums and goals">
          {SALES_GOAL_PAIRS.map((pair) => (
            <div key={pair.min} className="ic-goals-form__pair">
              {field(`salesPerformance.${pair.min}`, `${pair.label} minimum`)}
              {field(`salesPerformance.${pair.goal}`, `${pair.label} goal`)}
            </div>
          ))}
        </div>
      </Fieldset>

      <Fieldset legend="Communications" hint="Allowances per week; the average wait in seconds.">
        <div className="ic-goals-form__pairs ic-goals-form__pairs--three">
          {COMMUNICATIONS_FIELDS.map((item) => (
            <div key={item.key}>
              {field(`communications.${item.key}`, item.label, { unit: item.unit })}
            </div>
          ))}
        </div>
      </Fieldset>

      <Fieldset
        legend="Lead sources"
        hint="Each source's own weekly minimum and goal of new leads. Leave both empty for a source without a goal."
      >
        {settings.leadSources.length === 0 ? (
          <p className="ic-goals-form__empty">This workspace has no lead sources yet.</p>
        ) : (
          <div className="ic-goals-form__sources">
            <div className="ic-goals-form__source ic-goals-form__source--head" aria-hidden="true">
              <span>Lead source</span>
              <span>Minimum</span>
              <span>Goal</span>
            </div>
            {settings.leadSources.map((source) => (
              <div key={source.id} className="ic-goals-form__source">
                <p className="ic-goals-form__source-name">
                  {source.label}
                  {source.active ? null : <span className="ic-goals-form__inactive">Inactive</span>}
                </p>
                {field(sourceField(source.id, 'leadsMin'), `${source.label} minimum`, {
                  labelHidden: true,
                })}
                {field(sourceField(source.id, 'leadsMax'), `${source.label} goal`, {
                  labelHidden: true,
                })}
              </div>
            ))}
          </div>
        )}
      </Fieldset>

      <div className="ic-goals-form__actions">
        {saveFailed ? (
          <p className="ic-goals-form__failed" role="alert">
            The goals were not saved. Please try again.
          </p>
        ) : null}
        <Button
          variant="ghost"
          disabled={!dirty || saving}
          onClick={() => {
            setValues(initial);
            setErrors({});
            setSaveFailed(false);
          }}
        >
          Discard changes
        </Button>
        <Button type="submit" variant="primary" disabled={saving}>
          {saving ? 'Saving…' : 'Save goals'}
        </Button>
      </div>
    </form>
  );
}

function Fieldset({
  legend,
  hint,
  children,
}: {
  legend: string;
  hint: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <fieldset className="ic-goals-form__section" aria-describedby={`${id}-hint`}>
      <legend className="ic-goals-form__legend">{legend}</legend>
      <p className="ic-goals-form__hint" id={`${id}-hint`}>
        {hint}
      </p>
      {children}
    </fieldset>
  );
}

function GoalInput({
  name,
  label,
  labelHidden = false,
  value,
  error,
  max,
  unit,
  onChange,
}: {
  name: string;
  label: string;
  /** The label is for screen readers only (the lead-source rows show a header instead). */
  labelHidden?: boolean;
  value: string;
  error: string | undefined;
  max?: number;
  unit?: string;
  onChange: (value: string) => void;
}) {
  return (
    <AddonField
      label={label}
      labelHidden={labelHidden}
      error={error}
      name={name}
      type="number"
      inputMode="decimal"
      min={0}
      max={max}
      step="any"
      suffix={unit}
      value={value}
      onValueChange={onChange}
    />
  );
}
