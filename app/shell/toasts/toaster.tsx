import { Icon, type IconName } from '@/app/components/icon/icon';
import type { ToastKind } from '@/shared/transport/notifier';
import { dismissToast, useToastStore, type Toast } from './toast-store';
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

function ToastItem({ toast }: { toast: Toast }) {
  return (
    <div className={`ic-toast ic-toast--${toast.kind}`} data-kind={toast.kind}>
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
        onClick={() => dismissToast(toast.id)}
      >
        <Icon name="close" size="sm" />
      </button>
    </div>
  );
}

/**
 * The toasts, bottom-right. Two live regions that always exist, so screen readers
 * announce what is added: errors assertively (role="alert"), the rest politely.
 */
export function Toaster() {
  const toasts = useToastStore((state) => state.toasts);
  const errors = toasts.filter((toast) => toast.kind === 'danger');
  const others = toasts.filter((toast) => toast.kind !== 'danger');
  return (
    <div className="ic-toaster">
      <div className="ic-toaster__region" role="status" aria-live="polite">
        {others.map((toast) => (
          <ToastItem key={toast.id} toast={toast} />
        ))}
      </div>
      <div className="ic-toaster__region" role="alert" aria-live="assertive">
        {errors.map((toast) => (
          <ToastItem key={toast.id} toast={toast} />
        ))}
      </div>
    </div>
  );
}
