import type { GridColumn } from '@/shared/contracts/call-flow';
import { CheckboxField } from './checkbox-field';
import { DateField } from './date-field';
import type { FieldProps } from './field-props';
import { PhoneField } from './phone-field';
import { RadioField } from './radio-field';
import { SelectField } from './select-field';
import { TextField } from './text-field';
import { TextareaField } from './textarea-field';

/** The component of a one-value field (a form field, or a cell of a grid row). */
export function SimpleField(props: FieldProps<GridColumn>) {
  const { field } = props;
  switch (field.type) {
    case 'text':
    case 'email':
    case 'number':
      return <TextField {...props} field={field} />;
    case 'textarea':
      return <TextareaField {...props} field={field} />;
    case 'phone':
      return <PhoneField {...props} field={field} />;
    case 'date':
      return <DateField {...props} field={field} />;
    case 'select':
      return <SelectField {...props} field={field} />;
    case 'radio':
      return <RadioField {...props} field={field} />;
    case 'checkbox':
      return <CheckboxField {...props} field={field} />;
  }
}
