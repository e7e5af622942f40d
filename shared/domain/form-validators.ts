import type {
  AddressValue,
  Dynaform,
  FormField,
  FormValidator,
  GridColumn,
  VariableValue,
  Variables,
} from '../contracts/call-flow';
import { isFieldShown } from '../call-flow/field-visibility';
import { en, type MessageKey } from '../i18n/en';
import { isUsPhone } from './phone';
import { isConsultationBooked } from './scheduling';

// spec 5 Validation rules: the form validators of call-flow steps, their message keys
// (ERROR_REQUIRED_FIELD, VALIDATOR_MESSAGE_EMAIL, ...) and the text input bounds (minlength,
// maxlength, min, max). Pure: the form components show the errors, the engine refuses to
// submit a step with any, and the server could re-check the same values.

/** A field's error: a message key with its parameters, or a custom regex's own text. */
export type FieldError =
  { key: MessageKey; params?: Record<string, string | number> } | { text: string };

/** Errors by field name; grid cells are keyed `grid.rowIndex.column`. */
export type FormErrors = Record<string, FieldError>;

/** Longest value a pattern is tested against (a custom regex runs on bounded input). */
export const MAX_VALIDATED_LENGTH = 10_000;

/** spec 5: simple local-part@domain pattern. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const NUMBER = /^-?\d+(?:\.\d+)?$/;

/** Fills {placeholders} of a message. */
export function fillMessage(template: string, params: Record<string, string | number> = {}) {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : whole,
  );
}

/** The English text of a field error. */
export function fieldErrorText(error: FieldError): string {
  return 'text' in error ? error.text : fillMessage(en[error.key], error.params);
}

function isBlank(value: VariableValue | undefined): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

function asText(value: VariableValue | undefined): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return '';
}

function addressIsComplete(value: VariableValue | undefined): boolean {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const a = value as Partial<Record<keyof AddressValue, VariableValue>>;
  return (['street1', 'city', 'state', 'zip'] as const).every((k) => !isBlank(a[k]));
}

function comparable(value: string): number | string | null {
  if (NUMBER.test(value.trim())) return Number(value);
  if (ISO_DATE.test(value)) return value;
  return null;
}

/** Own-property write: field names come from definitions (never touch a prototype). */
function put(errors: FormErrors, name: string, error: FieldError) {
  Object.defineProperty(errors, name, {
    value: error,
    enumerable: true,
    writable: true,
    configurable: true,
  });
}

function read(values: Variables, name: string): VariableValue | undefined {
  return Object.hasOwn(values, name) ? values[name] : undefined;
}

function checkValidator(
  validator: FormValidator,
  value: VariableValue | undefined,
  values: Variables,
): FieldError | null {
  if (validator.type === 'required') return null; // handled first, for every field type
  if (isBlank(value)) return null; // other validators only judge what was given
  const text = asText(value);
  switch (validator.type) {
    case 'email':
      return EMAIL.test(text.trim()) ? null : { key: 'VALIDATOR_MESSAGE_EMAIL' };
    case 'singleWord':
      return /\s/.test(text.trim()) ? { key: 'VALIDATOR_MESSAGE_SINGLE_WORD' } : null;
    case 'confirmPassword':
      return text === asText(read(values, validator.field))
        ? null
        : { key: 'VALIDATOR_MESSAGE_CONFIRM_PASSWORD' };
    case 'greaterThan':
    case 'lowerThan': {
      const otherText =
        validator.field !== undefined
          ? asText(read(values, validator.field))
          : validator.value !== undefined
            ? String(validator.value)
            : '';
      const mine = comparable(text);
      const other = comparable(otherText);
      const key =
        validator.type === 'greaterThan'
          ? 'VALIDATOR_MESSAGE_GREATER_THAN'
          : 'VALIDATOR_MESSAGE_LOWER_THAN';
      // Nothing to compare with yet (the other field is empty): not this field's error.
      if (other === null) return null;
      if (mine === null || typeof mine !== typeof other)
        return { key, params: { value: otherText } };
      const holds = validator.type === 'greaterThan' ? mine > other : mine < other;
      return holds ? null : { key, params: { value: otherText } };
    }
    case 'onlyNumbers':
      // spec 5 "only numbers (nonzero integer)": digits only, and not zero.
      return /^\d+$/.test(text.trim()) && Number(text) !== 0
        ? null
        : { key: 'VALIDATOR_MESSAGE_ONLY_NUMBERS' };
    case 'phone':
      return isUsPhone(text) ? null : { key: 'VALIDATOR_MESSAGE_PHONE' };
    case 'regex': {
      let pattern: RegExp;
      try {
        pattern = new RegExp(validator.pattern, validator.flags);
      } catch {
        return { text: validator.message };
      }
      return text.length <= MAX_VALIDATED_LENGTH && pattern.test(text)
        ? null
        : { text: validator.message };
    }
  }
}

