import type { GridColumn } from '@/shared/contracts/call-flow';
import { fieldClassNames } from '@/app/components/field/field';
import type { FieldProps } from './field-props';
import { StepControlField } from './step-control-field';

type SelectField = Extract<GridColumn, { type: 'select' }>;

/**
 * A native select (keyboard and screen-reader behaviour for free). The empty first option
 * stands for "nothing chosen", so a required select shows its error (spec 5).
 */
export function SelectField(props: FieldProps<SelectField>) {
  const { field } = props;
  return (
    <StepControlField props={props}>
      {({ autoComplete: _browserFillDoesNotApply, ...control }) => (
        <select
          {...control}
          className={`${fieldClassNames.select} ${fieldClassNames.large} ic-step-control`}
        >
          <option value="">{field.placeholder ?? 'Choose…'}</option>
          {field.options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </StepControlField>
  );
}
