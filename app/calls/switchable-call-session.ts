import type { CallSession } from '@/shared/calls/call-session';
import { type KeyValueStorage, removeIfStill } from '@/shared/storage/storage';

/**
 * The app's host.calls for the page's life (like app/live's switchable live feed): it
 * forwards to the call session in use — the app's own (its own socket) or the extension
 * background's (its live port) — while the source changes under it. Hang-up requests stay
 * on this page: the wizard on screen answers them whoever holds the call.
 */
export interface SwitchableCallSession extends CallSession {
  use(inner: CallSession): void;
  current(): CallSession;
}

export function createSwitchableCallSession(
  initial: CallSession,
  options: { openWizard?: () => void } = {},
): SwitchableCallSession {
  const listeners = new Set<() => void>();
  const hangUpListeners: Array<() => boolean> = [];
  let inner = initial;
  let detach = inner.subscribe(changed);

  function changed(): void {
    for (const listener of [...listeners]) listener();
  }

  const flowStorage: KeyValueStorage = {
    get: (key) => inner.flowStorage.get(key),
    set: (key, value) => inner.flowStorage.set(key, value),
    remove: (key) => inner.flowStorage.remove(key),
    clear: () => inner.flowStorage.clear(),
    removeWhere: (key, test) => removeIfStill(inner.flowStorage, key, test),
  };

  return {
    use(next) {
      if (next === inner) return;
      detach();
      inner = next;
      detach = inner.subscribe(changed);
      changed();
    },
    current: () => inner,
    get tabs() {
      return inner.tabs;
    },
    get: () => inner.get(),
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    flowStorage,
    claim: (callId) => inner.claim(callId),
    outbound: (call, leadName) => inner.outbound(call, leadName),
    wizardMoved: (callId, executionId, stepId) => inner.wizardMoved(callId, executionId, stepId),
    hangUp: () => inner.hangUp(),
    reset: () => inner.reset(),
    takeWaiting: () => inner.takeWaiting(),
    leaveWaiting: () => inner.leaveWaiting(),
    requestHangUp() {
      // The newest listener first: the wizard mounted last is the one on screen.
      for (const listener of [...hangUpListeners].reverse()) if (listener()) return;
      options.openWizard?.();
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
