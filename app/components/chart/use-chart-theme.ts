import { useEffect, useState, type RefObject } from 'react';

/** The colours a canvas chart needs from the design tokens (canvases cannot use CSS variables). */
export interface ChartTheme {
  text: string;
  muted: string;
  grid: string;
  surface: string;
  /** The app's font stack (--ic-font), for ticks and tooltips. */
  font: string;
  dark: boolean;
}

const FALLBACK: ChartTheme = {
  text: '#101828',
  muted: '#475467',
  grid: '#e4e7ec',
  surface: '#ffffff',
  font: 'system-ui, sans-serif',
  dark: false,
};

function read(element: HTMLElement): ChartTheme {
  const style = getComputedStyle(element);
  const token = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  const themed = element.closest('[data-theme]');
  return {
    text: token('--ic-text', FALLBACK.text),
    muted: token('--ic-text-muted', FALLBACK.muted),
    grid: token('--ic-border', FALLBACK.grid),
    surface: token('--ic-surface', FALLBACK.surface),
    font: token('--ic-font', FALLBACK.font),
    dark: (themed ?? document.documentElement).getAttribute('data-theme') === 'dark',
  };
}

/**
 * Reads the chart colours from the tokens around `ref` and again when the theme changes
 * (data-theme on <html> in the app, on the widget's frame inside a shadow root).
 */
export function useChartTheme(ref: RefObject<HTMLElement | null>): ChartTheme {
  const [theme, setTheme] = useState<ChartTheme>(FALLBACK);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const update = () =>
      setTheme((previous) => {
        const next = read(element);
        return JSON.stringify(next) === JSON.stringify(previous) ? previous : next;
      });
    update();
    const observer = new MutationObserver(update);
    const targets = new Set<Element>([document.documentElement]);
    const themed = element.closest('[data-theme]');
    if (themed) targets.add(themed);
    for (const target of targets) {
      observer.observe(target, { attributes: true, attributeFilter: ['data-theme', 'class'] });
    }
    return () => observer.disconnect();
  }, [ref]);
  return theme;
}
