import { describe, expect, it } from 'vitest';
import { renderTemplate } from '@/shared/call-flow/expression';
import { type Dynaform, dynaformSchema } from '@/shared/contracts/call-flow';
import { validateForm } from '@/shared/domain/form-validators';

// A booked consultation in templates and validation (issue #16): the seeded flows' e-mail
// and CRM note read "@@consultation", and a required consultation counts once booked.

/** A form with one required consultation field, as the seeded flows have it. */
function makeFormForTest(): Dynaform {
  return dynaformSchema.parse({
    dyn_uid: 'dyn-consult',
    title: 'Consultation booking',
    fields: [
      {
        type: 'consultation',
        name: 'consultation',
        label: 'Consultation',
        validators: [{ type: 'required' }],
      },
    ],
  });
}

const booked = {
  calendarId: 'cal_dana',
  date: '2030-01-07',
  slotStart: '2030-01-07T17:00:00.000Z',
  eventId: 'evt_1',
  label: '01/07/2030 at 11:00 AM (America/Chicago) with Dana Reyes',
};

describe('a consultation variable', () => {
  it('reads as its label in templates; other objects still read as empty', () => {
    const vars: Record<string, unknown> = {
      consultation: booked,
      address: { street1: '1 Main St', city: 'Springfield' },
    };
    const lookup = (name: string) => vars[name] as never;
    expect(renderTemplate('Booked for @@consultation.', lookup)).toBe(
      'Booked for 01/07/2030 at 11:00 AM (America/Chicago) with Dana Reyes.',
    );
    expect(renderTemplate('[@@address]', lookup)).toBe('[]');
  });

  it('gives one of its parts with @@name.part (issue #33: the consultation event in the CRM)', () => {
    const vars: Record<string, unknown> = {
      consultation: { ...booked, startTime: '2030-01-07T17:00:00.000Z' },
      address: { street1: '1 Main St', city: 'Springfield' },
      firstName: 'Jordan',
    };
    const lookup = (name: string) => vars[name] as never;
    expect(renderTemplate('@@consultation.startTime', lookup)).toBe('2030-01-07T17:00:00.000Z');
    expect(renderTemplate('@@address.city, @@address.zip', lookup)).toBe('Springfield, ');
    // A variable without parts reads as before, the dot and the text after it kept.
    expect(renderTemplate('Hello @@firstName.Welcome', lookup)).toBe('Hello Jordan.Welcome');
    expect(renderTemplate('@@unknown.part', lookup)).toBe('.part');
  });

  it('is missing when required until the event is saved', () => {
    const form = makeFormForTest();
    expect(validateForm(form, {})).toHaveProperty('consultation');
    expect(
      validateForm(form, { consultation: { ...booked, eventId: undefined } as never }),
    ).toHaveProperty('consultation');
    expect(validateForm(form, { consultation: booked })).toEqual({});
  });
});
