import type { WidgetTag } from './panel-widgets';

/**
 * The first widget's screen code, asked for by the loader beside the panel runtime
 * (issue #14 "preload the first widget's chunk"): the loader hears the signed-in role on
 * its early port and imports this tiny module of the panel build, which starts the screen's
 * chunks at once. They arrive with the runtime instead of after it; when the runtime's
 * widget asks for the same module (widgets/intake-*.ts), the browser has it already.
 * No static imports here: they would make the loader wait for the runtime's own chunk.
 * The specifiers are the widgets' own (checked equal by a unit test).
 */
export const FIRST_SCREENS: Partial<Record<WidgetTag, () => Promise<unknown>>> = {
  'intake-compliance': () => import('@/app/features/compliance/compliance-screen'),
  'intake-agent': () => import('@/app/features/agent-dashboard/agent-dashboard-screen'),
};

/** Starts loading the screen of `tag` (nothing for a tag without one here). */
export function preloadFirstScreen(tag: string): void {
  const load = FIRST_SCREENS[tag as WidgetTag];
  // A failure is the runtime's to see: its widget asks again when it renders.
  if (load) void load().catch(() => {});
}
