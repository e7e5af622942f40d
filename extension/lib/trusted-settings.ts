import { browser } from 'wxt/browser';

/**
 * Where the server address lives (issue #9): the extension origin's IndexedDB, which
 * only our own pages and the worker can open. storage.local is writable by every content
 * script, and a compromised one must not be able to point the extension — and with it
 * the user's password and tokens — at another server. Only the options page writes here;
 * browser policy (storage.managed) still wins over it.
 */
const DB_NAME = 'intake-cockpit-trusted-settings';
const STORE = 'settings';
const SERVER_ORIGIN_KEY = 'serverOrigin';

/** True in the worker and our pages; false in a content script (it runs in the page's origin). */
export function isExtensionContext(): boolean {
  try {
    const own = new URL(browser.runtime.getURL('/')).origin;
    return globalThis.location?.origin === own;
  } catch {
    return false;
  }
}

function openDatabase(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB open failed'));
  });
}

async function run<T>(mode: IDBTransactionMode, act: (store: IDBObjectStore) => IDBRequest<T>) {
  const db = await openDatabase();
  try {
    return await new Promise<T>((resolve, reject) => {
      const request = act(db.transaction(STORE, mode).objectStore(STORE));
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
    });
  } finally {
    db.close();
  }
}

/** The server address the options page saved; undefined when none (or not in our origin). */
export async function readTrustedServerOrigin(): Promise<unknown> {
  if (!isExtensionContext() || typeof indexedDB === 'undefined') return undefined;
  try {
    return await run('readonly', (store) => store.get(SERVER_ORIGIN_KEY));
  } catch {
    return undefined;
  }
}

/** Saves the server address (options page only: it refuses outside the extension's origin). */
export async function writeTrustedServerOrigin(origin: string): Promise<void> {
  if (!isExtensionContext()) throw new Error('Only the options page may change the server.');
  await run('readwrite', (store) => store.put(origin, SERVER_ORIGIN_KEY));
}
