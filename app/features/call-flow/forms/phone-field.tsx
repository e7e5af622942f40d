import type { GridColumn } from '@/shared/contracts/call-flow';
import { usNationalDigits } from '@/shared/domain/phone';
import { fieldClassNames } from '@/app/components/field/field';
import type { FieldProps } from './field-props';
import { StepControlField } from './step-control-field';

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
export function PhoneField(props: FieldProps<PhoneField>) {
  const { field, onChange } = props;
  return (
    <StepControlField props={props}>
      {(control) => (
        <input
          {...control}
          className={`${fieldClassNames.input} ${fieldClassNames.large} ic-step-control ic-step-control--phone`}
          type="tel"
          inputMode="tel"
          placeholder={field.placeholder}
          minLength={field.minlength}
          maxLength={field.maxlength}
          onBlur={() => {
            const shown = displayPhone(control.value);
            if (shown !== control.value) onChange(shown);
            control.onBlur();
          }}
        />
      )}
    </StepControlField>
  );
}
