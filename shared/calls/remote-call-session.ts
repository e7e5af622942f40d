import type { CallSession } from '@/shared/calls/call-session';
import {
  callSnapshotSchema,
  type CallSnapshot,
  NO_CALL_SNAPSHOT,
} from '@/shared/contracts/call-session';
import type { KeyValueStorage } from '@/shared/storage/storage';
import type { RpcCall } from '@/shared/transport/port-transport';

/** A call:* RPC before the port gives it its id (the same on a CRM tab's and the app's port). */
export type CallRpc = Extract<RpcCall, { kind: `call:${string}` }>;

/**
 * The background's side of the active call, as a port gives it: a CRM tab's PortTransport
 * (extension/panel/port-call-session.ts) or the standalone app's live port
 * (app/live/extension-live-feed.ts).
 */
export interface RemoteCalls {
  /** Sends a call:* RPC; resolves with the background's answer (rejects on failure). */
  call(message: CallRpc): Promise<unknown>;
  /** The last `call-state` the background pushed; null before the first. */
  callState(): CallSnapshot | null;
  onCallState(listener: (snapshot: CallSnapshot) => void): () => void;
}

/**
 * The background's active call (issue #13) as a CRM tab or the standalone app sees it:
 * the snapshot the background pushes on every change, and every change sent back to it,
 * so all tabs show one call and continue one wizard. The wizard's state and drafts live in
 * the background's storage.session (flowStorage; the app's port refuses them and the app
 * keeps its own): another tab, a reload and a stopped worker find them.
 */
export function createRemoteCallSession(port: RemoteCalls): CallSession {
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
    async takeWaiting() {
      const callId = snapshot.waiting?.call.callId;
      if (!callId) return;
      take(await port.call({ kind: 'call:take-waiting', callId }));
    },
    leaveWaiting() {
      const callId = snapshot.waiting?.call.callId;
      if (!callId) return;
      void port
        .call({ kind: 'call:leave-waiting', callId })
        .then(take)
        .catch(() => undefined);
    },
    requestHangUp() {
      // The newest listener first: the wizard mounted last is the one on screen.
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
