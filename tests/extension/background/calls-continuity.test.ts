import { describe, expect, it, vi } from 'vitest';
import { createPortCallSession } from '@/extension/panel/port-call-session';
import type { RouterPort } from '@/extension/entrypoints/background/port-router';
import { createMemoryStorage } from '@/shared/storage/storage';
import { createPortTransport } from '@/shared/transport/port-transport';
import { fakeCallsBrowser, routerPortConnector } from './fake-background';
import { callsBackground, callServer, tabSender } from './calls-test-kit';

/**
 * Call continuity end to end through the seam (issue #13): two tabs' real port transports
 * and CallSessions against the background's router and calls module. The tab in front is
 * offered the call and takes it, the other continues the same wizard values, both survive
 * the worker being stopped, and a hang-up in one ends the call in both.
 */

function world() {
  const callStorage = createMemoryStorage();
  const callsBrowser = fakeCallsBrowser();
  const server = callServer();
  let background = callsBackground({ callStorage, callsBrowser, server });
  const connectors: ReturnType<typeof routerPortConnector>[] = [];
  function tab(tabId: number) {
    // Always the current worker's router: a stopped worker's replacement takes the ports.
    const connector = routerPortConnector(
      { onConnect: (port: RouterPort) => background.router.onConnect(port) },
      tabSender(tabId, 1),
    );
    connectors.push(connector);
    const transport = createPortTransport({ connect: connector.connect, reconnectDelayMs: 1 });
    const calls = createPortCallSession(transport);
    transport.setCallFacts({ canShowCallFlow: true });
    transport.setVisibility(false);
    return { transport, calls };
  }
  return {
    tab,
    background: () => background,
    callsBrowser,
    server,
    restart() {
      for (const connector of connectors) connector.dropAll();
      background = callsBackground({ callStorage, callsBrowser, server });
    },
  };
}

describe('one call and one wizard across tabs and a stopped worker', () => {
  it('offers, claims, continues, survives a restart and hangs up everywhere', async () => {
    const w = world();
    w.background().front({ 5: 1 }, 1);
    const focused = w.tab(5);
    const other = w.tab(6);
    await focused.transport.call({ kind: 'session:get' });
    await other.transport.call({ kind: 'session:get' });
    await w.background().ring('call-1');

    await vi.waitFor(() => expect(focused.calls.get().offered).toBe(true));
    expect(other.calls.get()).toMatchObject({ offered: false, call: { callId: 'call-1' } });
    expect(await focused.calls.claim('call-1')).toBe(true);
    expect(await other.calls.claim('call-1')).toBe(false);

    await focused.calls.flowStorage.set('callFlowState:u1', '{"step":"s2"}');
    focused.calls.wizardMoved('call-1', 'e1', 's2');
    await vi.waitFor(() => expect(other.calls.get().call?.wizard?.stepId).toBe('s2'));
    expect(other.calls.get().flowWrittenHere).toBe(false);
    expect(await other.calls.flowStorage.get('callFlowState:u1')).toBe('{"step":"s2"}');
    const revision = other.calls.get().flowRevision;

    const pushed = vi.fn();
    other.transport.onCallState(pushed);
    w.restart();
    await other.transport.call({ kind: 'session:get' });
    await focused.transport.call({ kind: 'session:get' });
    expect(w.background().router.openPorts()).toBe(2);
    // The new worker pushed the restored call, and answers from what it restored.
    await vi.waitFor(() =>
      expect(pushed).toHaveBeenCalledWith(
        expect.objectContaining({
          call: expect.objectContaining({
            callId: 'call-1',
            wizard: expect.objectContaining({ stepId: 's2' }),
          }),
          flowRevision: revision,
        }),
      ),
    );
    expect(await other.calls.flowStorage.get('callFlowState:u1')).toBe('{"step":"s2"}');
    expect(await other.calls.claim('call-1')).toBe(false);
    expect(await focused.calls.claim('call-1')).toBe(true);

    await other.calls.hangUp();
    await w.background().calls.idle();
    for (const shown of [focused, other]) {
      await vi.waitFor(() =>
        expect(shown.calls.get().call).toMatchObject({ sid: 'CA0123', duration: 75 }),
      );
      expect(shown.calls.get().call?.endedAt).not.toBeNull();
    }
    await focused.calls.reset();
    await vi.waitFor(() => expect(other.calls.get().call).toBeNull());
    expect(await other.calls.flowStorage.get('callFlowState:u1')).toBeNull();
  });
});
