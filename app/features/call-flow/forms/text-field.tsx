import type { GridColumn } from '@/shared/contracts/call-flow';
import { Field, fieldClassNames } from '@/app/components/field/field';
import { asInputText, FOCUS_ATTRIBUTE, type FieldProps } from './field-props';

type TextLikeField = Extract<GridColumn, { type: 'text' | 'email' | 'number' }>;

const INPUT_TYPE = { text: 'text', email: 'email', number: 'number' } as const;
const INPUT_MODE = { text: undefined, email: 'email', number: 'decimal' } as const;

export function isRequired(field: { validators: { type: string }[] }): boolean {
  return field.validators.some((v) => v.type === 'required');
}

/**
 * A one-line text, email or number input (spec 5: minlength, maxlength, min, max,
 * placeholder, disabled, autofocus; "the bounds come from callers and are not shown").
 * The form validates itself (noValidate), so the attributes only inform the browser and
 * assistive technology.
 */
export function TextField({
  field,
  id,
  value,
  error,
  onChange,
  onBlur,
  disabled,
  errorKey,
}: FieldProps<TextLikeField>) {
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
          className={`${fieldClassNames.input} ${fieldClassNames.large} ic-step-control ic-step-control--${field.type}`}
          type={INPUT_TYPE[field.type]}
          inputMode={INPUT_MODE[field.type]}
          name={field.name}
          value={asInputText(value)}
          placeholder={field.placeholder}
          minLength={field.minlength}
          maxLength={field.maxlength}
          min={field.type === 'number' ? field.min : undefined}
          max={field.type === 'number' ? field.max : undefined}
          disabled={disabled || field.disabled}
          // spec 5: autofocus comes from the definition (one field of a step).
          autoFocus={field.autofocus}
          // The agent types the caller's data: the browser must not offer the agent's own.
          autoComplete="off"
          spellCheck={field.type === 'text' ? undefined : false}
          {...{ [FOCUS_ATTRIBUTE]: errorKey ?? field.name }}
          onChange={(event) => onChange(event.target.value)}
          onBlur={onBlur}
        />
      )}
    </Field>
  );
}
