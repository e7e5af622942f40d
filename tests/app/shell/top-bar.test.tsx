import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { LiveProvider } from '@/app/live/live-context';
import { holdUntilSaved } from '@/app/query/pending-saves';
import { TopBar } from '@/app/shell/top-bar/top-bar';
import { IDLE_LIVE_SNAPSHOT, type LiveFeed, type LiveSnapshot } from '@/shared/live/live-feed';
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

  it('sends what a screen held back (an autosave) before the session ends', async () => {
    let saved = () => {};
    const saving = vi.fn(() => new Promise<void>((resolve) => (saved = resolve)));
    const release = holdUntilSaved(saving);
    try {
      const { session, host } = renderTopBar();
      fireEvent.click(screen.getByRole('button', { name: 'Log out' }));
      await waitFor(() => expect(saving).toHaveBeenCalledTimes(1));
      expect(screen.getByRole('button', { name: 'Log out' })).toHaveTextContent('Logging out…');
      expect(session.logout).not.toHaveBeenCalled();
      saved();
      await waitFor(() => expect(host.navigate).toHaveBeenCalledWith('/login'));
      expect(session.logout).toHaveBeenCalledTimes(1);
    } finally {
      release();
    }
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

  it('leads "?" to the help page, not a mail client, and offers the English-only language menu', () => {
    renderTopBar();
    // issue #30: the help page holds the support contact and the documents.
    expect(screen.getByRole('link', { name: 'Help and support' }).getAttribute('href')).toBe(
      '/app/help',
    );
    fireEvent.click(screen.getByRole('button', { name: 'EN — Language: English' }));
    expect(screen.getByRole('button', { name: 'English' })).toBeInstanceOf(HTMLButtonElement);
  });

  it('shows the live feed: unread count on the bell and the live call count', () => {
    const snapshot: LiveSnapshot = {
      ...IDLE_LIVE_SNAPSHOT,
      status: 'ready',
      notifications: [
        {
          id: 'n1',
          title: 'Leads below minimum',
          description: '',
          time: new Date().toISOString(),
          actionRequired: true,
          path: null,
          read: false,
        },
      ],
      unread: 1,
      liveCalls: 2,
    };
    const feed: LiveFeed = {
      get: () => snapshot,
      subscribe: () => () => {},
      markRead: vi.fn(async () => {}),
      markAllRead: vi.fn(async () => {}),
      reload: vi.fn(),
      onArrival: () => () => {},
    };
    renderWithHost(
      <MemoryRouter>
        <LiveProvider feed={feed}>
          <TopBar />
        </LiveProvider>
      </MemoryRouter>,
      { host: makeHost(), services: { session: fakeSessionService() } },
    );
    const bell = screen.getByRole('button', { name: 'Notifications, 1 unread' });
    expect(bell.getAttribute('data-unread')).toBe('1');
    expect(screen.getByTestId('live-calls').textContent).toContain('2 live calls');
    fireEvent.click(bell);
    expect(screen.getByText('Leads below minimum')).toBeInTheDocument();
  });
});
