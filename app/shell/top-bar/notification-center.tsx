import { useId } from 'react';
import { Icon } from '@/app/components/icon/icon';
import { useDismissable } from '@/app/components/popover/use-dismissable';
import '@/app/components/popover/popover.css';

/**
 * spec: session 2 Top bar — the notification centre. The bell and its count are here;
 * reading socket notifications (and keeping read ones for 30 days) comes with the
 * notifications issue, so today the count is what the caller passes (0).
 */
export function NotificationCenter({
  unread = 0,
  buttonClassName,
}: {
  unread?: number;
  buttonClassName?: string;
}) {
  const { open, toggle, containerRef, triggerRef } = useDismissable();
  const panelId = useId();
  const label = unread > 0 ? `Notifications, ${unread} unread` : 'Notifications';
  return (
    <div className="ic-topbar__popover-anchor" ref={containerRef}>
      <button
        ref={triggerRef}
        type="button"
        className={buttonClassName}
        aria-label={label}
        title="Notifications"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={toggle}
      >
        <Icon name="bell" />
        {unread > 0 ? (
          <span className="ic-topbar__badge" aria-hidden="true">
            {unread > 99 ? '99+' : unread}
          </span>
        ) : null}
      </button>
      {open ? (
        <div className="ic-popover ic-popover--end ic-topbar__notifications" id={panelId}>
          <h2 className="ic-popover__title">Notifications</h2>
          <div className="ic-topbar__empty">
            <Icon name="check" />
            <p>
              You&rsquo;re all caught up. New notifications from your workspace will appear here.
            </p>
          </div>
        </div>
      ) : null}
    </div>
  );
}
