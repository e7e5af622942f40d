import type { FormField, ProcessDefinition, VariableValue } from '@/shared/contracts/call-flow';
import { formatPhoneForCrm } from '@/shared/domain/phone';

// How a value an agent gave reads in the histories (issue 11: "the values given, shown
// readably"): the field's label and option labels when the process still knows the field,
// grids as rows, addresses as lines. Pure, so the detail view only renders.

/** Every form field of a definition by variable name (the first form that asks it wins). */
export function fieldsByName(definition: ProcessDefinition | null): Map<string, FormField> {
  const fields = new Map<string, FormField>();
  for (const step of definition?.steps ?? []) {
    for (const field of step.dynaform?.fields ?? []) {
      if (!fields.has(field.name)) fields.set(field.name, field);
    }
  }
  return fields;
}

/** A variable name as words, for fields the definition does not know ("caller_name" → "Caller name"). */
export function humanizeName(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words ? words[0].toUpperCase() + words.slice(1) : name;
}

type OptionField = Extract<FormField, { options?: unknown }>;

function optionLabel(field: FormField | undefined, value: string): string {
  const options = field && 'options' in field ? (field as OptionField).options : undefined;
  return options?.find((option) => option.value === value)?.label ?? value;
}

type AddressKey = 'street1' | 'street2' | 'city' | 'state' | 'zip' | 'country';

export function isAddressValue(value: VariableValue): value is Record<string, VariableValue> {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.hasOwn(value, 'street1') &&
    Object.hasOwn(value, 'city')
  );
}

/** An address as the lines of an envelope: street, street 2, "City, ST 12345", country. */
export function addressLines(value: Record<string, VariableValue>): string[] {
  const text = (key: AddressKey) => {
    const v = Object.hasOwn(value, key) ? value[key] : '';
    return typeof v === 'string' || typeof v === 'number' ? String(v).trim() : '';
  };
  const cityLine = [text('city'), [text('state'), text('zip')].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  const country = text('country');
  return [
    text('street1'),
    text('street2'),
    cityLine,
    country && country !== 'US' ? country : '',
  ].filter(Boolean);
}

export function isGridValue(value: VariableValue): value is Record<string, VariableValue>[] {
  return (
    Array.isArray(value) &&
    value.length > 0 &&
    value.every((row) => typeof row === 'object' && row !== null && !Array.isArray(row))
  );
}

/** A yyyy-mm-dd day as people read it ("Nov 3, 2026"); anything else unchanged. */
export function dayText(value: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return value;
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  if (Number.isNaN(date.getTime())) return value;
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(date);
}

/** One value as text: options by their labels, days and phones formatted, yes/no for booleans. */
export function valueText(value: VariableValue, field?: FormField): string {
  if (value === null) return '';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string' && field?.type === 'date') return dayText(value);
  // spec 5: 10 digits read as "(XXX) XXX-XXXX".
  if (typeof value === 'string' && field?.type === 'phone') return formatPhoneForCrm(value);
  if (typeof value === 'string') return optionLabel(field, value);
  if (Array.isArray(value)) return value.map((item) => valueText(item, field)).join(', ');
  if (isAddressValue(value)) return addressLines(value).join(', ');
  // A consultation reads as its booking (issue #16), not as its parts.
  if (field?.type === 'consultation') {
    const label = (value as Record<string, VariableValue>).label;
    return typeof label === 'string' ? label : 'Not booked';
  }
  return Object.entries(value as Record<string, VariableValue>)
    .map(([key, item]) => `${humanizeName(key)}: ${valueText(item)}`)
    .join('; ');
}

/** A grid's columns: the field's own (with labels) or the keys its rows hold. */
export function gridColumns(
  rows: Record<string, VariableValue>[],
  field?: FormField,
): { name: string; label: string; field?: FormField }[] {
  if (field?.type === 'grid') {
    return field.columns.map((column) => ({
      name: column.name,
      label: column.label,
      field: column as FormField,
    }));
  }
  const names: string[] = [];
  for (const row of rows)
    for (const key of Object.keys(row)) if (!names.includes(key)) names.push(key);
  return names.map((name) => ({ name, label: humanizeName(name) }));
}

/** The variables that are new or changed in `next` (what was answered between two steps). */
export function changedVariables(
  previous: Record<string, VariableValue> | null,
  next: Record<string, VariableValue>,
): string[] {
  return Object.keys(next).filter(
    (name) =>
      !previous ||
      !Object.hasOwn(previous, name) ||
      JSON.stringify(previous[name]) !== JSON.stringify(next[name]),
  );
}
