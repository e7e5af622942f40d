import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SystemStatusBanner } from '@/app/components/system-status-banner/system-status-banner';
import { type CockpitWarning, warningMessage } from '@/shared/domain/cockpit-warnings';

function warning(module: CockpitWarning['module'], label: string, value: number): CockpitWarning {
  const message = warningMessage(label, value);
  return {
    key: `${module}|${message}`,
    card: 'salesPerformance',
    module,
    label,
    message,
    acknowledged: false,
  };
}

const WARNINGS = [
  warning('Lead Flow', 'Lead Source Yelp', 10),
  warning('Sales Performance', 'Outbound Calls', 300),
  warning('Communications', 'Abandoned Calls', 5),
];

describe('the system-status banner (spec: dashboards 2.4)', () => {
  it("says 'Checking system status...' while loading without warnings", () => {
    render(<SystemStatusBanner warnings={[]} loading onDismiss={vi.fn()} />);
    expect(screen.getByRole('status').textContent).toBe('Checking system status...');
  });

  it("says 'All warnings have been acknowledged.' when none remain", () => {
    render(<SystemStatusBanner warnings={[]} loading={false} onDismiss={vi.fn()} />);
    expect(screen.getByRole('status').textContent).toBe('All warnings have been acknowledged.');
  });

  it("shows only the newest two, newest first, each with module, 'Warning:' and message", () => {
    render(<SystemStatusBanner warnings={WARNINGS} loading onDismiss={vi.fn()} />);
    const items = screen.getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Communications Warning: Abandoned Calls is below minimum of 5.',
      'Sales Performance Warning: Outbound Calls is below minimum of 300.',
    ]);
    expect(screen.queryByText(/Lead Source Yelp/)).toBeNull();
    expect(screen.getByText(/^\+1 more warning/).textContent).toMatch(/^\+1 more warning/);
  });

  it('dismisses with a labelled button that acknowledges that warning', () => {
    const onDismiss = vi.fn();
    render(<SystemStatusBanner warnings={WARNINGS} loading={false} onDismiss={onDismiss} />);
    const first = screen.getAllByRole('listitem')[0];
    fireEvent.click(
      within(first).getByRole('button', {
        name: 'Dismiss warning: Abandoned Calls is below minimum of 5.',
      }),
    );
    expect(onDismiss).toHaveBeenCalledWith(WARNINGS[2].key);
  });
});
