import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { StepForm } from '@/app/features/call-flow/forms/step-form';
import type { Variables } from '@/shared/contracts/call-flow';
import { en } from '@/shared/i18n/en';
import { makeForm } from './form-fixtures';

const caller = makeForm({
  dyn_uid: 'dyn-caller',
  title: 'Caller details',
  description: 'Ask the caller for their details.',
  fields: [
    { type: 'text', name: 'first_name', label: 'First name', validators: [{ type: 'required' }] },
    { type: 'textarea', name: 'story', label: 'What happened?', rows: 3 },
    { type: 'number', name: 'age', label: 'Age' },
    { type: 'email', name: 'email', label: 'Email' },
    { type: 'phone', name: 'phone', label: 'Phone' },
    {
      type: 'select',
      name: 'accident_type',
      label: 'Accident type',
      validators: [{ type: 'required' }],
      options: [
        { value: 'car', label: 'Car accident' },
        { value: 'slip', label: 'Slip and fall' },
      ],
    },
    {
      type: 'radio',
      name: 'injured',
      label: 'Was anyone injured?',
      options: [
        { value: 'yes', label: 'Yes' },
        { value: 'no', label: 'No' },
      ],
    },
    { type: 'checkbox', name: 'consent', label: 'Caller agrees to be recorded' },
    {
      type: 'checkbox',
      name: 'treatment',
      label: 'Treatment so far',
      options: [
        { value: 'er', label: 'Emergency room' },
        { value: 'pt', label: 'Physical therapy' },
        { value: 'none', label: 'None yet' },
      ],
    },
    { type: 'date', name: 'accident_date', label: 'Date of the accident', max: '2030-12-31' },
  ],
});

function input(label: string | RegExp): HTMLInputElement {
  return screen.getByLabelText(label) as HTMLInputElement;
}

function submitted(onSubmit: ReturnType<typeof vi.fn>): Variables {
  return { ...(onSubmit.mock.calls.at(-1)?.[0] as Variables) };
}

describe('a step form renders each field type and writes its variable', () => {
  it('submits every field type as the variable its definition names', async () => {
    const onSubmit = vi.fn();
    render(<StepForm form={caller} onSubmit={onSubmit} submitLabel="Next" />);
    fireEvent.change(input(/First name/), { target: { value: 'Dana' } });
    fireEvent.change(input('What happened?'), { target: { value: 'Rear-ended at a light.' } });
    fireEvent.change(input('Age'), { target: { value: '42' } });
    fireEvent.change(input('Email'), { target: { value: 'dana@example.com' } });
    fireEvent.change(input('Phone'), { target: { value: '(555) 234-5678' } });
    fireEvent.change(input(/Accident type/), { target: { value: 'car' } });
    fireEvent.click(input('No'));
    fireEvent.click(input(/Caller agrees/));
    fireEvent.click(input('Physical therapy'));
    fireEvent.click(input('Emergency room'));
    fireEvent.change(input('Date of the accident'), { target: { value: '2026-11-02' } });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));

    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(submitted(onSubmit)).toEqual({
      first_name: 'Dana',
      story: 'Rear-ended at a light.',
      // Conditions compare numbers (@#age): a number field submits a number.
      age: 42,
      email: 'dana@example.com',
      // spec 5 phone formatting for sync: dashes, parentheses and spaces stripped.
      phone: '5552345678',
      accident_type: 'car',
      injured: 'no',
      consent: true,
      // A group submits the ticked values in the definition's order.
      treatment: ['er', 'pt'],
      accident_date: '2026-11-02',
    });
  });

  it('names radio and checkbox groups with a fieldset legend', () => {
    render(<StepForm form={caller} onSubmit={vi.fn()} />);
    const injured = screen.getByRole('group', { name: 'Was anyone injured?' });
    expect(within(injured).getAllByRole('radio')).toHaveLength(2);
    const treatment = screen.getByRole('group', { name: 'Treatment so far' });
    expect(within(treatment).getAllByRole('checkbox')).toHaveLength(3);
  });

  it('starts from the given values of its own fields only', async () => {
    const onSubmit = vi.fn();
    render(
      <StepForm
        form={caller}
        initialValues={{ first_name: 'Lee', accident_type: 'slip', other_step_var: 'x' }}
        onSubmit={onSubmit}
        submitLabel="Next"
      />,
    );
    expect(input(/First name/).value).toBe('Lee');
    expect((screen.getByLabelText(/Accident type/) as HTMLSelectElement).value).toBe('slip');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(submitted(onSubmit)).toEqual({ first_name: 'Lee', accident_type: 'slip' });
  });

  it('shows a US phone number formatted once the agent leaves the field', () => {
    render(<StepForm form={caller} onSubmit={vi.fn()} />);
    fireEvent.change(input('Phone'), { target: { value: '+1 555.234.5678' } });
    fireEvent.blur(input('Phone'));
    expect(input('Phone').value).toBe('(555) 234-5678');
    expect(input('Phone').type).toBe('tel');
  });

  it('passes the text-input attributes of the definition to the control (spec 5)', () => {
    const form = makeForm({
      dyn_uid: 'dyn-attrs',
      title: 'Attributes',
      fields: [
        {
          type: 'text',
          name: 'code',
          label: 'Case code',
          placeholder: 'e.g. PI-2041',
          minlength: 3,
          maxlength: 12,
          autofocus: true,
        },
        { type: 'number', name: 'count', label: 'Passengers', min: 0, max: 9 },
        { type: 'text', name: 'locked', label: 'Locked', disabled: true },
      ],
    });
    render(<StepForm form={form} onSubmit={vi.fn()} />);
    const code = input('Case code');
    expect(code.placeholder).toBe('e.g. PI-2041');
    expect(code.minLength).toBe(3);
    expect(code.maxLength).toBe(12);
    expect(document.activeElement).toBe(code);
    expect(input('Passengers').min).toBe('0');
    expect(input('Passengers').max).toBe('9');
    expect(input('Locked').disabled).toBe(true);
    // spec 5: "the bounds come from callers and are not shown".
    expect(screen.queryByText(/12/)).toBeNull();
  });
});

