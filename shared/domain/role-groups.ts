import type { Role } from '@/shared/contracts/roles';

/**
 * The groups of roles the spec's roles table (dashboards 6) and menu (dashboards 2.2)
 * grant screens and reports to, defined once for the menu, the route guards and the
 * server's report access (issue #10 item 5).
 */

/** Owner and admin: reports, settings, the cockpit. */
export const MANAGERS: readonly Role[] = Object.freeze(['owner', 'admin']);

/** Owner, admin and operator: dashboards, the agent dashboard, call flows, coaching. */
export const MANAGERS_AND_OPERATORS: readonly Role[] = Object.freeze([
  'owner',
  'admin',
  'operator',
]);

/** Owner, admin and system: workspace administration the system user also does. */
export const MANAGERS_AND_SYSTEM: readonly Role[] = Object.freeze(['owner', 'admin', 'system']);

/** Everyone but the consultant: the Coaching parent menu. */
export const MANAGERS_OPERATORS_AND_SYSTEM: readonly Role[] = Object.freeze([
  'owner',
  'admin',
  'operator',
  'system',
]);

/** System administration. */
export const SYSTEM_ONLY: readonly Role[] = Object.freeze(['system']);
