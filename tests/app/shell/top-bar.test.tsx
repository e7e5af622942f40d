import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { TopBar } from '@/app/shell/top-bar/top-bar';
import { fakeSessionService, makeHost, renderWithHost } from '../helpers';

function renderTopBar(props: Parameters<typeof TopBar>[0] = {}) {
  const session = fakeSessionService();
  const host = makeHost();
  renderWithHost(
    <MemoryRouter>
      <TopBar {...props} />
    </MemoryRouter>,
    { host, services: { session } },
  );
  return { session, host };
}

describe('top bar (spec: session 2 App shell Top bar)', () => {
  it('logs out through the session service and goes to /login (spec: session 2 "After logout")', async () => {
    const { session, host } = renderTopBar();
    fireEvent.click(screen.getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(host.navigate).toHaveBeenCalledWith('/login'));
    expect(session.logout).toHaveBeenCalledTimes(1);
  });

  it('hides the hang-up button unless a call is ongoing', () => {
    renderTopBar();
    expect(screen.queryByRole('button', { name: 'Hang up' })).toBeNull();
  });

  it('shows the hang-up button during a call', () => {
    const onHangUp = vi.fn();
    renderTopBar({ callOngoing: true, onHangUp });
    fireEvent.click(screen.getByRole('button', { name: 'Hang up' }));
    expect(onHangUp).toHaveBeenCalledTimes(1);
  });

  it('offers a support ticket link and the English-only language menu', () => {
    renderTopBar();
    expect(
      screen.getByRole('link', { name: 'Open a support ticket (email)' }).getAttribute('href'),
    ).toMatch(/^mailto:support@intakecockpit\.test/);
    fireEvent.click(screen.getByRole('button', { name: 'Language: English' }));
    expect(screen.getByRole('button', { name: 'English' })).toBeInstanceOf(HTMLButtonElement);
  });
});
