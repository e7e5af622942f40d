import type { VariableValue } from '@/shared/contracts/call-flow';

/**
 * What every field component gets from the form. `id` is the field's DOM id (its main
 * control, or its fieldset for groups); `error` is the text to show, already translated.
 */
export interface FieldProps<F> {
  field: F;
  id: string;
  value: VariableValue | undefined;
  error: string | null;
  /** Writes the field's variable. */
  onChange(value: VariableValue): void;
  /** The agent left the field: its error may be shown from now on. */
  onBlur(): void;
  /** The whole form is disabled (busy, or the host says so). */
  disabled: boolean;
  /** Present when the field sits in a grid row: the key its errors use (`grid.0.col`). */
  errorKey?: string;
}

/** The `data-field-focus` attribute marks the control focused when a field is the first invalid one. */
export const FOCUS_ATTRIBUTE = 'data-field-focus';

export function asInputText(value: VariableValue | undefined): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  return '';
}

export function describedBy(...ids: (string | null | undefined | false)[]): string | undefined {
  const list = ids.filter((id): id is string => typeof id === 'string' && id.length > 0);
  return list.length ? list.join(' ') : undefined;
}
