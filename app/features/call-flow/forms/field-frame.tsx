import type { ReactNode } from 'react';
import { Icon } from '@/app/components/icon/icon';
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

export const helpId = (id: string) => `${id}-help`;
export const errorId = (id: string) => `${id}-error`;

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
  const classes = ['ic-step-field', className].filter(Boolean).join(' ');
  const marker = required ? (
    <span className="ic-step-field__required" aria-hidden="true">
      *
    </span>
  ) : null;
  const helpText = help ? (
    <p className="ic-step-field__help" id={helpId(id)}>
      {help}
    </p>
  ) : null;
  const errorText = error ? (
    <p className="ic-step-field__error" id={errorId(id)}>
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
          [help ? helpId(id) : '', error ? errorId(id) : ''].filter(Boolean).join(' ') || undefined
        }
      >
        <legend className="ic-step-field__label">
          {label}
          {marker}
          {required ? <span className="ic-step-field__sr"> (required)</span> : null}
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
