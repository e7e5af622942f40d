import { describe, expect, it } from 'vitest';
import { dynaformSchema, type Dynaform } from '@/shared/contracts/call-flow';
import {
  fieldErrorText,
  firstInvalidField,
  validateForm,
  type FieldError,
} from '@/shared/domain/form-validators';

// spec 5 Validation rules: the form validators with their message keys and the text input
// bounds minlength, maxlength, min, max.

const form = (fields: unknown[]): Dynaform =>
  dynaformSchema.parse({ dyn_uid: 'd', title: 'Intake', fields });

const one = (
  field: Record<string, unknown>,
  value: unknown,
  others: Record<string, unknown> = {},
) =>
  validateForm(form([{ name: 'f', label: 'F', ...field }]), { f: value, ...others } as never).f as
    FieldError | undefined;

describe('form validators (spec 5)', () => {
  it('required: ERROR_REQUIRED_FIELD for empty text, an unchosen select, an unticked box, an empty group', () => {
    const required = [{ type: 'required' }];
    expect(one({ type: 'text', validators: required }, '  ')).toEqual({
      key: 'ERROR_REQUIRED_FIELD',
    });
    expect(one({ type: 'text', validators: required }, 'x')).toBeUndefined();
    const options = [{ value: 'auto', label: 'Auto' }];
    expect(one({ type: 'select', options, validators: required }, '')).toEqual({
      key: 'ERROR_REQUIRED_FIELD',
    });
    expect(one({ type: 'checkbox', validators: required }, false)).toEqual({
      key: 'ERROR_REQUIRED_FIELD',
    });
    expect(one({ type: 'checkbox', options, validators: required }, [])).toEqual({
      key: 'ERROR_REQUIRED_FIELD',
    });
    expect(
      one(
        { type: 'address', validators: required },
        { street1: '1 Main St', city: 'Boston', state: 'MA', zip: '' },
      ),
    ).toEqual({ key: 'ERROR_REQUIRED_FIELD' });
  });

  it('judges only what was given: an empty optional field has no error', () => {
    expect(
      one({ type: 'text', validators: [{ type: 'email' }, { type: 'phone' }] }, ''),
    ).toBeUndefined();
  });

  it('email: a simple local-part@domain pattern, VALIDATOR_MESSAGE_EMAIL', () => {
    const v = { type: 'text', validators: [{ type: 'email' }] };
    expect(one(v, 'dana@harbor.test')).toBeUndefined();
    expect(one(v, 'dana@harbor')).toEqual({ key: 'VALIDATOR_MESSAGE_EMAIL' });
    expect(one({ type: 'email' }, 'no at sign')).toEqual({ key: 'VALIDATOR_MESSAGE_EMAIL' });
  });

  it('single word: no spaces', () => {
    const v = { type: 'text', validators: [{ type: 'singleWord' }] };
    expect(one(v, 'Reyes')).toBeUndefined();
    expect(one(v, 'De la Cruz')).toEqual({ key: 'VALIDATOR_MESSAGE_SINGLE_WORD' });
  });

  it('confirm password: must equal the other field', () => {
    const v = { type: 'text', validators: [{ type: 'confirmPassword', field: 'pw' }] };
    expect(one(v, 'secret', { pw: 'secret' })).toBeUndefined();
    expect(one(v, 'secret', { pw: 'other' })).toEqual({
      key: 'VALIDATOR_MESSAGE_CONFIRM_PASSWORD',
    });
  });

  it('greater than / lower than: against a value or another field, numbers and dates', () => {
    expect(
      one({ type: 'number', validators: [{ type: 'greaterThan', value: 0 }] }, '5'),
    ).toBeUndefined();
    expect(one({ type: 'number', validators: [{ type: 'greaterThan', value: 5 }] }, '5')).toEqual({
      key: 'VALIDATOR_MESSAGE_GREATER_THAN',
      params: { value: '5' },
    });
    expect(
      one({ type: 'number', validators: [{ type: 'lowerThan', value: 100 }] }, '150'),
    ).toMatchObject({
      key: 'VALIDATOR_MESSAGE_LOWER_THAN',
    });
    const afterAccident = {
      type: 'date',
      validators: [{ type: 'greaterThan', field: 'accident_date' }],
    };
    expect(one(afterAccident, '2026-01-05', { accident_date: '2026-01-02' })).toBeUndefined();
    expect(one(afterAccident, '2025-12-30', { accident_date: '2026-01-02' })).toMatchObject({
      key: 'VALIDATOR_MESSAGE_GREATER_THAN',
    });
  });

  it('only numbers: digits, not zero', () => {
    const v = { type: 'text', validators: [{ type: 'onlyNumbers' }] };
    expect(one(v, '42')).toBeUndefined();
    expect(one(v, '0')).toEqual({ key: 'VALIDATOR_MESSAGE_ONLY_NUMBERS' });
    expect(one(v, '4.2')).toEqual({ key: 'VALIDATOR_MESSAGE_ONLY_NUMBERS' });
    expect(one(v, '12a')).toEqual({ key: 'VALIDATOR_MESSAGE_ONLY_NUMBERS' });
  });

  it('phone number: a US number', () => {
    const v = { type: 'text', validators: [{ type: 'phone' }] };
    expect(one(v, '(415) 555-0134')).toBeUndefined();
    expect(one(v, '555-0134')).toEqual({ key: 'VALIDATOR_MESSAGE_PHONE' });
  });

  it('custom regex with its own message', () => {
    const v = {
      type: 'text',
      validators: [
        {
          type: 'regex',
          pattern: '^[A-Z]{2}\\d{6}$',
          message: 'Enter the claim number, e.g. PI123456.',
        },
      ],
    };
    expect(one(v, 'PI123456')).toBeUndefined();
    const error = one(v, 'pi123');
    expect(error).toEqual({ text: 'Enter the claim number, e.g. PI123456.' });
    expect(fieldErrorText(error!)).toBe('Enter the claim number, e.g. PI123456.');
  });

  it('text inputs: minlength, maxlength, min and max, with English texts', () => {
    expect(one({ type: 'text', minlength: 3 }, 'ab')).toEqual({
      key: 'VALIDATOR_MESSAGE_MINLENGTH',
      params: { min: 3 },
    });
    expect(fieldErrorText(one({ type: 'text', maxlength: 2 }, 'abc')!)).toBe(
      'Enter at most 2 characters.',
    );
    expect(one({ type: 'number', min: 1, max: 10 }, '11')).toEqual({
      key: 'VALIDATOR_MESSAGE_MAX',
      params: { max: 10 },
    });
    expect(one({ type: 'number' }, 'ten')).toEqual({ key: 'VALIDATOR_MESSAGE_NUMBER' });
  });

  it('selects and radios accept only their options; disabled fields are not judged', () => {
    const options = [{ value: 'auto', label: 'Auto' }];
    expect(one({ type: 'radio', options }, 'boat')).toEqual({ key: 'VALIDATOR_MESSAGE_OPTION' });
    expect(
      one({ type: 'text', disabled: true, validators: [{ type: 'required' }] }, ''),
    ).toBeUndefined();
  });

  it('checks grid rows cell by cell and the row bounds', () => {
    const grid = form([
      {
        type: 'grid',
        name: 'injuriesGrid',
        label: 'Injuries',
        minRows: 1,
        columns: [
          { type: 'text', name: 'part', label: 'Body part', validators: [{ type: 'required' }] },
        ],
      },
    ]);
    expect(validateForm(grid, { injuriesGrid: [] })).toEqual({
      injuriesGrid: { key: 'VALIDATOR_MESSAGE_MIN_ROWS', params: { min: 1 } },
    });
    const errors = validateForm(grid, { injuriesGrid: [{ part: 'neck' }, { part: '' }] });
    expect(errors).toEqual({ 'injuriesGrid.1.part': { key: 'ERROR_REQUIRED_FIELD' } });
    expect(firstInvalidField(grid, errors)).toBe('injuriesGrid.1.part');
  });

  it('names the first invalid field in form order, for focusing it', () => {
    const f = form([
      { type: 'text', name: 'a', label: 'A', validators: [{ type: 'required' }] },
      { type: 'text', name: 'b', label: 'B', validators: [{ type: 'required' }] },
    ]);
    expect(firstInvalidField(f, validateForm(f, { a: 'x' }))).toBe('b');
    expect(firstInvalidField(f, validateForm(f, {}))).toBe('a');
  });
});
