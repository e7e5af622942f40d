import { describe, expect, it, vi } from 'vitest';
import { createSocketHub, readLiveCallCount } from '@/extension/entrypoints/background/socket';
import type { SocketEventHandler, Transport } from '@/shared/transport/transport';

function fakeTransport() {
  const handlers = new Map<string, Set<SocketEventHandler>>();
  const transport: Transport = {
    request: async () => null,
    subscribe(event, handler) {
      if (!handlers.has(event)) handlers.set(event, new Set());
      handlers.get(event)!.add(handler);
      return () => void handlers.get(event)?.delete(handler);
    },
  };
  return {
    transport,
    emit: (event: string, payload: unknown) =>
      handlers.get(event)?.forEach((handler) => handler(payload)),
    count: (event: string) => handlers.get(event)?.size ?? 0,
  };
}

describe('the socket hub', () => {
  it('holds one transport subscription per event however many tabs listen', () => {
    const hub = createSocketHub();
    const socket = fakeTransport();
    hub.bind(socket.transport);
    const tabs = [vi.fn(), vi.fn(), vi.fn()];
    const offs = tabs.map((tab) => hub.add('notification_center_message', tab));
    expect(socket.count('notification_center_message')).toBe(1);
    socket.emit('notification_center_message', { id: 'n1' });
    for (const tab of tabs) expect(tab).toHaveBeenCalledWith({ id: 'n1' });
    offs.forEach((off) => off());
    expect(socket.count('notification_center_message')).toBe(0);
  });

  it('subscribes every event again on a new transport', () => {
    const hub = createSocketHub();
    const first = fakeTransport();
    const second = fakeTransport();
    hub.bind(first.transport);
    const listener = vi.fn();
    hub.add('ctmcallsdata', listener);
    hub.bind(second.transport);
    expect(first.count('ctmcallsdata')).toBe(0);
    second.emit('ctmcallsdata', 4);
    expect(listener).toHaveBeenCalledWith(4);
  });

  it.each([
    [3, 3],
    ['5', 5],
    [{ count: 2 }, 2],
    [{ data: 7 }, 7],
    ['{"total":1}', 1],
    [-1, null],
    [1.5, null],
    ['many', null],
    [null, null],
  ])('reads the live call count out of %j', (payload, expected) => {
    expect(readLiveCallCount(payload)).toBe(expected);
  });
});
