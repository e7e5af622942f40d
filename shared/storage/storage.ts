/**
 * Persistence given by the host (ARCHITECTURE.md "Persistence"): localStorage in the
 * app, extension storage through the background in widgets. Async, because the
 * extension's storage is.
 */
export interface KeyValueStorage {
  get(key: string): Promise<string | null>;
  set(key: string, value: string): Promise<void>;
  remove(key: string): Promise<void>;
  clear(): Promise<void>;
  /**
   * Removes `key` only if its value still passes `test`, in one step with nothing written
   * between the look and the removal. Only storages that several writers share at once
   * have it (the extension background's call-flow values, written by every tab);
   * removeIfStill reads then removes where it is absent.
   */
  removeWhere?(key: string, test: (value: string) => boolean): Promise<void>;
}

/**
 * Removes `key` while its value still passes `test`: a value someone wrote meanwhile (the
 * next call's flow, say) stays.
 */
export async function removeIfStill(
  storage: KeyValueStorage,
  key: string,
  test: (value: string) => boolean,
): Promise<void> {
  if (storage.removeWhere) return storage.removeWhere(key, test);
  const value = await storage.get(key);
  if (value !== null && test(value)) await storage.remove(key);
}

export function createWebStorage(store: Storage): KeyValueStorage {
  return {
    get: async (key) => store.getItem(key),
    set: async (key, value) => store.setItem(key, value),
    remove: async (key) => store.removeItem(key),
    clear: async () => store.clear(),
  };
}

export function createMemoryStorage(initial: Record<string, string> = {}): KeyValueStorage {
  const map = new Map(Object.entries(initial));
  return {
    get: async (key) => map.get(key) ?? null,
    set: async (key, value) => void map.set(key, value),
    remove: async (key) => void map.delete(key),
    clear: async () => map.clear(),
  };
}
