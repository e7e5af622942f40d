import type { ReactNode } from 'react';
import '@/app/components/field/field.css';
import './report-layout.css';

export interface ReportSelectFieldProps<Choice extends string | number> {
  /** The select's id; the label points at it. */
  id: string;
  label: string;
  value: string | number;
  onChange: (value: string) => void;
  disabled?: boolean;
  /** The options, one a choice, each named by `nameOf` (default: the choice itself). */
  choices?: readonly Choice[];
  nameOf?: (choice: Choice) => string;
  /** <option> elements of its own, before the choices (an "All …" first, say). */
  children?: ReactNode;
}

/** One labelled select of a report's filter form, so every screen lays its fields out alike. */
export function ReportSelectField<Choice extends string | number>({
  id,
  label,
  value,
  onChange,
  disabled,
  choices,
  nameOf = String,
  children,
}: ReportSelectFieldProps<Choice>) {
  return (
    <div className="ic-report-form__field">
      <label className="ic-report-form__label" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className="ic-field-input ic-report-form__select"
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value)}
      >
        {children}
        {choices?.map((choice) => (
          <option key={choice} value={choice}>
            {nameOf(choice)}
          </option>
        ))}
      </select>
    </div>
  );
}
