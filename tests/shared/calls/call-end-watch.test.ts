import { describe, expect, it } from 'vitest';
import type { ApiClient } from '@/shared/api/client';
import { watchCallEnds } from '@/shared/calls/call-end-watch';
import type { ActiveCall } from '@/shared/contracts/active-call';
import { heldCall as heldCallOf, providerCall } from '../call-fixtures';
import {
  callEndedEvent,
  callTrackingPaths,
  type IncomingCallEvent,
  type TrackedCall,
} from '@/shared/contracts/call-tracking';
import { type CallLine, type CallLineAction, callLineReducer } from '@/shared/domain/call-line';
import { CONNECTION_STATUS_EVENT } from '@/shared/transport/direct-transport';
import { TransportError, type TransportRequest } from '@/shared/transport/transport';

// issue #28: whoever holds the call (the extension's background, or the app on its own
// socket) learns of its end from the event, and from reconciling on connect and while live.

const USER = 'user-1';
const WS = 'ws-1';

const heldCall = heldCallOf({ userId: USER, workspaceId: WS, trackingNumber: null });

/** A fake server: the live calls and calls it answers, and the socket events it sends. */
function setup(options: { held?: ActiveCall | null; live?: TrackedCall[] } = {}) {
  const server = {
    live: options.live ?? [],
    calls: new Map<string, TrackedCall | 'gone' | 'down'>(),
    requests: [] as string[],
    down: false,
  };
  const handlers = new Map<string, Set<(payload: unknown) => void>>();
  const api: ApiClient = {
    async call(schema, req: TransportRequest) {
      server.requests.push(req.path);
      if (server.down) throw new TransportError('Network error', 0);
      if (req.path === callTrackingPaths.liveCalls(WS)) {
        return schema.parse({
          data: server.live,
          meta: { total: server.live.length, limit: 100, offset: 0 },
        });
      }
      const found = [...server.calls].find(
        ([id]) => req.path === callTrackingPaths.call(WS, id),
      )?.[1];
      if (found === 'gone' || !found) throw new TransportError('Not Found', 404);
      if (found === 'down') throw new TransportError('Server error', 503);
      return schema.parse({ data: found });
    },
    subscribe(event, handler) {
      let set = handlers.get(event);
      if (!set) handlers.set(event, (set = new Set()));
      set.add(handler);
      return () => void set.delete(handler);
    },
  };
  let line: CallLine = {
    active: options.held === undefined ? heldCall : options.held,
    waiting: null,
    left: [],
  };
  const applied: CallLineAction[] = [];
  const offered: IncomingCallEvent[] = [];
  let tick: (() => void) | null = null;
  let cleared = false;
  const watch = watchCallEnds({
    api,
    scope: { userId: USER, workspaceId: WS },
    held: () => line.active,
    waiting: () => line.waiting,
    apply: (action) => {
      applied.push(action);
      line = callLineReducer(line, action);
    },
    offer: (event) => {
      offered.push(event);
      // Offered calls are handled as their event: it waits beside a live call.
      line = callLineReducer(line, {
        type: 'incoming',
        userId: USER,
        workspaceId: WS,
        call: event.data,
        trackingInfo: null,
        receivedAt: '2026-11-23T15:09:00.000Z',
      });
    },
    now: () => new Date('2026-11-23T15:10:00.000Z'),
    setInterval: (run) => {
      tick = run;
      return 1;
    },
    clearInterval: () => {
      cleared = true;
    },
  });
  const emit = (event: string, payload: unknown) => {
    for (const handler of handlers.get(event) ?? []) handler(payload);
  };
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  return {
    server,
    watch,
    emit,
    settle,
    applied,
    offered,
    held: () => line.active,
    line: () => line,
    tick: () => tick?.(),
    cleared: () => cleared,
    listeners: () => [...handlers.values()].reduce((n, set) => n + set.size, 0),
  };
}

