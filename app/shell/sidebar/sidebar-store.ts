import { create } from 'zustand';
import type { KeyValueStorage } from '@/shared/storage/storage';

/** spec: session 3 / 4 — the sidebar miniMenu flag; the manual choice is stored locally. */
export const MINI_MENU_STORAGE_KEY = 'miniMenu';

// spec: session 4 Shell / 9 — mini at 1024px or less; mobile menu at 991px or less.
export const MINI_MENU_QUERY = '(max-width: 1024px)';
export const MOBILE_MENU_QUERY = '(max-width: 991px)';

interface SidebarState {
  /** The user's own choice, used above the mini breakpoint. */
  manualMini: boolean;
  /** The mobile menu (off-canvas) is open. */
  mobileOpen: boolean;
}

export const useSidebarStore = create<SidebarState>()(() => ({
  manualMini: false,
  mobileOpen: false,
}));

export async function hydrateSidebar(storage: KeyValueStorage): Promise<void> {
  useSidebarStore.setState({ manualMini: (await storage.get(MINI_MENU_STORAGE_KEY)) === 'true' });
}

export async function setManualMini(mini: boolean, storage: KeyValueStorage): Promise<void> {
  useSidebarStore.setState({ manualMini: mini });
  await storage.set(MINI_MENU_STORAGE_KEY, String(mini));
}

export function setMobileMenuOpen(open: boolean): void {
  useSidebarStore.setState({ mobileOpen: open });
}

/**
 * The mode the sidebar shows: mobile (off-canvas, full labels) at 991px or less; mini
 * automatically at 1024px or less; otherwise the user's choice.
 */
export function sidebarMode(state: {
  narrow: boolean;
  mobile: boolean;
  manualMini: boolean;
}): 'mobile' | 'mini' | 'full' {
  if (state.mobile) return 'mobile';
  if (state.narrow || state.manualMini) return 'mini';
  return 'full';
}
