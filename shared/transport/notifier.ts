/** Toast kinds of spec session 2 "Other shell elements": danger, success, info. */
export type ToastKind = 'danger' | 'success' | 'info';

export interface ToastOptions {
  title?: string;
  /** Overrides the kind's default duration (success 1 s, danger 2 s, info 3 s). */
  durationMs?: number;
  /** Stays until dismissed (spec: session 4 Sockets, reconnect exhausted). */
  persistent?: boolean;
}

export type Notifier = (kind: ToastKind, message: string, options?: ToastOptions) => void;

// spec: session 8 — success toasts last 1 second, error toasts 2 seconds.
export const TOAST_DURATION_MS: Record<ToastKind, number> = {
  success: 1000,
  danger: 2000,
  info: 3000,
};
