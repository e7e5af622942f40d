import { useEffect, useMemo, useRef, useState } from 'react';
import { Button } from '@/app/components/button/button';
import { SelectField, TextareaField, TextField } from '@/app/components/field/field-controls';
import {
  addField,
  deleteField,
  moveField,
  updateField,
  type DesignerField,
  type DesignerModel,
  type DesignerStep,
} from '@/shared/call-flow/designer-model';
import type { Dynaform, FormField, FormFieldType } from '@/shared/contracts/call-flow';
import { StepForm } from '../forms/step-form';
import { FIELD_TYPE_LABELS, FIELD_TYPES, FieldEditor } from './field-editor';
import './form-editor.css';

/**
 * A step's form (issue #34 "Forms: add, order and configure fields of every type the wizard
 * renders … a live preview of the form beside the editor, rendered by the same wizard
 * components agents use"): its title and description, its fields in order, the open
 * field's settings, and beside them the form as the agent will see it, which follows every
 * change and checks what is typed in it as the wizard would (nothing is sent).
 */
export function FormEditor({
  model,
  step,
  change,
  openField,
}: {
  model: DesignerModel;
  step: DesignerStep;
  change: (operation: (model: DesignerModel) => DesignerModel) => void;
  /** The field opened first, its settings focused (a problem's link); else the first field. */
  openField?: string;
}) {
  const form = step.form;
  const [open, setOpen] = useState<string | null>(openField ?? form?.fields[0]?.key ?? null);
  const settings = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // Once, as the editor opens on the field a problem is about.
    if (openField) settings.current?.querySelector<HTMLElement>('input, select, textarea')?.focus();
  }, [openField]);
  const [type, setType] = useState<FormFieldType>('text');
  // Every field's variable with the field it belongs to: the open field's own is not a clash.
  const written = useMemo(
    () =>
      model.steps.flatMap(
        (s) => s.form?.fields.map((item) => [item.key, item.field.name] as const) ?? [],
      ),
    [model],
  );
  if (!form) return null;
  const opened = form.fields.find((item) => item.key === open);
  const setForm = (patch: Partial<Pick<Dynaform, 'title' | 'description'>>) =>
    change((m) => ({
      ...m,
      steps: m.steps.map((s) =>
        s.key === step.key && s.form ? { ...s, form: { ...s.form, ...patch } } : s,
      ),
    }));
  const preview: Dynaform = {
    dyn_uid: form.dyn_uid,
    title: form.title,
    ...(form.description ? { description: form.description } : {}),
    fields: previewFields(form.fields.map((item) => item.field)),
  };

  return (
    <section className="ic-form-editor" aria-labelledby="ic-form-editor-title">
      <h3 id="ic-form-editor-title" className="ic-form-editor__title">
        Form
      </h3>
      <div className="ic-form-editor__columns">
        <div className="ic-form-editor__edit">
          <TextField
            label="Title"
            value={form.title}
            onValueChange={(title) => setForm({ title })}
            error={form.title.trim() ? null : 'Give the form a title.'}
            maxLength={500}
          />
          <TextareaField
            label="What the agent says or does here"
            value={form.description ?? ''}
            onValueChange={(description) =>
              setForm({ description: description === '' ? undefined : description })
            }
            rows={2}
            maxLength={5000}
          />
          <FieldList
            step={step}
            fields={form.fields}
            open={open}
            onToggle={(key) => setOpen(key === open ? null : key)}
            change={change}
          />
          {form.fields.length === 0 ? (
            <p className="ic-form-editor__empty">
              This form has no field yet: add the first one below.
            </p>
          ) : null}
          <div className="ic-form-editor__add">
            <SelectField
              label="New field"
              value={type}
              onValueChange={setType}
              options={FIELD_TYPES.map((value) => ({ value, label: FIELD_TYPE_LABELS[value] }))}
            />
            <Button
              onClick={() => {
                let added = '';
                change((m) => {
                  const result = addField(m, step.key, type);
                  added = result.key;
                  return result.model;
                });
                if (added) setOpen(added);
              }}
            >
              Add field
            </Button>
          </div>
          <div ref={settings} className="ic-form-editor__settings">
            {opened ? (
              <FieldEditor
                key={opened.key}
                field={opened.field}
                otherVariables={
                  new Set(written.filter(([key]) => key !== opened.key).map(([, name]) => name))
                }
                onChange={(field) => change((m) => updateField(m, step.key, opened.key, field))}
              />
            ) : null}
          </div>
        </div>
        <FormPreview
          form={preview}
          keys={form.fields.map((item) => `${item.key}:${item.field.type}`).join('|')}
        />
      </div>
    </section>
  );
}

