import {
  CheckField,
  SelectField,
  TextareaField,
  TextField,
} from '@/app/components/field/field-controls';
import {
  variableNameSchema,
  type FieldOption,
  type FormField,
  type FormFieldType,
  type FormValidator,
  type GridColumn,
} from '@/shared/contracts/call-flow';
import { newField } from '@/shared/call-flow/designer-model';
import { conditionProblem } from './condition-problem';
import { RowsFieldset } from './rows-fieldset';
import './field-editor.css';

// One form field as the owner configures it (issue #34 "Forms: … labels, help text,
// required, the spec 5 validators, and options"): what every field has, then what its type
// adds. Every change goes out at once as the whole field (the designer model's
// updateField), so the preview beside it follows as the owner types.

export const FIELD_TYPE_LABELS: Record<FormFieldType, string> = {
  text: 'Text',
  textarea: 'Long text',
  number: 'Number',
  email: 'E-mail',
  phone: 'Phone',
  date: 'Date',
  select: 'Drop-down list',
  radio: 'Choice of one (radio buttons)',
  checkbox: 'Check box or boxes',
  address: 'Address',
  grid: 'Table (rows of fields)',
  consultation: 'Consultation booking',
};

export const FIELD_TYPES = Object.keys(FIELD_TYPE_LABELS) as FormFieldType[];
/** The types a table's column may have (one value each). */
const COLUMN_TYPES: GridColumn['type'][] = [
  'text',
  'textarea',
  'number',
  'email',
  'phone',
  'date',
  'select',
  'radio',
  'checkbox',
];

/** Why a variable name cannot be used, or null. */
export function variableProblem(name: string, others: ReadonlySet<string>): string | null {
  const checked = variableNameSchema.safeParse(name);
  if (!checked.success) {
    return `A variable ${checked.error.issues[0]?.message ?? 'is letters, digits and underscores'}.`;
  }
  return others.has(name) ? `Another field writes ${name}: each field needs its own.` : null;
}

/** A number typed in a field, or undefined when it is empty or not a number. */
function numberOrUndefined(text: string): number | undefined {
  if (text.trim() === '') return undefined;
  const value = Number(text);
  return Number.isFinite(value) ? value : undefined;
}

const text = (value: number | string | undefined) => (value === undefined ? '' : String(value));

type SimpleValidator = 'email' | 'singleWord' | 'onlyNumbers' | 'phone';
const SIMPLE_VALIDATORS: Array<{ type: SimpleValidator; label: string }> = [
  { type: 'email', label: 'An e-mail address' },
  { type: 'phone', label: 'A phone number' },
  { type: 'onlyNumbers', label: 'Digits only' },
  { type: 'singleWord', label: 'One word' },
];

function hasValidator(field: FormField, type: FormValidator['type']): boolean {
  return field.validators.some((validator) => validator.type === type);
}

function withValidator(field: FormField, validator: FormValidator | null, type: string): FormField {
  const rest = field.validators.filter((v) => v.type !== type);
  return { ...field, validators: validator ? [...rest, validator] : rest };
}

/** A field's type changed: what it had in common stays (label, variable, help, required). */
export function retypeField(field: FormField, type: FormFieldType): FormField {
  const fresh = newField(type, field.name);
  return {
    ...fresh,
    label: field.label,
    ...(field.help === undefined ? {} : { help: field.help }),
    ...(field.showWhen === undefined ? {} : { showWhen: field.showWhen }),
    validators: field.validators.filter((v) => v.type === 'required'),
  } as FormField;
}

