import { vi } from 'vitest';
import type { CallSession } from '@/shared/calls/call-session';
import type { ActiveCall } from '@/shared/contracts/active-call';
import { type CallSnapshot, NO_CALL_SNAPSHOT } from '@/shared/contracts/call-session';
import { createMemoryStorage, type KeyValueStorage } from '@/shared/storage/storage';

// A CallSession as a page sees the background's (extension/panel/port-call-session.ts),
// in memory: the test pushes snapshots as the background would, and reads what the page
// asked (claim, wizardMoved, hangUp, reset). Two fakes over one flowStorage are two tabs
// over the background's one storage.session.

export interface FakeCallSession extends CallSession {
  push(next: Partial<CallSnapshot>): void;
  claim: ReturnType<typeof vi.fn<(callId: string) => Promise<boolean>>>;
  wizardMoved: ReturnType<typeof vi.fn<CallSession['wizardMoved']>>;
  hangUp: ReturnType<typeof vi.fn<() => Promise<void>>>;
  reset: ReturnType<typeof vi.fn<() => Promise<void>>>;
}

export function fakeCallSession(
  initial: Partial<CallSnapshot> = {},
  options: { flowStorage?: KeyValueStorage; grant?: boolean } = {},
): FakeCallSession {
  let snapshot: CallSnapshot = { ...NO_CALL_SNAPSHOT, ...initial };
  const listeners = new Set<() => void>();
  const hangUpListeners: Array<() => boolean> = [];
  const set = (next: CallSnapshot) => {
    snapshot = next;
    for (const listener of [...listeners]) listener();
  };
  return {
    get: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    push: (next) => set({ ...snapshot, ...next }),
    flowStorage: options.flowStorage ?? createMemoryStorage(),
    claim: vi.fn(async () => options.grant ?? true),
    outbound: vi.fn(async () => {}),
    wizardMoved: vi.fn(),
    hangUp: vi.fn(async () => {
      const call = snapshot.call;
      if (call) set({ ...snapshot, call: { ...call, endedAt: '2026-03-02T15:10:00.000Z' } });
    }),
    reset: vi.fn(async () => set({ ...snapshot, call: null, offered: false })),
    takeWaiting: vi.fn(async () => {
      const waiting = snapshot.waiting;
      if (!waiting) return;
      set({ ...snapshot, waiting: null, call: liveCall({ callId: waiting.call.callId }) });
    }),
    leaveWaiting: vi.fn(() => set({ ...snapshot, waiting: null })),
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

/** A live inbound call without tracking info, for Dana Reyes, running pi-intake. */
export function liveCall(overrides: Partial<ActiveCall> = {}): ActiveCall {
  return {
    userId: 'u_agent',
    workspaceId: 'ws_lakeside',
    callId: 'call_1',
    direction: 'inbound',
    connected: true,
    serverConnected: true,
    trackingNumber: null,
    campaign: null,
    leadSource: null,
    callData: { leadName: 'Dana Reyes', phone: '5125550147' },
    process: 'pi-intake',
    callStart: '2026-03-02T15:05:00.000Z',
    endedAt: null,
    endedBy: null,
    sid: null,
    duration: null,
    wizard: null,
    ...overrides,
  };
}