/** Checks implied by the field's type and its input attributes. */
function checkType(
  field: FormField | GridColumn,
  value: VariableValue | undefined,
): FieldError | null {
  if (isBlank(value)) return null;
  const text = asText(value);
  switch (field.type) {
    case 'text':
    case 'textarea':
    case 'email':
    case 'phone':
    case 'number': {
      if (field.type === 'email' && !EMAIL.test(text.trim()))
        return { key: 'VALIDATOR_MESSAGE_EMAIL' };
      if (field.type === 'phone' && !isUsPhone(text)) return { key: 'VALIDATOR_MESSAGE_PHONE' };
      if (field.type === 'number' && !NUMBER.test(text.trim()))
        return { key: 'VALIDATOR_MESSAGE_NUMBER' };
      if (field.minlength !== undefined && text.length < field.minlength) {
        return { key: 'VALIDATOR_MESSAGE_MINLENGTH', params: { min: field.minlength } };
      }
      if (field.maxlength !== undefined && text.length > field.maxlength) {
        return { key: 'VALIDATOR_MESSAGE_MAXLENGTH', params: { max: field.maxlength } };
      }
      if (field.min !== undefined || field.max !== undefined) {
        if (!NUMBER.test(text.trim())) return { key: 'VALIDATOR_MESSAGE_NUMBER' };
        const n = Number(text);
        if (field.min !== undefined && n < field.min)
          return { key: 'VALIDATOR_MESSAGE_MIN', params: { min: field.min } };
        if (field.max !== undefined && n > field.max)
          return { key: 'VALIDATOR_MESSAGE_MAX', params: { max: field.max } };
      }
      return null;
    }
    case 'date':
      if (!ISO_DATE.test(text) || Number.isNaN(Date.parse(text)))
        return { key: 'VALIDATOR_MESSAGE_DATE' };
      if (field.min !== undefined && text < field.min)
        return { key: 'VALIDATOR_MESSAGE_MIN', params: { min: field.min } };
      if (field.max !== undefined && text > field.max)
        return { key: 'VALIDATOR_MESSAGE_MAX', params: { max: field.max } };
      return null;
    case 'select':
    case 'radio':
      return field.options.some((o) => o.value === text)
        ? null
        : { key: 'VALIDATOR_MESSAGE_OPTION' };
    case 'checkbox':
      if (!field.options)
        return typeof value === 'boolean' ? null : { key: 'VALIDATOR_MESSAGE_OPTION' };
      return Array.isArray(value) && value.every((v) => field.options!.some((o) => o.value === v))
        ? null
        : { key: 'VALIDATOR_MESSAGE_OPTION' };
    default:
      // Addresses and grids are checked by their parts (validateForm).
      return null;
  }
}

function isMissing(field: FormField | GridColumn, value: VariableValue | undefined): boolean {
  if (field.type === 'address') return !addressIsComplete(value);
  // A consultation counts once it is booked, not when a time is only chosen (issue #16).
  if (field.type === 'consultation') return !isConsultationBooked(value);
  // A single yes/no box that is required must be ticked.
  if (field.type === 'checkbox' && !field.options) return value !== true;
  return isBlank(value);
}

/** The first error of one field, or null. Required comes first (spec 5: selects show it). */
export function validateField(
  field: FormField | GridColumn,
  value: VariableValue | undefined,
  values: Variables,
): FieldError | null {
  if (field.disabled) return null;
  if (field.validators.some((v) => v.type === 'required') && isMissing(field, value)) {
    return { key: 'ERROR_REQUIRED_FIELD' };
  }
  if (field.type === 'address' || field.type === 'grid' || field.type === 'consultation') {
    return null;
  }
  const typeError = checkType(field, value);
  if (typeError) return typeError;
  for (const validator of field.validators) {
    const error = checkValidator(validator, value, values);
    if (error) return error;
  }
  return null;
}

/**
 * Every shown field's first error; an empty object means the form may be submitted. A
 * field hidden by its showWhen condition is not checked (it is not submitted either).
 */
export function validateForm(form: Dynaform, values: Variables): FormErrors {
  const errors: FormErrors = {};
  for (const field of form.fields) {
    if (!isFieldShown(field, values)) continue;
    const value = read(values, field.name);
    const error = validateField(field, value, values);
    if (error) {
      put(errors, field.name, error);
      continue;
    }
    if (field.type !== 'grid' || field.disabled) continue;
    const rows = Array.isArray(value) ? value : [];
    if (field.minRows !== undefined && rows.length < field.minRows) {
      put(errors, field.name, {
        key: 'VALIDATOR_MESSAGE_MIN_ROWS',
        params: { min: field.minRows },
      });
      continue;
    }
    if (field.maxRows !== undefined && rows.length > field.maxRows) {
      put(errors, field.name, {
        key: 'VALIDATOR_MESSAGE_MAX_ROWS',
        params: { max: field.maxRows },
      });
      continue;
    }
    rows.forEach((row, r) => {
      const cells: Variables =
        typeof row === 'object' && row !== null && !Array.isArray(row) ? (row as Variables) : {};
      for (const column of field.columns) {
        const cellError = validateField(column, read(cells, column.name), cells);
        if (cellError) put(errors, `${field.name}.${r}.${column.name}`, cellError);
      }
    });
  }
  return errors;
}

/** The names of the first invalid field, for focusing it (issue 11 Forms). */
export function firstInvalidField(form: Dynaform, errors: FormErrors): string | null {
  for (const field of form.fields) {
    if (Object.hasOwn(errors, field.name)) return field.name;
    const cell = Object.keys(errors).find((k) => k.startsWith(`${field.name}.`));
    if (cell) return cell;
  }
  return null;
}
