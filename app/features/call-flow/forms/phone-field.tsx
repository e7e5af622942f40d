import type { GridColumn } from '@/shared/contracts/call-flow';
import { usNationalDigits } from '@/shared/domain/phone';
import { errorId, FieldFrame, helpId } from './field-frame';
import { asInputText, describedBy, FOCUS_ATTRIBUTE, type FieldProps } from './field-props';
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
        className="ic-step-input ic-step-input--phone"
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
        required={isRequired(field)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(field.help && helpId(id), error && errorId(id))}
        {...{ [FOCUS_ATTRIBUTE]: errorKey ?? field.name }}
        onChange={(event) => onChange(event.target.value)}
        onBlur={() => {
          const shown = displayPhone(text);
          if (shown !== text) onChange(shown);
          onBlur();
        }}
      />
    </FieldFrame>
  );
}
