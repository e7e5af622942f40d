import type { Browser } from 'wxt/browser';
import type { KeyValueStorage } from '@/shared/storage/storage';

/**
 * A KeyValueStorage over one extension storage area, optionally under a key prefix
 * (clear() then removes only that prefix's keys).
 */
export function createExtensionStorage(
  area: Browser.storage.StorageArea,
  prefix = '',
): KeyValueStorage {
  return {
    async get(key) {
      const items = await area.get(prefix + key);
      const value = items[prefix + key];
      return typeof value === 'string' ? value : null;
    },
    set: (key, value) => area.set({ [prefix + key]: value }),
    remove: (key) => area.remove(prefix + key),
    async clear() {
      if (!prefix) return area.clear();
      const items = await area.get(null);
      const keys = Object.keys(items).filter((key) => key.startsWith(prefix));
      if (keys.length > 0) await area.remove(keys);
    },
  };
}
