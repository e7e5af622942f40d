import { browser } from 'wxt/browser';
import {
  resolveSettings,
  resolveTrustedSettings,
  SETTINGS_STORAGE_KEY,
  type ExtensionSettings,
  type ResolvedSettings,
} from './settings';
import {
  isExtensionContext,
  readTrustedServerOrigin,
  writeTrustedServerOrigin,
} from './trusted-settings';

/** storage.managed throws or answers empty where no policy exists (Firefox without one, tests). */
async function readManaged(): Promise<unknown> {
  try {
    return await browser.storage.managed.get(null);
  } catch {
    return {};
  }
}

/**
 * What a CRM tab's side needs — the sites and the extra Keap hosts — from the
 * storage.local copy and policy, never the trusted server address: content scripts, and
 * the panel frame (issue #29), which must not wait for the trusted store to open.
 */
export async function loadSiteSettings(): Promise<ResolvedSettings> {
  const [stored, managed] = await Promise.all([
    browser.storage.local.get(SETTINGS_STORAGE_KEY).then((items) => items[SETTINGS_STORAGE_KEY]),
    readManaged(),
  ]);
  return resolveSettings(stored, managed);
}

/**
 * The settings. In the worker and our pages the server address comes from the trusted
 * store (trusted-settings.ts); in a content script (which only needs the sites and the
 * extra hosts) the storage.local copy is all there is, and it is only a hint.
 */
export async function loadSettings(): Promise<ResolvedSettings> {
  const trusted = isExtensionContext();
  if (!trusted) return loadSiteSettings();
  const [stored, managed, serverOrigin] = await Promise.all([
    browser.storage.local.get(SETTINGS_STORAGE_KEY).then((items) => items[SETTINGS_STORAGE_KEY]),
    readManaged(),
    readTrustedServerOrigin(),
  ]);
  return resolveTrustedSettings(stored, managed, serverOrigin);
}

/**
 * Saves the user's choices (options page); managed keys stay whatever policy says when
 * read back. The server address goes to the trusted store first; the storage.local copy
 * (content scripts read it) also tells the worker to load the settings again.
 */
export async function saveSettings(settings: ExtensionSettings): Promise<void> {
  await writeTrustedServerOrigin(settings.serverOrigin);
  await browser.storage.local.set({ [SETTINGS_STORAGE_KEY]: settings });
}

/** Calls back with the new settings whenever the user or policy changes them. */
export function watchSettings(listener: (resolved: ResolvedSettings) => void): () => void {
  const onChanged = (changes: Record<string, unknown>, area: string) => {
    if ((area === 'local' && SETTINGS_STORAGE_KEY in changes) || area === 'managed') {
      void loadSettings().then(listener);
    }
  };
  browser.storage.onChanged.addListener(onChanged);
  return () => browser.storage.onChanged.removeListener(onChanged);
}
