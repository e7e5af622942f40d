import { useSyncExternalStore } from 'react';
import { useToastHold } from '@/app/components/toast/use-toast-hold';
import { toastLifetimeMs, type Notifier, type ToastKind } from '@/shared/transport/notifier';

interface WidgetToast {
  id: number;
  kind: ToastKind;
  title?: string;
  message: string;
  /** null: stays until dismissed (every error toast; toastLifetimeMs). */
  lifetimeMs: number | null;
}

/**
 * The host's `notify` inside one widget: toasts shown in the widget's own shadow root,
 * timed like the app's (shared/transport/notifier.ts toastLifetimeMs): error toasts stay
 * until dismissed, timed ones wait while hovered or focused (issue #30).
 */
export function createWidgetToasts() {
  let toasts: WidgetToast[] = [];
  let nextId = 1;
  const listeners = new Set<() => void>();
  const timers = new Map<number, ReturnType<typeof setTimeout>>();
  const held = new Set<number>();
  const emit = () => listeners.forEach((listener) => listener());
  const clearTimer = (id: number) => {
    clearTimeout(timers.get(id));
    timers.delete(id);
  };
  const dismiss = (id: number) => {
    clearTimer(id);
    held.delete(id);
    toasts = toasts.filter((toast) => toast.id !== id);
    emit();
  };
  const arm = (toast: WidgetToast) => {
    clearTimer(toast.id);
    if (toast.lifetimeMs === null || held.has(toast.id)) return;
    timers.set(
      toast.id,
      setTimeout(() => dismiss(toast.id), toast.lifetimeMs),
    );
  };
  const notify: Notifier = (kind, message, options = {}) => {
    // The same message twice at once is one toast.
    if (toasts.some((toast) => toast.message === message && toast.kind === kind)) return;
    const toast: WidgetToast = {
      id: nextId++,
      kind,
      message,
      title: options.title,
      lifetimeMs: toastLifetimeMs(kind, options),
    };
    for (const dropped of toasts.slice(0, -2)) {
      clearTimer(dropped.id);
      held.delete(dropped.id);
    }
    toasts = [...toasts.slice(-2), toast];
    emit();
    arm(toast);
  };
  return {
    notify,
    dismiss,
    /** The pointer or the focus is on the toast: its timer waits. */
    hold(id: number) {
      held.add(id);
      clearTimer(id);
    },
    /** Both have left: a timed toast gets its whole time again. */
    release(id: number) {
      if (!held.delete(id)) return;
      const toast = toasts.find((item) => item.id === id);
      if (toast) arm(toast);
    },
    get: () => toasts,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

export type WidgetToasts = ReturnType<typeof createWidgetToasts>;

function WidgetToastItem({ toast, toasts }: { toast: WidgetToast; toasts: WidgetToasts }) {
  const handlers = useToastHold({
    hold: () => toasts.hold(toast.id),
    release: () => toasts.release(toast.id),
    dismiss: () => toasts.dismiss(toast.id),
  });
  return (
    <div className={`ic-widget__toast ic-widget__toast--${toast.kind}`} {...handlers}>
      {toast.title ? <strong>{toast.title} </strong> : null}
      <span>{toast.message}</span>
      <button
        type="button"
        aria-label="Dismiss notification"
        onClick={() => toasts.dismiss(toast.id)}
      >
        ×
      </button>
    </div>
  );
}

/**
 * The widget's toasts in two live regions that always exist (a region added together
 * with its text is often not announced): errors as an alert, the rest as a status.
 */
export function WidgetToastList({ toasts }: { toasts: WidgetToasts }) {
  const list = useSyncExternalStore(toasts.subscribe, toasts.get);
  const errors = list.filter((toast) => toast.kind === 'danger');
  const others = list.filter((toast) => toast.kind !== 'danger');
  return (
    <div className="ic-widget__toasts">
      <div className="ic-widget__toast-region" role="status" aria-live="polite">
        {others.map((toast) => (
          <WidgetToastItem key={toast.id} toast={toast} toasts={toasts} />
        ))}
      </div>
      <div className="ic-widget__toast-region" role="alert" aria-live="assertive">
        {errors.map((toast) => (
          <WidgetToastItem key={toast.id} toast={toast} toasts={toasts} />
        ))}
      </div>
    </div>
  );
}
