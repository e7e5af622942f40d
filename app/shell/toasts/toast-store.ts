import { create } from 'zustand';
import {
  TOAST_DURATION_MS,
  type Notifier,
  type ToastKind,
  type ToastOptions,
} from '@/shared/transport/notifier';

export interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
  title?: string;
  persistent: boolean;
}

interface ToastState {
  toasts: Toast[];
}

/** At most this many toasts at once; the oldest ones that can expire make room first. */
export const MAX_TOASTS = 5;

export const useToastStore = create<ToastState>()(() => ({ toasts: [] }));

const timers = new Map<number, ReturnType<typeof setTimeout>>();
let nextId = 1;

function clearTimer(id: number): void {
  const timer = timers.get(id);
  if (timer !== undefined) clearTimeout(timer);
  timers.delete(id);
}

function arm(id: number, durationMs: number): void {
  clearTimer(id);
  timers.set(
    id,
    setTimeout(() => dismissToast(id), durationMs),
  );
}

/**
 * Shows a toast (spec: session 2 / 8 — success 1 s, danger 2 s, info; bottom-right).
 * A toast identical to one on screen restarts that one's timer instead of stacking a copy,
 * so a burst of failing requests reads as one message.
 */
export function showToast(kind: ToastKind, message: string, options: ToastOptions = {}): number {
  const persistent = options.persistent === true;
  const durationMs = options.durationMs ?? TOAST_DURATION_MS[kind];
  const { toasts } = useToastStore.getState();

  const same = toasts.find(
    (toast) => toast.kind === kind && toast.message === message && toast.title === options.title,
  );
  if (same) {
    if (!same.persistent) arm(same.id, durationMs);
    return same.id;
  }

  const toast: Toast = { id: nextId++, kind, message, title: options.title, persistent };
  let next = [...toasts, toast];
  while (next.length > MAX_TOASTS) {
    const drop = next.find((item) => !item.persistent) ?? next[0]!;
    clearTimer(drop.id);
    next = next.filter((item) => item !== drop);
  }
  useToastStore.setState({ toasts: next });
  if (!persistent) arm(toast.id, durationMs);
  return toast.id;
}

export function dismissToast(id: number): void {
  clearTimer(id);
  useToastStore.setState((state) => ({ toasts: state.toasts.filter((toast) => toast.id !== id) }));
}

export function clearToasts(): void {
  for (const id of [...timers.keys()]) clearTimer(id);
  useToastStore.setState({ toasts: [] });
}

/** The host's notify (ARCHITECTURE.md "The host"): every screen's toasts land here. */
export const notifyWithToasts: Notifier = (kind, message, options) => {
  showToast(kind, message, options);
};