export function FieldEditor({
  field,
  otherVariables,
  onChange,
}: {
  field: FormField;
  /** The variables of every other field of the process. */
  otherVariables: ReadonlySet<string>;
  onChange: (field: FormField) => void;
}) {
  const set = (patch: Partial<FormField>) => onChange({ ...field, ...patch } as FormField);
  const required = hasValidator(field, 'required');
  return (
    <div className="ic-field-editor">
      <div className="ic-field-editor__grid">
        <TextField
          label="Label"
          required
          value={field.label}
          onValueChange={(label) => set({ label })}
          error={field.label.trim() ? null : 'Give the field a label: the agent reads it.'}
          maxLength={500}
        />
        <TextField
          label="Variable"
          help="Conditions, e-mails and the CRM read the answer by this name."
          value={field.name}
          onValueChange={(name) => set({ name })}
          error={variableProblem(field.name, otherVariables)}
          spellCheck={false}
          autoComplete="off"
          maxLength={100}
        />
        <SelectField
          label="Type"
          value={field.type}
          onValueChange={(type) => onChange(retypeField(field, type))}
          options={FIELD_TYPES.map((value) => ({ value, label: FIELD_TYPE_LABELS[value] }))}
        />
      </div>
      <TextareaField
        label="Help"
        help="Shown under the label, for the agent."
        value={field.help ?? ''}
        onValueChange={(help) => set({ help: help === '' ? undefined : help })}
        rows={2}
        maxLength={2000}
      />
      <TextField
        label="Show only when"
        help="A condition on this form's answers; empty: always shown."
        className="ic-field-editor__mono"
        value={field.showWhen ?? ''}
        onValueChange={(showWhen) => set({ showWhen: showWhen === '' ? undefined : showWhen })}
        error={conditionProblem(field.showWhen ?? '')}
        placeholder="always"
        spellCheck={false}
        autoComplete="off"
      />
      <CheckField
        label="Required: the agent cannot go on without an answer"
        checked={required}
        onCheckedChange={(on) =>
          onChange(withValidator(field, on ? { type: 'required' } : null, 'required'))
        }
      />
      <TypeSettings field={field} onChange={onChange} />
      <ValidatorSettings field={field} otherVariables={otherVariables} onChange={onChange} />
    </div>
  );
}

/** What a field's type adds: placeholders and lengths, bounds, options, columns, … */
function TypeSettings({ field, onChange }: { field: FormField; onChange: (f: FormField) => void }) {
  switch (field.type) {
    case 'text':
    case 'textarea':
    case 'email':
    case 'phone':
    case 'number':
      return (
        <fieldset className="ic-field-editor__group">
          <legend>{FIELD_TYPE_LABELS[field.type]}</legend>
          <div className="ic-field-editor__grid">
            <TextField
              label="Placeholder"
              value={field.placeholder ?? ''}
              onValueChange={(value) =>
                onChange({ ...field, placeholder: value === '' ? undefined : value })
              }
              maxLength={500}
            />
            {field.type === 'number' ? (
              <>
                <TextField
                  label="At least"
                  type="number"
                  value={text(field.min)}
                  onValueChange={(value) => onChange({ ...field, min: numberOrUndefined(value) })}
                />
                <TextField
                  label="At most"
                  type="number"
                  value={text(field.max)}
                  onValueChange={(value) => onChange({ ...field, max: numberOrUndefined(value) })}
                />
              </>
            ) : (
              <>
                <TextField
                  label="Shortest (characters)"
                  type="number"
                  min={0}
                  value={text(field.minlength)}
                  onValueChange={(value) =>
                    onChange({ ...field, minlength: numberOrUndefined(value) })
                  }
                />
                <TextField
                  label="Longest (characters)"
                  type="number"
                  min={1}
                  value={text(field.maxlength)}
                  onValueChange={(value) =>
                    onChange({ ...field, maxlength: numberOrUndefined(value) })
                  }
                />
              </>
            )}
            {field.type === 'textarea' ? (
              <TextField
                label="Lines shown"
                type="number"
                min={1}
                max={50}
                value={text(field.rows)}
                onValueChange={(value) => onChange({ ...field, rows: numberOrUndefined(value) })}
              />
            ) : null}
          </div>
        </fieldset>
      );
    case 'date':
      return (
        <fieldset className="ic-field-editor__group">
          <legend>Date</legend>
          <div className="ic-field-editor__grid">
            <TextField
              label="Earliest"
              type="date"
              value={field.min ?? ''}
              onValueChange={(value) => onChange({ ...field, min: value || undefined })}
            />
            <TextField
              label="Latest"
              type="date"
              value={field.max ?? ''}
              onValueChange={(value) => onChange({ ...field, max: value || undefined })}
            />
          </div>
        </fieldset>
      );
    case 'select':
    case 'radio':
      return (
        <OptionsEditor
          options={field.options}
          onChange={(options) => onChange({ ...field, options })}
        />
      );
    case 'checkbox':
      return (
        <fieldset className="ic-field-editor__group">
          <legend>Check boxes</legend>
          <CheckField
            label="One box per option (else one yes/no box)"
            checked={field.options !== undefined}
            onCheckedChange={(on) => {
              const next = { ...field };
              if (on) next.options = [{ value: 'option1', label: 'Option 1' }];
              else delete next.options;
              onChange(next);
            }}
          />
          {field.options ? (
            <OptionsEditor
              options={field.options}
              onChange={(options) => onChange({ ...field, options })}
            />
          ) : null}
        </fieldset>
      );
    case 'address':
      return (
        <CheckField
          label="Check the address with USPS as the agent types it"
          checked={field.verify}
          onCheckedChange={(verify) => onChange({ ...field, verify })}
        />
      );
    case 'consultation':
      return (
        <TextField
          label="Length of a consultation (minutes)"
          type="number"
          min={15}
          max={240}
          step={15}
          value={text(field.durationMinutes)}
          onValueChange={(value) =>
            onChange({ ...field, durationMinutes: numberOrUndefined(value) ?? 60 })
          }
        />
      );
    case 'grid':
      return (
        <ColumnsEditor
          columns={field.columns}
          onChange={(columns) => onChange({ ...field, columns })}
        />
      );
  }
}

