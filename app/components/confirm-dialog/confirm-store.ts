import type { ReactNode } from 'react';
import { create } from 'zustand';
import type { ButtonVariant } from '../button/button';

/**
 * spec: session 2 Dialogs — generic confirm: icon, title, subtitle, body, cancel and submit
 * text and colours. It submits on the value 1 (cancel, Escape and click-away give 0).
 */
export interface ConfirmOptions {
  icon?: 'warning' | 'info' | 'question' | 'danger' | 'success';
  title: string;
  subtitle?: string;
  body?: ReactNode;
  cancelText?: string;
  submitText?: string;
  cancelColor?: ButtonVariant;
  submitColor?: ButtonVariant;
}

export type ConfirmResult = 0 | 1;

interface PendingConfirm {
  id: number;
  options: ConfirmOptions;
  resolve: (result: ConfirmResult) => void;
}

/** Requests wait in line: one dialog at a time. */
export const useConfirmStore = create<{ queue: PendingConfirm[] }>()(() => ({ queue: [] }));

let nextId = 1;

export function requestConfirm(options: ConfirmOptions): Promise<ConfirmResult> {
  return new Promise((resolve) => {
    useConfirmStore.setState((state) => ({
      queue: [...state.queue, { id: nextId++, options, resolve }],
    }));
  });
}

export function settleConfirm(id: number, result: ConfirmResult): void {
  const pending = useConfirmStore.getState().queue.find((item) => item.id === id);
  if (!pending) return;
  useConfirmStore.setState((state) => ({ queue: state.queue.filter((item) => item.id !== id) }));
  pending.resolve(result);
}
