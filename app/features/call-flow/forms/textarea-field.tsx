import type { GridColumn } from '@/shared/contracts/call-flow';
import { fieldClassNames } from '@/app/components/field/field';
import type { FieldProps } from './field-props';
import { StepControlField } from './step-control-field';

type TextareaField = Extract<GridColumn, { type: 'textarea' }>;

/** Several lines of text (spec 5: the textarea type, with the same bounds as text). */
export function TextareaField(props: FieldProps<TextareaField>) {
  const { field } = props;
  return (
    <StepControlField props={props}>
      {(control) => (
        <textarea
          {...control}
          className={`${fieldClassNames.textarea} ${fieldClassNames.large} ic-step-control`}
          rows={field.rows ?? 4}
          placeholder={field.placeholder}
          minLength={field.minlength}
          maxLength={field.maxlength}
        />
      )}
    </StepControlField>
  );
}
