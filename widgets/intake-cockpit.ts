import { defineWidget } from './define-widget';
import { lazyScreen } from './lazy-screen';
import type { WidgetSettings } from './widget-root';

// Loaded when the first element renders (or preloaded): its code and CSS stay out of the entry chunk.
const cockpit = lazyScreen(() =>
  import('@/app/features/cockpit/cockpit-screen').then((module) => module.CockpitScreen),
);
const toScreenProps = ({ dateRange, leadSources }: WidgetSettings) => ({
  defaultDateRange: dateRange,
  defaultLeadSources: leadSources,
});

/** <intake-cockpit>: the manager cockpit's four cards (spec: dashboards 2.3, 2.4). */
export const intakeCockpit = {
  tag: 'intake-cockpit',
  preload: cockpit.preload,
  storageKeys: [] as string[],
  define: () => defineWidget('intake-cockpit', cockpit.Screen, { toScreenProps }),
};
export const defineIntakeCockpit = intakeCockpit.define;
