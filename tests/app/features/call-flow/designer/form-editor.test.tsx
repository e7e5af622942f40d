import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { FormEditor } from '@/app/features/call-flow/designer/form-editor';
import { FIELD_TYPES } from '@/app/features/call-flow/designer/field-editor';
import { newProcessModel, type DesignerModel } from '@/shared/call-flow/designer-model';
import { formFieldSchema, type FormFieldType } from '@/shared/contracts/call-flow';
import { renderWithHost } from '../../../helpers';

// Issue #34 "Component: … every field type's editor and preview": a field of each type the
// wizard renders is added, configured in its editor, comes out as a field the contract
// accepts, and shows in the preview beside the editor, rendered by the wizard's own form.

let latest: DesignerModel;

function Harness({ openSecondField = false }: { openSecondField?: boolean }) {
  const [model, setModel] = useState(() =>
    newProcessModel({ uid: 'walk-ins', name: 'Walk-ins', workspace: 'ws_harbor' }),
  );
  latest = model;
  const step = model.steps[0]!;
  return (
    <FormEditor
      model={model}
      step={step}
      change={(operation) => setModel(operation)}
      openField={openSecondField ? step.form!.fields[1]!.key : undefined}
    />
  );
}

const preview = () => screen.getByRole('complementary', { name: /Preview/ });
const fieldsOfLatest = () => latest.steps[0]!.form!.fields.map((item) => item.field);

function addField(type: FormFieldType) {
  fireEvent.change(screen.getByLabelText('New field'), { target: { value: type } });
  fireEvent.click(screen.getByRole('button', { name: 'Add field' }));
}