/** The choices of a list, radio group or check boxes: what the agent reads, what is kept. */
function OptionsEditor({
  options,
  onChange,
}: {
  options: FieldOption[];
  onChange: (options: FieldOption[]) => void;
}) {
  const values = options.map((option) => option.value);
  return (
    <RowsFieldset
      legend="Options"
      rows={options}
      onChange={onChange}
      noun="option"
      addLabel="Add option"
      newRow={(count) => ({ value: `option${count + 1}`, label: `Option ${count + 1}` })}
      minimum={1}
      movable
    >
      {(option, index, replace) => (
        <>
          <TextField
            label={`Option ${index + 1}: shown as`}
            value={option.label}
            onValueChange={(label) => replace({ ...option, label })}
            error={option.label.trim() ? null : 'Type what the agent reads.'}
            maxLength={500}
          />
          <TextField
            label={`Option ${index + 1}: kept as`}
            className="ic-field-editor__mono"
            value={option.value}
            onValueChange={(value) => replace({ ...option, value })}
            error={
              values.indexOf(option.value) !== index ? 'Another option is kept as this.' : null
            }
            maxLength={500}
            spellCheck={false}
          />
        </>
      )}
    </RowsFieldset>
  );
}

/** A table's columns: each a one-value field (its label, variable, type, required). */
function ColumnsEditor({
  columns,
  onChange,
}: {
  columns: GridColumn[];
  onChange: (columns: GridColumn[]) => void;
}) {
  const names = columns.map((column) => column.name);
  return (
    <RowsFieldset
      legend="Columns"
      rows={columns}
      onChange={onChange}
      noun="column"
      addLabel="Add column"
      newRow={(count) => newField('text', `column${count + 1}`) as GridColumn}
      minimum={1}
    >
      {(column, index, replace) => (
        <>
          <TextField
            label={`Column ${index + 1}: label`}
            value={column.label}
            onValueChange={(label) => replace({ ...column, label })}
            maxLength={500}
          />
          <TextField
            label={`Column ${index + 1}: variable`}
            className="ic-field-editor__mono"
            value={column.name}
            onValueChange={(name) => replace({ ...column, name })}
            error={variableProblem(column.name, new Set(names.filter((_, i) => i !== index)))}
            spellCheck={false}
          />
          <SelectField
            label={`Column ${index + 1}: type`}
            value={column.type}
            onValueChange={(type) => replace(retypeField(column, type) as GridColumn)}
            options={COLUMN_TYPES.map((value) => ({ value, label: FIELD_TYPE_LABELS[value] }))}
          />
        </>
      )}
    </RowsFieldset>
  );
}

