import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createWidgetToasts, WidgetToastList } from '@/widgets/widget-toasts';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

function advance(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

describe("a widget's toasts (issue #30: accessibility over the spec's 1–2 s)", () => {
  it('keeps an error toast until it is dismissed, in an alert region that was there before it', () => {
    const toasts = createWidgetToasts();
    render(<WidgetToastList toasts={toasts} />);
    const alert = screen.getByRole('alert');
    act(() => toasts.notify('danger', 'Could not load the report'));
    advance(60_000);
    expect(within(alert).getByText('Could not load the report').textContent).toBe(
      'Could not load the report',
    );
    fireEvent.click(within(alert).getByRole('button', { name: 'Dismiss notification' }));
    expect(screen.queryByText('Could not load the report')).toBeNull();
  });

  it('times a success toast, holding it while hovered or focused', () => {
    const toasts = createWidgetToasts();
    render(<WidgetToastList toasts={toasts} />);
    act(() => toasts.notify('success', 'Cockpit goals saved.'));
    const status = screen.getByRole('status');
    const toast = within(status).getByText('Cockpit goals saved.').parentElement!;
    fireEvent.mouseEnter(toast);
    advance(10_000);
    expect(screen.queryByText('Cockpit goals saved.')).not.toBeNull();
    fireEvent.mouseLeave(toast);
    const close = within(toast).getByRole('button', { name: 'Dismiss notification' });
    act(() => close.focus());
    advance(10_000);
    expect(screen.queryByText('Cockpit goals saved.')).not.toBeNull();
    act(() => close.blur());
    advance(999);
    expect(screen.queryByText('Cockpit goals saved.')).not.toBeNull();
    advance(1);
    expect(screen.queryByText('Cockpit goals saved.')).toBeNull();
  });

  it('dismisses a toast with Escape', () => {
    const toasts = createWidgetToasts();
    render(<WidgetToastList toasts={toasts} />);
    act(() => toasts.notify('danger', 'Export failed'));
    const close = screen.getByRole('button', { name: 'Dismiss notification' });
    act(() => close.focus());
    fireEvent.keyDown(close, { key: 'Escape' });
    expect(screen.queryByText('Export failed')).toBeNull();
  });
});
