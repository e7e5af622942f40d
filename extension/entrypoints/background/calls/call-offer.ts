import { automatedIntakePath } from '@/app/calls/incoming-call';
import { markCallConnected } from '@/shared/api/call-tracking';
import type { ActiveCall } from '@/shared/contracts/active-call';
import type { TrackedCall } from '@/shared/contracts/call-tracking';
import { isCallLive } from '@/shared/domain/call-clock';
import { TransportError } from '@/shared/transport/transport';
import { apply, dropOffer } from './call-line-changes';
import type { CallClient } from './calls-clients';
import {
  type CallsContext,
  emit,
  LAST_CRM_URL_KEY,
  NOT_SIGNED_IN,
  saveState,
} from './calls-context';

/**
 * Where the call opens (issue #13): the ONE tab it is offered to, the tab that claims it
 * (its wizard), a CRM tab the agent turns to while nobody has, and a tab opened for it.
 */

export const MARK_CONNECTED_FAILED = 'The call could not be marked connected on the server.';

/** Opens the last CRM page we know of, else the app's automated intake for the call. */
export async function openForCall(ctx: CallsContext, held: ActiveCall): Promise<void> {
  const { browser } = ctx;
  const crmUrl = await ctx.storage.get(LAST_CRM_URL_KEY).catch(() => null);
  let url = crmUrl;
  let kind: 'crm' | 'app' = 'crm';
  if (!url) {
    const appOrigin = ctx.session.publicState().appOrigin;
    if (!appOrigin) return;
    kind = 'app';
    url = new URL(
      automatedIntakePath({
        ...held.callData,
        ...(held.process ? { process: held.process } : {}),
      }),
      appOrigin,
    ).href;
  }
  const tab = await browser.tabs.create({ url });
  // The new tab's port is offered the call as soon as it connects.
  if (typeof tab.id === 'number') {
    ctx.state.offer = `${kind}:${tab.id}`;
    await saveState(ctx);
    emit(ctx);
  }
  if (typeof tab.windowId === 'number') {
    await browser.windows.update(tab.windowId, { focused: true }).catch(() => {});
  }
}

/**
 * An unclaimed live call goes to a CRM tab the agent turns to (a notification's click
 * that opened one, or simply switching tabs): its panel can show the call now.
 */
export function maybeReoffer(ctx: CallsContext, client: CallClient): void {
  if (client.visible) offerTo(ctx, client);
}

export function offerTo(ctx: CallsContext, client: CallClient): void {
  if (client.kind !== 'crm' || !client.canShowCallFlow) return;
  const task = ctx.queue(async () => {
    await ctx.restored;
    const { state } = ctx;
    if (!ctx.signedInHere() || !isCallLive(ctx.call) || state.claimedBy !== null) return;
    if (state.offer === client.placeKey) return;
    state.offer = client.placeKey;
    const notification = state.notification;
    state.notification = null;
    if (notification) await ctx.browser.notifications.clear(notification.id).catch(() => false);
    await saveState(ctx);
    emit(ctx);
  });
  ctx.track(task);
}

/** call:claim: the tab shows the call's wizard; an inbound call is marked connected. */
export async function claim(ctx: CallsContext, client: CallClient, callId: string) {
  const { state } = ctx;
  if (!ctx.signedInHere() || !ctx.call || ctx.call.callId !== callId || !isCallLive(ctx.call)) {
    return false;
  }
  // The tab that took it may ask again (its panel reloaded): still its own.
  if (state.claimedBy !== null) return state.claimedBy === client.placeKey;
  state.claimedBy = client.placeKey;
  await dropOffer(ctx);
  await saveState(ctx);
  emit(ctx);
  if (ctx.call.direction === 'inbound' && !ctx.call.serverConnected) {
    const { workspaceId } = ctx.call;
    const agentId = ctx.session.hostSession().agent?.id ?? null;
    ctx.track(
      markCallConnected(ctx.api, workspaceId, callId, agentId).then(
        () => ctx.queue(() => apply(ctx, { type: 'connected-on-server', callId })),
        () => ctx.options.notify('danger', MARK_CONNECTED_FAILED),
      ),
    );
  }
  return true;
}

/** call:outbound: a call the agent placed from `client`, shown there at once. */
export async function outbound(
  ctx: CallsContext,
  client: CallClient,
  tracked: TrackedCall,
  leadName: string,
): Promise<void> {
  const scope = ctx.currentScope();
  if (!scope || !ctx.signedInHere()) throw new TransportError(NOT_SIGNED_IN, 401);
  if (tracked.workspaceId !== scope.workspaceId) {
    throw new TransportError('This call belongs to another workspace.', 403);
  }
  const before = ctx.call;
  await apply(ctx, {
    type: 'outbound',
    userId: scope.userId,
    workspaceId: scope.workspaceId,
    call: tracked,
    leadName,
  });
  if (ctx.call !== before) {
    // The tab that placed it is showing it already: nobody else is offered it.
    ctx.state.claimedBy = client.placeKey;
    await dropOffer(ctx);
    await saveState(ctx);
    emit(ctx);
  }
}
