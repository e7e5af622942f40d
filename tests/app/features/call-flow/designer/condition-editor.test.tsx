import { fireEvent, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { ConditionEditor } from '@/app/features/call-flow/designer/condition-editor';
import { parseExpression } from '@/shared/call-flow/expression';
import { renderWithHost } from '../../../helpers';

// Issue #34 "Component: the condition builder and its text mode agree": what the builder
// writes is the text mode's condition, what the text says the builder shows, and a text
// the builder cannot show stays in text, checked by the engine's parser as it is typed.

function Harness({ initial }: { initial: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <ConditionEditor
        label="Route 1: taken when"
        value={value}
        variables={['accidentType', 'age', 'policeReport']}
        onChange={setValue}
      />
      <output data-testid="text">{value}</output>
    </>
  );
}

const text = () => screen.getByTestId('text').textContent ?? '';

describe('the condition builder and its text mode', () => {
  it('writes a rule in the engine’s language, and the text mode shows the same condition', () => {
    renderWithHost(<Harness initial="" />);
    expect(screen.getByText('Always: no rule yet.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Add rule' }));
    const rule = screen.getByRole('group', { name: 'Rule 1' });
    fireEvent.change(within(rule).getByLabelText('Variable'), {
      target: { value: 'accidentType' },
    });
    fireEvent.change(within(rule).getByLabelText('Value'), { target: { value: 'car' } });
    expect(text()).toBe("@@accidentType == 'car'");
    expect(parseExpression(text()).ok).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Text' }));
    expect(screen.getByLabelText('Condition')).toHaveValue("@@accidentType == 'car'");
  });

  it('reads a condition typed in text back into rows, and joins rules with any/every', () => {
    renderWithHost(<Harness initial="@#age >= 18 || @=policeReport" />);
    expect(screen.getByLabelText('Holds when')).toHaveValue('or');
    const first = screen.getByRole('group', { name: 'Rule 1' });
    expect(within(first).getByLabelText('Variable')).toHaveValue('age');
    expect(within(first).getByLabelText('Operator')).toHaveValue('atLeast');
    expect(within(first).getByLabelText('Value')).toHaveValue('18');
    const second = screen.getByRole('group', { name: 'Rule 2' });
    expect(within(second).getByLabelText('Operator')).toHaveValue('isChecked');

    fireEvent.change(screen.getByLabelText('Holds when'), { target: { value: 'and' } });
    expect(text()).toBe('@#age >= 18 && @=policeReport');
  });

  it('keeps in text a condition the builder cannot show, and names a broken one in place', () => {
    renderWithHost(<Harness initial="'car' == @@accidentType" />);
    expect(screen.getByRole('button', { name: 'Builder' })).toBeDisabled();
    expect(
      screen.getByText('The builder cannot show this condition: it stays in text.'),
    ).toBeInTheDocument();

    const field = screen.getByLabelText('Condition');
    fireEvent.change(field, { target: { value: "@@accidentType == 'car" } });
    expect(field).toHaveAccessibleDescription(/at character/);
    expect(text()).toBe("@@accidentType == 'car");
    // Fixed in text, the builder can show it again.
    fireEvent.change(field, { target: { value: "@@accidentType == 'car'" } });
    expect(screen.getByRole('button', { name: 'Builder' })).toBeEnabled();
  });

  it('asks for a number where the rule compares numbers', () => {
    renderWithHost(<Harness initial="@#age >= 18" />);
    const rule = screen.getByRole('group', { name: 'Rule 1' });
    fireEvent.change(within(rule).getByLabelText('Value'), { target: { value: 'eighteen' } });
    expect(within(rule).getByLabelText('Value')).toHaveAccessibleDescription(/Type a number/);
  });
});
