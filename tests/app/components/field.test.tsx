import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Field, fieldClassNames } from '@/app/components/field/field';

/** The text of the elements aria-describedby points at, in order, as a screen reader reads it. */
function describedText(element: HTMLElement): string {
  const ids = (element.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
}

describe('Field', () => {
  it('names its control with the label', () => {
    render(<Field label="Email">{(control) => <input {...control} />}</Field>);
    expect(screen.getByLabelText('Email')).toBeInstanceOf(HTMLInputElement);
  });

  it('describes the control with its help text and is not invalid without an error', () => {
    render(
      <Field label="Email" help="Your work address">
        {(control) => <input {...control} />}
      </Field>,
    );
    const input = screen.getByLabelText('Email');
    expect(describedText(input)).toBe('Your work address');
    expect(input.getAttribute('aria-invalid')).toBeNull();
  });

  it('marks the control invalid and describes it with the help and the error', () => {
    render(
      <Field label="Email" help="Your work address" error="Enter an email address.">
        {(control) => <input {...control} />}
      </Field>,
    );
    const input = screen.getByLabelText('Email');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(describedText(input)).toBe('Your work address Enter an email address.');
  });

  it('shows a required marker hidden from screen readers and marks the control required', () => {
    render(
      <Field label="Name" required>
        {(control) => <input {...control} />}
      </Field>,
    );
    expect(screen.getByText('*').getAttribute('aria-hidden')).toBe('true');
    const input = screen.getByRole('textbox', { name: 'Name' });
    expect(input.getAttribute('aria-required')).toBe('true');
  });

  it('uses the id it is given, so a form can focus a field by id', () => {
    render(
      <Field label="City" id="address-city">
        {(control) => <select {...control} className={fieldClassNames.select} />}
      </Field>,
    );
    expect(screen.getByLabelText('City').id).toBe('address-city');
  });

  it('keeps a hidden label as the accessible name', () => {
    render(
      <Field label="Minimum for Google" labelHidden>
        {(control) => <input {...control} />}
      </Field>,
    );
    expect(screen.getByRole('textbox', { name: 'Minimum for Google' })).toBeInstanceOf(
      HTMLInputElement,
    );
  });
});
