import type { GridColumn } from '@/shared/contracts/call-flow';
import { Field, fieldClassNames } from '@/app/components/field/field';
import { asInputText, FOCUS_ATTRIBUTE, type FieldProps } from './field-props';
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
    <Field
      id={id}
      className="ic-step-field"
      label={field.label}
      help={field.help}
      error={error}
      required={isRequired(field)}
    >
      {(control) => (
        <textarea
          {...control}
          className={`${fieldClassNames.textarea} ${fieldClassNames.large} ic-step-control`}
          name={field.name}
          rows={field.rows ?? 4}
          value={asInputText(value)}
          placeholder={field.placeholder}
          minLength={field.minlength}
          maxLength={field.maxlength}
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