/** The spec 5 validators beyond "required": formats, comparisons, a pattern. */
function ValidatorSettings({
  field,
  otherVariables,
  onChange,
}: {
  field: FormField;
  otherVariables: ReadonlySet<string>;
  onChange: (field: FormField) => void;
}) {
  const find = <T extends FormValidator['type']>(type: T) =>
    field.validators.find((v): v is Extract<FormValidator, { type: T }> => v.type === type);
  const greater = find('greaterThan');
  const lower = find('lowerThan');
  const confirm = find('confirmPassword');
  const regex = find('regex');
  const variables = [...otherVariables].sort();
  return (
    <fieldset className="ic-field-editor__group">
      <legend>Checks</legend>
      <div className="ic-field-editor__checks">
        {SIMPLE_VALIDATORS.map(({ type, label }) => (
          <CheckField
            key={type}
            label={label}
            checked={hasValidator(field, type)}
            onCheckedChange={(on) => onChange(withValidator(field, on ? { type } : null, type))}
          />
        ))}
      </div>
      <div className="ic-field-editor__grid">
        <ComparisonField
          label="Greater than"
          type="greaterThan"
          value={greater?.value}
          field={field}
          onChange={onChange}
        />
        <ComparisonField
          label="Lower than"
          type="lowerThan"
          value={lower?.value}
          field={field}
          onChange={onChange}
        />
        <SelectField
          label="Same as the field"
          value={confirm?.field ?? ''}
          onValueChange={(other) =>
            onChange(
              withValidator(
                field,
                other ? { type: 'confirmPassword', field: other } : null,
                'confirmPassword',
              ),
            )
          }
          placeholder="No"
          options={variables.map((value) => ({ value, label: value }))}
        />
      </div>
      <div className="ic-field-editor__grid">
        <TextField
          label="Matches the pattern"
          help="A regular expression; empty: no pattern."
          className="ic-field-editor__mono"
          value={regex?.pattern ?? ''}
          onValueChange={(pattern) =>
            onChange(
              withValidator(
                field,
                pattern
                  ? {
                      type: 'regex',
                      pattern,
                      message: regex?.message ?? 'Check the format.',
                      ...(regex?.flags ? { flags: regex.flags } : {}),
                    }
                  : null,
                'regex',
              ),
            )
          }
          error={patternProblem(regex?.pattern ?? '')}
          spellCheck={false}
        />
        {regex ? (
          <TextField
            label="Else the agent reads"
            value={regex.message}
            onValueChange={(message) =>
              onChange(withValidator(field, { ...regex, message }, 'regex'))
            }
            error={regex.message.trim() ? null : 'Say what is wrong, for the agent.'}
            maxLength={500}
          />
        ) : null}
      </div>
    </fieldset>
  );
}

/** A bound the answer must pass (spec 5 greaterThan / lowerThan); empty: no bound. */
function ComparisonField({
  label,
  type,
  value,
  field,
  onChange,
}: {
  label: string;
  type: 'greaterThan' | 'lowerThan';
  value: number | undefined;
  field: FormField;
  onChange: (field: FormField) => void;
}) {
  return (
    <TextField
      label={label}
      type="number"
      value={text(value)}
      onValueChange={(typed) => {
        const number = numberOrUndefined(typed);
        onChange(withValidator(field, number === undefined ? null : { type, value: number }, type));
      }}
    />
  );
}

function patternProblem(pattern: string): string | null {
  if (!pattern) return null;
  try {
    new RegExp(pattern);
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : 'Not a regular expression.';
  }
}
