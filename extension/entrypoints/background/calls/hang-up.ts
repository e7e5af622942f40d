import { getCall, hangUpCall } from '@/shared/api/call-tracking';
import type { TrackedCall } from '@/shared/contracts/call-tracking';
import { isCallLive } from '@/shared/domain/call-clock';
import { TransportError } from '@/shared/transport/transport';
import { apply } from './call-line-changes';
import type { CallsContext } from './calls-context';

/**
 * The agent's hang-up (call:hang-up, and taking a waiting call): the provider ends the
 * call, the call line records it, and the provider's sid and duration are fetched after.
 */

export const HANG_UP_FAILED = 'The call could not be hung up. Try again.';
export const PROVIDER_CALL_ATTEMPTS = 3;

/** A 404 or 409 on hang-up: the provider has ended the call already. */
const alreadyEnded = (error: unknown) =>
  error instanceof TransportError && (error.status === 404 || error.status === 409);

/** The provider's sid and duration after the end, asked a few times while it has none. */
async function fetchProviderCall(
  ctx: CallsContext,
  workspaceId: string,
  callId: string,
): Promise<void> {
  for (let attempt = 0; attempt < PROVIDER_CALL_ATTEMPTS; attempt++) {
    if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, ctx.retryMs));
    if (ctx.call?.callId !== callId) return;
    let provider: TrackedCall;
    try {
      provider = await getCall(ctx.api, workspaceId, callId);
    } catch {
      continue;
    }
    await ctx.queue(() => apply(ctx, { type: 'provider-call', call: provider }));
    if (provider.sid !== null && provider.duration !== null) return;
  }
}

/** hangUp(callId): one request per call however often it is asked while it runs. */
export function createHangUp(ctx: CallsContext): (callId: string) => Promise<void> {
  const hangingUp = new Map<string, Promise<void>>();
  return function hangUp(callId: string): Promise<void> {
    const running = hangingUp.get(callId);
    if (running) return running;
    const task = (async () => {
      const held = await ctx.queue(async () =>
        ctx.signedInHere() && ctx.call?.callId === callId ? ctx.call : null,
      );
      if (!held || !isCallLive(held)) return;
      let answer: TrackedCall | null = null;
      try {
        answer = await hangUpCall(ctx.api, held.workspaceId, callId);
      } catch (error) {
        if (!alreadyEnded(error)) {
          ctx.options.notify('danger', HANG_UP_FAILED);
          throw error;
        }
      }
      const ended = answer;
      await ctx.queue(async () => {
        await apply(ctx, {
          type: 'ended',
          callId,
          at: ended?.endedAt ?? new Date(ctx.now()).toISOString(),
          by: 'agent',
        });
        if (ended) await apply(ctx, { type: 'provider-call', call: ended });
      });
      if (!ended || ended.sid === null || ended.duration === null) {
        ctx.track(fetchProviderCall(ctx, held.workspaceId, callId));
      }
    })();
    hangingUp.set(callId, task);
    void task.finally(() => hangingUp.delete(callId)).catch(() => {});
    return task;
  };
}
