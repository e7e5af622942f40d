import { compareLabels } from './sorting';

/**
 * spec: dashboards 3 Lead source — sources whose label contains 'Test' are hidden from
 * lists and goal logic; lists sort case-insensitively by name.
 */
export function isTestLeadSource(source: { label: string }): boolean {
  return source.label.includes('Test');
}

export function visibleLeadSources<T extends { label: string }>(sources: readonly T[]): T[] {
  return sources
    .filter((source) => !isTestLeadSource(source))
    .sort((a, b) => compareLabels(a.label, b.label));
}
