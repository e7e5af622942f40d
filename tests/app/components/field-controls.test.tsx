import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import {
  AddonField,
  SelectField,
  TextField,
  TextareaField,
} from '@/app/components/field/field-controls';
import { EditorRow, RowEditButton, useRowEditor } from '@/app/components/row-editor/row-editor';

describe('field components', () => {
  it('a TextField names its input, carries help and error, and hands back what is typed', () => {
    function Form() {
      const [value, setValue] = useState('');
      return (
        <>
          <TextField
            label="First name"
            help="As on their ID."
            error={value === '' ? 'Enter the first name.' : undefined}
            required
            maxLength={5}
            value={value}
            onValueChange={setValue}
          />
          <output>{value}</output>
        </>
      );
    }
    render(<Form />);
    const input = screen.getByLabelText(/First name/);
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAttribute('aria-required', 'true');
    expect(input).toHaveAttribute('maxlength', '5');
    expect(input).toHaveAccessibleDescription('As on their ID. Enter the first name.');
    fireEvent.change(input, { target: { value: 'Ada' } });
    expect(screen.getByRole('status')).toHaveTextContent('Ada');
    expect(input).not.toHaveAttribute('aria-invalid');
  });

  it('an AddonField shows its unit beside the input and hands back what is typed', () => {
    const seen: string[] = [];
    const { container } = render(
      <>
        <AddonField
          label="Spend"
          prefix="$"
          inputMode="decimal"
          value=""
          onValueChange={(v) => seen.push(v)}
        />
        <AddonField label="Set rate" suffix="%" value="40" onValueChange={() => {}} />
      </>,
    );
    const spend = screen.getByLabelText('Spend');
    expect(spend).toHaveAttribute('inputmode', 'decimal');
    // The unit sits in the input's group, before or after it.
    expect(spend.previousElementSibling).toHaveTextContent('$');
    expect(screen.getByLabelText('Set rate').nextElementSibling).toHaveTextContent('%');
    expect(container.querySelectorAll('.ic-field-group')).toHaveLength(2);
    fireEvent.change(spend, { target: { value: '12.50' } });
    expect(seen).toEqual(['12.50']);
  });

  it('a TextareaField hands back what is typed', () => {
    const seen: string[] = [];
    render(<TextareaField label="Notes" value="" onValueChange={(value) => seen.push(value)} />);
    fireEvent.change(screen.getByLabelText('Notes'), { target: { value: 'Called back' } });
    expect(seen).toEqual(['Called back']);
  });

  it('a SelectField lists its options after the placeholder and keeps an unknown current value', () => {
    const seen: string[] = [];
    const { rerender } = render(
      <SelectField<'zoho' | 'keap' | ''>
        label="CRM"
        value=""
        placeholder="Choose the CRM"
        options={[
          { value: 'zoho', label: 'Zoho' },
          { value: 'keap', label: 'Keap' },
        ]}
        onValueChange={(value) => seen.push(value)}
      />,
    );
    const select = screen.getByLabelText('CRM');
    expect([...select.querySelectorAll('option')].map((option) => option.textContent)).toEqual([
      'Choose the CRM',
      'Zoho',
      'Keap',
    ]);
    fireEvent.change(select, { target: { value: 'keap' } });
    expect(seen).toEqual(['keap']);

    rerender(
      <SelectField<string>
        label="Timezone"
        value="Europe/Lisbon"
        options={[{ value: 'America/New_York', label: 'Eastern' }]}
        onValueChange={() => undefined}
      />,
    );
    expect(screen.getByLabelText('Timezone')).toHaveValue('Europe/Lisbon');
  });
});

describe('row editor', () => {
  function Table() {
    const editor = useRowEditor();
    return (
      <table>
        <tbody>
          {['a', 'b'].map((id) => (
            <tr key={id}>
              <td>
                <RowEditButton editor={editor} rowId={id} aria-label={`Edit ${id}`}>
                  Edit
                </RowEditButton>
              </td>
            </tr>
          ))}
          {editor.editing ? (
            <EditorRow className="editor-row" colSpan={1}>
              <button type="button" onClick={() => editor.close(editor.editing ?? '')}>
                Cancel
              </button>
            </EditorRow>
          ) : null}
        </tbody>
      </table>
    );
  }

  it('edits one row at a time and gives the focus back to its button on close', async () => {
    render(<Table />);
    const editA = screen.getByRole('button', { name: 'Edit a' });
    const editB = screen.getByRole('button', { name: 'Edit b' });
    fireEvent.click(editA);
    expect(editA).toHaveAttribute('aria-expanded', 'true');
    expect(editB).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
    await Promise.resolve();
    expect(editA).toHaveFocus();
    expect(editB).toBeEnabled();
  });
});
