import type { Host } from '@/app/host/host';
import type { SessionService } from '@/shared/session/session-service';

/** What a widget shows: its screen (ready), a sign-in or signed-out note, or a spinner. */
export type WidgetHostState =
  | { status: 'loading' }
  | { status: 'ready'; host: Host }
  | {
      status: 'signed-out';
      /** Why (a forced logout, the extension went away), if known. */
      message: string | null;
      /** Given when the widget may sign in itself (script-tag embed); absent in a CRM tab. */
      session?: Pick<SessionService, 'signIn'>;
      /** What to do instead (extension: "sign in from the toolbar button"). */
      hint?: string;
    };

export interface WidgetHostStore {
  get(): WidgetHostState;
  subscribe(listener: () => void): () => void;
  release(): void;
}

export interface WidgetAttachOptions {
  /** The `api-base` attribute (script-tag embed only). */
  apiBase?: string;
  /** Toasts for this element. */
  notify: Host['notify'];
}

/**
 * Where widgets get their host from: the extension's port to the background, or a
 * script-tag page's own direct session. Set once by the bundle's entry, before elements
 * connect; every element asks it for a store when it mounts.
 */
export interface WidgetEnvironment {
  attach(element: HTMLElement, options: WidgetAttachOptions): WidgetHostStore;
}

let current: WidgetEnvironment | null = null;

export function setWidgetEnvironment(environment: WidgetEnvironment): void {
  current = environment;
}

export function getWidgetEnvironment(): WidgetEnvironment {
  if (!current)
    throw new Error('Intake widgets: no environment was set before the first element connected.');
  return current;
}

/** A store over a value that changes, for environments to build theirs from. */
export function createValueStore<T>(initial: T) {
  let value = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    set(next: T) {
      value = next;
      for (const listener of [...listeners]) listener();
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}
