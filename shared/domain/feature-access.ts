import type { EditionKey, Role } from '@/shared/contracts/roles';
import type { Workspace } from '@/shared/contracts/workspace';
import { isCockpitModuleEnabled } from './cockpit-status';
import { editionLabel, meetsEdition } from './editions';
import {
  hasQuickBooks,
  isCallTrackingEnabled,
  isCockpitEnabled,
  usesZohoVendor,
} from './workspace-features';
import { MANAGERS, MANAGERS_AND_OPERATORS, MANAGERS_AND_SYSTEM, SYSTEM_ONLY } from './role-groups';

/**
 * Who may read each report family (issue #9 item 5): one table for the server's report
 * routes and the client's route guards (shared/domain/route-access.ts reads its roles
 * and editions from here), so a screen and the data behind it cannot disagree.
 *
 * Roles come from the spec's roles table (dashboards 6), editions from the route table
 * (marketing needs professional), workspace needs from the menu and card rules
 * (dashboards 2.2, 2.3, 6).
 */
export type ReportFeature =
  | 'funnel'
  | 'salesPipeline'
  | 'team'
  | 'callCompliance'
  | 'salesPerformance'
  | 'communications'
  | 'cashFlow'
  | 'marketing'
  | 'cockpitGoals'
  | 'systemReports'
  | 'callFlows';

/** A workspace setting a feature needs beyond role and edition. */
export type WorkspaceNeed =
  | 'cockpit'
  | 'cockpitSalesPerformance'
  | 'cockpitCommunications'
  | 'quickBooks'
  | 'callTracking'
  | 'notZohoVendor';

export interface FeatureRequirement {
  /** The words a 403 names the feature by. */
  title: string;
  roles: readonly Role[];
  edition: EditionKey;
  needs: readonly WorkspaceNeed[];
}

export const FEATURE_ACCESS: Readonly<Record<ReportFeature, FeatureRequirement>> = {
  // Classic dashboard, funnel widget, contact-lead conversion, Lead Flow / Total Leads.
  funnel: { title: 'funnel report', roles: MANAGERS, edition: 'starter', needs: [] },
  // Sales Pipeline menu (dashboards 6: owner, admin).
  salesPipeline: { title: 'sales pipeline report', roles: MANAGERS, edition: 'starter', needs: [] },
  // Team menu: team compliance and the people tabs (dashboards 6: owner, admin).
  team: { title: 'team report', roles: MANAGERS, edition: 'starter', needs: [] },
  // The agent dashboard and the compliance widget operators use in the extension panel
  // (dashboards 6: agent needs a call-tracking vendor account plus its setting).
  callCompliance: {
    title: 'call compliance report',
    roles: MANAGERS_AND_OPERATORS,
    edition: 'starter',
    needs: ['callTracking'],
  },
  // Cockpit cards (dashboards 2.3: locked unless the module's feature flag is on).
  salesPerformance: {
    title: 'Sales Performance report',
    roles: MANAGERS,
    edition: 'starter',
    needs: ['cockpit', 'cockpitSalesPerformance'],
  },
  communications: {
    title: 'Communications report',
    roles: MANAGERS,
    edition: 'starter',
    needs: ['cockpit', 'cockpitCommunications'],
  },
  // The cash-flow reading (cockpit Cash Flow card, Cash Flow Pipeline): "only for
  // workspaces with the accounting vendor, or role system" (dashboards 2.2).
  cashFlow: {
    title: 'Cash Flow report',
    roles: MANAGERS_AND_SYSTEM,
    edition: 'starter',
    needs: ['quickBooks'],
  },
  // Marketing menu: professional (route table).
  marketing: {
    title: 'marketing report',
    roles: MANAGERS,
    edition: 'professional',
    needs: [],
  },
  // Settings > Cockpit Goals (dashboards 6: cockpit goals need cockpit enabled).
  cockpitGoals: {
    title: 'cockpit goals',
    roles: MANAGERS,
    edition: 'starter',
    needs: ['cockpit'],
  },
  // System administration (dashboards 6: system only).
  systemReports: { title: 'system report', roles: SYSTEM_ONLY, edition: 'starter', needs: [] },
  // Call Flows (dashboards 2.2 menu: owner, admin, operator; session 4 Call-flow guard:
  // blocked for Zoho-vendor workspaces). The server's call-centre routes check it.
  callFlows: {
    title: 'call flows',
    roles: ['owner', 'admin', 'operator'],
    edition: 'starter',
    needs: ['notZohoVendor'],
  },
};

