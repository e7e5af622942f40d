import { defineWidget } from './define-widget';
import { lazyScreen } from './lazy-screen';

// Loaded when the first element renders (or preloaded): its code and CSS stay out of the entry chunk.
const agent = lazyScreen(() =>
  import('@/app/features/agent-dashboard/agent-dashboard-screen').then(
    (module) => module.AgentDashboardScreen,
  ),
);

/**
 * <intake-agent>: the signed-in agent's own day or week (docs/agent-dashboard.md), the
 * operators' widget in the CRM side panel. It takes no date range: its periods are
 * today and this week.
 */
export const intakeAgent = {
  tag: 'intake-agent',
  preload: agent.preload,
  /** The screen reads nothing from the host's storage as it mounts. */
  storageKeys: [] as readonly string[],
  define: () => defineWidget('intake-agent', agent.Screen),
};
export const defineIntakeAgent = intakeAgent.define;
