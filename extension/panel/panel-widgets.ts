import type { Role } from '@/shared/contracts/roles';

/** The widget elements, in the order the panel shows them. */
export const WIDGET_TAGS = [
  'intake-call-flow',
  'intake-compliance',
  'intake-cockpit',
  'intake-funnel',
] as const;
export type WidgetTag = (typeof WIDGET_TAGS)[number];

/**
 * Which widgets fit a role (issue #6): agents see compliance and the call flow; owners
 * and admins also the cockpit and the funnel; consultants and system users none.
 * Only elements that are actually defined (wrapped screens) are shown.
 */
export function widgetsForRole(
  role: Role | null | undefined,
  isDefined: (tag: string) => boolean,
): WidgetTag[] {
  const allowed: readonly WidgetTag[] =
    role === 'owner' || role === 'admin'
      ? WIDGET_TAGS
      : role === 'operator'
        ? ['intake-call-flow', 'intake-compliance']
        : [];
  return allowed.filter((tag) => isDefined(tag));
}
