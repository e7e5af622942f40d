import { browser } from 'wxt/browser';
import {
  resolveSettings,
  SETTINGS_STORAGE_KEY,
  type ExtensionSettings,
  type ResolvedSettings,
} from './settings';

/** storage.managed throws or answers empty where no policy exists (Firefox without one, tests). */
async function readManaged(): Promise<unknown> {
  try {
    return await browser.storage.managed.get(null);
  } catch {
    return {};
  }
}

export async function loadSettings(): Promise<ResolvedSettings> {
  const [stored, managed] = await Promise.all([
    browser.storage.local.get(SETTINGS_STORAGE_KEY).then((items) => items[SETTINGS_STORAGE_KEY]),
    readManaged(),
  ]);
  return resolveSettings(stored, managed);
}

/** Saves the user's choices; managed keys stay whatever policy says when read back. */
export async function saveSettings(settings: ExtensionSettings): Promise<void> {
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