describe('the form editor and its preview', () => {
  it('starts from the new process’s form, shown in the preview as agents see it', () => {
    renderWithHost(<Harness />);
    expect(within(preview()).getByLabelText(/First name/)).toBeInTheDocument();
    expect(within(preview()).getByLabelText(/Phone/)).toBeInTheDocument();
  });

  it('opens on the field a problem names, its settings focused', () => {
    renderWithHost(<Harness openSecondField />);
    const label = screen.getByRole('textbox', { name: /^Label/ });
    expect(label).toHaveValue('Phone');
    expect(label).toHaveFocus();
    expect(screen.getByRole('button', { name: /^Phone/ })).toHaveAttribute('aria-expanded', 'true');
  });

  it('opens on the first field, focusing nothing, when no problem names one', () => {
    renderWithHost(<Harness />);
    const label = screen.getByRole('textbox', { name: /^Label/ });
    expect(label).toHaveValue('First name');
    expect(label).not.toHaveFocus();
  });

  it('keeps the focus on a field moved to the top, and hands it on from a removed one', async () => {
    renderWithHost(<Harness />);
    const phone = () => screen.getByRole('button', { name: /^Phone/ });
    fireEvent.click(screen.getByRole('button', { name: 'Move Phone up' }));
    expect(fieldsOfLatest().map((field) => field.name)).toEqual(['phone', 'firstName']);
    // Its Up button is disabled now, and would have dropped the focus.
    await waitFor(() => expect(phone()).toHaveFocus());

    fireEvent.click(screen.getByRole('button', { name: 'Remove Phone' }));
    expect(fieldsOfLatest().map((field) => field.name)).toEqual(['firstName']);
    await waitFor(() => expect(screen.getByRole('button', { name: /^First name/ })).toHaveFocus());
  });

  it('hands the focus on when an option is removed, or moved to the top (issue #30)', async () => {
    renderWithHost(<Harness />);
    addField('radio');
    fireEvent.click(screen.getByRole('button', { name: 'Add option' }));
    expect(screen.getByLabelText('Option 3: shown as')).toHaveValue('Option 3');

    // Option 2 goes: the option now in its place takes the focus.
    fireEvent.click(screen.getByRole('button', { name: 'Remove option 2' }));
    await waitFor(() => expect(screen.getByLabelText('Option 2: shown as')).toHaveFocus());
    expect(screen.getByLabelText('Option 2: shown as')).toHaveValue('Option 3');

    // The last option goes: the one before it.
    fireEvent.click(screen.getByRole('button', { name: 'Remove option 2' }));
    await waitFor(() => expect(screen.getByLabelText('Option 1: shown as')).toHaveFocus());

    // Moved up, the focus follows the option (its place is its row's key, so the row left
    // behind would keep it): on its Up, so that Up again moves it further, and at the top,
    // where Up is disabled, on its first field. Never on the option now where it was.
    fireEvent.click(screen.getByRole('button', { name: 'Add option' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add option' }));
    expect(screen.getByLabelText('Option 3: shown as')).toHaveValue('Option 3');
    fireEvent.click(screen.getByRole('button', { name: 'Move option 3 up' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Move option 2 up' })).toHaveFocus(),
    );
    expect(screen.getByLabelText('Option 2: shown as')).toHaveValue('Option 3');
    fireEvent.click(document.activeElement as HTMLElement);
    await waitFor(() => expect(screen.getByLabelText('Option 1: shown as')).toHaveFocus());
    expect(screen.getByLabelText('Option 1: shown as')).toHaveValue('Option 3');
    expect(screen.getByLabelText('Option 2: shown as')).toHaveValue('Option 1');
  });

  it.each(FIELD_TYPES)('adds a %s field the contract accepts, and previews it', (type) => {
    renderWithHost(<Harness />);
    addField(type);
    const added = fieldsOfLatest().at(-1)!;
    expect(added.type).toBe(type);
    expect(formFieldSchema.safeParse(added).success).toBe(true);
    // Its editor is open; a new label shows in the preview at once.
    const label = `The ${type} asked`;
    fireEvent.change(screen.getByRole('textbox', { name: /^Label/ }), { target: { value: label } });
    expect(within(preview()).getAllByText(new RegExp(label)).length).toBeGreaterThan(0);
    expect(formFieldSchema.safeParse(fieldsOfLatest().at(-1)).success).toBe(true);
  });

  it('configures options, required and a check, and the preview enforces them', () => {
    renderWithHost(<Harness />);
    addField('radio');
    fireEvent.change(screen.getByRole('textbox', { name: /^Label/ }), {
      target: { value: 'Vehicle role' },
    });
    fireEvent.change(screen.getByLabelText('Option 1: shown as'), { target: { value: 'Driver' } });
    fireEvent.change(screen.getByLabelText('Option 1: kept as'), { target: { value: 'driver' } });
    fireEvent.click(screen.getByLabelText(/Required/));
    const field = fieldsOfLatest().at(-1)!;
    expect(field).toMatchObject({
      type: 'radio',
      label: 'Vehicle role',
      validators: [{ type: 'required' }],
    });
    expect(field.type === 'radio' && field.options[0]).toEqual({
      value: 'driver',
      label: 'Driver',
    });
    expect(within(preview()).getByLabelText('Driver')).toBeInTheDocument();

    // Checking the answers in the preview: the required ones are asked for, nothing is sent.
    fireEvent.click(within(preview()).getByRole('button', { name: 'Check the answers' }));
    expect(within(preview()).getAllByText(/required/i).length).toBeGreaterThan(0);
  });

  it('says what is wrong with a variable in place, and keeps two options apart', () => {
    renderWithHost(<Harness />);
    addField('select');
    const variable = screen.getByLabelText('Variable');
    fireEvent.change(variable, { target: { value: 'firstName' } });
    expect(variable).toHaveAccessibleDescription(/Another field writes firstName/);
    fireEvent.change(variable, { target: { value: '2fast' } });
    expect(variable).toHaveAccessibleDescription(/letters, digits and underscores/);
    fireEvent.change(screen.getByLabelText('Option 2: kept as'), { target: { value: 'option1' } });
    expect(screen.getByLabelText('Option 2: kept as')).toHaveAccessibleDescription(
      /Another option is kept as this/,
    );
  });

  it('previews every field and option apart while two share a variable or a value', () => {
    const errors = vi.spyOn(console, 'error');
    renderWithHost(<Harness />);
    addField('radio');
    fireEvent.change(screen.getByRole('textbox', { name: /^Label/ }), {
      target: { value: 'Vehicle role' },
    });
    fireEvent.change(screen.getByLabelText('Variable'), { target: { value: 'firstName' } });
    fireEvent.change(screen.getByLabelText('Option 2: kept as'), { target: { value: 'option1' } });
    fireEvent.change(screen.getByLabelText('Option 2: shown as'), {
      target: { value: 'Passenger' },
    });
    // Both fields writing firstName, both options kept as option1: all drawn, each once.
    expect(within(preview()).getByRole('textbox', { name: /First name/ })).toBeInTheDocument();
    const group = within(preview()).getByRole('group', { name: /Vehicle role/ });
    expect(
      within(group)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(['option1', 'option1_2']);
    expect(within(group).getByLabelText('Passenger')).toBeInTheDocument();
    // React was never handed two children with one key.
    expect(errors.mock.calls.flat().join(' ')).not.toMatch(/same key/);
    errors.mockRestore();
    // The definition itself is untouched: the editor's check says what to fix.
    expect(fieldsOfLatest().at(-1)).toMatchObject({ name: 'firstName' });
  });

  it('orders and removes fields', () => {
    renderWithHost(<Harness />);
    fireEvent.click(screen.getByRole('button', { name: 'Move Phone up' }));
    expect(fieldsOfLatest().map((f) => f.name)).toEqual(['phone', 'firstName']);
    fireEvent.click(screen.getByRole('button', { name: 'Remove First name' }));
    expect(fieldsOfLatest().map((f) => f.name)).toEqual(['phone']);
  });
});
