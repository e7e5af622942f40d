import type { GridColumn } from '@/shared/contracts/call-flow';
import { Field, fieldClassNames } from '@/app/components/field/field';
import { asInputText, FOCUS_ATTRIBUTE, type FieldProps } from './field-props';
import { isRequired } from './text-field';

type SelectField = Extract<GridColumn, { type: 'select' }>;

/**
 * A native select (keyboard and screen-reader behaviour for free). The empty first option
 * stands for "nothing chosen", so a required select shows its error (spec 5).
 */
export function SelectField({
  field,
  id,
  value,
  error,
  onChange,
  onBlur,
  disabled,
  errorKey,
}: FieldProps<SelectField>) {
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
        <select
          {...control}
          className={`${fieldClassNames.select} ${fieldClassNames.large} ic-step-control`}
          name={field.name}
          value={asInputText(value)}
          disabled={disabled || field.disabled}
          autoFocus={field.autofocus}
          {...{ [FOCUS_ATTRIBUTE]: errorKey ?? field.name }}
          onChange={(event) => {
            onChange(event.target.value);
          }}
          onBlur={onBlur}
        >
          <option value="">{field.placeholder ?? 'Choose…'}</option>
          {field.options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
