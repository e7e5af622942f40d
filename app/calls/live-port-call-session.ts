import type { CallSession } from '@/shared/calls/call-session';
import {
  callSnapshotSchema,
  type CallSnapshot,
  NO_CALL_SNAPSHOT,
} from '@/shared/contracts/call-session';
import type { KeyValueStorage } from '@/shared/storage/storage';
import type { AppLiveMessage } from '@/shared/transport/port-protocol';

/** A call:* message as the app sends it, before the port gives it its id. */
export type AppCallMessage =
  Extract<AppLiveMessage, { kind: `call:${string}` }> extends infer M
    ? M extends { id: string }
      ? Omit<M, 'id'>
      : never
    : never;

/** What the app's live port (app/live/extension-live-feed.ts) gives the call session. */
export interface LivePortCalls {
  /** Sends a call:* RPC; resolves with the background's answer (rejects on failure). */
  call(message: AppCallMessage): Promise<unknown>;
  /** The last `call-state` the background pushed; null before the first. */
  callState(): CallSnapshot | null;
  onCallState(listener: (snapshot: CallSnapshot) => void): () => void;
}

/**
 * The background's active call as the standalone app sees it over its live port (issue
 * #13, when the app uses the extension's feed): the same one call every CRM tab shows,
 * and every change sent to the background. The app's counterpart of the panel's
 * extension/panel/port-call-session.ts (the app does not import the extension's code).
 */
export function createLivePortCallSession(port: LivePortCalls): CallSession {
  const listeners = new Set<() => void>();
  const hangUpListeners: Array<() => boolean> = [];
  let snapshot: CallSnapshot = port.callState() ?? NO_CALL_SNAPSHOT;

  function set(next: CallSnapshot): void {
    snapshot = next;
    for (const listener of [...listeners]) listener();
  }
  const take = (data: unknown) => {
    const parsed = callSnapshotSchema.safeParse(data);
    if (parsed.success) set(parsed.data);
  };
  port.onCallState(set);

  const flowStorage: KeyValueStorage = {
    async get(key) {
      const value = await port.call({ kind: 'call:flow-get', key });
      return typeof value === 'string' ? value : null;
    },
    async set(key, value) {
      await port.call({ kind: 'call:flow-set', key, value });
    },
    async remove(key) {
      await port.call({ kind: 'call:flow-remove', key });
    },
    async clear() {
      take(await port.call({ kind: 'call:reset' }));
    },
  };

  return {
    get: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    flowStorage,
    async claim(callId) {
      return (await port.call({ kind: 'call:claim', callId })) === true;
    },
    async outbound(call, leadName) {
      take(await port.call({ kind: 'call:outbound', call, leadName }));
    },
    wizardMoved(callId, executionId, stepId) {
      void port.call({ kind: 'call:wizard-moved', callId, executionId, stepId }).catch(() => {});
    },
    async hangUp() {
      const callId = snapshot.call?.callId;
      if (!callId) return;
      take(await port.call({ kind: 'call:hang-up', callId }));
    },
    async reset() {
      take(await port.call({ kind: 'call:reset' }));
    },
    requestHangUp() {
      for (const listener of [...hangUpListeners].reverse()) if (listener()) return;
    },
    onHangUpRequest(listener) {
      hangUpListeners.push(listener);
      return () => {
        const index = hangUpListeners.indexOf(listener);
        if (index >= 0) hangUpListeners.splice(index, 1);
      };
    },
  };
}
