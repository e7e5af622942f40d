import type { GridColumn } from '@/shared/contracts/call-flow';
import { errorId, FieldFrame, helpId } from './field-frame';
import { asInputText, describedBy, FOCUS_ATTRIBUTE, type FieldProps } from './field-props';
import { isRequired } from './text-field';

type TextareaField = Extract<GridColumn, { type: 'textarea' }>;

/** Several lines of text (spec 5: the textarea type, with the same bounds as text). */
export function TextareaField({
  field,
  id,
  value,
  error,
  onChange,
  onBlur,
  disabled,
  errorKey,
}: FieldProps<TextareaField>) {
  return (
    <FieldFrame
      id={id}
      label={field.label}
      help={field.help}
      error={error}
      required={isRequired(field)}
      kind="single"
    >
      <textarea
        id={id}
        className="ic-step-input"
        name={field.name}
        rows={field.rows ?? 4}
        value={asInputText(value)}
        placeholder={field.placeholder}
        minLength={field.minlength}
        maxLength={field.maxlength}
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
