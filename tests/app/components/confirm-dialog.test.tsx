import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ConfirmHost } from '@/app/components/confirm-dialog/confirm-dialog';
import { requestConfirm } from '@/app/components/confirm-dialog/confirm-store';

describe('generic confirm dialog (spec: session 2 Dialogs — "It submits on the value 1")', () => {
  it('shows title, subtitle, body and texts, and resolves 1 on submit', async () => {
    render(<ConfirmHost />);
    let result: Promise<number> = Promise.resolve(-1);
    act(() => {
      result = requestConfirm({
        icon: 'warning',
        title: 'Hang up?',
        subtitle: 'The call flow will be saved as partial.',
        body: 'You can pick it up later from the history.',
        cancelText: 'Keep calling',
        submitText: 'Hang up',
        submitColor: 'danger',
      });
    });
    const dialog = screen.getByRole('alertdialog', { name: 'Hang up?' });
    expect(dialog.textContent).toContain('The call flow will be saved as partial.');
    expect(dialog.textContent).toContain('You can pick it up later from the history.');
    expect(document.activeElement?.textContent).toBe('Keep calling');
    fireEvent.click(screen.getByRole('button', { name: 'Hang up' }));
    await expect(result).resolves.toBe(1);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('resolves 0 on cancel and on Escape', async () => {
    render(<ConfirmHost />);
    let first: Promise<number> = Promise.resolve(-1);
    let second: Promise<number> = Promise.resolve(-1);
    act(() => {
      first = requestConfirm({ title: 'First?' });
      second = requestConfirm({ title: 'Second?' });
    });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await expect(first).resolves.toBe(0);
    const dialog = screen.getByRole('alertdialog', { name: 'Second?' });
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await expect(second).resolves.toBe(0);
  });
});
