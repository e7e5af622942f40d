import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { StepForm } from '@/app/features/call-flow/forms/step-form';
import type { Variables } from '@/shared/contracts/call-flow';
import { en } from '@/shared/i18n/en';
import { makeForm } from './form-fixtures';

const injuries = makeForm({
  dyn_uid: 'dyn-injuries',
  title: 'Injuries',
  fields: [
    {
      type: 'grid',
      name: 'injuriesGrid',
      label: 'Injuries',
      minRows: 1,
      maxRows: 3,
      columns: [
        { type: 'text', name: 'body_part', label: 'Body part', validators: [{ type: 'required' }] },
        {
          type: 'select',
          name: 'severity',
          label: 'Severity',
          options: [
            { value: 'minor', label: 'Minor' },
            { value: 'severe', label: 'Severe' },
          ],
        },
        { type: 'phone', name: 'doctor_phone', label: 'Doctor phone' },
        { type: 'number', name: 'visits', label: 'Visits' },
      ],
    },
  ],
});

function row(n: number) {
  return screen.getByRole('group', { name: `Injuries, row ${n}` });
}

function submittedRows(onSubmit: ReturnType<typeof vi.fn>): Variables[] {
  const values = onSubmit.mock.calls.at(-1)?.[0] as Variables;
  return (values.injuriesGrid as Variables[]).map((r) => ({ ...r }));
}

describe('a grid field (rows of simple fields)', () => {
  it('starts with its minimum number of rows, each a group named by its number', () => {
    render(<StepForm form={injuries} onSubmit={vi.fn()} />);
    expect(screen.getByRole('group', { name: 'Injuries' })).toBeInTheDocument();
    expect(within(row(1)).getByLabelText(/Body part/)).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Injuries, row 2' })).toBeNull();
  });

  it('adds a row and moves focus to its first field', () => {
    render(<StepForm form={injuries} onSubmit={vi.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Add a row to Injuries' }));
    const second = within(row(2)).getByLabelText(/Body part/);
    expect(document.activeElement).toBe(second);
    expect(screen.getByText('Row 2 added.')).toBeInTheDocument();
  });

  it('writes each row as an object of its cells, converted for sync like the form fields', async () => {
    const onSubmit = vi.fn();
    render(<StepForm form={injuries} onSubmit={onSubmit} submitLabel="Next" />);
    fireEvent.change(within(row(1)).getByLabelText(/Body part/), { target: { value: 'Neck' } });
    fireEvent.change(within(row(1)).getByLabelText('Severity'), { target: { value: 'severe' } });
    fireEvent.change(within(row(1)).getByLabelText('Doctor phone'), {
      target: { value: '555-234-5678' },
    });
    fireEvent.change(within(row(1)).getByLabelText('Visits'), { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add a row to Injuries' }));
    fireEvent.change(within(row(2)).getByLabelText(/Body part/), { target: { value: 'Back' } });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(submittedRows(onSubmit)).toEqual([
      { body_part: 'Neck', severity: 'severe', doctor_phone: '5552345678', visits: 3 },
      { body_part: 'Back', severity: '', doctor_phone: '', visits: '' },
    ]);
  });

  it('removes the row whose button was pressed and focuses the row that took its place', () => {
    render(
      <StepForm
        form={injuries}
        initialValues={{
          injuriesGrid: [
            { body_part: 'Neck', severity: '', doctor_phone: '', visits: '' },
            { body_part: 'Back', severity: '', doctor_phone: '', visits: '' },
            { body_part: 'Knee', severity: '', doctor_phone: '', visits: '' },
          ],
        }}
        onSubmit={vi.fn()}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Remove Injuries, row 2' }));
    expect((within(row(1)).getByLabelText(/Body part/) as HTMLInputElement).value).toBe('Neck');
    const knee = within(row(2)).getByLabelText(/Body part/) as HTMLInputElement;
    expect(knee.value).toBe('Knee');
    expect(document.activeElement).toBe(knee);
    expect(screen.getByText('Row 2 removed.')).toBeInTheDocument();
    // Removing the last row focuses the one above it.
    fireEvent.click(screen.getByRole('button', { name: 'Remove Injuries, row 2' }));
    expect(document.activeElement).toBe(within(row(1)).getByLabelText(/Body part/));
  });

  it('keeps at least minRows and at most maxRows rows', () => {
    render(<StepForm form={injuries} onSubmit={vi.fn()} />);
    const remove = screen.getByRole('button', { name: 'Remove Injuries, row 1' });
    expect((remove as HTMLButtonElement).disabled).toBe(true);
    const add = screen.getByRole('button', { name: 'Add a row to Injuries' }) as HTMLButtonElement;
    fireEvent.click(add);
    fireEvent.click(add);
    expect(add.disabled).toBe(true);
    expect(screen.getByText('All 3 rows are in use.')).toBeInTheDocument();
  });

  it('shows a cell its error and focuses the first invalid cell on submit', () => {
    render(<StepForm form={injuries} onSubmit={vi.fn()} submitLabel="Next" />);
    fireEvent.click(screen.getByRole('button', { name: 'Add a row to Injuries' }));
    fireEvent.change(within(row(1)).getByLabelText(/Body part/), { target: { value: 'Neck' } });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    const empty = within(row(2)).getByLabelText(/Body part/);
    expect(empty.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(empty);
    expect(screen.getByRole('alert').textContent).toContain(
      `Injuries, row 2: Body part: ${en.ERROR_REQUIRED_FIELD}`,
    );
  });

  it('fills a stored grid up to its minimum number of rows', async () => {
    const form = makeForm({
      dyn_uid: 'dyn-witnesses',
      title: 'Witnesses',
      fields: [
        {
          type: 'grid',
          name: 'witnessesGrid',
          label: 'Witnesses',
          minRows: 2,
          columns: [{ type: 'text', name: 'name', label: 'Name' }],
        },
      ],
    });
    const onSubmit = vi.fn();
    render(
      <StepForm
        form={form}
        initialValues={{ witnessesGrid: [{ name: 'Ann' }] }}
        onSubmit={onSubmit}
        submitLabel="Next"
      />,
    );
    const second = screen.getByRole('group', { name: 'Witnesses, row 2' });
    expect((within(second).getByLabelText('Name') as HTMLInputElement).value).toBe('');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect((onSubmit.mock.calls[0][0] as Variables).witnessesGrid).toHaveLength(2);
  });
});
