import { useId, type ReactNode } from 'react';
import { Icon } from '@/app/components/icon/icon';
import './field.css';
import '@/app/components/visually-hidden/visually-hidden.css';

/**
 * The attributes a field hands to its control: spread them on the <input>, <select> or
 * <textarea> (or on the first control of a group) so the label names it and screen
 * readers announce the help and the error with it.
 */
export interface FieldControlProps {
  id: string;
  'aria-describedby': string | undefined;
  'aria-invalid': true | undefined;
  'aria-required': true | undefined;
}

export interface FieldProps {
  label: ReactNode;
  /** A line under the label saying what to enter. */
  help?: ReactNode;
  /** The error to show under the control; a non-empty error marks the control invalid. */
  error?: ReactNode;
  /** Shows the required marker (and tells assistive technology); validation stays with the form. */
  required?: boolean;
  /** The control's id; by default one from useId. */
  id?: string;
  /** The label is read by screen readers but not shown (a column header already names it). */
  labelHidden?: boolean;
  className?: string;
  /** Renders the control, given the attributes that wire it to the label, help and error. */
  children: (control: FieldControlProps) => ReactNode;
}

/**
 * Class names for text-like controls, one look for every form (issue #10 item 5):
 * `input` for <input> and <select> and <textarea> standing alone; `group` for a bordered
 * box holding a bare `groupInput` and `addon`s (a unit, a picker button), where the box
 * shows focus and the invalid state. Add `large` for the bigger sign-in size.
 */
export const fieldClassNames = {
  input: 'ic-field-input',
  select: 'ic-field-input ic-field-input--select',
  textarea: 'ic-field-input ic-field-input--textarea',
  large: 'ic-field-input--lg',
  group: 'ic-field-group',
  groupInput: 'ic-field-group__input',
  addon: 'ic-field-group__addon',
} as const;

export const fieldHelpId = (id: string) => `${id}-help`;
export const fieldErrorId = (id: string) => `${id}-error`;

/**
 * One labelled form field: label (with a required marker), help text, the control and
 * its error, wired with aria-describedby and aria-invalid.
 *
 * ```tsx
 * <Field label="Email" help="Work address" error={errors.email} required>
 *   {(control) => <input {...control} className={fieldClassNames.input} type="email" />}
 * </Field>
 * ```
 */
export function Field({
  label,
  help,
  error,
  required = false,
  id,
  labelHidden = false,
  className,
  children,
}: FieldProps) {
  const generatedId = useId();
  const controlId = id ?? generatedId;
  const hasHelp = help !== undefined && help !== null && help !== '';
  const hasError = error !== undefined && error !== null && error !== false && error !== '';
  const describedBy =
    [hasHelp ? fieldHelpId(controlId) : '', hasError ? fieldErrorId(controlId) : '']
      .filter(Boolean)
      .join(' ') || undefined;
  const classes = ['ic-field', className].filter(Boolean).join(' ');

  return (
    <div className={classes} data-invalid={hasError ? true : undefined}>
      <label
        className={labelHidden ? 'ic-field__label ic-visually-hidden' : 'ic-field__label'}
        htmlFor={controlId}
      >
        {label}
        {required ? (
          <span className="ic-field__required" aria-hidden="true">
            *
          </span>
        ) : null}
      </label>
      {hasHelp ? (
        <p className="ic-field__help" id={fieldHelpId(controlId)}>
          {help}
        </p>
      ) : null}
      {children({
        id: controlId,
        'aria-describedby': describedBy,
        'aria-invalid': hasError ? true : undefined,
        'aria-required': required ? true : undefined,
      })}
      {hasError ? (
        <p className="ic-field__error" id={fieldErrorId(controlId)}>
          <Icon name="warning" size="sm" />
          <span>{error}</span>
        </p>
      ) : null}
    </div>
  );
}
