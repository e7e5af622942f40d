import { defineWidget } from './define-widget';
import { lazyScreen } from './lazy-screen';
import type { WidgetSettings } from './widget-root';

// Loaded when the first element renders (or preloaded): its code and CSS stay out of the entry chunk.
const compliance = lazyScreen(() =>
  import('@/app/features/compliance/compliance-screen').then((module) => module.ComplianceScreen),
);
const toScreenProps = ({ dateRange, leadSources }: WidgetSettings) => ({ dateRange, leadSources });

/** <intake-compliance>: call compliance (spec: dashboards 2.6) with its date range. */
export const intakeCompliance = {
  tag: 'intake-compliance',
  preload: compliance.preload,
  /** What the screen reads from the host's storage first (ComplianceScreen's default key). */
  storageKeys: ['report-filters:compliance'],
  define: () => defineWidget('intake-compliance', compliance.Screen, { toScreenProps }),
};
export const defineIntakeCompliance = intakeCompliance.define;
