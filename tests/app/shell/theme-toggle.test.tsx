import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ThemeToggle } from '@/app/shell/theme/theme-toggle';
import { hydrateTheme, THEME_STORAGE_KEY, useThemeStore } from '@/app/styles/theme-store';
import { createMemoryStorage } from '@/shared/storage/storage';
import { makeHost, renderWithHost } from '../helpers';

afterEach(() => {
  useThemeStore.setState({ theme: 'light' });
  delete document.documentElement.dataset.theme;
});

describe('theme toggle (spec: session 4 Shell "The theme is light or dark, stored locally")', () => {
  it('switches to dark, applies data-theme on <html> and stores the choice under "theme"', async () => {
    const storage = createMemoryStorage();
    renderWithHost(<ThemeToggle />, { host: makeHost({ storage }) });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Switch to dark theme' }));
    });
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(await storage.get(THEME_STORAGE_KEY)).toBe('dark');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Switch to light theme' }));
    });
    expect(document.documentElement.dataset.theme).toBe('light');
    expect(await storage.get(THEME_STORAGE_KEY)).toBe('light');
  });

  it('brings the stored theme back at start-up', async () => {
    const storage = createMemoryStorage({ [THEME_STORAGE_KEY]: 'dark' });
    await hydrateTheme(storage);
    expect(useThemeStore.getState().theme).toBe('dark');
    expect(document.documentElement.dataset.theme).toBe('dark');
  });

  it('ignores a stored value that is not a theme', async () => {
    const storage = createMemoryStorage({ [THEME_STORAGE_KEY]: 'purple' });
    expect(['light', 'dark']).toContain(await hydrateTheme(storage));
  });
});
