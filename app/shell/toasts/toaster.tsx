import { useRef } from 'react';
import { Icon, type IconName } from '@/app/components/icon/icon';
import { useToastHold } from '@/app/components/toast/use-toast-hold';
import type { ToastKind } from '@/shared/transport/notifier';
import { dismissToast, holdToast, releaseToast, useToastStore, type Toast } from './toast-store';
import './toaster.css';

// spec: session 2 / dashboards 8 — danger with a warning icon, success with a thumbs-up icon.
const ICONS: Record<ToastKind, IconName> = {
  success: 'thumbs-up',
  danger: 'warning',
  info: 'info',
};
const KIND_LABELS: Record<ToastKind, string> = {
  success: 'Success',
  danger: 'Error',
  info: 'Information',
};

/** Where the focus goes when the toast holding it goes: the page's main content. */
const MAIN_CONTENT_ID = 'ic-main';

/**
 * One toast. While the pointer is over it or the focus is in it, its timer waits
 * (holdToast), so a 1 s "Cockpit goals saved." can be read; Escape or the close button
 * dismisses it. An error toast has no timer: it stays until dismissed (issue #30).
 */
function ToastItem({ toast, onDismiss }: { toast: Toast; onDismiss: (id: number) => void }) {
  const handlers = useToastHold({
    hold: () => holdToast(toast.id),
    release: () => releaseToast(toast.id),
    dismiss: () => onDismiss(toast.id),
  });
  return (
    <div
      className={`ic-toast ic-toast--${toast.kind}`}
      data-kind={toast.kind}
      data-toast-id={toast.id}
      {...handlers}
    >
      <span className="ic-toast__icon">
        <Icon name={ICONS[toast.kind]} />
      </span>
      <div className="ic-toast__content">
        <span className="ic-toast__title">{toast.title ?? KIND_LABELS[toast.kind]}</span>
        <p className="ic-toast__message">{toast.message}</p>
      </div>
      <button
        type="button"
        className="ic-toast__close"
        aria-label="Dismiss notification"
        onClick={() => onDismiss(toast.id)}
      >
        <Icon name="close" size="sm" />
      </button>
    </div>
  );
}

/**
 * The toasts, bottom-right. Two live regions that always exist, so screen readers
 * announce what is added: errors assertively (role="alert"), the rest politely
 * (role="status"). Dismissing the toast that holds the focus moves it to the next toast,
 * else to the page's main content: the focus is never dropped on the body.
 */
export function Toaster() {
  const toasts = useToastStore((state) => state.toasts);
  const rootRef = useRef<HTMLDivElement>(null);
  const errors = toasts.filter((toast) => toast.kind === 'danger');
  const others = toasts.filter((toast) => toast.kind !== 'danger');

  function dismiss(id: number) {
    const root = rootRef.current;
    const hadFocus = root
      ?.querySelector(`[data-toast-id="${id}"]`)
      ?.contains(document.activeElement);
    dismissToast(id);
    if (!hadFocus || !root) return;
    // The toast is gone from the store; React removes it on the next render.
    const next = [...root.querySelectorAll<HTMLElement>('[data-toast-id]')].find(
      (element) => element.dataset.toastId !== String(id),
    );
    const target =
      next?.querySelector<HTMLElement>('.ic-toast__close') ??
      document.getElementById(MAIN_CONTENT_ID);
    target?.focus();
  }

  return (
    <div className="ic-toaster" ref={rootRef}>
      <div className="ic-toaster__region" role="status" aria-live="polite">
        {others.map((toast) => (
          <ToastItem key={toast.id} toast={toast} onDismiss={dismiss} />
        ))}
      </div>
      <div className="ic-toaster__region" role="alert" aria-live="assertive">
        {errors.map((toast) => (
          <ToastItem key={toast.id} toast={toast} onDismiss={dismiss} />
        ))}
      </div>
    </div>
  );
}
