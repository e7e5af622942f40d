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
