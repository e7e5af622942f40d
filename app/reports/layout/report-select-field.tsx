import type { ReactNode } from 'react';
import '@/app/components/field/field.css';
import './report-layout.css';

export interface ReportSelectFieldProps {
  /** The select's id; the label points at it. */
  id: string;
  label: string;
  value: string | number;
  onChange: (value: string) => void;
  disabled?: boolean;
  /** The <option> elements. */
  children: ReactNode;
}

/** One labelled select of a report's filter form, so every screen lays its fields out alike. */
export function ReportSelectField({
  id,
  label,
  value,
  onChange,
  disabled,
  children,
}: ReportSelectFieldProps) {
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
      </select>
    </div>
  );
}
