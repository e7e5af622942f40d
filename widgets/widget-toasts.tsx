import { useSyncExternalStore } from 'react';
import { TOAST_DURATION_MS, type Notifier, type ToastKind } from '@/shared/transport/notifier';

interface WidgetToast {
  id: number;
  kind: ToastKind;
  title?: string;
  message: string;
}

/** The host's `notify` inside one widget: toasts shown in the widget's own shadow root. */
export function createWidgetToasts() {
  let toasts: WidgetToast[] = [];
  let nextId = 1;
  const listeners = new Set<() => void>();
  const emit = () => listeners.forEach((listener) => listener());
  const dismiss = (id: number) => {
    toasts = toasts.filter((toast) => toast.id !== id);
    emit();
  };
  const notify: Notifier = (kind, message, options = {}) => {
    const id = nextId++;
    // The same message twice at once is one toast.
    if (toasts.some((toast) => toast.message === message && toast.kind === kind)) return;
    toasts = [...toasts.slice(-2), { id, kind, message, title: options.title }];
    emit();
    if (!options.persistent)
      setTimeout(() => dismiss(id), options.durationMs ?? TOAST_DURATION_MS[kind]);
  };
  return {
    notify,
    dismiss,
    get: () => toasts,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

export type WidgetToasts = ReturnType<typeof createWidgetToasts>;

export function WidgetToastList({ toasts }: { toasts: WidgetToasts }) {
  const list = useSyncExternalStore(toasts.subscribe, toasts.get);
  if (list.length === 0) return null;
  return (
    <div className="ic-widget__toasts" role="status">
      {list.map((toast) => (
        <div key={toast.id} className={`ic-widget__toast ic-widget__toast--${toast.kind}`}>
          {toast.title ? <strong>{toast.title} </strong> : null}
          <span>{toast.message}</span>
          <button type="button" aria-label="Dismiss" onClick={() => toasts.dismiss(toast.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
