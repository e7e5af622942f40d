import type { KeyValueStorage } from '@/shared/storage/storage';
import { TransportError } from '@/shared/transport/transport';
import { type CallsContext, emit, NOT_SIGNED_IN, saveState } from './calls-context';
import { noPrototype } from './calls-state';

/**
 * The wizard's shared values (call:flow-get/set/remove): one set per call for every tab
 * that shows it, in storage.session under FLOW_KEY_PREFIX, with their sizes and revision in
 * the stored state so a port knows when to read again and who wrote last.
 */

export const FLOW_KEY_PREFIX = 'flow:';
/**
 * Bounds on the wizard's values (issue #9 "message floods"): storage.session also holds
 * the session's tokens, and a page must not be able to fill it. A flow keeps its state and
 * a draft per step, far below these.
 */
export const MAX_FLOW_KEYS = 200;
export const MAX_FLOW_CHARS = 2_000_000;
export const FLOW_STORAGE_FULL =
  'The call flow holds too much data for this call. Reset the call to start again.';

export async function flowSet(
  ctx: CallsContext,
  writer: string | null,
  key: string,
  value: string,
): Promise<void> {
  const { state } = ctx;
  if (!ctx.signedInHere()) throw new TransportError(NOT_SIGNED_IN, 401);
  const sizes = state.flowSizes;
  const held = Object.keys(sizes);
  const total = held.reduce((sum, known) => sum + (known === key ? 0 : sizes[known]), 0);
  if ((!(key in sizes) && held.length >= MAX_FLOW_KEYS) || total + value.length > MAX_FLOW_CHARS) {
    throw new TransportError(FLOW_STORAGE_FULL, 413);
  }
  await ctx.storage.set(FLOW_KEY_PREFIX + key, value);
  sizes[key] = value.length;
  state.flowRevision++;
  state.flowWriter = writer;
  await saveState(ctx);
  emit(ctx);
}

export async function flowRemove(
  ctx: CallsContext,
  writer: string | null,
  key: string,
): Promise<void> {
  const { state } = ctx;
  if (!ctx.signedInHere()) return;
  await ctx.storage.remove(FLOW_KEY_PREFIX + key);
  delete state.flowSizes[key];
  state.flowRevision++;
  state.flowWriter = writer;
  await saveState(ctx);
  emit(ctx);
}

export function flowGet(ctx: CallsContext, key: string): Promise<string | null> {
  return ctx.signedInHere() && key in ctx.state.flowSizes
    ? ctx.storage.get(FLOW_KEY_PREFIX + key)
    : Promise.resolve(null);
}

/** Every value of the call's flow goes (a reset, a wipe); the revision tells the ports. */
export async function clearFlow(ctx: CallsContext): Promise<void> {
  const { state } = ctx;
  const keys = Object.keys(state.flowSizes);
  state.flowSizes = noPrototype();
  state.flowRevision++;
  state.flowWriter = null;
  await Promise.all(keys.map((key) => ctx.storage.remove(FLOW_KEY_PREFIX + key).catch(() => {})));
}

/** The wizard's values as the background itself reads and writes them (no port wrote). */
export function ownFlowStorage(ctx: CallsContext): KeyValueStorage {
  return {
    get: (key) => ctx.queue(() => flowGet(ctx, key)),
    set: (key, value) => ctx.queue(() => flowSet(ctx, null, key, value)),
    remove: (key) => ctx.queue(() => flowRemove(ctx, null, key)),
    clear: () => ctx.queue(() => clearFlow(ctx)),
    // One queued step: a tab's write (the next call's flow) cannot come between.
    removeWhere: (key, test) =>
      ctx.queue(async () => {
        const value = await flowGet(ctx, key);
        if (value !== null && test(value)) await flowRemove(ctx, null, key);
      }),
  };
}
