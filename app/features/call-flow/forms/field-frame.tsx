import type { ReactNode } from 'react';
import { fieldErrorId, fieldHelpId } from '@/app/components/field/field';
import { Icon } from '@/app/components/icon/icon';
import { VisuallyHidden } from '@/app/components/visually-hidden/visually-hidden';
import './field-frame.css';

export interface FieldFrameProps {
  /** The id of the field's control (single) or of its fieldset (group). */
  id: string;
  label: string;
  help?: string;
  /** The error text to show, or null. */
  error: string | null;
  required: boolean;
  /**
   * group: a <fieldset> with a <legend> (radio and checkbox groups, addresses, grids).
   * own-label: the control carries its own label (one yes/no checkbox); the frame only
   * adds help and error. One-control fields use app/components/field instead.
   */
  kind: 'group' | 'own-label';
  children: ReactNode;
  className?: string;
}

/**
 * A field's frame from its definition: its label and help, the error shown and whether it
 * is required (`<FieldFrame {...frameOf(field, id, error, required)} kind="group">`).
 */
export function frameOf(
  field: { label: string; help?: string },
  id: string,
  error: string | null,
  required: boolean,
): Omit<FieldFrameProps, 'kind' | 'children' | 'className'> {
  return { id, label: field.label, help: field.help, error, required };
}

/** The same ids as app/components/field, so every form wires help and errors alike. */
export { fieldErrorId as errorId, fieldHelpId as helpId };

/**
 * The legend, help and error around a step-form field that is not one labelled control (issue 11 Forms: invalid fields
 * highlighted, errors announced through aria-describedby). A group is a fieldset whose
 * legend names it for screen readers.
 */
export function FieldFrame({
  id,
  label,
  help,
  error,
  required,
  kind,
  children,
  className,
}: FieldFrameProps) {
  const classes = ['ic-field', 'ic-step-field', className].filter(Boolean).join(' ');
  const marker = required ? (
    <span className="ic-field__required" aria-hidden="true">
      *
    </span>
  ) : null;
  const helpText = help ? (
    <p className="ic-field__help" id={fieldHelpId(id)}>
      {help}
    </p>
  ) : null;
  const errorText = error ? (
    <p className="ic-field__error" id={fieldErrorId(id)}>
      <Icon name="warning" size="sm" />
      <span>{error}</span>
    </p>
  ) : null;

  if (kind === 'group') {
    return (
      <fieldset
        className={`${classes} ic-step-field--group`}
        id={id}
        data-invalid={error ? true : undefined}
        aria-describedby={
          [help ? fieldHelpId(id) : '', error ? fieldErrorId(id) : ''].filter(Boolean).join(' ') ||
          undefined
        }
      >
        <legend className="ic-field__label ic-step-field__legend">
          {label}
          {marker}
          {required ? <VisuallyHidden> (required)</VisuallyHidden> : null}
        </legend>
        {helpText}
        {children}
        {errorText}
      </fieldset>
    );
  }
  return (
    <div className={classes} data-invalid={error ? true : undefined}>
      {children}
      {helpText}
      {errorText}
    </div>
  );
}
