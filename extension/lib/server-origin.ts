import { DEFAULT_SERVER_ORIGIN } from '@/shared/config/api-config';
import { browser } from 'wxt/browser';

/** Hosts that never leave the machine: the only ones the server may use plain http on. */
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * "https://intake.example.com/" -> "https://intake.example.com"; null when not an
 * https origin, or an http one on a loopback host (issue #9: the extension sends the
 * user's password and tokens there, so plain http only where no network sees them).
 */
export function normalizeServerOrigin(value: string): string | null {
  try {
    const url = new URL(value.trim());
    if (url.username || url.password) return null;
    if (url.protocol === 'https:') return url.origin;
    if (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname)) return url.origin;
    return null;
  } catch {
    return null;
  }
}

/**
 * The app's origin as a content script can know it (the app bridge): policy first, then
 * the storage.local copy of the settings. Free of zod, so the bridge stays small. Only a
 * hint — storage.local is writable by content scripts — the worker checks the sender of
 * a hand-over against the trusted setting (app-handoff.ts).
 */
export async function configuredAppOriginHint(): Promise<string> {
  const read = async (area: 'managed' | 'local') => {
    try {
      const items = await browser.storage[area].get(area === 'managed' ? null : 'settings');
      const value = area === 'managed' ? items : items.settings;
      const origin = (value as { serverOrigin?: unknown } | undefined)?.serverOrigin;
      return typeof origin === 'string' ? normalizeServerOrigin(origin) : null;
    } catch {
      return null;
    }
  };
  return (await read('managed')) ?? (await read('local')) ?? DEFAULT_SERVER_ORIGIN;
}
