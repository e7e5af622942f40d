import type { WidgetTag } from './panel-widgets';

/**
 * The first widget's screen code, started beside the panel frame's runtime (issue #14
 * "preload the first widget's chunk"; issue #29: the panel renders in the frame). The CRM
 * page's side knows the signed-in role when it frames the panel and names the first
 * widget in the frame's address (`first=`); panel-frame.html loads this tiny module of the
 * frame build beside the runtime (first-screen-entry.ts), which starts the screen's
 * chunks at once. They arrive with the runtime instead of after it; when the runtime's
 * widget asks for the same module (widgets/intake-*.ts), the browser has it already.
 * No static imports here: they would make this module wait for the runtime's own chunk.
 * The specifiers are the widgets' own (checked equal by a unit test).
 */
export const FIRST_SCREENS: Partial<Record<WidgetTag, () => Promise<unknown>>> = {
  'intake-compliance': () => import('@/app/features/compliance/compliance-screen'),
  'intake-agent': () => import('@/app/features/agent-dashboard/agent-dashboard-screen'),
};

/** Starts loading the screen of `tag` (nothing for a tag without one here). */
export function preloadFirstScreen(tag: string): void {
  const load = Object.hasOwn(FIRST_SCREENS, tag) ? FIRST_SCREENS[tag as WidgetTag] : undefined;
  // A failure is the runtime's to see: its widget asks again when it renders.
  if (load) void load().catch(() => {});
}
