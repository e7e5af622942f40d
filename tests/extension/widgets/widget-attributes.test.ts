import { describe, expect, it, vi } from 'vitest';
import { createPrefixedStorage } from '@/widgets/embed/embed-environment';
import { subscribeWidgetCss, registerWidgetCss, widgetCss } from '@/widgets/styles/css-registry';
import { parseDateRange, parseLeadSources, parseTheme } from '@/widgets/widget-attributes';
import { openInApp } from '@/widgets/widget-host';

describe('widget attributes', () => {
  it('reads theme as light, dark or auto', () => {
    expect(parseTheme(undefined)).toBe('light');
    expect(parseTheme('dark')).toBe('dark');
    expect(parseTheme('auto', true)).toBe('dark');
    expect(parseTheme('auto', false)).toBe('light');
    expect(parseTheme('purple')).toBe('light');
  });

  it('reads date ranges by name or as two ISO days', () => {
    const today = new Date(2025, 2, 15);
    expect(parseDateRange('last-7-days', today)).toEqual({
      startDate: '2025-03-09',
      endDate: '2025-03-15',
    });
    expect(parseDateRange('last-30-days', today)).toEqual({
      startDate: '2025-02-14',
      endDate: '2025-03-15',
    });
    expect(parseDateRange('this-month', today)).toEqual({
      startDate: '2025-03-01',
      endDate: '2025-03-15',
    });
    expect(parseDateRange('2025-01-01..2025-01-31')).toEqual({
      startDate: '2025-01-01',
      endDate: '2025-01-31',
    });
    expect(parseDateRange('2025-02-30..2025-03-01')).toBeNull();
    expect(parseDateRange('2025-03-01..2025-01-01')).toBeNull();
    expect(parseDateRange('yesterday')).toBeNull();
    expect(parseDateRange(undefined)).toBeNull();
  });

  it('reads lead sources as a comma list of ids', () => {
    expect(parseLeadSources('1, 2,2,ls_x')).toEqual(['1', '2', 'ls_x']);
    expect(parseLeadSources(' , ')).toBeNull();
    expect(parseLeadSources('<script>')).toBeNull();
  });
});

describe('links out of a widget', () => {
  it('open the standalone app at the path, in a new tab', () => {
    const open = vi.fn();
    openInApp('http://localhost:8080', '/app/marketing/lead-source-ranking-v2', open);
    expect(open).toHaveBeenCalledWith(
      'http://localhost:8080/app/marketing/lead-source-ranking-v2',
      '_blank',
      'noopener,noreferrer',
    );
  });

  it('never leave the app', () => {
    const open = vi.fn();
    openInApp('http://localhost:8080', '//evil.example/x', open);
    openInApp('http://localhost:8080', 'https://evil.example/x', open);
    openInApp('http://localhost:8080', 'javascript:alert(1)', open);
    openInApp('', '/app', open);
    expect(open).not.toHaveBeenCalled();
  });
});

describe('embed storage and the CSS registry', () => {
  it("keeps embedded widgets' preferences under their own prefix", async () => {
    localStorage.clear();
    localStorage.setItem('host-page-key', 'keep me');
    const storage = createPrefixedStorage(localStorage);
    await storage.set('theme', 'dark');
    expect(localStorage.getItem('intake-widgets:theme')).toBe('dark');
    await storage.clear();
    expect(localStorage.getItem('intake-widgets:theme')).toBeNull();
    expect(localStorage.getItem('host-page-key')).toBe('keep me');
  });

  it('collects each stylesheet once and tells mounted widgets about late ones', () => {
    const listener = vi.fn();
    const stop = subscribeWidgetCss(listener);
    registerWidgetCss('.late-chunk { color: red; }');
    registerWidgetCss('.late-chunk { color: red; }');
    expect(listener).toHaveBeenCalledTimes(1);
    expect(widgetCss()).toContain('.late-chunk');
    stop();
  });
});
