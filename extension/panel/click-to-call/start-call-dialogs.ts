import type { SiteFamily } from '@/extension/lib/site-families';
import type { CallRequest } from '@/app/calls/click-to-call';
import type { Host } from '@/app/host/host';
import type { CallSession } from '@/shared/calls/call-session';
import type { Notifier } from '@/shared/transport/notifier';
import type { WidgetEnvironment } from '@/widgets/widget-environment';
import type { CallDialogs } from './call-dialogs';
import { startCallButtons, whileClickToCall, type ClickToCallSource } from './start-click-to-call';
import { CALL_DIALOGS_TAG } from './tags';

// The dialogs' half of click-to-call (the panel frame's in the extension, issue #29), and
// both halves in one document. Apart from start-click-to-call.ts so that the CRM page's
// side, which has only the buttons, carries none of the dialogs' code.

/** A press of a call button: who and which number, and whether by a pointer. */
export type CallPress = CallRequest & { pointer?: boolean };

/**
 * Presses from a source that may come before anyone listens (issue #29: the background
 * hands the panel frame a press while its dialogs are still on their way): the latest
 * press is kept for `holdMs` and given to the next listener; later ones go straight to
 * the listeners.
 */
export function holdLatestPress(
  subscribe: (listener: (press: CallPress) => void) => () => void,
  holdMs: number,
  now: () => number = Date.now,
): { subscribe: (listener: (press: CallPress) => void) => () => void; stop: () => void } {
  const listeners = new Set<(press: CallPress) => void>();
  let held: { press: CallPress; at: number } | null = null;
  const stop = subscribe((press) => {
    if (listeners.size === 0) {
      held = { press, at: now() };
      return;
    }
    for (const listener of listeners) listener(press);
  });
  return {
    subscribe(listener) {
      listeners.add(listener);
      const waiting = held;
      held = null;
      if (waiting && now() - waiting.at <= holdMs) listener(waiting.press);
      return () => void listeners.delete(listener);
    },
    stop,
  };
}

export interface CallDialogsOptions {
  /** The panel mount's lifetime: the dialogs go with it. */
  signal: AbortSignal;
  /** The tab's widget environment (port-environment.ts): the host, once signed in. */
  environment: WidgetEnvironment;
  /** The background's active call (port-call-session.ts), one per tab. */
  calls: CallSession;
  /** Subscribes to presses of a call button (the page's, through the background). */
  onRequest: (listener: (request: CallPress) => void) => () => void;
  /** Where the flow's toasts go (the panel's notice line). */
  notify?: Notifier;
  /** The dialogs' shadow root: closed on a CRM page, open in the panel frame. */
  shadowMode?: ShadowRootMode;
  doc?: Document;
}

/** The environment's host for click-to-call, while it is ready (null before). */
function clickToCallHost(
  options: Pick<CallDialogsOptions, 'environment' | 'signal' | 'notify' | 'doc'>,
): ClickToCallSource<Host> {
  const doc = options.doc ?? document;
  // The environment hands a host out per element; this one stands for click-to-call.
  const store = options.environment.attach(doc.createElement(CALL_DIALOGS_TAG), {
    notify: options.notify ?? (() => {}),
  });
  options.signal.addEventListener('abort', () => store.release(), { once: true });
  return {
    get: () => {
      const state = store.get();
      return state.status === 'ready' ? state.host : null;
    },
    subscribe: store.subscribe,
  };
}

/**
 * The dialogs' half (issue #13): the app's click-to-call flow, opened for every press
 * while the session may call; a started call becomes the background's active call.
 * The dialogs (the flow and its styles) are their own chunk, fetched when the session
 * qualifies, off the panel's first load; a press before it is here opens the flow when
 * it arrives.
 */
export function startCallDialogs(options: CallDialogsOptions): void {
  const hosts = clickToCallHost(options);
  whileClickToCall(
    options.signal,
    hosts,
    (host) => host.session,
    (host, signal) => {
      let dialogs: CallDialogs | null = null;
      let waiting: CallPress | null = null;
      const stop = options.onRequest((request) => {
        if (dialogs) dialogs.startCall(request);
        else waiting = request;
      });
      signal.addEventListener('abort', stop, { once: true });
      void import('./call-dialogs')
        .then(({ mountCallDialogs }) => {
          if (signal.aborted) return;
          dialogs = mountCallDialogs({
            host: { ...host, calls: options.calls },
            signal,
            doc: options.doc,
            shadowMode: options.shadowMode,
          });
          if (waiting) dialogs.startCall(waiting);
          waiting = null;
        })
        .catch(() => options.notify?.('danger', 'Click-to-call could not load. Reload the page.'));
    },
  );
}

export interface StartClickToCallOptions {
  family: SiteFamily;
  signal: AbortSignal;
  environment: WidgetEnvironment;
  calls: CallSession;
  notify?: Notifier;
  doc?: Document;
  delayMs?: number;
}

/**
 * Both halves in one document (the buttons' presses open the dialogs beside them): what
 * a page without the panel frame would do, and how the unit tests drive the whole flow.
 */
export function startClickToCall(options: StartClickToCallOptions): void {
  const listeners = new Set<(request: CallPress) => void>();
  startCallDialogs({
    ...options,
    onRequest: (listener) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  });
  const hosts = clickToCallHost(options);
  startCallButtons({
    ...options,
    session: { get: () => hosts.get()?.session ?? null, subscribe: hosts.subscribe },
    onCall: (request, how) => {
      for (const listener of listeners) listener({ ...request, pointer: how.pointer });
    },
  });
}
