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

describe('toasts (spec: session 8 / dashboards 4 — success 1 s, error 2 s, bottom-right)', () => {
  it('dismisses a success toast after 1 second', () => {
    render(<Toaster />);
    act(() => notifyWithToasts('success', 'Goals saved'));
    expect(screen.getByText('Goals saved').textContent).toBe('Goals saved');
    advance(999);
    expect(screen.queryByText('Goals saved')).not.toBeNull();
    advance(1);
    expect(screen.queryByText('Goals saved')).toBeNull();
  });

  it('dismisses a danger toast after 2 seconds and announces it as an alert', () => {
    render(<Toaster />);
    act(() => notifyWithToasts('danger', 'Could not save'));
    expect(within(screen.getByRole('alert')).getByText('Could not save').textContent).toBe(
      'Could not save',
    );
    advance(1999);
    expect(screen.queryByText('Could not save')).not.toBeNull();
    advance(1);
    expect(screen.queryByText('Could not save')).toBeNull();
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
    act(() => notifyWithToasts('danger', 'Server unreachable'));
    advance(1500);
    act(() => notifyWithToasts('danger', 'Server unreachable'));
    expect(screen.getAllByText('Server unreachable')).toHaveLength(1);
    advance(1500);
    expect(screen.queryByText('Server unreachable')).not.toBeNull();
    advance(500);
    expect(screen.queryByText('Server unreachable')).toBeNull();
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
