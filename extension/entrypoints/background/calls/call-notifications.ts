import type { ActiveCall } from '@/shared/contracts/active-call';
import type { IncomingCallEventData } from '@/shared/contracts/call-tracking';
import { isCallLive } from '@/shared/domain/call-clock';
import type { IncomingCallPlace } from '@/shared/domain/incoming-call';
import { formatInternationalUs } from '@/shared/domain/phone-dialing';
import { openForCall } from './call-offer';
import { type CallsContext, emit, saveState } from './calls-context';

/**
 * The browser notifications of calls: an incoming call no tab of ours can show (its click
 * brings the agent's CRM tab to front, or opens one), and a waiting call (issue #28).
 */

/** Our ids in browser.notifications; live.ts has its own ('intake-notification:'). */
export const CALL_NOTIFICATION_PREFIX = 'intake-call:';
export const CALL_NOTIFICATION_TITLE = 'Incoming call';
/** issue #28: a second call while the agent is on one (its own ids: never the call's). */
export const WAITING_CALL_NOTIFICATION_TITLE = 'Call waiting';
export const WAITING_NOTIFICATION_PREFIX = 'intake-call-waiting:';
/** The notification's caller without a name. */
export const UNKNOWN_CALLER = 'Unknown caller';

/** The notification's text: who is calling, and from which number. */
export function incomingCallMessage(call: Pick<IncomingCallEventData, 'leadName' | 'phone'>) {
  const phone = call.phone ? formatInternationalUs(call.phone) : '';
  return [call.leadName || UNKNOWN_CALLER, phone].filter(Boolean).join('\n');
}

export async function showNotification(
  ctx: CallsContext,
  held: ActiveCall,
  onClick: Extract<IncomingCallPlace, { kind: 'notification' }>['onClick'],
): Promise<void> {
  const { browser } = ctx;
  const id = CALL_NOTIFICATION_PREFIX + held.callId;
  const windowId =
    onClick.kind === 'focus-crm-tab'
      ? ctx.clients.byPlace(`crm:${onClick.tabId}`)?.windowId
      : undefined;
  ctx.state.notification = {
    id,
    callId: held.callId,
    onClick: onClick.kind === 'focus-crm-tab' ? { ...onClick, windowId } : onClick,
  };
  await saveState(ctx);
  const base = {
    type: 'basic' as const,
    iconUrl: ctx.options.iconUrl,
    title: CALL_NOTIFICATION_TITLE,
    message: incomingCallMessage(held.callData),
    priority: 2,
  };
  try {
    await browser.notifications.create(id, { ...base, requireInteraction: true });
  } catch {
    // Browsers without requireInteraction (Firefox) refuse the option: without it.
    await browser.notifications.create(id, base).catch(async () => {
      ctx.state.notification = null;
      await saveState(ctx);
    });
  }
}

/** The waiting call's notice: nothing to click, the tabs show its card. */
export async function showWaitingNotification(
  ctx: CallsContext,
  incoming: Pick<IncomingCallEventData, 'callId' | 'leadName' | 'phone'>,
): Promise<void> {
  const base = {
    type: 'basic' as const,
    iconUrl: ctx.options.iconUrl,
    title: WAITING_CALL_NOTIFICATION_TITLE,
    message: incomingCallMessage(incoming),
    priority: 2,
  };
  await ctx.browser.notifications
    .create(WAITING_NOTIFICATION_PREFIX + incoming.callId, base)
    .catch(() => '');
}

export async function clearWaitingNotification(ctx: CallsContext, callId: string) {
  await ctx.browser.notifications.clear(WAITING_NOTIFICATION_PREFIX + callId).catch(() => false);
}

/** The notification's click: the agent's CRM tab comes to front and is offered the call. */
export function onNotificationClicked(ctx: CallsContext, id: string): void {
  if (!id.startsWith(CALL_NOTIFICATION_PREFIX)) return;
  const { browser } = ctx;
  const task = ctx.queue(async () => {
    await ctx.restored;
    const { state } = ctx;
    await browser.notifications.clear(id).catch(() => false);
    const entry = state.notification;
    if (!entry || entry.id !== id) return;
    state.notification = null;
    await saveState(ctx);
    if (!ctx.signedInHere() || !isCallLive(ctx.call) || ctx.call.callId !== entry.callId) return;
    if (state.claimedBy !== null) return;
    if (entry.onClick.kind === 'focus-crm-tab') {
      const { tabId } = entry.onClick;
      try {
        const tab = await browser.tabs.update(tabId, { active: true });
        const windowId =
          tab?.windowId ?? entry.onClick.windowId ?? ctx.clients.byPlace(`crm:${tabId}`)?.windowId;
        if (typeof windowId === 'number') {
          await browser.windows.update(windowId, { focused: true }).catch(() => {});
        }
        state.offer = `crm:${tabId}`;
        await saveState(ctx);
        emit(ctx);
        return;
      } catch {
        // The tab was closed since: open one instead.
      }
    }
    await openForCall(ctx, ctx.call);
  });
  ctx.track(task);
}
