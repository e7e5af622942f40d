import type { EditionKey, Role } from '@/shared/contracts/roles';
import { ROLES } from '@/shared/contracts/roles';
import type { LoggedUser } from '@/shared/contracts/user';
import type { Workspace } from '@/shared/contracts/workspace';
import { meetsEdition } from './editions';
import { FEATURE_ACCESS, type ReportFeature } from './feature-access';
import { LOGIN_PATH, landingPathFor } from './landing';
import {
  hasQuickBooks,
  isCallTrackingEnabled,
  isCockpitEnabled,
  usesZohoVendor,
} from './workspace-features';
import {
  MANAGERS,
  MANAGERS_AND_OPERATORS,
  MANAGERS_AND_SYSTEM,
  MANAGERS_OPERATORS_AND_SYSTEM,
  SYSTEM_ONLY,
} from './role-groups';

/**
 * What a route under /app asks of the user (spec: session 6 and dashboards 6 route guards).
 * The spec does not show the allowed-roles table per route; this one is derived from the
 * dashboards 6 roles table, extended to the routes it does not name (see ROUTE_REQUIREMENTS).
 */
export interface RouteRequirement {
  /** Relative to /app; matches that path and everything below it. */
  path: string;
  roles: readonly Role[];
  edition: EditionKey;
  /**
   * Extra guards: cockpit needs the cockpit setting; call flows are blocked for Zoho; the
   * cash-flow pipeline needs the accounting vendor (the menu's rule, spec 2.2); the Agent
   * dashboard and Tracking Numbers need call tracking (the menu's rule, spec 6).
   */
  guard?: 'cockpit' | 'callFlow' | 'quickBooks' | 'callTracking';
}

/**
 * The roles and edition of a report family, from the table the server's report routes
 * enforce (shared/domain/feature-access.ts, issue #9 item 5): a screen is open to exactly
 * those who may read the reports it shows.
 */
function readsReports(feature: ReportFeature): Pick<RouteRequirement, 'roles' | 'edition'> {
  const { roles, edition } = FEATURE_ACCESS[feature];
  return { roles, edition };
}

/**
 * The route requirement table. The most specific (longest) path wins.
 * spec: dashboards 6 roles table; brief: marketing and cash-flow-pipeline need professional,
 * everything else starter.
 */
