import type { CallSession } from '@/shared/calls/call-session';
import {
  callSnapshotSchema,
  type CallSnapshot,
  NO_CALL_SNAPSHOT,
} from '@/shared/contracts/call-session';
import type { KeyValueStorage } from '@/shared/storage/storage';
import type { PortTransport } from '@/shared/transport/port-transport';

/**
 * The background's active call as a CRM tab (or one of our pages) sees it (issue #13):
 * the snapshot the background pushes on every change, and every change sent back to it,
 * so all tabs show one call and continue one wizard. The wizard's state and drafts live
 * in the background's storage.session (flowStorage): another tab, a reload and a stopped
 * worker find them.
 */
export function createPortCallSession(transport: PortTransport): CallSession {
  const listeners = new Set<() => void>();
  const hangUpListeners: Array<() => boolean> = [];
  let snapshot: CallSnapshot = transport.callState() ?? NO_CALL_SNAPSHOT;

  const take = (data: unknown) => {
    const parsed = callSnapshotSchema.safeParse(data);
    if (parsed.success) set(parsed.data);
  };
  function set(next: CallSnapshot): void {
    snapshot = next;
    for (const listener of [...listeners]) listener();
  }
  transport.onCallState(set);

  const flowStorage: KeyValueStorage = {
    async get(key) {
      const value = await transport.call({ kind: 'call:flow-get', key });
      return typeof value === 'string' ? value : null;
    },
    async set(key, value) {
      await transport.call({ kind: 'call:flow-set', key, value });
    },
    async remove(key) {
      await transport.call({ kind: 'call:flow-remove', key });
    },
    // The wizard never clears everything: reset does, for the call as a whole.
    async clear() {
      await transport.call({ kind: 'call:reset' });
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
      return (await transport.call({ kind: 'call:claim', callId })) === true;
    },
    async outbound(call, leadName) {
      take(await transport.call({ kind: 'call:outbound', call, leadName }));
    },
    wizardMoved(callId, executionId, stepId) {
      void transport
        .call({ kind: 'call:wizard-moved', callId, executionId, stepId })
        .catch(() => {});
    },
    async hangUp() {
      const callId = snapshot.call?.callId;
      if (!callId) return;
      take(await transport.call({ kind: 'call:hang-up', callId }));
    },
    async reset() {
      take(await transport.call({ kind: 'call:reset' }));
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
