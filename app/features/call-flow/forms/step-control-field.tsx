import type { ChangeEvent, ReactNode } from 'react';
import { Field, type FieldControlProps } from '@/app/components/field/field';
import { asInputText, FOCUS_ATTRIBUTE, type FieldProps } from './field-props';

/** What every one-control step field reads of its definition (spec 5). */
interface StepControlDefinition {
  name: string;
  label: string;
  help?: string;
  disabled?: boolean;
  autofocus?: boolean;
  validators: { type: string }[];
}

export function isRequired(field: { validators: { type: string }[] }): boolean {
  return field.validators.some((v) => v.type === 'required');
}

/**
 * The attributes every step control takes alike: the label/help/error wiring, the
 * variable's name and text, disabled, the definition's autofocus, the first-invalid focus
 * marker, and change/blur writing the variable. Spread on the <input>, <textarea> or
 * <select>; a field adds only what is its own (type, bounds, options).
 */
export type StepControlProps = FieldControlProps & {
  name: string;
  value: string;
  disabled: boolean;
  autoFocus?: boolean;
  // The agent types the caller's data: the browser must not offer the agent's own.
  autoComplete: 'off';
  onChange(event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>): void;
  onBlur(): void;
  [FOCUS_ATTRIBUTE]: string;
};

/**
 * One labelled step field with a single control (text, email, number, textarea, phone,
 * date, select): app/components/field's label, help and error, and the control's common
 * attributes, so each field type is only what differs.
 */
export function StepControlField<F extends StepControlDefinition>({
  props,
  children,
}: {
  props: FieldProps<F>;
  children: (control: StepControlProps) => ReactNode;
}) {
  const { field, id, value, error, onChange, onBlur, disabled, errorKey } = props;
  return (
    <Field
      id={id}
      className="ic-step-field"
      label={field.label}
      help={field.help}
      error={error}
      required={isRequired(field)}
    >
      {(control) =>
        children({
          ...control,
          name: field.name,
          value: asInputText(value),
          disabled: disabled || field.disabled === true,
          autoFocus: field.autofocus,
          autoComplete: 'off',
          [FOCUS_ATTRIBUTE]: errorKey ?? field.name,
          onChange: (event) => onChange(event.target.value),
          onBlur,
        })
      }
    </Field>
  );
}
