import { create } from 'zustand';
import {
  toastLifetimeMs,
  type Notifier,
  type ToastKind,
  type ToastOptions,
} from '@/shared/transport/notifier';

export interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
  title?: string;
  /** Stays until dismissed: every error toast, and those sent as persistent. */
  persistent: boolean;
  /** How long a timed toast stays by itself (toastLifetimeMs); null when persistent. */
  lifetimeMs: number | null;
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
/** Toasts under the pointer or holding the focus: their timer waits (holdToast). */
const held = new Set<number>();
let nextId = 1;

function clearTimer(id: number): void {
  const timer = timers.get(id);
  if (timer !== undefined) clearTimeout(timer);
  timers.delete(id);
}

function arm(id: number, durationMs: number): void {
  clearTimer(id);
  // A toast being read (hovered or focused) is not taken away; releaseToast re-arms it.
  if (held.has(id)) return;
  timers.set(
    id,
    setTimeout(() => dismissToast(id), durationMs),
  );
}

/**
 * Shows a toast (spec: session 2 / 8 — success 1 s, info; bottom-right). Error toasts stay
 * until dismissed, and timed ones wait while hovered or focused (toastLifetimeMs: issue
 * #30, accessibility over the spec's 2 s). A toast identical to one on screen restarts
 * that one's timer instead of stacking a copy, so a burst of failing requests reads as one
 * message. A toast with an id (ToastOptions.id) is compared only with the one of that id,
 * which it replaces when it says something else.
 */
export function showToast(kind: ToastKind, message: string, options: ToastOptions = {}): number {
  const lifetimeMs = toastLifetimeMs(kind, options);
  const persistent = lifetimeMs === null;
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
    if (same.lifetimeMs !== null) arm(same.id, same.lifetimeMs);
    return same.id;
  }

  const toast: Toast = {
    id: nextId++,
    kind,
    message,
    title: options.title,
    persistent,
    lifetimeMs,
  };
  if (options.id !== undefined) toast.key = options.id;
  let next = [...useToastStore.getState().toasts, toast];
  while (next.length > MAX_TOASTS) {
    const drop = next.find((item) => !item.persistent) ?? next[0]!;
    clearTimer(drop.id);
    held.delete(drop.id);
    next = next.filter((item) => item !== drop);
  }
  useToastStore.setState({ toasts: next });
  if (lifetimeMs !== null) arm(toast.id, lifetimeMs);
  return toast.id;
}

/** The pointer is over the toast or the focus is in it: it stays while it is read. */
export function holdToast(id: number): void {
  held.add(id);
  clearTimer(id);
}

/**
 * The pointer and the focus have left the toast: a timed one gets its whole time again
 * (not what was left of it, which could be a few milliseconds).
 */
export function releaseToast(id: number): void {
  if (!held.delete(id)) return;
  const toast = useToastStore.getState().toasts.find((item) => item.id === id);
  if (toast?.lifetimeMs != null) arm(id, toast.lifetimeMs);
}

export function dismissToast(id: number): void {
  clearTimer(id);
  held.delete(id);
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
  held.clear();
  useToastStore.setState({ toasts: [] });
}

/** The host's notify (ARCHITECTURE.md "The host"): every screen's toasts land here. */
export const notifyWithToasts: Notifier = (kind, message, options) => {
  showToast(kind, message, options);
};
