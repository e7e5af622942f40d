import { describe, expect, it } from 'vitest';
import { callerPrefill } from '@/shared/domain/caller-prefill';

// issue #28 "Prefill and fold": the caller's name and phone fill the first step's fields.

const form = {
  fields: [
    { type: 'text', name: 'firstName', label: 'First name' },
    { type: 'text', name: 'lastName', label: 'Last name' },
    { type: 'phone', name: 'phone', label: 'Phone' },
    { type: 'text', name: 'email', label: 'Email' },
  ],
} as Parameters<typeof callerPrefill>[0];

describe('the caller fills the first step', () => {
  it('splits the name into first and last, and writes a US phone as the field shows it', () => {
    expect({
      ...callerPrefill(form, { leadName: 'Dana Maria Reyes', phone: '+15125550147' }, {}),
    }).toEqual({ firstName: 'Dana', lastName: 'Maria Reyes', phone: '(512) 555-0147' });
  });

  it('fills a full-name field with the whole name, and keeps a non-US number as known', () => {
    const named = {
      fields: [
        { type: 'text', name: 'caller_name', label: 'Name' },
        { type: 'text', name: 'mobile', label: 'Mobile' },
      ],
    } as Parameters<typeof callerPrefill>[0];
    expect({
      ...callerPrefill(named, { leadName: 'Dana Reyes', phone: '+442079460958' }, {}),
    }).toEqual({ caller_name: 'Dana Reyes', mobile: '+442079460958' });
  });

  it('never overwrites a value already there, and fills nothing without a caller', () => {
    expect({
      ...callerPrefill(form, { leadName: 'Dana Reyes', phone: '5125550147' }, { firstName: 'Dee' }),
    }).toEqual({ lastName: 'Reyes', phone: '(512) 555-0147' });
    expect({ ...callerPrefill(form, null, {}) }).toEqual({});
    expect({ ...callerPrefill(form, { leadName: '', phone: '' }, {}) }).toEqual({});
  });

  it('leaves disabled fields alone', () => {
    const locked = {
      fields: [{ type: 'text', name: 'firstName', label: 'First name', disabled: true }],
    } as Parameters<typeof callerPrefill>[0];
    expect({ ...callerPrefill(locked, { leadName: 'Dana', phone: '' }, {}) }).toEqual({});
  });
});
