import type { SiteFamily } from '@/extension/lib/site-families';
import type { CallRequest } from '@/app/calls/click-to-call';
import { canClickToCall } from '@/shared/domain/click-to-call';
import type { HostSession } from '@/shared/session/host-session';
import type { PressKind } from './call-button';
import { watchPhoneButtons } from './phone-buttons';

/** Something that changes: its value now (null while there is none), and its changes. */
export interface ClickToCallSource<T> {
  get(): T | null;
  subscribe(listener: () => void): () => void;
}

/**
 * Runs `start` for as long as the tab's session may click to call (issue #13: a role that
 * takes calls, in a workspace with call tracking, `canClickToCall`), again for each new
 * sign-in, and stops it (its signal aborts) when the session stops qualifying or `signal`
 * aborts. `sessionOf` reads the session out of the source's value.
 */
export function whileClickToCall<T>(
  signal: AbortSignal,
  source: ClickToCallSource<T>,
  sessionOf: (value: T) => HostSession,
  start: (value: T, signal: AbortSignal) => void,
): void {
  if (signal.aborted) return;
  let running: { key: string; controller: AbortController } | null = null;

  function update(): void {
    const value = source.get();
    const { user, workspace } = value === null ? { user: null, workspace: null } : sessionOf(value);
    const key =
      value !== null && canClickToCall(user?.role, workspace) ? `${user?.id}|${workspace?.id}` : '';
    if ((running?.key ?? '') === key) return;
    running?.controller.abort();
    running = null;
    if (value === null || key === '' || signal.aborted) return;
    const controller = new AbortController();
    running = { key, controller };
    start(value, controller.signal);
  }

  const unsubscribe = source.subscribe(update);
  update();
  signal.addEventListener(
    'abort',
    () => {
      unsubscribe();
      running?.controller.abort();
      running = null;
    },
    { once: true },
  );
}

export interface CallButtonsOptions {
  family: SiteFamily;
  /**
   * The panel mount's lifetime: aborted on the CRM's navigation, on sign-out and when the
   * extension goes away. Every button and the observer go with it.
   */
  signal: AbortSignal;
  /** The tab's signed-in host session (null while signed out or not known yet). */
  session: ClickToCallSource<HostSession>;
  /** A button was pressed: who and which number, as the page shows it, and how. */
  onCall: (request: CallRequest, how: PressKind) => void;
  doc?: Document;
  /** The observer's gathering delay (ms); tests pass a short one. */
  delayMs?: number;
}

/**
 * The CRM page's half of click-to-call (issue #13): buttons next to the page's phone
 * numbers while the session may call; a press goes to `onCall`. In the extension the
 * dialogs are in the panel frame (issue #29), so `onCall` hands the press to it.
 */
export function startCallButtons(options: CallButtonsOptions): void {
  whileClickToCall(
    options.signal,
    options.session,
    (session) => session,
    (_session, signal) =>
      watchPhoneButtons({
        family: options.family,
        signal,
        onCall: options.onCall,
        doc: options.doc,
        delayMs: options.delayMs,
      }),
  );
}
