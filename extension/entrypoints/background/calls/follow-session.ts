import { ACTIVE_CALL_STORAGE_KEY } from '@/shared/contracts/active-call';
import { incomingCallEvent } from '@/shared/contracts/call-tracking';
import { readPersistedActiveCall } from '@/shared/domain/active-call';
import { SOCKET_REAUTHENTICATED_EVENT } from '@/shared/transport/direct-transport';
import { clearFlow } from './call-flow-values';
import {
  CALL_STATE_KEY,
  type CallsContext,
  emit,
  LAST_CRM_URL_KEY,
  saveCall,
  saveState,
} from './calls-context';
import { readState, type Scope, scopeKey } from './calls-state';

/**
 * Whose calls these are: the stored call comes back for the same user and workspace after
 * a stopped worker, and everything of the last user goes on a sign-out or a switch. While
 * someone is signed in, their incoming calls and call ends are listened for.
 */

/** Reads the stored state and call back (the context's `restored`). */
export async function restoreCalls(ctx: CallsContext): Promise<void> {
  const { session, storage } = ctx;
  await session.ready().catch(() => {});
  const stored = readState(await storage.get(CALL_STATE_KEY).catch(() => null));
  const scope = ctx.currentScope();
  ctx.state = stored;
  if (scope && stored.scope === scopeKey(scope)) {
    const raw = await storage.get(ACTIVE_CALL_STORAGE_KEY).catch(() => null);
    const read = readPersistedActiveCall(raw, scope.userId);
    ctx.call = read && read.workspaceId === scope.workspaceId ? read : null;
  } else {
    // Signed out meanwhile, or someone else: nothing of the last user is kept.
    await wipe(ctx, stored.scope !== '');
    ctx.state.scope = scopeKey(scope);
    await saveState(ctx);
  }
  ctx.restoredFlag = true;
}

/** Clears the call, the claim, the offer, the flow values and the notification. */
async function wipe(ctx: CallsContext, forgetCrmUrl: boolean): Promise<void> {
  const { state } = ctx;
  const notification = state.notification;
  ctx.call = null;
  state.offer = null;
  state.claimedBy = null;
  state.notification = null;
  state.waiting = null;
  state.left = [];
  await clearFlow(ctx);
  await saveCall(ctx);
  if (notification) await ctx.browser.notifications.clear(notification.id).catch(() => false);
  if (forgetCrmUrl) await ctx.storage.remove(LAST_CRM_URL_KEY).catch(() => {});
}

/** Follows the session from now on (and once at once). */
export function followSession(
  ctx: CallsContext,
  onIncoming: (payload: unknown) => void,
  watchEnds: (scope: Scope | null) => void,
): void {
  const { hub, session } = ctx;
  let subscribedAs = '';
  let unsubscribe: (() => void) | null = null;
  function subscribeIncoming(scope: Scope | null): void {
    const key = scope?.userId ?? '';
    if (key === subscribedAs) return;
    unsubscribe?.();
    unsubscribe = null;
    subscribedAs = key;
    if (scope) unsubscribe = hub.add(incomingCallEvent(scope.userId), onIncoming);
    watchEnds(scope);
  }
  // spec 4: after a token_expired reconnect call tracking is set up again.
  hub.add(SOCKET_REAUTHENTICATED_EVENT, () => {
    subscribedAs = '';
    subscribeIncoming(ctx.signedInHere() ? ctx.currentScope() : null);
  });

  function sync(): void {
    ctx.track(
      ctx.queue(async () => {
        await ctx.restored;
        const scope = ctx.currentScope();
        const key = scopeKey(scope);
        if (key !== ctx.state.scope) {
          // Signed out, or another user or workspace: nothing of the last one stays.
          await wipe(ctx, ctx.state.scope !== '');
          ctx.state.scope = key;
          await saveState(ctx);
        }
        subscribeIncoming(scope);
        emit(ctx);
      }),
    );
  }
  session.onChange(sync);
  sync();
}