describe('validation (spec 5 form validators)', () => {
  const validated = makeForm({
    dyn_uid: 'dyn-validators',
    title: 'Validators',
    fields: [
      {
        type: 'text',
        name: 'required_text',
        label: 'Required',
        validators: [{ type: 'required' }],
      },
      { type: 'text', name: 'email_text', label: 'Email text', validators: [{ type: 'email' }] },
      { type: 'text', name: 'word', label: 'Single word', validators: [{ type: 'singleWord' }] },
      { type: 'text', name: 'password', label: 'Password' },
      {
        type: 'text',
        name: 'password_again',
        label: 'Password again',
        validators: [{ type: 'confirmPassword', field: 'password' }],
      },
      {
        type: 'number',
        name: 'more',
        label: 'More than 10',
        validators: [{ type: 'greaterThan', value: 10 }],
      },
      {
        type: 'number',
        name: 'less',
        label: 'Less than 5',
        validators: [{ type: 'lowerThan', value: 5 }],
      },
      { type: 'text', name: 'digits', label: 'Digits', validators: [{ type: 'onlyNumbers' }] },
      { type: 'text', name: 'tel', label: 'Phone text', validators: [{ type: 'phone' }] },
      {
        type: 'text',
        name: 'policy',
        label: 'Policy number',
        validators: [
          { type: 'regex', pattern: '^[A-Z]{2}-\\d{4}$', message: 'Use the form AB-1234.' },
        ],
      },
    ],
  });
  const bad = {
    email_text: 'dana@',
    word: 'two words',
    password: 'secret',
    password_again: 'secrets',
    more: '3',
    less: '9',
    digits: '0',
    tel: '123',
    policy: 'ab1234',
  };

  it('shows every validator message with the spec keys English texts', async () => {
    const onSubmit = vi.fn();
    render(
      <StepForm form={validated} initialValues={bad} onSubmit={onSubmit} submitLabel="Next" />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    const expectError = (label: string, text: string) => {
      // The required marker (*) is part of the label's text.
      const control = input(new RegExp(`^${label}\\*?$`));
      expect(control.getAttribute('aria-invalid')).toBe('true');
      const described = (control.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent)
        .join(' ');
      expect(described).toContain(text);
    };
    expectError('Required', en.ERROR_REQUIRED_FIELD);
    expectError('Email text', en.VALIDATOR_MESSAGE_EMAIL);
    expectError('Single word', en.VALIDATOR_MESSAGE_SINGLE_WORD);
    expectError('Password again', en.VALIDATOR_MESSAGE_CONFIRM_PASSWORD);
    expectError('More than 10', 'Enter a value greater than 10.');
    expectError('Less than 5', 'Enter a value lower than 5.');
    expectError('Digits', en.VALIDATOR_MESSAGE_ONLY_NUMBERS);
    expectError('Phone text', en.VALIDATOR_MESSAGE_PHONE);
    expectError('Policy number', 'Use the form AB-1234.');
    expect(input('Password').getAttribute('aria-invalid')).toBeNull();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('focuses the first invalid field and announces a summary of the problems', () => {
    render(
      <StepForm
        form={validated}
        initialValues={{ ...bad, required_text: 'ok', email_text: '' }}
        onSubmit={vi.fn()}
        submitLabel="Next"
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(document.activeElement).toBe(input('Single word'));
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('7 fields need your attention.');
    expect(alert.textContent).toContain(`Single word: ${en.VALIDATOR_MESSAGE_SINGLE_WORD}`);
    // Each entry of the summary takes the agent to its field.
    fireEvent.click(within(alert).getByRole('button', { name: 'Policy number' }));
    expect(document.activeElement).toBe(input('Policy number'));
  });

  it('clears a fixed field error and submits once everything holds', async () => {
    const onSubmit = vi.fn();
    render(<StepForm form={caller} onSubmit={onSubmit} submitLabel="Next" />);
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('alert').textContent).toContain('2 fields need your attention.');
    fireEvent.change(input(/First name/), { target: { value: 'Dana' } });
    expect(input(/First name/).getAttribute('aria-invalid')).toBeNull();
    expect(screen.getByRole('alert').textContent).toContain('1 field needs your attention.');
    fireEvent.change(input(/Accident type/), { target: { value: 'slip' } });
    expect(screen.getByRole('alert').textContent).toBe('');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
  });

  it('shows a select its required error when the agent leaves it empty', () => {
    render(<StepForm form={caller} onSubmit={vi.fn()} />);
    const select = screen.getByLabelText(/Accident type/);
    expect(select.getAttribute('aria-invalid')).toBeNull();
    fireEvent.focus(select);
    fireEvent.blur(select);
    expect(select.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(en.ERROR_REQUIRED_FIELD)).toBeInTheDocument();
    // Other fields the agent has not visited stay quiet.
    expect(input(/First name/).getAttribute('aria-invalid')).toBeNull();
  });

  it('checks a type the field implies (email, number, date bounds) without a validator', () => {
    render(
      <StepForm
        form={caller}
        initialValues={{ email: 'nope', age: 'x1', accident_date: '2031-01-01' }}
        onSubmit={vi.fn()}
        submitLabel="Next"
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('alert').textContent).toContain(`Email: ${en.VALIDATOR_MESSAGE_EMAIL}`);
    expect(screen.getByRole('alert').textContent).toContain(`Age: ${en.VALIDATOR_MESSAGE_NUMBER}`);
    expect(screen.getByRole('alert').textContent).toContain('Enter 2030-12-31 or less.');
  });

  it('requires a single yes/no box to be ticked and a radio group to be answered', () => {
    const form = makeForm({
      dyn_uid: 'dyn-consent',
      title: 'Consent',
      fields: [
        {
          type: 'radio',
          name: 'represented',
          label: 'Already represented by a lawyer?',
          validators: [{ type: 'required' }],
          options: [
            { value: 'yes', label: 'Yes' },
            { value: 'no', label: 'No' },
          ],
        },
        {
          type: 'checkbox',
          name: 'consent',
          label: 'Caller consents',
          validators: [{ type: 'required' }],
        },
      ],
    });
    render(<StepForm form={form} onSubmit={vi.fn()} submitLabel="Next" />);
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    const group = screen.getByRole('group', { name: /Already represented/ });
    expect(within(group).getAllByRole('radio')[0].getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(within(group).getAllByRole('radio')[0]);
    expect(input(/Caller consents/).getAttribute('aria-invalid')).toBe('true');
  });

  it('shows errors the engine found on their fields', () => {
    render(
      <StepForm
        form={caller}
        onSubmit={vi.fn()}
        fieldErrors={{ email: { key: 'VALIDATOR_MESSAGE_EMAIL' } }}
      />,
    );
    expect(input('Email').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(en.VALIDATOR_MESSAGE_EMAIL)).toBeInTheDocument();
    // Once the agent edits the field, the form's own checks take over.
    fireEvent.change(input('Email'), { target: { value: 'dana@example.com' } });
    expect(input('Email').getAttribute('aria-invalid')).toBeNull();
  });
});

describe('submitting', () => {
  it('is submitted by the screen own Next button through formId', async () => {
    const onSubmit = vi.fn();
    render(
      <>
        <StepForm form={caller} formId="step-form" onSubmit={onSubmit} />
        <button type="submit" form="step-form">
          Next
        </button>
      </>,
    );
    fireEvent.change(input(/First name/), { target: { value: 'Dana' } });
    fireEvent.change(input(/Accident type/), { target: { value: 'car' } });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(submitted(onSubmit)).toMatchObject({ first_name: 'Dana', accident_type: 'car' });
  });

  it('can be filled and submitted with the keyboard alone', async () => {
    const onSubmit = vi.fn();
    const { container } = render(<StepForm form={caller} onSubmit={onSubmit} />);
    // Every control is a native, focusable form control: nothing needs a mouse.
    const controls = container.querySelectorAll<HTMLElement>('input, select, textarea, button');
    for (const control of controls) expect(control.tabIndex).toBe(0);
    const firstName = input(/First name/);
    firstName.focus();
    fireEvent.change(firstName, { target: { value: 'Dana' } });
    const select = screen.getByLabelText(/Accident type/) as HTMLSelectElement;
    select.focus();
    fireEvent.change(select, { target: { value: 'car' } });
    const yes = input('Yes');
    yes.focus();
    // Space on a focused radio or checkbox is a click.
    fireEvent.click(yes);
    // Enter in a text field submits the form (the browser's implicit submission).
    firstName.focus();
    await act(async () => {
      (container.querySelector('form') as HTMLFormElement).requestSubmit();
    });
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(submitted(onSubmit)).toMatchObject({ injured: 'yes' });
  });

  it('does nothing while busy and disables its fields', () => {
    const onSubmit = vi.fn();
    render(
      <StepForm
        form={caller}
        initialValues={{ first_name: 'Dana', accident_type: 'car' }}
        onSubmit={onSubmit}
        busy
        formId="busy-form"
      />,
    );
    expect(input(/First name/).disabled).toBe(true);
    fireEvent.submit(document.getElementById('busy-form') as HTMLFormElement);
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByRole('form', { name: 'Caller details' }).getAttribute('aria-busy')).toBe(
      'true',
    );
  });
});

describe('a field with a showWhen condition (issue #30)', () => {
  const vehicle = makeForm({
    dyn_uid: 'dyn-vehicle',
    title: 'Vehicles involved',
    fields: [
      { type: 'checkbox', name: 'policeReport', label: 'A police report was filed' },
      {
        type: 'text',
        name: 'policeReportNumber',
        label: 'Police report number',
        validators: [{ type: 'required' }],
        showWhen: '@=policeReport',
      },
    ],
  });

  it('shows only while its condition holds, and is neither checked nor submitted while hidden', async () => {
    const onSubmit = vi.fn();
    render(<StepForm form={vehicle} onSubmit={onSubmit} submitLabel="Next" />);
    expect(screen.queryByLabelText(/Police report number/)).toBeNull();

    fireEvent.click(input('A police report was filed'));
    fireEvent.change(input(/Police report number/), { target: { value: 'PR-1234' } });
    fireEvent.click(input('A police report was filed'));
    expect(screen.queryByLabelText(/Police report number/)).toBeNull();

    // Hidden, its required rule does not hold the step, and what was typed is not sent.
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(submitted(onSubmit)).toEqual({ policeReport: false });
  });

  it('is checked and submitted once shown', async () => {
    const onSubmit = vi.fn();
    render(<StepForm form={vehicle} onSubmit={onSubmit} submitLabel="Next" />);
    fireEvent.click(input('A police report was filed'));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('1 field needs your attention.')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();

    fireEvent.change(input(/Police report number/), { target: { value: 'PR-1234' } });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(submitted(onSubmit)).toEqual({ policeReport: true, policeReportNumber: 'PR-1234' });
  });
});
