import type { Notification as LiveNotification } from '@/shared/contracts/notification';
import type { LiveFeed } from '@/shared/live/live-feed';
import type { DesktopAlerts } from './live-context';

/** spec: session 4 Shell — "the title is fixed text with a product icon". */
export const PUSH_TITLE = 'Intake Cockpit';
export const PUSH_ICON = '/favicon.svg';

/** What is used of a shown browser notification. */
export interface ShownAlert {
  onclick: ((event: Event) => void) | null;
  close(): void;
}

/**
 * The part of the browser's Notification constructor used here, so tests pass a fake.
 * `requestPermission` may answer a promise (today) or undefined and call back (old Safari).
 */
export interface NotificationConstructorLike {
  readonly permission: NotificationPermission;
  requestPermission(
    callback?: (permission: NotificationPermission) => void,
  ): Promise<NotificationPermission> | undefined | void;
  new (title: string, options?: NotificationOptions): ShownAlert;
}

/** The page's Notification, or null where there is none (some mobile browsers, workers). */
export function browserNotification(): NotificationConstructorLike | null {
  const candidate = (globalThis as { Notification?: unknown }).Notification;
  return typeof candidate === 'function' ? (candidate as NotificationConstructorLike) : null;
}

/**
 * Asks for permission in either style (spec: session 4 Shell): the promise, or the
 * callback of browsers whose requestPermission answers undefined. Whichever comes first
 * wins; a browser that throws answers its current permission.
 */
export function requestNotificationPermission(
  api: NotificationConstructorLike,
): Promise<NotificationPermission> {
  return new Promise((resolve) => {
    let settled = false;
    const done = (permission: NotificationPermission) => {
      if (settled) return;
      settled = true;
      resolve(permission);
    };
    try {
      const answer = api.requestPermission(done);
      if (answer && typeof answer.then === 'function') {
        answer.then(done, () => done(api.permission));
      }
    } catch {
      done(api.permission);
    }
  });
}

/**
 * The notification centre's "Turn on desktop alerts" (app/live/notification-center.tsx):
 * permission is never asked on page load, only from that button's click.
 */
export function createDesktopAlerts(api: NotificationConstructorLike | null): DesktopAlerts {
  const listeners = new Set<() => void>();
  let asked: NotificationPermission | null = null;
  const permission = () => (api ? (asked ?? api.permission) : 'unsupported');
  return {
    permission,
    async request() {
      if (!api) return 'unsupported';
      asked = await requestNotificationPermission(api);
      // The browser's own value once it has one (a fake or old browser may lag behind).
      if (api.permission !== 'default') asked = api.permission;
      for (const listener of [...listeners]) listener();
      return permission();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

export interface BrowserPushOptions {
  api: NotificationConstructorLike | null;
  /** Opens a notification's path (the app's router). */
  navigate(path: string): void;
  /** The page: pushes only while it is hidden. */
  doc?: Pick<Document, 'hidden'>;
  win?: Pick<Window, 'focus'>;
}

function alertBody(notification: LiveNotification): string {
  return notification.description
    ? `${notification.title}\n${notification.description}`
    : notification.title;
}

/**
 * Browser push for the app's own feed (issue #12): a notification that arrives while the
 * tab is hidden, with permission granted, shows as a desktop alert (fixed title, product
 * icon, tagged by id so one notification is one alert). A click focuses the window, runs
 * the action, marks it read and closes it; read elsewhere, it closes too. Answers the
 * detach. (The extension pushes through its own notifications instead.)
 */
export function attachBrowserPush(feed: LiveFeed, options: BrowserPushOptions): () => void {
  const { api } = options;
  if (!api) return () => {};
  const doc = options.doc ?? document;
  const win = options.win ?? window;
  const shown = new Map<string, ShownAlert>();

  const stopArrivals = feed.onArrival((notification) => {
    if (!doc.hidden || api.permission !== 'granted') return;
    let alert: ShownAlert;
    try {
      alert = new api(PUSH_TITLE, {
        body: alertBody(notification),
        icon: PUSH_ICON,
        tag: notification.id,
      });
    } catch {
      // Browsers that allow alerts only from a service worker (Chrome on Android): the
      // bell still has it.
      return;
    }
    shown.set(notification.id, alert);
    alert.onclick = (event) => {
      event.preventDefault?.();
      win.focus();
      if (notification.path) options.navigate(notification.path);
      void feed.markRead([notification.id]);
      alert.close();
      shown.delete(notification.id);
    };
  });

  const stopSnapshots = feed.subscribe(() => {
    if (shown.size === 0) return;
    for (const notification of feed.get().notifications) {
      const alert = shown.get(notification.id);
      if (alert && notification.read) {
        alert.close();
        shown.delete(notification.id);
      }
    }
  });

  return () => {
    stopArrivals();
    stopSnapshots();
    for (const alert of shown.values()) alert.close();
    shown.clear();
  };
}
