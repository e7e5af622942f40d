import {
  type NotificationConstructorLike,
  PUSH_ICON,
  PUSH_TITLE,
  requestNotificationPermission,
  type ShownAlert,
} from '@/app/live/browser-push';
import type { ActiveCall } from '@/shared/contracts/active-call';
import { formatInternationalUs } from '@/shared/domain/phone-dialing';

/** The first line of the alert's body: what happened. */
export const INCOMING_CALL_ALERT = 'Incoming call';

/** The alert's body: "Incoming call", the caller, the number ("+1 415-555-0134"). */
export function incomingCallAlertBody(call: Pick<ActiveCall, 'callData'>, waiting = false): string {
  const { leadName, phone } = call.callData;
  return [
    waiting ? WAITING_CALL_ALERT : INCOMING_CALL_ALERT,
    leadName || 'Unknown caller',
    phone ? formatInternationalUs(phone) : '',
  ]
    .filter(Boolean)
    .join('\n');
}

/** The first line for a second call while the agent is on one (issue #28). */
export const WAITING_CALL_ALERT = 'Call waiting';

/** What an alert names: the call and its caller. */
export type AlertedCall = Pick<ActiveCall, 'callId'> & {
  callData: Pick<ActiveCall['callData'], 'leadName' | 'phone'>;
};

export interface IncomingCallAlerts {
  /**
   * Shows the call while the tab is hidden (`waiting`: a second call while the agent is on
   * one); answers the close (the call ended or was taken).
   */
  show(call: AlertedCall, options?: { waiting?: boolean }): () => void;
}

/**
 * The app's desktop alert for an incoming call in a hidden tab (issue #28, as the
 * extension's notification does; spec: session 4 Shell browser push: fixed title, product
 * icon, permission asked in the promise and the callback style, a click focuses the
 * window). Permission not yet given is asked for once; the browser may refuse to ask
 * outside a click, in which case the call still opens in the tab, as it always did.
 */
export function createIncomingCallAlerts(
  api: NotificationConstructorLike | null,
  options: { doc?: Pick<Document, 'hidden'>; win?: Pick<Window, 'focus'> } = {},
): IncomingCallAlerts {
  const doc = options.doc ?? document;
  const win = options.win ?? window;
  return {
    show(call, showOptions = {}) {
      if (!api || !doc.hidden) return () => {};
      let alert: ShownAlert | null = null;
      let closed = false;
      const open = () => {
        if (closed || api.permission !== 'granted') return;
        try {
          alert = new api(PUSH_TITLE, {
            body: incomingCallAlertBody(call, showOptions.waiting),
            icon: PUSH_ICON,
            tag: `intake-call:${call.callId}`,
            requireInteraction: true,
          });
        } catch {
          return; // alerts only from a service worker here: the tab has the call anyway
        }
        alert.onclick = (event) => {
          event.preventDefault?.();
          win.focus();
          alert?.close();
        };
      };
      if (api.permission === 'default') {
        void requestNotificationPermission(api).then(open);
      } else open();
      return () => {
        closed = true;
        alert?.close();
      };
    },
  };
}
