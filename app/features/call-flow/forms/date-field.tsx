import type { GridColumn } from '@/shared/contracts/call-flow';
import { Field, fieldClassNames } from '@/app/components/field/field';
import { asInputText, FOCUS_ATTRIBUTE, type FieldProps } from './field-props';
import { isRequired } from './text-field';

type DateField = Extract<GridColumn, { type: 'date' }>;

/** A calendar date, stored yyyy-mm-dd (the definition's min and max bound it). */
export function DateField({
  field,
  id,
  value,
  error,
  onChange,
  onBlur,
  disabled,
  errorKey,
}: FieldProps<DateField>) {
  return (
    <Field
      id={id}
      className="ic-step-field"
      label={field.label}
      help={field.help}
      error={error}
      required={isRequired(field)}
    >
      {(control) => (
        <input
          {...control}
          className={`${fieldClassNames.input} ${fieldClassNames.large} ic-step-control ic-step-control--date`}
          type="date"
          name={field.name}
          value={asInputText(value)}
          min={field.min}
          max={field.max}
          disabled={disabled || field.disabled}
          autoFocus={field.autofocus}
          autoComplete="off"
          {...{ [FOCUS_ATTRIBUTE]: errorKey ?? field.name }}
          onChange={(event) => onChange(event.target.value)}
          onBlur={onBlur}
        />
      )}
    </Field>
  );
}
