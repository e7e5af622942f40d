import type { SiteFamily } from '@/extension/lib/site-families';
import type { KeyValueStorage } from '@/shared/storage/storage';

/** Open or collapsed, and how wide, remembered per site family. */
export interface PanelPrefs {
  open: boolean;
  width: number;
}

export const PANEL_MIN_WIDTH = 300;
export const PANEL_MAX_WIDTH = 760;
export const DEFAULT_PANEL_PREFS: PanelPrefs = { open: true, width: 420 };

export const panelPrefsKey = (family: SiteFamily) => `panel:${family}`;

export function clampWidth(width: number): number {
  if (!Number.isFinite(width)) return DEFAULT_PANEL_PREFS.width;
  return Math.round(Math.min(PANEL_MAX_WIDTH, Math.max(PANEL_MIN_WIDTH, width)));
}

export function parsePanelPrefs(text: string | null): PanelPrefs {
  if (!text) return { ...DEFAULT_PANEL_PREFS };
  try {
    const raw = JSON.parse(text) as Partial<PanelPrefs>;
    return {
      open: typeof raw.open === 'boolean' ? raw.open : DEFAULT_PANEL_PREFS.open,
      width: clampWidth(typeof raw.width === 'number' ? raw.width : DEFAULT_PANEL_PREFS.width),
    };
  } catch {
    return { ...DEFAULT_PANEL_PREFS };
  }
}

export async function loadPanelPrefs(
  storage: KeyValueStorage,
  family: SiteFamily,
): Promise<PanelPrefs> {
  try {
    return parsePanelPrefs(await storage.get(panelPrefsKey(family)));
  } catch {
    return { ...DEFAULT_PANEL_PREFS };
  }
}

export function savePanelPrefs(
  storage: KeyValueStorage,
  family: SiteFamily,
  prefs: PanelPrefs,
): Promise<void> {
  return storage.set(panelPrefsKey(family), JSON.stringify(prefs)).catch(() => {});
}
