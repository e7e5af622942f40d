/** Toast kinds of spec session 2 "Other shell elements": danger, success, info. */
export type ToastKind = 'danger' | 'success' | 'info';

export interface ToastOptions {
  title?: string;
  /**
   * Overrides the kind's default duration (success 1 s, info 3 s). Danger toasts ignore
   * it: they stay until dismissed (toastLifetimeMs).
   */
  durationMs?: number;
  /** Stays until dismissed (spec: session 4 Sockets, reconnect exhausted). */
  persistent?: boolean;
  /**
   * Names the toast, so that its sender can take it back with a NoticeDismisser (issue
   * #28: the persistent socket error goes once the socket is connected again). A toast
   * shown again under the same id replaces the one on screen instead of stacking.
   */
  id?: string;
}

export type Notifier = (kind: ToastKind, message: string, options?: ToastOptions) => void;

/**
 * Removes the toast shown with this id (ToastOptions.id), if it is still there. Given by
 * hosts with lasting toasts (the app's toaster); the extension's worker has none: its
 * surfaces follow the socket's status instead.
 */
export type NoticeDismisser = (id: string) => void;

// spec: session 8 — success toasts last 1 second, error toasts 2 seconds.
export const TOAST_DURATION_MS: Record<ToastKind, number> = {
  success: 1000,
  danger: 2000,
  info: 3000,
};

/**
 * How long a toast stays by itself; null: until the person dismisses it (or its sender
 * takes it back). Departure from the spec's timing (issue #30, docs/behaviour-notes.md):
 * an error toast stays until dismissed, since 2 s is too short to read it, let alone with
 * a screen reader or a magnifier (WCAG 2.2.1 Timing Adjustable). The timed ones (success
 * 1 s, info 3 s) wait while hovered or focused: the toasters hold their timer.
 */
export function toastLifetimeMs(kind: ToastKind, options: ToastOptions = {}): number | null {
  if (options.persistent === true || kind === 'danger') return null;
  return options.durationMs ?? TOAST_DURATION_MS[kind];
}
