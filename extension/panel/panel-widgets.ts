import type { Role } from '@/shared/contracts/roles';

/** The widget elements, in the order the panel shows them. */
export const WIDGET_TAGS = [
  'intake-call-flow',
  'intake-agent',
  'intake-compliance',
  'intake-cockpit',
  'intake-funnel',
] as const;
export type WidgetTag = (typeof WIDGET_TAGS)[number];

/** An agent's own dashboard: in the app owners and admins read any agent's instead. */
const OPERATOR_ONLY: readonly WidgetTag[] = ['intake-agent'];

/**
 * Which widgets fit a role (issue #6): agents see the call flow, their own dashboard and
 * compliance; owners and admins the call flow, compliance, the cockpit and the funnel;
 * consultants and system users none.
 * Only elements that are actually defined (wrapped screens) are shown.
 */
export function widgetsForRole(
  role: Role | null | undefined,
  isDefined: (tag: string) => boolean,
): WidgetTag[] {
  const allowed: readonly WidgetTag[] =
    role === 'owner' || role === 'admin'
      ? WIDGET_TAGS.filter((tag) => !OPERATOR_ONLY.includes(tag))
      : role === 'operator'
        ? ['intake-call-flow', 'intake-agent', 'intake-compliance']
        : [];
  return allowed.filter((tag) => isDefined(tag));
}

/** The call-flow widget, which shows figures only during a call (panel-calls.ts CALL_FLOW_TAG). */
const CALL_FLOW: WidgetTag = 'intake-call-flow';

/**
 * The first widget of a role that shows figures from the server (issue #14): what the
 * panel loads first and alone, and the loader asks for beside the runtime.
 */
export function firstFigureWidget(
  role: Role | null | undefined,
  isDefined: (tag: string) => boolean = () => true,
): WidgetTag | null {
  return widgetsForRole(role, isDefined).find((tag) => tag !== CALL_FLOW) ?? null;
}
