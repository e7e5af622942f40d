import { describe, expect, it, vi } from 'vitest';
import { createPortStorage } from '@/extension/panel/port-environment';
import type { PortTransport, RpcCall } from '@/shared/transport/port-transport';

/** A transport whose storage answers are the number of times the key was read. */
function countingTransport() {
  const reads = new Map<string, number>();
  const calls: RpcCall[] = [];
  const transport = {
    call: vi.fn(async (message: RpcCall) => {
      calls.push(message);
      if (message.kind !== 'storage:get') return null;
      const n = (reads.get(message.key) ?? 0) + 1;
      reads.set(message.key, n);
      return `read ${n}`;
    }),
  } as unknown as PortTransport;
  return { transport, calls };
}

describe('createPortStorage prefetch (issue #6 "Speed")', () => {
  it('asks for prefetched keys at once and answers their next read from that', async () => {
    const { transport, calls } = countingTransport();
    const storage = createPortStorage(transport);
    storage.prefetch(['panel:zoho', 'report-filters:funnel']);
    storage.prefetch(['panel:zoho']); // already asked: not again
    expect(calls.map((call) => call.kind)).toEqual(['storage:get', 'storage:get']);
    expect(await storage.get('panel:zoho')).toBe('read 1');
    expect(calls).toHaveLength(2);
    // Used once: the next read asks again (another tab may have written since).
    expect(await storage.get('panel:zoho')).toBe('read 2');
    expect(calls).toHaveLength(3);
  });

  it('drops a prefetched answer when the key is written, removed or cleared', async () => {
    const { transport } = countingTransport();
    const storage = createPortStorage(transport);
    storage.prefetch(['a', 'b', 'c']);
    await storage.set('a', 'x');
    await storage.remove('b');
    expect(await storage.get('a')).toBe('read 2');
    expect(await storage.get('b')).toBe('read 2');
    await storage.clear();
    expect(await storage.get('c')).toBe('read 2');
  });

  it('leaves a failed prefetch to its reader, never to an unhandled rejection', async () => {
    const transport = {
      call: vi.fn(async () => {
        throw new Error('worker gone');
      }),
    } as unknown as PortTransport;
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    try {
      const storage = createPortStorage(transport);
      storage.prefetch(['never-read', 'read']);
      await expect(storage.get('read')).rejects.toThrow('worker gone');
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });
});
