import { describe, expect, it, vi } from 'vitest';
import {
  attachBrowserPush,
  createDesktopAlerts,
  PUSH_ICON,
  PUSH_TITLE,
  requestNotificationPermission,
  type NotificationConstructorLike,
  type ShownAlert,
} from '@/app/live/browser-push';
import { NOTIFICATION_EVENT } from '@/shared/contracts/notification';
import { createLiveFeed } from '@/shared/live/create-live-feed';
import { createMemoryStorage } from '@/shared/storage/storage';
import { listAnswer, liveFakeApi, notification, settle } from '../../shared/live/live-test-kit';

/** A fake Notification constructor: records what was shown, answers permission either way. */
function fakeNotificationApi(
  initial: NotificationPermission,
  style: 'promise' | 'callback' = 'promise',
) {
  const shown: { title: string; options?: NotificationOptions; alert: ShownAlert }[] = [];
  class FakeNotification implements ShownAlert {
    static permission: NotificationPermission = initial;
    static answer: NotificationPermission = 'granted';
    static requestPermission = vi.fn((callback?: (permission: NotificationPermission) => void) => {
      FakeNotification.permission = FakeNotification.answer;
      if (style === 'callback') {
        // Old Safari: no promise, the answer comes through the callback.
        setTimeout(() => callback?.(FakeNotification.answer), 0);
        return undefined;
      }
      return Promise.resolve(FakeNotification.answer);
    });
    onclick: ((event: Event) => void) | null = null;
    close = vi.fn();
    constructor(title: string, options?: NotificationOptions) {
      shown.push({ title, options, alert: this });
    }
  }
  return { api: FakeNotification as NotificationConstructorLike & typeof FakeNotification, shown };
}

async function startFeed() {
  const api = liveFakeApi({
    '/notifications': () => listAnswer([]),
    '/notifications/read': (req) => ({ data: { ids: (req.body as { ids: string[] }).ids } }),
  });
  const feed = createLiveFeed({
    api,
    storage: createMemoryStorage(),
    scope: () => ({ workspaceId: 'ws_lakeside', userId: 'u_owner' }),
  });
  feed.start();
  await settle();
  return { api, feed };
}

describe('browser push (spec: session 4 Shell, issue #12)', () => {
  it('shows an arrival as a desktop alert while the page is hidden and permission is granted', async () => {
    const { api, feed } = await startFeed();
    const fake = fakeNotificationApi('granted');
    attachBrowserPush(feed, {
      api: fake.api,
      navigate: vi.fn(),
      doc: { hidden: true },
      win: { focus: vi.fn() },
    });
    api.emit(
      NOTIFICATION_EVENT,
      notification('n1', { title: 'Leads low', description: 'Below the minimum.' }),
    );
    expect(fake.shown).toHaveLength(1);
    expect(fake.shown[0]!.title).toBe(PUSH_TITLE);
    expect(fake.shown[0]!.options).toEqual({
      body: 'Leads low\nBelow the minimum.',
      icon: PUSH_ICON,
      tag: 'n1',
    });
  });

  it('shows nothing while the page is visible, or without permission', async () => {
    const { api, feed } = await startFeed();
    const visible = fakeNotificationApi('granted');
    attachBrowserPush(feed, { api: visible.api, navigate: vi.fn(), doc: { hidden: false } });
    const denied = fakeNotificationApi('denied');
    attachBrowserPush(feed, { api: denied.api, navigate: vi.fn(), doc: { hidden: true } });
    const unasked = fakeNotificationApi('default');
    attachBrowserPush(feed, { api: unasked.api, navigate: vi.fn(), doc: { hidden: true } });
    api.emit(NOTIFICATION_EVENT, notification('n1'));
    expect(visible.shown).toHaveLength(0);
    expect(denied.shown).toHaveLength(0);
    expect(unasked.shown).toHaveLength(0);
    // Never asked by itself: only the centre's button asks.
    expect(unasked.api.requestPermission).not.toHaveBeenCalled();
  });

  it('a click focuses the window, runs the action, marks it read and closes the alert', async () => {
    const { api, feed } = await startFeed();
    const fake = fakeNotificationApi('granted');
    const navigate = vi.fn();
    const focus = vi.fn();
    attachBrowserPush(feed, { api: fake.api, navigate, doc: { hidden: true }, win: { focus } });
    api.emit(NOTIFICATION_EVENT, notification('n1', { path: '/app/dashboards/cockpit' }));
    const { alert } = fake.shown[0]!;
    alert.onclick?.(new Event('click'));
    expect(focus).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledWith('/app/dashboards/cockpit');
    expect(feed.get().unread).toBe(0);
    expect(alert.close).toHaveBeenCalled();
  });

  it('closes an alert once its notification is read elsewhere, and every alert at detach', async () => {
    const { api, feed } = await startFeed();
    const fake = fakeNotificationApi('granted');
    const detach = attachBrowserPush(feed, {
      api: fake.api,
      navigate: vi.fn(),
      doc: { hidden: true },
    });
    api.emit(NOTIFICATION_EVENT, notification('n1'));
    api.emit(NOTIFICATION_EVENT, notification('n2'));
    await feed.markRead(['n1']);
    expect(fake.shown[0]!.alert.close).toHaveBeenCalled();
    expect(fake.shown[1]!.alert.close).not.toHaveBeenCalled();
    detach();
    expect(fake.shown[1]!.alert.close).toHaveBeenCalled();
    api.emit(NOTIFICATION_EVENT, notification('n3'));
    expect(fake.shown).toHaveLength(2);
  });

  it('asks permission in the promise style', async () => {
    const fake = fakeNotificationApi('default', 'promise');
    await expect(requestNotificationPermission(fake.api)).resolves.toBe('granted');
  });

  it('asks permission in the callback style (requestPermission answers undefined)', async () => {
    const fake = fakeNotificationApi('default', 'callback');
    fake.api.answer = 'denied';
    await expect(requestNotificationPermission(fake.api)).resolves.toBe('denied');
  });

  it('desktop alerts tell their listeners the new permission', async () => {
    const fake = fakeNotificationApi('default', 'callback');
    const alerts = createDesktopAlerts(fake.api);
    const listener = vi.fn();
    alerts.subscribe(listener);
    expect(alerts.permission()).toBe('default');
    await expect(alerts.request()).resolves.toBe('granted');
    expect(alerts.permission()).toBe('granted');
    expect(listener).toHaveBeenCalledTimes(1);
    expect(createDesktopAlerts(null).permission()).toBe('unsupported');
  });
});