const ROUTE_REQUIREMENTS: readonly RouteRequirement[] = [
  // Dashboards parent: owner, admin, operator.
  { path: 'dashboards', roles: MANAGERS_AND_OPERATORS, edition: 'starter' },
  // Classic and Classic Trends: owner, admin.
  { path: 'dashboards/dashboard', ...readsReports('funnel') },
  { path: 'dashboards/trends', ...readsReports('funnel') },
  // Cockpit: not in the table; it is the owner/admin landing page, so owner and admin.
  { path: 'dashboards/cockpit', ...readsReports('funnel'), guard: 'cockpit' },
  // Agent dashboard: owner, admin, operator.
  { path: 'dashboards/agent', ...readsReports('callCompliance'), guard: 'callTracking' },
  // Older routes (spec 2.1): same rules as the dashboards they redirect to.
  { path: 'dashboard', ...readsReports('funnel') },
  { path: 'trends', ...readsReports('funnel') },
  { path: 'cockpit', ...readsReports('funnel'), guard: 'cockpit' },
  { path: 'agent', ...readsReports('callCompliance'), guard: 'callTracking' },
  // Team, Sales Pipeline, Marketing, Cash Flow Pipeline, Settings: owner, admin.
  { path: 'team', ...readsReports('team') },
  // The Team menu's Agent AI Compliance lives at people/agent-ai-compliance (spec 2.2).
  { path: 'people', ...readsReports('team') },
  { path: 'sales-pipeline', ...readsReports('salesPipeline') },
  { path: 'marketing', ...readsReports('marketing') },
  // spec 2.2: cash-flow-pipeline is "only for workspaces with the accounting vendor, or
  // role system", so system is allowed here too (the 6 table names owner, admin).
  // The screen is professional (brief) although the Cash Flow reading itself is not: the
  // cockpit's Cash Flow card reads it in any edition with QuickBooks.
  {
    path: 'cash-flow-pipeline',
    roles: FEATURE_ACCESS.cashFlow.roles,
    edition: 'professional',
    guard: 'quickBooks',
  },
  { path: 'settings', roles: MANAGERS, edition: 'starter' },
  // issue #16: the system user administers any workspace's users (it picks the workspace).
  { path: 'settings/users-administration', roles: MANAGERS_AND_SYSTEM, edition: 'starter' },
  // Cockpit goals only mean something where the cockpit is on (spec 6 menu rule).
  { path: 'settings/cockpit-goals', ...readsReports('cockpitGoals'), guard: 'cockpit' },
  // Tracking numbers are the call-tracking vendor's (spec 6 menu rule).
  {
    path: 'settings/tracking-numbers',
    roles: MANAGERS,
    edition: 'starter',
    guard: 'callTracking',
  },
  // Call Flows: owner, admin, operator; blocked for Zoho-vendor workspaces.
  {
    path: 'automated-intake',
    roles: MANAGERS_AND_OPERATORS,
    edition: 'starter',
    guard: 'callFlow',
  },
  // The Call Flows area's execution histories and CRM records: owners and admins (issue 11).
  { path: 'automated-intake/histories', roles: MANAGERS, edition: 'starter', guard: 'callFlow' },
  { path: 'automated-intake/crm-records', roles: MANAGERS, edition: 'starter', guard: 'callFlow' },
  // The call-flow designer (issue #34): owners and admins; system users for the workspace
  // they have open (the server's process-designs rule).
  {
    path: 'automated-intake/designer',
    roles: MANAGERS_AND_SYSTEM,
    edition: 'starter',
    guard: 'callFlow',
  },
  // Coaching parent: owner, admin, operator, system; Training, Scores, Reports: owner,
  // admin, operator; Upload Videos: system only.
  { path: 'coaching', roles: MANAGERS_OPERATORS_AND_SYSTEM, edition: 'starter' },
  { path: 'coaching/training', roles: MANAGERS_AND_OPERATORS, edition: 'starter' },
  { path: 'coaching/scores', roles: MANAGERS_AND_OPERATORS, edition: 'starter' },
  { path: 'coaching/reports', roles: MANAGERS_AND_OPERATORS, edition: 'starter' },
  // issue #16: owners and admins upload their team's videos too (the system user any).
  { path: 'coaching/upload-training-videos', roles: MANAGERS_AND_SYSTEM, edition: 'starter' },
  // System administration: system only.
  { path: 'system', roles: SYSTEM_ONLY, edition: 'starter' },
  // Profile pages: every role (the consultant and operator landings are here).
  { path: 'profile', roles: ROLES, edition: 'starter' },
  // The top bar's help page (issue #30): everyone signed in.
  { path: 'help', roles: ROLES, edition: 'starter' },
  // Children of app the spec names without a menu entry or a role: manager reports,
  // except the operator dashboard, which operators use.
  { path: 'perspectives', ...readsReports('funnel') },
  { path: 'operator-dashboard', roles: MANAGERS_AND_OPERATORS, edition: 'starter' },
  { path: 'top-5', roles: MANAGERS, edition: 'starter' },
  { path: 'finance', roles: MANAGERS, edition: 'starter' },
  { path: 'promoter-index', roles: MANAGERS, edition: 'starter' },
];

const APP_PREFIX = '/app';
const NOT_ALLOWED_SEGMENT = 'not-allowed';

/** The illustration the not-allowed page shows (served from the app's public folder). */
export const UPGRADE_ILLUSTRATION = '/illustrations/upgrade.svg';

export type RouteAccess = { kind: 'allow' } | { kind: 'redirect'; to: string };

