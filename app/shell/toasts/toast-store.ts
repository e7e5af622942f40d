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
  /** The sender's name for it (ToastOptions.id), to take it back with dismissToastById. */
  key?: string;
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
 * so a burst of failing requests reads as one message. A toast with an id (ToastOptions.id)
 * is compared only with the one of that id, which it replaces when it says something else.
 */
export function showToast(kind: ToastKind, message: string, options: ToastOptions = {}): number {
  const persistent = options.persistent === true;
  const durationMs = options.durationMs ?? TOAST_DURATION_MS[kind];
  const isSame = (toast: Toast) =>
    toast.kind === kind && toast.message === message && toast.title === options.title;
  // A named toast replaces the one of its name (issue #28: one socket error at a time).
  const named = options.id === undefined ? undefined : findByKey(options.id);
  if (named && !isSame(named)) dismissToast(named.id);
  const same =
    options.id === undefined
      ? useToastStore.getState().toasts.find((toast) => toast.key === undefined && isSame(toast))
      : named && isSame(named)
        ? named
        : undefined;
  if (same) {
    if (!same.persistent) arm(same.id, durationMs);
    return same.id;
  }

  const toast: Toast = { id: nextId++, kind, message, title: options.title, persistent };
  if (options.id !== undefined) toast.key = options.id;
  let next = [...useToastStore.getState().toasts, toast];
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

function findByKey(key: string): Toast | undefined {
  return useToastStore.getState().toasts.find((toast) => toast.key === key);
}

/** Removes the toast shown under this name (ToastOptions.id), if it is still on screen. */
export function dismissToastById(key: string): void {
  const toast = findByKey(key);
  if (toast) dismissToast(toast.id);
}

export function clearToasts(): void {
  for (const id of [...timers.keys()]) clearTimer(id);
  useToastStore.setState({ toasts: [] });
}

/** The host's notify (ARCHITECTURE.md "The host"): every screen's toasts land here. */
export const notifyWithToasts: Notifier = (kind, message, options) => {
  showToast(kind, message, options);
};
