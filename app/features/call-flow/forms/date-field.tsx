import type { GridColumn } from '@/shared/contracts/call-flow';
import { fieldClassNames } from '@/app/components/field/field';
import type { FieldProps } from './field-props';
import { StepControlField } from './step-control-field';

type DateField = Extract<GridColumn, { type: 'date' }>;

/** A calendar date, stored yyyy-mm-dd (the definition's min and max bound it). */
export function DateField(props: FieldProps<DateField>) {
  const { field } = props;
  return (
    <StepControlField props={props}>
      {(control) => (
        <input
          {...control}
          className={`${fieldClassNames.input} ${fieldClassNames.large} ic-step-control ic-step-control--date`}
          type="date"
          min={field.min}
          max={field.max}
        />
      )}
    </StepControlField>
  );
}
