import { formatDistanceStrict, isValid, parseISO } from 'date-fns';
import {
  useContext,
  useEffect,
  useId,
  useRef,
  useState,
  type KeyboardEvent as ReactKeyboardEvent,
} from 'react';
import { Icon } from '@/app/components/icon/icon';
import { useDismissable } from '@/app/components/popover/use-dismissable';
import { HostContext } from '@/app/host/host';
import type { Notification } from '@/shared/contracts/notification';
import { useDesktopAlerts, useLiveFeed, useLiveSnapshot } from './live-context';
import '@/app/components/visually-hidden/visually-hidden.css';

// Styles: app/live/notification-center.css, imported by whoever renders this (the top bar
// plainly, the extension panel `?inline` into its shadow root), so it never leaks.

/**
 * "5 minutes ago" (date-fns); "Just now" for the first minute, where date-fns says "0
 * seconds ago" (and a clock a little behind the server's would say "in 3 seconds"); an
 * unreadable time says nothing rather than "NaN".
 */
export function relativeTime(iso: string, now: Date = new Date()): string {
  const date = parseISO(iso);
  if (!isValid(date)) return '';
  if (Math.abs(now.getTime() - date.getTime()) < 60_000) return 'Just now';
  return formatDistanceStrict(date, now, { addSuffix: true });
}

function bellLabel(unread: number): string {
  return unread > 0 ? `Notifications, ${unread} unread` : 'Notifications';
}

/** Relative times are redrawn each minute while the list is open. */
const TICK_MS = 60_000;

/** Arrow keys, Home and End move between the items' main buttons. */
function onListKeyDown(event: ReactKeyboardEvent<HTMLUListElement>) {
  const keys = ['ArrowDown', 'ArrowUp', 'Home', 'End'];
  if (!keys.includes(event.key)) return;
  const items = [
    ...event.currentTarget.querySelectorAll<HTMLButtonElement>('.ic-notifications__open'),
  ];
  if (items.length === 0) return;
  event.preventDefault();
  const root = event.currentTarget.getRootNode() as Document | ShadowRoot;
  const at = items.indexOf(root.activeElement as HTMLButtonElement);
  items[nextItemIndex(event.key, at, items.length - 1)]?.focus();
}

/** The item a key moves to from `at` (-1: none focused); the ends wrap around. */
function nextItemIndex(key: string, at: number, last: number): number {
  if (key === 'Home') return 0;
  if (key === 'End') return last;
  if (key === 'ArrowDown') return at < 0 || at === last ? 0 : at + 1;
  return at <= 0 ? last : at - 1;
}

/**
 * spec: session 2 Top bar — the notification centre, in the app's top bar and the
 * extension's panel (issue #12). The DOM is a contract (e2e tests rely on it): the bell
 * `data-testid="notification-bell"` with `data-unread`, items `li[data-notification-id]`
 * with `data-read`, 'Mark "TITLE" as read', "Mark all as read", "You're all caught up".
 */
