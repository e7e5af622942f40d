import type {
  Dynaform,
  FormField,
  GridColumn,
  VariableValue,
  Variables,
} from '@/shared/contracts/call-flow';
import { emptyVariables, readVar, setOwnVar } from '@/shared/call-flow/variables';
import { stripPhone } from '@/shared/domain/phone';

const NUMBER = /^-?\d+(?:\.\d+)?$/;

/** The variable a field's typed value becomes when the step is submitted. */
function submittedValue(
  field: FormField | GridColumn,
  value: VariableValue | undefined,
): VariableValue | undefined {
  if (value === undefined) return undefined;
  switch (field.type) {
    case 'number':
      // Conditions compare numbers (`@#age >= 18`): a valid number is stored as one.
      return typeof value === 'string' && NUMBER.test(value.trim()) ? Number(value) : value;
    case 'phone':
      // spec 5 "Phone formatting for sync: strip dashes, parentheses and spaces".
      return typeof value === 'string' ? stripPhone(value) : value;
    case 'grid': {
      if (!Array.isArray(value)) return value;
      return value.map((row) => {
        if (typeof row !== 'object' || row === null || Array.isArray(row)) return row;
        const out = emptyVariables();
        for (const column of field.columns) {
          const cell = submittedValue(column, readVar(row as Variables, column.name));
          if (cell !== undefined) setOwnVar(out, column.name, cell);
        }
        return out;
      });
    }
    default:
      return value;
  }
}

/** The values a step form hands to onSubmit: the form's own fields, ready for the engine. */
export function toSubmittedValues(form: Dynaform, values: Variables): Variables {
  const out = emptyVariables();
  for (const field of form.fields) {
    const value = submittedValue(field, readVar(values, field.name));
    if (value !== undefined) setOwnVar(out, field.name, value);
  }
  return out;
}

/** An empty grid row: every column present, so a restored draft shows the same cells. */
export function emptyGridRow(columns: readonly GridColumn[]): Variables {
  const row = emptyVariables();
  for (const column of columns) {
    setOwnVar(row, column.name, column.type === 'checkbox' ? (column.options ? [] : false) : '');
  }
  return row;
}

/**
 * What the form starts with: the given values of its own fields (process variables carry
 * many others), and grids filled up to their minimum number of rows.
 */
export function initialFormValues(form: Dynaform, initial: Variables | undefined): Variables {
  const out = emptyVariables();
  for (const field of form.fields) {
    const given = readVar(initial, field.name);
    if (field.type === 'grid') {
      const rows = Array.isArray(given) ? [...given] : [];
      while (rows.length < (field.minRows ?? 0)) rows.push(emptyGridRow(field.columns));
      setOwnVar(out, field.name, rows);
      continue;
    }
    if (given !== undefined) setOwnVar(out, field.name, given);
  }
  return out;
}
