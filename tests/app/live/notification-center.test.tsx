import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { HostContext } from '@/app/host/host';
import { LiveCallCount } from '@/app/live/live-call-count';
import { LiveProvider, type DesktopAlerts } from '@/app/live/live-context';
import { NotificationCenter, relativeTime } from '@/app/live/notification-center';
import {
  LIVE_CALLS_EVENT,
  NOTIFICATION_EVENT,
  type Notification,
} from '@/shared/contracts/notification';
import { createLiveFeed, READ_SYNC_NOTICE } from '@/shared/live/create-live-feed';
import { createMemoryStorage } from '@/shared/storage/storage';
import { makeHost } from '../helpers';
import { listAnswer, liveFakeApi, notification, settle } from '../../shared/live/live-test-kit';

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

/** The real feed over the fake API with a socket the test drives. */
async function renderCenter(
  list: Notification[],
  options: { alerts?: DesktopAlerts; failList?: boolean } = {},
) {
  const api = liveFakeApi({
    '/notifications': () => (options.failList ? { fail: 503 } : listAnswer(list)),
    '/notifications/read': (req) => {
      const body = req.body as { ids?: string[]; all?: true };
      return { data: { ids: body.all ? list.map((n) => n.id) : (body.ids ?? []) } };
    },
  });
  const feed = createLiveFeed({
    api,
    storage: createMemoryStorage(),
    scope: () => ({ workspaceId: 'ws_lakeside', userId: 'u_owner' }),
  });
  const host = makeHost();
  render(
    <HostContext.Provider value={host}>
      <LiveProvider feed={feed} alerts={options.alerts ?? null}>
        <NotificationCenter />
        <LiveCallCount />
      </LiveProvider>
    </HostContext.Provider>,
  );
  await act(async () => {
    feed.start();
    await settle();
  });
  return { api, feed, host };
}

const bell = () => screen.getByTestId('notification-bell');