/** "/app/marketing/x/" → "marketing/x"; null when the path is not under /app. */
function appRelativePath(pathname: string): string | null {
  const clean = pathname.replace(/\/+$/, '');
  if (clean === APP_PREFIX) return '';
  if (!clean.startsWith(`${APP_PREFIX}/`)) return null;
  return clean.slice(APP_PREFIX.length + 1);
}

export function isNotAllowedPath(pathname: string): boolean {
  return pathname.replace(/\/+$/, '').endsWith(`/${NOT_ALLOWED_SEGMENT}`);
}

/** The most specific requirement for a path relative to /app, if any. */
export function requirementFor(relativePath: string): RouteRequirement | undefined {
  let best: RouteRequirement | undefined;
  for (const requirement of ROUTE_REQUIREMENTS) {
    const matches =
      relativePath === requirement.path || relativePath.startsWith(`${requirement.path}/`);
    if (matches && (!best || requirement.path.length > best.path.length)) best = requirement;
  }
  return best;
}

/** spec: session 2 — "reached by appending not-allowed to the current path, with edition and imgSrc". */
export function notAllowedPathFor(pathname: string, required: EditionKey): string {
  const base = pathname.replace(/\/+$/, '');
  const query = new URLSearchParams({ edition: required, imgSrc: UPGRADE_ILLUSTRATION });
  return `${base}/${NOT_ALLOWED_SEGMENT}?${query.toString()}`;
}

/**
 * The edition a user's routes are checked against: the token's edition, else the
 * workspace's (spec: session 3 "the token's edition").
 */
export function effectiveEdition(
  user: Pick<LoggedUser, 'edition'>,
  workspace: Workspace | null | undefined,
): EditionKey | null {
  return user.edition ?? workspace?.attributes.edition ?? null;
}

/**
 * The guards of spec session 6 / dashboards 6, in their order: sign-in, role, edition,
 * cockpit setting, call flow vs Zoho. Paths outside /app and unknown /app paths are
 * allowed here: the router answers those (login area, 404).
 */
export function checkRouteAccess(
  pathname: string,
  user: Pick<LoggedUser, 'role' | 'edition'> | null,
  workspace: Workspace | null | undefined,
): RouteAccess {
  const relative = appRelativePath(pathname);
  if (relative === null) return { kind: 'allow' };
  if (!user) return { kind: 'redirect', to: LOGIN_PATH };

  const landing = landingPathFor(user, workspace);
  if (relative === '') return { kind: 'redirect', to: landing };
  // The not-allowed page itself only needs a signed-in user.
  if (isNotAllowedPath(pathname)) return { kind: 'allow' };

  const requirement = requirementFor(relative);
  if (!requirement) return { kind: 'allow' };

  if (!requirement.roles.includes(user.role)) return { kind: 'redirect', to: landing };

  // The system role belongs to no workspace and carries no edition: it administers them all.
  if (
    user.role !== 'system' &&
    !meetsEdition(effectiveEdition(user, workspace), requirement.edition)
  ) {
    return { kind: 'redirect', to: notAllowedPathFor(pathname, requirement.edition) };
  }
  if (requirement.guard === 'cockpit' && !isCockpitEnabled(workspace)) {
    return { kind: 'redirect', to: landing };
  }
  if (requirement.guard === 'callFlow' && usesZohoVendor(workspace)) {
    return { kind: 'redirect', to: landing };
  }
  // Typing the URL of a screen the menu hides for want of call tracking lands on the
  // landing page, which is never the Agent dashboard without call tracking.
  if (requirement.guard === 'callTracking' && !isCallTrackingEnabled(workspace)) {
    return { kind: 'redirect', to: landing };
  }
  // Typing the URL of the hidden Cash Flow Pipeline lands where the menu would have led.
  if (requirement.guard === 'quickBooks' && user.role !== 'system' && !hasQuickBooks(workspace)) {
    return { kind: 'redirect', to: landing };
  }
  return { kind: 'allow' };
}
