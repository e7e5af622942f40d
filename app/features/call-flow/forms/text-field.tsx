import type { GridColumn } from '@/shared/contracts/call-flow';
import { fieldClassNames } from '@/app/components/field/field';
import type { FieldProps } from './field-props';
import { StepControlField } from './step-control-field';

type TextLikeField = Extract<GridColumn, { type: 'text' | 'email' | 'number' }>;

const INPUT_TYPE = { text: 'text', email: 'email', number: 'number' } as const;
const INPUT_MODE = { text: undefined, email: 'email', number: 'decimal' } as const;

/**
 * A one-line text, email or number input (spec 5: minlength, maxlength, min, max,
 * placeholder, disabled, autofocus; "the bounds come from callers and are not shown").
 * The form validates itself (noValidate), so the attributes only inform the browser and
 * assistive technology.
 */
export function TextField(props: FieldProps<TextLikeField>) {
  const { field } = props;
  return (
    <StepControlField props={props}>
      {(control) => (
        <input
          {...control}
          className={`${fieldClassNames.input} ${fieldClassNames.large} ic-step-control ic-step-control--${field.type}`}
          type={INPUT_TYPE[field.type]}
          inputMode={INPUT_MODE[field.type]}
          placeholder={field.placeholder}
          minLength={field.minlength}
          maxLength={field.maxlength}
          min={field.type === 'number' ? field.min : undefined}
          max={field.type === 'number' ? field.max : undefined}
          spellCheck={field.type === 'text' ? undefined : false}
        />
      )}
    </StepControlField>
  );
}
