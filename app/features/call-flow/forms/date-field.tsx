import type { GridColumn } from '@/shared/contracts/call-flow';
import { errorId, FieldFrame, helpId } from './field-frame';
import { asInputText, describedBy, FOCUS_ATTRIBUTE, type FieldProps } from './field-props';
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
    <FieldFrame
      id={id}
      label={field.label}
      help={field.help}
      error={error}
      required={isRequired(field)}
      kind="single"
    >
      <input
        id={id}
        className="ic-step-input ic-step-input--date"
        type="date"
        name={field.name}
        value={asInputText(value)}
        min={field.min}
        max={field.max}
        disabled={disabled || field.disabled}
        autoFocus={field.autofocus}
        autoComplete="off"
        required={isRequired(field)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(field.help && helpId(id), error && errorId(id))}
        {...{ [FOCUS_ATTRIBUTE]: errorKey ?? field.name }}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
      />
    </FieldFrame>
  );
}
