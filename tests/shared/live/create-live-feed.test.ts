import { describe, expect, it, vi } from 'vitest';
import {
  LIVE_CALLS_EVENT,
  NOTIFICATION_EVENT,
  NOTIFICATIONS_READ_EVENT,
  type Notification,
} from '@/shared/contracts/notification';
import {
  createLiveFeed,
  READ_SYNC_NOTICE,
  readIdsStorageKey,
  type LiveFeedScope,
} from '@/shared/live/create-live-feed';
import { IDLE_LIVE_SNAPSHOT } from '@/shared/live/live-feed';
import { createMemoryStorage } from '@/shared/storage/storage';
import { CONNECTION_STATUS_EVENT } from '@/shared/transport/direct-transport';
import type { TransportRequest } from '@/shared/transport/transport';
import { deferred } from '../../app/fake-api';
import { listAnswer, liveFakeApi, notification, settle } from './live-test-kit';

const DAY = 24 * 60 * 60 * 1000;
const OWNER: LiveFeedScope = { workspaceId: 'ws_lakeside', userId: 'u_owner' };

function setup(list: Notification[] = [], initialStorage: Record<string, string> = {}) {
  let answer: Notification[] = list;
  let now = Date.UTC(2026, 10, 2, 9, 0, 0);
  const api = liveFakeApi({
    '/notifications': () => listAnswer(answer),
    '/notifications/read': (req: TransportRequest) => {
      const body = req.body as { ids?: string[]; all?: true };
      return { data: { ids: body.all ? answer.map((n) => n.id) : (body.ids ?? []) } };
    },
  });
  const storage = createMemoryStorage(initialStorage);
  let scope: LiveFeedScope | null = OWNER;
  const feed = createLiveFeed({
    api,
    storage,
    scope: () => scope,
    now: () => now,
    socketStatus: () => 'connecting',
  });
  return {
    api,
    storage,
    feed,
    setList: (next: Notification[]) => void (answer = next),
    setScope: (next: LiveFeedScope | null) => void (scope = next),
    advance: (ms: number) => void (now += ms),
  };
}

