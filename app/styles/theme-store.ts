import { create } from 'zustand';
import type { KeyValueStorage } from '@/shared/storage/storage';

export type Theme = 'light' | 'dark';

/** spec: session 3 / 4 — the theme is light or dark, stored locally under "theme". */
export const THEME_STORAGE_KEY = 'theme';

export const useThemeStore = create<{ theme: Theme }>()(() => ({ theme: 'light' }));

export function isTheme(value: unknown): value is Theme {
  return value === 'light' || value === 'dark';
}

/** data-theme on <html> switches every --ic-* token (styles/tokens.css). */
export function applyTheme(theme: Theme, root: HTMLElement = document.documentElement): void {
  root.dataset.theme = theme;
}

function systemPrefersDark(): boolean {
  return (
    typeof window.matchMedia === 'function' &&
    window.matchMedia('(prefers-color-scheme: dark)').matches
  );
}

/** The stored theme, else the system's preference; applied before the first paint. */
export async function hydrateTheme(storage: KeyValueStorage): Promise<Theme> {
  const stored = await storage.get(THEME_STORAGE_KEY);
  const theme: Theme = isTheme(stored) ? stored : systemPrefersDark() ? 'dark' : 'light';
  useThemeStore.setState({ theme });
  applyTheme(theme);
  return theme;
}

export async function setTheme(theme: Theme, storage: KeyValueStorage): Promise<void> {
  useThemeStore.setState({ theme });
  applyTheme(theme);
  await storage.set(THEME_STORAGE_KEY, theme);
}
