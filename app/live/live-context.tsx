import {
  createContext,
  useCallback,
  useContext,
  useMemo,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { IDLE_LIVE_SNAPSHOT, type LiveFeed, type LiveSnapshot } from '@/shared/live/live-feed';

/**
 * Desktop alerts as the notification centre offers them (app/live/browser-push.ts): the
 * permission now, and asking for it from a click (a user gesture).
 */
export interface DesktopAlerts {
  permission(): NotificationPermission | 'unsupported';
  /** Resolves once the browser answered; listeners hear the new permission. */
  request(): Promise<NotificationPermission | 'unsupported'>;
  subscribe(listener: () => void): () => void;
}

interface LiveContextValue {
  feed: LiveFeed | null;
  alerts: DesktopAlerts | null;
}

const LiveContext = createContext<LiveContextValue>({ feed: null, alerts: null });

/**
 * The live feed for everything under it (the top bar in the app, the extension's panel).
 * Without a feed the snapshot is idle: the bell shows nothing unread and no call count.
 * `alerts` only where this page pushes desktop notifications itself.
 */
export function LiveProvider({
  feed,
  alerts = null,
  children,
}: {
  feed: LiveFeed | null;
  alerts?: DesktopAlerts | null;
  children: ReactNode;
}) {
  const value = useMemo(() => ({ feed, alerts }), [feed, alerts]);
  return <LiveContext.Provider value={value}>{children}</LiveContext.Provider>;
}

export function useLiveFeed(): LiveFeed | null {
  return useContext(LiveContext).feed;
}

const noSubscription = () => () => {};

export function useLiveSnapshot(): LiveSnapshot {
  const feed = useLiveFeed();
  // Called as methods: a feed may be a class instance (the extension's port mirror).
  const subscribe = useCallback(
    (listener: () => void) => (feed ? feed.subscribe(listener) : () => {}),
    [feed],
  );
  const get = useCallback(() => (feed ? feed.get() : IDLE_LIVE_SNAPSHOT), [feed]);
  return useSyncExternalStore(subscribe, get, get);
}

const unsupported = () => 'unsupported' as const;

/** The desktop-alert permission, or null where this page does not push (the extension does). */
export function useDesktopAlerts(): {
  alerts: DesktopAlerts;
  permission: NotificationPermission | 'unsupported';
} | null {
  const { alerts } = useContext(LiveContext);
  const subscribe = useCallback(
    (listener: () => void) => (alerts ? alerts.subscribe(listener) : noSubscription()),
    [alerts],
  );
  const get = useCallback(() => (alerts ? alerts.permission() : unsupported()), [alerts]);
  const permission = useSyncExternalStore(subscribe, get, get);
  return alerts ? { alerts, permission } : null;
}