describe('the live feed (issue #12)', () => {
  it('loads the list at start, newest first, with the unread count', async () => {
    const { feed, api } = setup([
      notification('old', { time: '2026-11-01T08:00:00Z' }),
      notification('new', { time: '2026-11-01T10:00:00Z' }),
      notification('seen', { time: '2026-11-01T09:00:00Z', read: true }),
    ]);
    expect(feed.get()).toBe(IDLE_LIVE_SNAPSHOT);
    feed.start();
    expect(feed.get().status).toBe('loading');
    expect(feed.get().socket).toBe('connecting');
    await settle();
    const snapshot = feed.get();
    expect(snapshot.status).toBe('ready');
    expect(snapshot.notifications.map((n) => n.id)).toEqual(['new', 'seen', 'old']);
    expect(snapshot.unread).toBe(2);
    expect(api.calls('workspaces/ws_lakeside/notifications')).toHaveLength(1);
  });

  it('does nothing without a signed-in workspace', async () => {
    const { feed, api, setScope } = setup();
    setScope(null);
    feed.start();
    await settle();
    expect(feed.get()).toBe(IDLE_LIVE_SNAPSHOT);
    expect(api.requests).toHaveLength(0);
  });

  it('adds an arriving notification once, however often it is delivered, and announces it', async () => {
    const { feed, api } = setup([notification('a', { time: '2026-11-01T08:00:00Z' })]);
    const arrived = vi.fn();
    feed.onArrival(arrived);
    feed.start();
    await settle();
    const pushed = notification('b', { time: '2026-11-02T08:00:00Z' });
    api.emit(NOTIFICATION_EVENT, pushed);
    api.emit(NOTIFICATION_EVENT, pushed);
    api.emit(NOTIFICATION_EVENT, { id: 'broken' });
    expect(feed.get().notifications.map((n) => n.id)).toEqual(['b', 'a']);
    expect(feed.get().unread).toBe(2);
    expect(arrived).toHaveBeenCalledTimes(1);
    expect(arrived).toHaveBeenCalledWith(expect.objectContaining({ id: 'b' }));
  });

  it('reloads the list when the socket reconnects, so what was sent offline arrives', async () => {
    const { feed, api, setList } = setup([notification('a')]);
    feed.start();
    api.emit(CONNECTION_STATUS_EVENT, 'connected');
    await settle();
    const loads = api.calls('/notifications').length;
    api.emit(CONNECTION_STATUS_EVENT, 'connecting');
    setList([notification('sent-offline', { time: '2026-11-02T00:00:00Z' }), notification('a')]);
    api.emit(CONNECTION_STATUS_EVENT, 'connected');
    await settle();
    expect(api.calls('/notifications')).toHaveLength(loads + 1);
    expect(feed.get().socket).toBe('connected');
    expect(feed.get().notifications.map((n) => n.id)).toEqual(['sent-offline', 'a']);
  });

  it('keeps a notification that arrived while the list was loading', async () => {
    const { feed, api } = setup();
    const pending = deferred<unknown>();
    api.on('/notifications', () => pending.promise);
    feed.start();
    api.emit(NOTIFICATION_EVENT, notification('live', { time: '2026-11-02T00:00:00Z' }));
    pending.resolve(listAnswer([notification('listed')]));
    await settle();
    expect(feed.get().notifications.map((n) => n.id)).toEqual(['live', 'listed']);
  });

  it('shows an error when the first load fails, and Try again loads it', async () => {
    const { feed, api } = setup([notification('a')]);
    api.on('/notifications', () => ({ fail: 503 }));
    feed.start();
    await settle();
    expect(feed.get().status).toBe('error');
    // Silent: the notification centre shows the failure, not a toast.
    expect(api.notify).not.toHaveBeenCalled();
    api.on('/notifications', () => listAnswer([notification('a')]));
    feed.reload();
    expect(feed.get().status).toBe('loading');
    await settle();
    expect(feed.get().status).toBe('ready');
    expect(feed.get().unread).toBe(1);
  });

  it('keeps the list shown when a reload after a reconnect fails', async () => {
    const { feed, api } = setup([notification('a')]);
    feed.start();
    await settle();
    api.on('/notifications', () => ({ fail: 0 }));
    api.emit(CONNECTION_STATUS_EVENT, 'connected');
    await settle();
    expect(feed.get().status).toBe('ready');
    expect(feed.get().notifications).toHaveLength(1);
  });

  it('marks read at once, keeps the id locally with its time, and tells the server', async () => {
    const { feed, api, storage } = setup([notification('a'), notification('b')]);
    feed.start();
    await settle();
    const done = feed.markRead(['a']);
    // Optimistic: read before the server answers.
    expect(feed.get().unread).toBe(1);
    expect(feed.get().notifications.find((n) => n.id === 'a')?.read).toBe(true);
    await done;
    await settle();
    expect(api.calls('/notifications/read').map((req) => req.body)).toEqual([{ ids: ['a'] }]);
    const stored = JSON.parse((await storage.get(readIdsStorageKey(OWNER)))!);
    expect(Object.keys(stored)).toEqual(['a']);
  });

  it('keeps them read in this browser when the server cannot be told, says so quietly, and tries again', async () => {
    const { feed, api } = setup([notification('a'), notification('b')]);
    feed.start();
    await settle();
    api.on('/notifications/read', () => ({ fail: 0 }));
    await feed.markRead(['a']);
    expect(feed.get().notifications.find((n) => n.id === 'a')?.read).toBe(true);
    expect(feed.get().notice).toBe(READ_SYNC_NOTICE);
    expect(api.notify).not.toHaveBeenCalled();
    // The next mark carries the ids the server missed.
    api.on('/notifications/read', (req) => ({
      data: { ids: (req.body as { ids: string[] }).ids },
    }));
    await feed.markRead(['b']);
    expect(api.calls('/notifications/read').at(-1)?.body).toEqual({ ids: ['a', 'b'] });
    expect(feed.get().notice).toBeNull();
    expect(feed.get().unread).toBe(0);
  });

  it('marks everything read, locally at once and on the server', async () => {
    const { feed, api } = setup([notification('a'), notification('b')]);
    feed.start();
    await settle();
    const done = feed.markAllRead();
    expect(feed.get().unread).toBe(0);
    await done;
    expect(api.calls('/notifications/read').map((req) => req.body)).toEqual([{ all: true }]);
  });

  it('follows read marks made elsewhere (another tab, browser or the extension)', async () => {
    const { feed, api } = setup([notification('a'), notification('b')]);
    feed.start();
    await settle();
    api.emit(NOTIFICATIONS_READ_EVENT, { ids: ['b'] });
    expect(feed.get().unread).toBe(1);
    expect(feed.get().notifications.find((n) => n.id === 'b')?.read).toBe(true);
  });

  it('applies read ids kept in this browser for fewer than 30 days, not older ones', async () => {
    const now = Date.UTC(2026, 10, 2, 9, 0, 0);
    const { feed } = setup([notification('recent'), notification('stale'), notification('new')], {
      [readIdsStorageKey(OWNER)]: JSON.stringify({ recent: now - 29 * DAY, stale: now - 30 * DAY }),
    });
    feed.start();
    await settle();
    const read = Object.fromEntries(feed.get().notifications.map((n) => [n.id, n.read]));
    expect(read).toEqual({ recent: true, stale: false, new: false });
  });

  it('counts live calls from ctmcallsdata', async () => {
    const { feed, api } = setup();
    feed.start();
    expect(feed.get().liveCalls).toBeNull();
    api.emit(LIVE_CALLS_EVENT, { count: 3 });
    expect(feed.get().liveCalls).toBe(3);
    api.emit(LIVE_CALLS_EVENT, 'nonsense');
    expect(feed.get().liveCalls).toBe(3);
  });

  it('forgets everything at stop: nothing of one user reaches the next', async () => {
    const { feed, api, setScope, setList } = setup([notification('mine')]);
    feed.start();
    api.emit(LIVE_CALLS_EVENT, { count: 2 });
    await settle();
    const listener = vi.fn();
    feed.subscribe(listener);
    feed.stop();
    expect(feed.get()).toBe(IDLE_LIVE_SNAPSHOT);
    expect(listener).toHaveBeenCalled();
    expect(api.subscribers(NOTIFICATION_EVENT)).toBe(0);
    expect(api.subscribers(CONNECTION_STATUS_EVENT)).toBe(0);
    // An event after stop changes nothing.
    api.emit(NOTIFICATION_EVENT, notification('late'));
    expect(feed.get()).toBe(IDLE_LIVE_SNAPSHOT);

    setScope({ workspaceId: 'ws_summit', userId: 'u_other' });
    setList([notification('theirs')]);
    feed.start();
    await settle();
    expect(feed.get().notifications.map((n) => n.id)).toEqual(['theirs']);
    expect(feed.get().liveCalls).toBeNull();
    expect(api.calls('/notifications').at(-1)?.path).toBe('workspaces/ws_summit/notifications');
  });

  it('drops an answer that comes back after the user signed out', async () => {
    const { feed, api } = setup();
    const pending = deferred<unknown>();
    api.on('/notifications', () => pending.promise);
    feed.start();
    feed.stop();
    pending.resolve(listAnswer([notification('previous-user')]));
    await settle();
    expect(feed.get()).toBe(IDLE_LIVE_SNAPSHOT);
  });

  it('starting again for the same user changes nothing', async () => {
    const { feed, api } = setup([notification('a')]);
    feed.start();
    await settle();
    feed.start();
    await settle();
    expect(api.calls('/notifications')).toHaveLength(1);
    expect(feed.get().status).toBe('ready');
  });
});
