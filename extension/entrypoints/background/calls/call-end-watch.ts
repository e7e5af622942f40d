import { finishEndedCallFlow } from '@/app/calls/finish-ended-call-flow';
import { type CallEndWatch, watchCallEnds } from '@/shared/calls/call-end-watch';
import type { CallLineAction } from '@/shared/domain/call-line';
import { apply } from './call-line-changes';
import { ownFlowStorage } from './call-flow-values';
import type { CallsContext } from './calls-context';
import type { Scope } from './calls-state';

/**
 * The provider's end of the call (issue #28): the signed-in user's calls are watched for
 * their end (shared/calls/call-end-watch.ts), and a call the caller or the system ended
 * has its call flow finished here.
 */

/**
 * What the provider (or a reconciliation) says of the call's end. A live call that ends
 * here by the caller or the system has its call flow finished as on a hang-up, once, by
 * the background: whether one tab shows the wizard, several do, or none is open. The
 * ended call stays (its summary and "the caller hung up") until the agent is done with
 * it or the next call arrives. The agent's own hang-up is finished by the page that hung
 * up (its wizard's confirm and history).
 */
async function endFromProvider(ctx: CallsContext, action: CallLineAction): Promise<void> {
  const before = ctx.call;
  await apply(ctx, action);
  const after = ctx.call;
  if (!before || !after || before.endedAt !== null || after.endedAt === null) return;
  if (after.callId !== before.callId || after.endedBy === 'agent' || !after.wizard) return;
  const executionId = after.wizard.executionId;
  const user = ctx.session.hostSession().user;
  const flowStorage = ownFlowStorage(ctx);
  // Outside the queue: the flow's bookkeeping may take seconds (spec 9: 20 s for the
  // hang-up notice), and a new incoming call must not wait for it.
  ctx.track(
    finishEndedCallFlow({
      api: ctx.api,
      stateStorage: flowStorage,
      drafts: flowStorage,
      userId: after.userId,
      agentName: user?.name || user?.username || '',
      workspaceId: after.workspaceId,
      executionId,
    }),
  );
}

/** watchEnds(scope): the watch follows the signed-in user (null: none). */
export function createEndWatch(
  ctx: CallsContext,
  onIncoming: (payload: unknown) => void,
): (scope: Scope | null) => void {
  let endWatch: CallEndWatch | null = null;
  return function watchEnds(scope: Scope | null): void {
    endWatch?.stop();
    endWatch = null;
    if (!scope) return;
    endWatch = watchCallEnds({
      api: ctx.api,
      scope,
      held: () => (ctx.signedInHere() ? ctx.call : null),
      waiting: () => (ctx.signedInHere() ? ctx.state.waiting : null),
      apply: (action) => ctx.queue(() => endFromProvider(ctx, action)),
      // A call that rang while nobody listened: as if its event had arrived now.
      offer: (event) => onIncoming(event),
    });
  };
}
