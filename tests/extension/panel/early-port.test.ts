import { describe, expect, it, vi } from 'vitest';
import { createEarlyPort, PANEL_PORT_NAME } from '@/extension/lib/early-port';
import { PORT_NAME } from '@/shared/transport/port-protocol';
import type { PortLike } from '@/shared/transport/port-transport';

function fakePort() {
  const onMessage: ((message: unknown) => void)[] = [];
  const onDisconnect: (() => void)[] = [];
  const port: PortLike = {
    postMessage: vi.fn(),
    disconnect: vi.fn(),
    onMessage: { addListener: (listener) => void onMessage.push(listener) },
    onDisconnect: { addListener: (listener) => void onDisconnect.push(listener) },
  };
  return {
    port,
    deliver: (message: unknown) => onMessage.forEach((listener) => listener(message)),
    drop: () => onDisconnect.forEach((listener) => listener()),
  };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("the loader's early port (start-site.ts)", () => {
  it('uses the port name of the protocol', () => {
    expect(PANEL_PORT_NAME).toBe(PORT_NAME);
  });

  it('holds what arrives before the runtime listens, then delivers it in order, then the rest', async () => {
    const raw = fakePort();
    const early = createEarlyPort(raw.port);
    raw.deliver({ kind: 'session-state', n: 1 });
    raw.deliver({ kind: 'notice', n: 2 });
    const received: unknown[] = [];
    early.onMessage.addListener((message) => received.push(message));
    expect(received).toEqual([]); // never inside addListener
    await tick();
    raw.deliver({ kind: 'answer', n: 3 });
    expect(received).toEqual([
      { kind: 'session-state', n: 1 },
      { kind: 'notice', n: 2 },
      { kind: 'answer', n: 3 },
    ]);
    early.postMessage({ kind: 'subscribe', event: 'x' });
    expect(raw.port.postMessage).toHaveBeenCalledWith({ kind: 'subscribe', event: 'x' });
  });

  it('reports a disconnect that happened before the runtime listened, after the held messages', async () => {
    const raw = fakePort();
    const early = createEarlyPort(raw.port);
    raw.deliver({ kind: 'session-state' });
    raw.drop();
    const events: string[] = [];
    early.onMessage.addListener(() => events.push('message'));
    early.onDisconnect.addListener(() => events.push('disconnect'));
    await tick();
    expect(events).toEqual(['message', 'disconnect']);
  });

  it('passes a later disconnect straight on', () => {
    const raw = fakePort();
    const early = createEarlyPort(raw.port);
    const gone = vi.fn();
    early.onDisconnect.addListener(gone);
    raw.drop();
    expect(gone).toHaveBeenCalledTimes(1);
  });
});
