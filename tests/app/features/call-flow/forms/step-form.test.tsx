import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { StepForm } from '@/app/features/call-flow/forms/step-form';
import { makeForm } from './form-fixtures';

const intake = makeForm({
  dyn_uid: 'dyn-intake',
  title: 'Caller details',
  fields: [
    { type: 'text', name: 'first_name', label: 'First name', validators: [{ type: 'required' }] },
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
  ],
});

describe('StepForm', () => {
  it('submits what the agent typed as the fields variables', async () => {
    const onSubmit = vi.fn();
    render(<StepForm form={intake} onSubmit={onSubmit} submitLabel="Next" />);
    fireEvent.change(screen.getByLabelText(/First name/), { target: { value: 'Dana' } });
    fireEvent.change(screen.getByLabelText(/Accident type/), { target: { value: 'car' } });
    fireEvent.click(screen.getByLabelText('No'));
    fireEvent.click(screen.getByLabelText(/Caller agrees/));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect({ ...onSubmit.mock.calls[0][0] }).toEqual({
      first_name: 'Dana',
      accident_type: 'car',
      injured: 'no',
      consent: true,
    });
  });
});
