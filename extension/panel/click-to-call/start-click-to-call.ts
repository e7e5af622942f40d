import type { SiteFamily } from '@/extension/lib/site-families';
import type { CallSession } from '@/shared/calls/call-session';
import { canClickToCall } from '@/shared/domain/click-to-call';
import type { Notifier } from '@/shared/transport/notifier';
import type { WidgetEnvironment } from '@/widgets/widget-environment';
import type { CallRequest } from '@/app/features/click-to-call';
import type { CallDialogs } from './call-dialogs';
import { watchPhoneButtons } from './phone-buttons';
import { CALL_DIALOGS_TAG } from './tags';

export interface StartClickToCallOptions {
  family: SiteFamily;
  /**
   * The panel mount's lifetime: aborted on the CRM's navigation, on sign-out and when the
   * extension goes away. Every button, the observer and the dialogs go with it.
   */
  signal: AbortSignal;
  /** The tab's widget environment (port-environment.ts): the host, once signed in. */
  environment: WidgetEnvironment;
  /** The background's active call (port-call-session.ts), one per tab. */
  calls: CallSession;
  /** Where the flow's toasts go (the panel's notice line). */
  notify?: Notifier;
  doc?: Document;
  /** The observer's gathering delay (ms); tests pass a short one. */
  delayMs?: number;
}

/**
 * Click-to-call in a CRM tab (issue #13): once the tab's host session is known and it is
 * a role that takes calls in a workspace with call tracking (`canClickToCall`), the
 * page's phone numbers get call buttons and a press opens the click-to-call flow; a
 * started call becomes the background's active call. Nothing is added otherwise, and
 * everything is removed when `signal` aborts or the session stops qualifying.
 */
export function startClickToCall(options: StartClickToCallOptions): void {
  const doc = options.doc ?? document;
  const { signal } = options;
  if (signal.aborted) return;
  // The environment hands a host out per element; this one stands for the page's buttons.
  const owner = doc.createElement(CALL_DIALOGS_TAG);
  const store = options.environment.attach(owner, { notify: options.notify ?? (() => {}) });
  let running: { key: string; controller: AbortController } | null = null;

  function update(): void {
    const state = store.get();
    const host = state.status === 'ready' ? state.host : null;
    const { user, workspace } = host?.session ?? { user: null, workspace: null };
    const key = host && canClickToCall(user?.role, workspace) ? `${user?.id}|${workspace?.id}` : '';
    if ((running?.key ?? '') === key) return;
    running?.controller.abort();
    running = null;
    if (!host || key === '' || signal.aborted) return;
    const controller = new AbortController();
    running = { key, controller };
    // The dialogs (the app's click-to-call flow and its styles) are their own chunk,
    // fetched now, off the panel's first load: the buttons show at once, and a press
    // before the chunk is here opens the flow when it arrives.
    let dialogs: CallDialogs | null = null;
    let waiting: CallRequest | null = null;
    void import('./call-dialogs')
      .then(({ mountCallDialogs }) => {
        if (controller.signal.aborted) return;
        dialogs = mountCallDialogs({
          host: { ...host, calls: options.calls },
          signal: controller.signal,
          doc,
        });
        if (waiting) dialogs.startCall(waiting);
        waiting = null;
      })
      .catch(() => options.notify?.('danger', 'Click-to-call could not load. Reload the page.'));
    watchPhoneButtons({
      family: options.family,
      signal: controller.signal,
      onCall: (request) => {
        if (dialogs) dialogs.startCall(request);
        else waiting = request;
      },
      doc,
      delayMs: options.delayMs,
    });
  }

  const unsubscribe = store.subscribe(update);
  update();
  signal.addEventListener(
    'abort',
    () => {
      unsubscribe();
      store.release();
      running?.controller.abort();
      running = null;
    },
    { once: true },
  );
}