/**
 * Every workspace report route (the path after `workspaces/{id}/reports/`, as the server
 * registers it) and the feature it belongs to. The server refuses to register a report
 * route that is missing here, so a new report cannot skip the checks.
 */
export const REPORT_ROUTE_FEATURES: Readonly<Record<string, ReportFeature>> = {
  pclc: 'funnel',
  'pclc/contacts': 'funnel',
  conversion: 'funnel',
  'pclc-by-leadsource': 'funnel',
  leadsByLeadSource: 'funnel',
  trends: 'funnel',
  'total-pipeline': 'salesPipeline',
  inbound: 'salesPipeline',
  outbound: 'salesPipeline',
  roi: 'salesPipeline',
  objections: 'salesPipeline',
  noShows: 'salesPipeline',
  'ctm-call-compliance': 'callCompliance',
  'ctm-call-compliance-by-agent': 'callCompliance',
  compliance: 'team',
  'staff-compliance': 'team',
  'people/agents': 'team',
  'relationships/agents': 'team',
  'people/:tab': 'team',
  'cid/salesperformance': 'salesPerformance',
  'cid/communications': 'communications',
  quickbooks: 'cashFlow',
  'leadsource-ranking-v2': 'marketing',
  'leadsource-ranking': 'marketing',
  'marketing-intelligence': 'marketing',
  'marketing-intelligence/overview': 'marketing',
};

export function reportFeatureFor(routePath: string): ReportFeature | undefined {
  return Object.hasOwn(REPORT_ROUTE_FEATURES, routePath)
    ? REPORT_ROUTE_FEATURES[routePath]
    : undefined;
}

function meetsNeed(need: WorkspaceNeed, workspace: Workspace | null): boolean {
  switch (need) {
    case 'cockpit':
      return isCockpitEnabled(workspace);
    case 'cockpitSalesPerformance':
      return isCockpitModuleEnabled('salesPerformance', workspace);
    case 'cockpitCommunications':
      return isCockpitModuleEnabled('communications', workspace);
    case 'quickBooks':
      return hasQuickBooks(workspace);
    case 'callTracking':
      return isCallTrackingEnabled(workspace);
    case 'notZohoVendor':
      return !usesZohoVendor(workspace);
  }
}

const NEED_TEXT: Readonly<Record<WorkspaceNeed, string>> = {
  cockpit: 'the cockpit enabled',
  cockpitSalesPerformance: 'the Sales Performance cockpit module',
  cockpitCommunications: 'the Communications cockpit module',
  quickBooks: 'QuickBooks connected',
  callTracking: 'call tracking enabled',
  notZohoVendor: 'a CRM other than Zoho',
};

export type FeatureAccess =
  { allowed: true } | { allowed: false; reason: 'role' | 'edition' | 'workspace'; message: string };

/**
 * Whether a role may read a feature in a workspace. The edition is the workspace's (the
 * token's edition is a copy of it); the system role administers every workspace and is
 * not held to an edition (as in checkRouteAccess), but the workspace needs still apply:
 * there is no cash flow to read without QuickBooks.
 */
export function checkFeatureAccess(
  feature: ReportFeature,
  role: Role,
  workspace: Workspace | null,
): FeatureAccess {
  const requirement = FEATURE_ACCESS[feature];
  if (!requirement.roles.includes(role)) {
    return {
      allowed: false,
      reason: 'role',
      message: `The ${requirement.title} is not available to the ${role} role.`,
    };
  }
  const edition = workspace?.attributes.edition ?? null;
  if (role !== 'system' && !meetsEdition(edition, requirement.edition)) {
    return {
      allowed: false,
      reason: 'edition',
      message: `The ${requirement.title} needs the ${editionLabel(requirement.edition)} edition${
        edition ? `; this workspace has ${editionLabel(edition)}` : ''
      }.`,
    };
  }
  const missing = requirement.needs.filter((need) => !meetsNeed(need, workspace));
  if (missing.length > 0) {
    return {
      allowed: false,
      reason: 'workspace',
      message: `The ${requirement.title} needs ${missing.map((n) => NEED_TEXT[n]).join(' and ')} for this workspace.`,
    };
  }
  return { allowed: true };
}