export function NotificationCenter({
  buttonClassName,
  onNavigate,
}: {
  /** The bell's look in its bar; the centre's own styles do the rest. */
  buttonClassName?: string;
  /** Opens a notification's path; default: the host's navigate (the app's router). */
  onNavigate?: (path: string) => void;
}) {
  const feed = useLiveFeed();
  const snapshot = useLiveSnapshot();
  const host = useContext(HostContext);
  const navigate = onNavigate ?? host?.navigate;
  const { open, toggle, close, containerRef, triggerRef } = useDismissable();
  const panelRef = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const titleId = useId();
  const [, setTick] = useState(0);
  const announcement = useArrivalAnnouncement();
  const { unread, notifications, status } = snapshot;

  useEffect(() => {
    if (!open) return;
    // Into the panel, so Tab and the arrow keys go through it and a reader names it.
    panelRef.current?.focus();
    const timer = setInterval(() => setTick((tick) => tick + 1), TICK_MS);
    return () => clearInterval(timer);
  }, [open]);

  function openItem(notification: Notification) {
    if (!notification.read) void feed?.markRead([notification.id]);
    if (notification.path && navigate) {
      close(false);
      navigate(notification.path);
    }
  }

  return (
    <div className="ic-notifications" ref={containerRef}>
      <button
        ref={triggerRef}
        type="button"
        className={['ic-notifications__bell', buttonClassName].filter(Boolean).join(' ')}
        data-testid="notification-bell"
        data-unread={unread}
        aria-label={bellLabel(unread)}
        title="Notifications"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={toggle}
      >
        <Icon name="bell" />
        {unread > 0 ? (
          <span className="ic-notifications__badge" aria-hidden="true">
            {unread > 99 ? '99+' : unread}
          </span>
        ) : null}
      </button>
      <div className="ic-visually-hidden" aria-live="polite" aria-atomic="true">
        {announcement}
      </div>
      {open ? (
        <div
          ref={panelRef}
          className="ic-notifications__panel"
          id={panelId}
          role="dialog"
          aria-labelledby={titleId}
          tabIndex={-1}
        >
          <div className="ic-notifications__header">
            <h2 className="ic-notifications__title" id={titleId}>
              Notifications
            </h2>
            {notifications.length > 0 ? (
              <button
                type="button"
                className="ic-notifications__link"
                disabled={unread === 0}
                onClick={() => void feed?.markAllRead()}
              >
                Mark all as read
              </button>
            ) : null}
          </div>
          <DesktopAlertsOffer />
          {snapshot.notice ? (
            <p className="ic-notifications__notice" role="status">
              {snapshot.notice}
            </p>
          ) : null}
          {status === 'loading' && notifications.length === 0 ? (
            <p className="ic-notifications__state" role="status">
              Loading notifications…
            </p>
          ) : status === 'error' && notifications.length === 0 ? (
            <div className="ic-notifications__state" role="alert">
              <p>Notifications could not be loaded.</p>
              <button
                type="button"
                className="ic-notifications__retry"
                onClick={() => feed?.reload()}
              >
                Try again
              </button>
            </div>
          ) : notifications.length === 0 ? (
            <div className="ic-notifications__state ic-notifications__state--empty">
              <Icon name="check" />
              <p>
                You&rsquo;re all caught up. New notifications from your workspace will appear here.
              </p>
            </div>
          ) : (
            <ul
              className="ic-notifications__list"
              aria-labelledby={titleId}
              onKeyDown={onListKeyDown}
            >
              {notifications.map((notification) => (
                <NotificationItem
                  key={notification.id}
                  notification={notification}
                  onOpen={() => openItem(notification)}
                  onMarkRead={() => void feed?.markRead([notification.id])}
                />
              ))}
            </ul>
          )}
        </div>
      ) : null}
    </div>
  );
}

function NotificationItem({
  notification,
  onOpen,
  onMarkRead,
}: {
  notification: Notification;
  onOpen: () => void;
  onMarkRead: () => void;
}) {
  const { id, title, description, time, actionRequired, read, path } = notification;
  const when = relativeTime(time);
  return (
    <li
      className="ic-notifications__item"
      data-notification-id={id}
      data-read={String(read)}
      data-action-required={String(actionRequired)}
    >
      <button type="button" className="ic-notifications__open" onClick={onOpen}>
        {read ? null : <span className="ic-notifications__dot" aria-hidden="true" />}
        <span className="ic-notifications__body">
          <span className="ic-notifications__item-title">
            {read ? null : <span className="ic-visually-hidden">Unread: </span>}
            {title}
          </span>
          {description ? (
            <span className="ic-notifications__description">{description}</span>
          ) : null}
          <span className="ic-notifications__meta">
            {actionRequired ? (
              <span className="ic-notifications__action">Action required</span>
            ) : null}
            {when ? (
              <time dateTime={time} title={new Date(time).toLocaleString()}>
                {when}
              </time>
            ) : null}
            {path ? <span className="ic-visually-hidden">, opens {path}</span> : null}
          </span>
        </span>
      </button>
      {read ? null : (
        <button
          type="button"
          className="ic-notifications__mark"
          aria-label={`Mark "${title}" as read`}
          title="Mark as read"
          onClick={onMarkRead}
        >
          <Icon name="check" size="sm" />
        </button>
      )}
    </li>
  );
}

/** "Turn on desktop alerts": only while the browser has not been asked (a click asks). */
function DesktopAlertsOffer() {
  const desktop = useDesktopAlerts();
  const [asking, setAsking] = useState(false);
  if (!desktop || desktop.permission !== 'default') return null;
  return (
    <div className="ic-notifications__offer">
      <Icon name="monitor" size="sm" />
      <span>Get a desktop alert when a notification arrives while this tab is hidden.</span>
      <button
        type="button"
        className="ic-notifications__link"
        disabled={asking}
        onClick={() => {
          setAsking(true);
          void desktop.alerts.request().finally(() => setAsking(false));
        }}
      >
        Turn on desktop alerts
      </button>
    </div>
  );
}

/** What the polite live region says: the newest arrival ("New notification: …"). */
function useArrivalAnnouncement(): string {
  const feed = useLiveFeed();
  const [text, setText] = useState('');
  useEffect(() => {
    if (!feed) return;
    return feed.onArrival((notification) => {
      const marker = notification.actionRequired ? ' Action required.' : '';
      setText(`New notification: ${notification.title}.${marker}`);
    });
  }, [feed]);
  return text;
}
