import { describe, expect, it } from 'vitest';
import { createMemoryStorage, type KeyValueStorage, removeIfStill } from '@/shared/storage/storage';

// removeIfStill: a value is forgotten only while it is still the one meant (the finished
// call's flow), never one written meanwhile (the next call's).

describe('removeIfStill', () => {
  it('removes the value while it passes the test, and keeps one that does not', async () => {
    const storage = createMemoryStorage({ flow: 'call-1', other: 'call-2' });
    await removeIfStill(storage, 'flow', (value) => value === 'call-1');
    await removeIfStill(storage, 'other', (value) => value === 'call-1');
    expect(await storage.get('flow')).toBeNull();
    expect(await storage.get('other')).toBe('call-2');
  });

  it('does nothing for a key that holds nothing', async () => {
    const storage = createMemoryStorage();
    let tested = false;
    await removeIfStill(storage, 'flow', () => (tested = true));
    expect(tested).toBe(false);
    expect(await storage.get('flow')).toBeNull();
  });

  it("uses the storage's own one-step removal where it has one", async () => {
    const memory = createMemoryStorage({ flow: 'call-1' });
    const asked: string[] = [];
    const shared: KeyValueStorage = {
      ...memory,
      remove: () => Promise.reject(new Error('not in one step')),
      removeWhere: async (key, test) => {
        asked.push(key);
        const value = await memory.get(key);
        if (value !== null && test(value)) await memory.remove(key);
      },
    };
    await removeIfStill(shared, 'flow', (value) => value === 'call-1');
    expect(asked).toEqual(['flow']);
    expect(await memory.get('flow')).toBeNull();
  });
});