describe('the end of a call reaches whoever holds it', () => {
  it('applies the callEnded event naming the held call: ended by the caller', async () => {
    const t = setup({ live: [providerCall()] });
    await t.watch.reconcile();
    t.emit(callEndedEvent(USER), {
      callId: 'call-7',
      workspaceId: WS,
      status: 'completed',
      endedBy: 'caller',
      endedAt: '2026-11-23T15:04:00.000Z',
      sid: 'CA1',
      duration: 234,
    });
    expect(t.held()).toMatchObject({ endedBy: 'caller', endedAt: '2026-11-23T15:04:00.000Z' });
  });

  it('ignores a malformed event and one of another workspace', async () => {
    const t = setup({ live: [providerCall()] });
    await t.watch.reconcile();
    t.emit(callEndedEvent(USER), { callId: 'call-7' });
    t.emit(callEndedEvent(USER), {
      callId: 'call-7',
      workspaceId: 'ws-2',
      status: 'completed',
      endedBy: 'caller',
      endedAt: '2026-11-23T15:04:00.000Z',
      sid: null,
      duration: null,
    });
    expect(t.held()?.endedAt).toBeNull();
  });

  it('reconciles at start: a call that ended while nobody listened ends here as the provider says', async () => {
    const t = setup({ live: [] });
    t.server.calls.set(
      'call-7',
      providerCall({ status: 'completed', endedAt: '2026-11-23T15:03:00.000Z', endedBy: 'caller' }),
    );
    await t.watch.reconcile();
    expect(t.held()).toMatchObject({ endedAt: '2026-11-23T15:03:00.000Z', endedBy: 'caller' });
  });

  it('a call the provider no longer has at all ends as lost', async () => {
    const t = setup({ live: [] });
    t.server.calls.set('call-7', 'gone');
    await t.watch.reconcile();
    expect(t.held()).toMatchObject({ endedAt: '2026-11-23T15:10:00.000Z', endedBy: 'system' });
  });

  it('a server that cannot answer leaves the call as it is, to be asked again', async () => {
    const t = setup({ live: [] });
    t.server.calls.set('call-7', 'down');
    await t.watch.reconcile();
    expect(t.held()?.endedAt).toBeNull();
    t.server.down = true;
    await t.watch.reconcile();
    expect(t.applied).toEqual([]);
  });

  it('reconciles again on every reconnect, and every tick only while the held call is live', async () => {
    const t = setup({ live: [providerCall()] });
    await t.settle();
    const asked = () => t.server.requests.filter((p) => p.endsWith('/live-calls')).length;
    expect(asked()).toBe(1);
    t.emit(CONNECTION_STATUS_EVENT, 'connecting');
    t.emit(CONNECTION_STATUS_EVENT, 'connected');
    await t.settle();
    expect(asked()).toBe(2);
    t.tick();
    await t.settle();
    expect(asked()).toBe(3);
    // Ended between two ticks: the next tick asks nothing more.
    t.server.live = [];
    t.server.calls.set(
      'call-7',
      providerCall({ status: 'completed', endedAt: heldCall.callStart }),
    );
    t.tick();
    await t.settle();
    await t.settle();
    expect(t.held()?.endedAt).not.toBeNull();
    t.tick();
    await t.settle();
    expect(asked()).toBe(4);
  });

  it('offers a call that rang during a gap when nothing live is held', async () => {
    const t = setup({ held: null, live: [providerCall({ id: 'call-9', status: 'ringing' })] });
    await t.settle();
    await t.settle();
    expect(t.offered).toEqual([
      {
        statusCode: 200,
        data: {
          callId: 'call-9',
          direction: 'inbound',
          leadName: 'Dana Reyes',
          phone: '+14155550134',
          trackingNumber: '+13125550142',
        },
      },
    ]);
  });

  it('a call ringing beside the live one while the client was away waits; gone once it stops', async () => {
    const second = providerCall({ id: 'call-9', status: 'ringing', leadName: 'Sam Lee' });
    const t = setup({ live: [providerCall(), second] });
    await t.settle();
    await t.settle();
    expect(t.line().waiting?.call).toMatchObject({ callId: 'call-9', leadName: 'Sam Lee' });
    expect(t.line().active?.callId).toBe('call-7');
    // It rang out unheard: the next tick (the held call is live) clears the wait.
    t.server.live = [providerCall()];
    t.tick();
    await t.settle();
    await t.settle();
    expect(t.line().waiting).toBeNull();
    expect(t.applied).toContainEqual({ type: 'waiting-gone', callId: 'call-9' });
  });

  it('the waiting caller hanging up (callEnded naming it) ends the wait, not the live call', async () => {
    const second = providerCall({ id: 'call-9', status: 'ringing' });
    const t = setup({ live: [providerCall(), second] });
    await t.settle();
    await t.settle();
    t.emit(callEndedEvent(USER), {
      callId: 'call-9',
      workspaceId: WS,
      status: 'completed',
      endedBy: 'caller',
      endedAt: '2026-11-23T15:09:30.000Z',
      sid: null,
      duration: 0,
    });
    expect(t.line().waiting).toBeNull();
    expect(t.line().active?.endedAt).toBeNull();
  });

  it('stop unsubscribes, stops the ticker and applies nothing more', async () => {
    const t = setup({ live: [providerCall()] });
    await t.settle();
    t.watch.stop();
    expect(t.listeners()).toBe(0);
    expect(t.cleared()).toBe(true);
    t.server.live = [];
    await t.watch.reconcile();
    expect(t.applied).toEqual([]);
  });
});
