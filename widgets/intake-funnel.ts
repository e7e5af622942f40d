import { defineWidget } from './define-widget';
import { lazyScreen } from './lazy-screen';
import type { WidgetSettings } from './widget-root';

// Loaded when the first element renders (or preloaded): its code and CSS stay out of the entry chunk.
const funnel = lazyScreen(() =>
  import('@/app/features/funnel/funnel-report-screen').then((module) => module.FunnelReportScreen),
);
const toScreenProps = ({ dateRange, leadSources }: WidgetSettings) => ({ dateRange, leadSources });

/** <intake-funnel>: the funnel (snapshot/PCLC) report (spec: dashboards 2.5, 2.6, 2.9). */
export const intakeFunnel = {
  tag: 'intake-funnel',
  preload: funnel.preload,
  /** What the screen reads from the host's storage first (FunnelReportScreen's default key). */
  storageKeys: ['report-filters:funnel'],
  define: () => defineWidget('intake-funnel', funnel.Screen, { toScreenProps }),
};
export const defineIntakeFunnel = intakeFunnel.define;
