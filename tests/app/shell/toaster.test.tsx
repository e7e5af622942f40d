import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/app/shell/toasts/toaster';
import {
  clearToasts,
  dismissToastById,
  MAX_TOASTS,
  notifyWithToasts,
  showToast,
  useToastStore,
} from '@/app/shell/toasts/toast-store';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  act(() => clearToasts());
  vi.useRealTimers();
});

function advance(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

describe('toasts (spec: session 8 / dashboards 4 — success 1 s, bottom-right; errors stay, issue #30)', () => {
  it('dismisses a success toast after 1 second', () => {
    render(<Toaster />);
    act(() => notifyWithToasts('success', 'Goals saved'));
    expect(screen.getByText('Goals saved').textContent).toBe('Goals saved');
    advance(999);
    expect(screen.queryByText('Goals saved')).not.toBeNull();
    advance(1);
    expect(screen.queryByText('Goals saved')).toBeNull();
  });

  it('keeps a danger toast until it is dismissed, announced as an alert (issue #30)', () => {
    render(<Toaster />);
    act(() => notifyWithToasts('danger', 'Could not save'));
    const alert = screen.getByRole('alert');
    expect(within(alert).getByText('Could not save').textContent).toBe('Could not save');
    // The spec's 2 s (and far beyond) pass: an error stays until the person has read it.
    advance(120_000);
    expect(screen.queryByText('Could not save')).not.toBeNull();
    fireEvent.click(within(alert).getByRole('button', { name: 'Dismiss notification' }));
    expect(screen.queryByText('Could not save')).toBeNull();
  });

  it('keeps a danger toast even when its sender asked for a duration', () => {
    render(<Toaster />);
    act(() => notifyWithToasts('danger', 'Export failed', { durationMs: 500 }));
    advance(10_000);
    expect(screen.queryByText('Export failed')).not.toBeNull();
  });

  it('holds a success toast while the pointer is over it, then gives it its whole second again', () => {
    render(<Toaster />);
    act(() => notifyWithToasts('success', 'Cockpit goals saved.'));
    advance(900);
    const toast = screen.getByText('Cockpit goals saved.').closest('.ic-toast')!;
    fireEvent.mouseEnter(toast);
    advance(30_000);
    expect(screen.queryByText('Cockpit goals saved.')).not.toBeNull();
    fireEvent.mouseLeave(toast);
    advance(999);
    expect(screen.queryByText('Cockpit goals saved.')).not.toBeNull();
    advance(1);
    expect(screen.queryByText('Cockpit goals saved.')).toBeNull();
  });

  it('holds a success toast while the focus is in it, and lets it go once the focus leaves', () => {
    render(<Toaster />);
    act(() => notifyWithToasts('success', 'Cockpit goals saved.'));
    const close = screen.getByRole('button', { name: 'Dismiss notification' });
    act(() => close.focus());
    advance(30_000);
    expect(screen.queryByText('Cockpit goals saved.')).not.toBeNull();
    act(() => close.blur());
    advance(1000);
    expect(screen.queryByText('Cockpit goals saved.')).toBeNull();
  });

  it('stays held while hovered and focused until both have left', () => {
    render(<Toaster />);
    act(() => notifyWithToasts('info', 'Retrying Socket Connection', { durationMs: 3000 }));
    const toast = screen.getByText('Retrying Socket Connection').closest('.ic-toast')!;
    const close = screen.getByRole('button', { name: 'Dismiss notification' });
    fireEvent.mouseEnter(toast);
    act(() => close.focus());
    fireEvent.mouseLeave(toast);
    advance(10_000);
    expect(screen.queryByText('Retrying Socket Connection')).not.toBeNull();
    act(() => close.blur());
    advance(3000);
    expect(screen.queryByText('Retrying Socket Connection')).toBeNull();
  });

  it('dismisses the focused toast with Escape and moves the focus to the next one, then to the main content', () => {
    render(
      <>
        <main id="ic-main" tabIndex={-1}>
          page
        </main>
        <Toaster />
      </>,
    );
    act(() => notifyWithToasts('danger', 'First failure'));
    act(() => notifyWithToasts('danger', 'Second failure'));
    const [first] = screen.getAllByRole('button', { name: 'Dismiss notification' });
    act(() => first!.focus());
    fireEvent.keyDown(first!, { key: 'Escape' });
    expect(screen.queryByText('First failure')).toBeNull();
    const second = screen.getByRole('button', { name: 'Dismiss notification' });
    expect(document.activeElement).toBe(second);
    fireEvent.click(second);
    expect(screen.queryByText('Second failure')).toBeNull();
    expect(document.activeElement).toBe(document.getElementById('ic-main'));
  });

  it('keeps an info toast for its own duration and announces it politely', () => {
    render(<Toaster />);
    act(() => notifyWithToasts('info', 'Retrying Socket Connection', { durationMs: 3000 }));
    expect(
      within(screen.getByRole('status')).getByText('Retrying Socket Connection').textContent,
    ).toBe('Retrying Socket Connection');
    advance(2999);
    expect(screen.queryByText('Retrying Socket Connection')).not.toBeNull();
    advance(1);
    expect(screen.queryByText('Retrying Socket Connection')).toBeNull();
  });

  it('keeps a persistent toast until it is dismissed', () => {
    render(<Toaster />);
    act(() =>
      notifyWithToasts('danger', 'Try refreshing the page', {
        title: 'Socket Connection Error!',
        persistent: true,
      }),
    );
    advance(60_000);
    expect(screen.getByText('Socket Connection Error!').textContent).toBe(
      'Socket Connection Error!',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss notification' }));
    expect(screen.queryByText('Try refreshing the page')).toBeNull();
  });

  it('shows a repeated message once and restarts its timer', () => {
    render(<Toaster />);
    act(() => notifyWithToasts('info', 'Server unreachable'));
    advance(2500);
    act(() => notifyWithToasts('info', 'Server unreachable'));
    expect(screen.getAllByText('Server unreachable')).toHaveLength(1);
    advance(2500);
    expect(screen.queryByText('Server unreachable')).not.toBeNull();
    advance(500);
    expect(screen.queryByText('Server unreachable')).toBeNull();
  });

  it('shows a repeated error once', () => {
    render(<Toaster />);
    act(() => notifyWithToasts('danger', 'Server unreachable'));
    act(() => notifyWithToasts('danger', 'Server unreachable'));
    expect(screen.getAllByText('Server unreachable')).toHaveLength(1);
  });

  it(`keeps at most ${MAX_TOASTS} toasts, dropping the oldest first`, () => {
    for (let i = 1; i <= MAX_TOASTS + 2; i++) showToast('info', `message ${i}`);
    const messages = useToastStore.getState().toasts.map((toast) => toast.message);
    expect(messages).toHaveLength(MAX_TOASTS);
    expect(messages[0]).toBe('message 3');
  });

  it('takes a named persistent toast back when its sender says so (issue #28)', () => {
    render(<Toaster />);
    const error = { title: 'Socket Connection Error!', persistent: true, id: 'socket-error' };
    act(() => notifyWithToasts('danger', 'Try refreshing the page', error));
    // Shown again during the same outage: still one.
    act(() => notifyWithToasts('danger', 'Try refreshing the page', error));
    expect(screen.getAllByText('Socket Connection Error!')).toHaveLength(1);
    // Another toast of the same words but no name is not the one taken back.
    act(() => notifyWithToasts('info', 'Connected again'));
    act(() => dismissToastById('socket-error'));
    expect(screen.queryByText('Socket Connection Error!')).toBeNull();
    expect(screen.queryByText('Connected again')).not.toBeNull();
    // Nothing of that name left: nothing happens.
    act(() => dismissToastById('socket-error'));
    expect(useToastStore.getState().toasts).toHaveLength(1);
  });
});