/**
 * The form's fields in order, each a button that opens its settings, with Up, Down and
 * Remove; a moved field keeps the focus (its button), as a button that goes disabled at
 * the top or the bottom would drop it, and a removed one hands it to its neighbour.
 */
function FieldList({
  step,
  fields,
  open,
  onToggle,
  change,
}: {
  step: DesignerStep;
  fields: DesignerField[];
  open: string | null;
  onToggle: (key: string) => void;
  change: (operation: (model: DesignerModel) => DesignerModel) => void;
}) {
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const move = (key: string, to: number) => {
    change((m) => moveField(m, step.key, key, to));
    requestAnimationFrame(() => buttons.current.get(key)?.focus());
  };
  // The removed field's button goes with it: the focus goes to the field now in its place.
  const remove = (key: string, index: number) => {
    change((m) => deleteField(m, step.key, key));
    const neighbour = fields[index + 1] ?? fields[index - 1];
    if (neighbour) requestAnimationFrame(() => buttons.current.get(neighbour.key)?.focus());
  };
  return (
    <ol className="ic-form-editor__fields" aria-label="Fields">
      {fields.map((item, index) => (
        <li
          key={item.key}
          className={`ic-form-editor__field${item.key === open ? ' ic-form-editor__field--open' : ''}`}
        >
          <button
            type="button"
            ref={(element) => {
              if (element) buttons.current.set(item.key, element);
              else buttons.current.delete(item.key);
            }}
            className="ic-form-editor__field-open"
            aria-expanded={item.key === open}
            onClick={() => onToggle(item.key)}
          >
            <span className="ic-form-editor__field-label">
              {item.field.label || 'Unlabelled field'}
            </span>
            <span className="ic-form-editor__field-meta">
              {FIELD_TYPE_LABELS[item.field.type] ?? item.field.type} · {item.field.name}
            </span>
          </button>
          <Button
            variant="ghost"
            aria-label={`Move ${item.field.label} up`}
            disabled={index === 0}
            onClick={() => move(item.key, index - 1)}
          >
            ↑
          </Button>
          <Button
            variant="ghost"
            aria-label={`Move ${item.field.label} down`}
            disabled={index === fields.length - 1}
            onClick={() => move(item.key, index + 1)}
          >
            ↓
          </Button>
          <Button
            variant="ghost"
            aria-label={`Remove ${item.field.label}`}
            onClick={() => remove(item.key, index)}
          >
            Remove
          </Button>
        </li>
      ))}
    </ol>
  );
}

/** `value`, or, when it was seen already, `value_2`, `value_3`…; remembered in `seen`. */
function distinct(value: string, seen: Set<string>): string {
  let candidate = value;
  for (let n = 2; seen.has(candidate); n += 1) candidate = `${value}_${n}`;
  seen.add(candidate);
  return candidate;
}

/**
 * The fields as the preview draws them. A field's autofocus is for the agent's step: the
 * preview never takes the owner's focus. And while the owner is still typing, two fields
 * may write one variable, or two options (or columns) be kept as one value: the editor
 * says so beside them and publishing waits, but the preview draws every one of them apart
 * (the wizard's form knows its fields, options and columns by those names).
 */
function previewFields(fields: readonly FormField[]): FormField[] {
  const names = new Set<string>();
  return fields.map((field) => {
    const shown = { ...field, name: distinct(field.name, names), autofocus: false };
    if (shown.type === 'grid') {
      const columns = new Set<string>();
      return {
        ...shown,
        columns: shown.columns.map((c) => ({ ...c, name: distinct(c.name, columns) })),
      };
    }
    if (!('options' in shown) || !shown.options) return shown;
    const values = new Set<string>();
    return {
      ...shown,
      options: shown.options.map((o) => ({ ...o, value: distinct(o.value, values) })),
    };
  });
}

/**
 * The form as the agent will see it, drawn by the wizard's own StepForm; what is typed in
 * it is checked as the wizard checks it, and goes nowhere. A field added or retyped makes
 * a new form (`keys`).
 */
function FormPreview({ form, keys }: { form: Dynaform; keys: string }) {
  return (
    <aside className="ic-form-editor__preview" aria-label="Preview: the form as the agent sees it">
      <p className="ic-form-editor__preview-label">Preview</p>
      {/* The wizard's form says the description itself. */}
      <h4 className="ic-form-editor__preview-title">{form.title}</h4>
      {form.fields.length > 0 ? (
        <StepForm key={keys} form={form} onSubmit={() => false} submitLabel="Check the answers" />
      ) : null}
    </aside>
  );
}