describe('notification centre (spec: session 2 Top bar, issue #12)', () => {
  it('shows the unread count on the bell and lists the notifications', async () => {
    await renderCenter([
      notification('n1', {
        title: 'Leads below minimum',
        description: 'Lead flow is 3 under the goal.',
        time: minutesAgo(5),
        actionRequired: true,
      }),
      notification('n2', { title: 'Old news', time: minutesAgo(90), read: true }),
    ]);
    expect(bell().getAttribute('data-unread')).toBe('1');
    expect(bell().getAttribute('aria-label')).toBe('Notifications, 1 unread');
    expect(bell().getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(bell());
    expect(bell().getAttribute('aria-expanded')).toBe('true');
    const items = screen.getAllByRole('listitem');
    expect(items.map((item) => item.getAttribute('data-notification-id'))).toEqual(['n1', 'n2']);
    expect(items.map((item) => item.getAttribute('data-read'))).toEqual(['false', 'true']);
    const first = within(items[0]!);
    expect(first.getByText('Leads below minimum')).toBeInTheDocument();
    expect(first.getByText('Lead flow is 3 under the goal.')).toBeInTheDocument();
    expect(first.getByText('5 minutes ago')).toBeInTheDocument();
    expect(first.getByText('Action required')).toBeInTheDocument();
    expect(within(items[1]!).queryByText('Action required')).toBeNull();
    // Only unread items offer "mark as read".
    expect(
      screen.getByRole('button', { name: 'Mark "Leads below minimum" as read' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark "Old news" as read' })).toBeNull();
  });

  it('marks one as read from its button', async () => {
    const { api } = await renderCenter([
      notification('n1', { title: 'First' }),
      notification('n2'),
    ]);
    fireEvent.click(bell());
    fireEvent.click(screen.getByRole('button', { name: 'Mark "First" as read' }));
    expect(bell().getAttribute('data-unread')).toBe('1');
    expect(document.querySelector('[data-notification-id="n1"]')?.getAttribute('data-read')).toBe(
      'true',
    );
    await waitFor(() => expect(api.calls('/notifications/read')).toHaveLength(1));
  });

  it('marks all as read', async () => {
    await renderCenter([notification('n1'), notification('n2')]);
    fireEvent.click(bell());
    fireEvent.click(screen.getByRole('button', { name: 'Mark all as read' }));
    expect(bell().getAttribute('data-unread')).toBe('0');
    expect(bell().getAttribute('aria-label')).toBe('Notifications');
    await waitFor(() =>
      expect(
        (screen.getByRole('button', { name: 'Mark all as read' }) as HTMLButtonElement).disabled,
      ).toBe(true),
    );
  });

  it('opens a notification: marks it read, runs its action and closes the list', async () => {
    const { host } = await renderCenter([
      notification('n1', { title: 'Check the cockpit', path: '/app/dashboards/cockpit' }),
    ]);
    fireEvent.click(bell());
    fireEvent.click(screen.getByRole('button', { name: /^Unread: Check the cockpit/ }));
    expect(host.navigate).toHaveBeenCalledWith('/app/dashboards/cockpit');
    expect(bell().getAttribute('data-unread')).toBe('0');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says when there is nothing', async () => {
    await renderCenter([]);
    fireEvent.click(bell());
    expect(screen.getByText(/You’re all caught up/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark all as read' })).toBeNull();
  });

  it('offers Try again when the list could not be loaded', async () => {
    const { api } = await renderCenter([], { failList: true });
    fireEvent.click(bell());
    expect(screen.getByRole('alert').textContent).toContain('Notifications could not be loaded.');
    api.on('/notifications', () => listAnswer([notification('n1', { title: 'Back' })]));
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Back')).toBeInTheDocument();
  });

  it('says quietly when the read state could not be saved to the account', async () => {
    const { api } = await renderCenter([notification('n1', { title: 'First' })]);
    api.on('/notifications/read', () => ({ fail: 0 }));
    fireEvent.click(bell());
    fireEvent.click(screen.getByRole('button', { name: 'Mark "First" as read' }));
    expect(await screen.findByText(READ_SYNC_NOTICE)).toBeInTheDocument();
    expect(api.notify).not.toHaveBeenCalled();
    expect(bell().getAttribute('data-unread')).toBe('0');
  });

  it('announces a new notification politely and adds it to the bell', async () => {
    const { api } = await renderCenter([]);
    act(() =>
      api.emit(
        NOTIFICATION_EVENT,
        notification('new', { title: 'Call back Ms Doe', actionRequired: true }),
      ),
    );
    expect(bell().getAttribute('data-unread')).toBe('1');
    const region = document.querySelector('[aria-live="polite"]');
    expect(region?.textContent).toBe('New notification: Call back Ms Doe. Action required.');
  });

  it('is usable from the keyboard: focus moves in, arrows move through items, Escape returns to the bell', async () => {
    await renderCenter([
      notification('n1', { title: 'One', time: minutesAgo(1) }),
      notification('n2', { title: 'Two', time: minutesAgo(2) }),
    ]);
    fireEvent.click(bell());
    const dialog = screen.getByRole('dialog', { name: 'Notifications' });
    expect(document.activeElement).toBe(dialog);
    const list = screen.getByRole('list', { name: 'Notifications' });
    fireEvent.keyDown(list, { key: 'ArrowDown' });
    expect(document.activeElement?.textContent).toContain('One');
    fireEvent.keyDown(list, { key: 'ArrowDown' });
    expect(document.activeElement?.textContent).toContain('Two');
    fireEvent.keyDown(list, { key: 'ArrowDown' });
    expect(document.activeElement?.textContent).toContain('One');
    fireEvent.keyDown(list, { key: 'End' });
    expect(document.activeElement?.textContent).toContain('Two');
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(bell());
  });

  it('offers desktop alerts only while the browser has not been asked, and asks on the click', async () => {
    let permission: NotificationPermission = 'default';
    const listeners = new Set<() => void>();
    const alerts: DesktopAlerts = {
      permission: () => permission,
      request: vi.fn(async () => {
        permission = 'granted';
        for (const listener of listeners) listener();
        return permission;
      }),
      subscribe: (listener) => {
        listeners.add(listener);
        return () => void listeners.delete(listener);
      },
    };
    await renderCenter([], { alerts });
    expect(alerts.request).not.toHaveBeenCalled();
    fireEvent.click(bell());
    fireEvent.click(screen.getByRole('button', { name: 'Turn on desktop alerts' }));
    expect(alerts.request).toHaveBeenCalledTimes(1);
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Turn on desktop alerts' })).toBeNull(),
    );
  });
});

describe('live call count (ctmcallsdata)', () => {
  it('shows nothing before the first count (no call tracking: never), then the count', async () => {
    const { api } = await renderCenter([]);
    expect(screen.queryByTestId('live-calls')).toBeNull();
    act(() => api.emit(LIVE_CALLS_EVENT, { count: 1 }));
    const count = screen.getByTestId('live-calls');
    expect(count.getAttribute('data-count')).toBe('1');
    expect(count.textContent).toContain('1 live call');
    act(() => api.emit(LIVE_CALLS_EVENT, { count: 4 }));
    expect(count.textContent).toContain('4 live calls');
    expect(count.textContent).toContain('Live calls: 4');
  });
});

describe('relativeTime', () => {
  const now = new Date('2026-11-23T15:00:00Z');
  it('says "Just now" for the first minute either way (clocks differ a little), then date-fns words', () => {
    expect(relativeTime('2026-11-23T14:59:58Z', now)).toBe('Just now');
    expect(relativeTime('2026-11-23T15:00:05Z', now)).toBe('Just now');
    expect(relativeTime('2026-11-23T14:55:00Z', now)).toBe('5 minutes ago');
    expect(relativeTime('2026-11-21T15:00:00Z', now)).toBe('2 days ago');
    expect(relativeTime('not a time', now)).toBe('');
  });
});
