import type { GridColumn } from '@/shared/contracts/call-flow';
import { usNationalDigits } from '@/shared/domain/phone';
import { Field, fieldClassNames } from '@/app/components/field/field';
import { asInputText, FOCUS_ATTRIBUTE, type FieldProps } from './field-props';
import { isRequired } from './text-field';

type PhoneField = Extract<GridColumn, { type: 'phone' }>;

/** "(555) 234-5678" for a US number the agent typed any way; anything else as typed. */
export function displayPhone(text: string): string {
  const digits = usNationalDigits(text);
  if (!digits) return text;
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
}

/**
 * A phone number. While typing the agent's text is kept as is; on leaving the field a US
 * number is shown as (XXX) XXX-XXXX so it can be read back to the caller. The variable the
 * step submits is stripped of dashes, parentheses and spaces (spec 5 "Phone formatting for
 * sync"; submitted-values.ts), and the CRM sync formats it again (shared/domain/phone.ts).
 */
export function PhoneField({
  field,
  id,
  value,
  error,
  onChange,
  onBlur,
  disabled,
  errorKey,
}: FieldProps<PhoneField>) {
  const text = asInputText(value);
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
          className={`${fieldClassNames.input} ${fieldClassNames.large} ic-step-control ic-step-control--phone`}
          type="tel"
          inputMode="tel"
          name={field.name}
          value={text}
          placeholder={field.placeholder}
          minLength={field.minlength}
          maxLength={field.maxlength}
          disabled={disabled || field.disabled}
          autoFocus={field.autofocus}
          autoComplete="off"
          {...{ [FOCUS_ATTRIBUTE]: errorKey ?? field.name }}
          onChange={(event) => onChange(event.target.value)}
          onBlur={() => {
            const shown = displayPhone(text);
            if (shown !== text) onChange(shown);
            onBlur();
          }}
        />
      )}
    </Field>
  );
}
