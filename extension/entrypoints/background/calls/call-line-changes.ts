import { type CallLineAction, callLineReducer } from '@/shared/domain/call-line';
import { isCallLive } from '@/shared/domain/call-clock';
import { clearFlow } from './call-flow-values';
import { clearWaitingNotification } from './call-notifications';
import { type CallsContext, emit, saveCall, saveState } from './calls-context';

/**
 * The call's life: every change of the held call, the waiting call and the calls left goes
 * through the pure call line (shared/domain/call-line.ts), is saved and pushed; the offer
 * and the notifications go once nobody needs them: the incoming call's when the held call
 * is no longer live, the waiting call's as soon as that call stops waiting, however it stopped
 * (taken, left, or ended by itself: the caller hung up, it rang out, another tab took it).
 */

export async function apply(ctx: CallsContext, action: CallLineAction): Promise<void> {
  const { state } = ctx;
  const line = { active: ctx.call, waiting: state.waiting, left: state.left };
  const next = callLineReducer(line, action);
  if (next === line) return;
  const callChanged = next.active !== ctx.call;
  const stoppedWaiting =
    state.waiting && state.waiting.call.callId !== next.waiting?.call.callId
      ? state.waiting.call.callId
      : null;
  ctx.call = next.active;
  state.waiting = next.waiting;
  state.left = [...next.left];
  if (callChanged && !isCallLive(ctx.call)) await dropOffer(ctx);
  if (callChanged) await saveCall(ctx);
  await saveState(ctx);
  emit(ctx);
  if (stoppedWaiting) await clearWaitingNotification(ctx, stoppedWaiting);
}

/** Nobody needs the offer or the notification any more (claimed, ended, reset). */
export async function dropOffer(ctx: CallsContext): Promise<void> {
  const { state } = ctx;
  state.offer = null;
  const notification = state.notification;
  state.notification = null;
  if (notification) await ctx.browser.notifications.clear(notification.id).catch(() => false);
}

/** call:reset: the agent is done with the call; its claim, offer and flow values go. */
export async function reset(ctx: CallsContext): Promise<void> {
  ctx.call = null;
  ctx.state.claimedBy = null;
  await dropOffer(ctx);
  await clearFlow(ctx);
  await saveCall(ctx);
  await saveState(ctx);
  emit(ctx);
}
