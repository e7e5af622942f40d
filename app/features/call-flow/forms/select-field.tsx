import type { GridColumn } from '@/shared/contracts/call-flow';
import { errorId, FieldFrame, helpId } from './field-frame';
import { asInputText, describedBy, FOCUS_ATTRIBUTE, type FieldProps } from './field-props';
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
    <FieldFrame
      id={id}
      label={field.label}
      help={field.help}
      error={error}
      required={isRequired(field)}
      kind="single"
    >
      <select
        id={id}
        className="ic-step-input"
        name={field.name}
        value={asInputText(value)}
        disabled={disabled || field.disabled}
        autoFocus={field.autofocus}
        required={isRequired(field)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(field.help && helpId(id), error && errorId(id))}
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
    </FieldFrame>
  );
}
