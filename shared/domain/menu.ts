import type { CoachingCategory } from '@/shared/contracts/lookups';
import type { MenuItem } from '@/shared/contracts/menu';
import type { LoggedUser } from '@/shared/contracts/user';
import type { Workspace } from '@/shared/contracts/workspace';
import {
  hasAsyncRecordResolution,
  hasQuickBooks,
  isCallTrackingEnabled,
  isCockpitEnabled,
  isKeapWorkspace,
  isZohoWorkspace,
  usesZohoVendor,
} from './workspace-features';
import {
  MANAGERS,
  MANAGERS_AND_OPERATORS,
  MANAGERS_AND_SYSTEM,
  MANAGERS_OPERATORS_AND_SYSTEM,
  SYSTEM_ONLY,
} from './role-groups';

export const TRAINING_MENU_ID = 'coaching-training';

/**
 * The sidebar menu (spec: dashboards 2.2 Menu structure), paths relative to /app, roles from
 * the dashboards 6 roles table. zohoOnly marks the spec's "first-CRM only" items and
 * dossierOnly the second CRM's (Keap / Infusionsoft; the spec marks none);
 * productionReady: false its "not production ready" ones. Departure (issue #30): the spec's
 * not-production-ready screens (Cockpit, Team › Reports, Team › Compliance, Agent AI
 * Compliance) are built and tested in this product, so none is marked, and the Cockpit
 * follows its module (cockpit enabled) in any CRM.
 */
export const APP_MENU: readonly MenuItem[] = [
  {
    id: 'dashboards',
    title: 'Dashboards',
    icon: 'dashboard',
    roles: MANAGERS_AND_OPERATORS,
    children: [
      {
        id: 'dashboards-dashboard',
        title: 'Classic',
        path: 'dashboards/dashboard',
        roles: MANAGERS,
      },
      {
        // The contact-lead conversion report (spec 2.7), routed at /app/perspectives.
        id: 'dashboards-conversion',
        title: 'Lead Conversion',
        path: 'perspectives',
        roles: MANAGERS,
      },
      {
        id: 'dashboards-trends',
        title: 'Classic Trends',
        path: 'dashboards/trends',
        roles: MANAGERS,
      },
      {
        id: 'dashboards-cockpit',
        title: 'Cockpit',
        path: 'dashboards/cockpit',
        roles: MANAGERS,
        // issue #30: built and tested here, so production-ready, and for every cockpit
        // workspace (its landing page), not the first CRM's only.
        feature: 'cockpit',
      },
      {
        id: 'dashboards-agent',
        title: 'Agent',
        path: 'dashboards/agent',
        roles: MANAGERS_AND_OPERATORS,
        feature: 'callTracking',
      },
    ],
  },
  {
    id: 'team',
    title: 'Team',
    icon: 'team',
    roles: MANAGERS,
    zohoOnly: true,
    children: [
      {
        id: 'team-reports',
        title: 'Reports',
        path: 'team/reports',
        roles: MANAGERS,
      },
      {
        id: 'team-team-reports',
        title: 'Team Reports',
        path: 'team/team-reports',
        roles: MANAGERS,
        zohoOnly: true,
      },
      {
        id: 'team-compliance',
        title: 'Compliance',
        path: 'team/compliance',
        roles: MANAGERS,
      },
      {
        id: 'people-agent-ai-compliance',
        title: 'Agent AI Compliance',
        path: 'people/agent-ai-compliance',
        roles: MANAGERS,
      },
    ],
  },
  {
    id: 'sales-pipeline',
    title: 'Sales Pipeline',
    icon: 'pipeline',
    roles: MANAGERS,
    children: [
      {
        id: 'sales-pipeline-total',
        title: 'Total Pipeline',
        path: 'sales-pipeline/total-pipeline',
        roles: MANAGERS,
        zohoOnly: true,
      },
      {
        id: 'sales-pipeline-lead-source',
        title: 'Lead Source Pipeline',
        path: 'sales-pipeline/lead-source-pipeline',
        roles: MANAGERS,
      },
      {
        id: 'sales-pipeline-optimization',
        title: 'Optimization Chart',
        path: 'sales-pipeline/optimization-chart',
        roles: MANAGERS,
      },
    ],
  },
  {
    id: 'marketing',
    title: 'Marketing',
    icon: 'marketing',
    roles: MANAGERS,
    children: [
      {
        id: 'marketing-lead-source-ranking',
        title: 'Lead Source Ranking',
        path: 'marketing/lead-source-ranking-v2',
        roles: MANAGERS,
      },
      {
        id: 'marketing-plan-essentials',
        title: 'Marketing Plan Essentials',
        path: 'marketing/marketing-plan-essentials',
        roles: MANAGERS,
      },
    ],
  },
  {
    id: 'cash-flow-pipeline',
    title: 'Cash Flow Pipeline',
    icon: 'cash',
    // spec 2.2: "only for workspaces with the accounting vendor, or role system".
    roles: MANAGERS_AND_SYSTEM,
    feature: 'quickBooks',
    children: [
      {
        id: 'cash-flow-collections',
        title: 'Collections',
        path: 'cash-flow-pipeline/collections',
        roles: MANAGERS_AND_SYSTEM,
      },
      {
        id: 'cash-flow-quickbooks',
        title: 'QuickBooks',
        path: 'cash-flow-pipeline/quickbooks',
        roles: MANAGERS_AND_SYSTEM,
      },
    ],
  },
  {
    id: 'automated-intake',
    title: 'Call Flows',
    icon: 'call-flow',
    path: 'automated-intake',
    roles: MANAGERS_AND_OPERATORS,
  },
  {
    id: 'coaching',
    title: 'Coaching',
    icon: 'coaching',
    roles: MANAGERS_OPERATORS_AND_SYSTEM,
    children: [
      {
        id: TRAINING_MENU_ID,
        title: 'Training',
        roles: MANAGERS_AND_OPERATORS,
        // Completed by visibleMenu with one entry per coaching category.
        children: [
          {
            id: 'coaching-training-immigration',
            title: 'Immigration',
            path: 'coaching/training/immigration',
            roles: MANAGERS_AND_OPERATORS,
          },
        ],
      },
      {
        id: 'coaching-scores',
        title: 'Scores',
        path: 'coaching/scores',
        roles: MANAGERS_AND_OPERATORS,
      },
      {
        id: 'coaching-reports',
        title: 'Reports',
        path: 'coaching/reports',
        roles: MANAGERS_AND_OPERATORS,
      },
      {
        id: 'coaching-upload-videos',
        title: 'Upload Training Videos',
        path: 'coaching/upload-training-videos',
        // issue #16: owners and admins too (spec dashboards 6 had system only).
        roles: MANAGERS_AND_SYSTEM,
      },
    ],
  },
  {
    id: 'settings',
    title: 'Settings',
    icon: 'settings',
    roles: MANAGERS,
    children: [
      {
        id: 'settings-users-administration',
        title: 'Users Administration',
        path: 'settings/users-administration',
        roles: MANAGERS,
      },
      {
        id: 'settings-users-parameters',
        title: 'Users Parameters',
        path: 'settings/users-parameters',
        roles: MANAGERS,
      },
      {
        id: 'settings-cockpit-goals',
        title: 'Cockpit Goals',
        path: 'settings/cockpit-goals',
        roles: MANAGERS,
        feature: 'cockpit',
      },
      {
        id: 'settings-tracking-numbers',
        title: 'Tracking Numbers',
        path: 'settings/tracking-numbers',
        roles: MANAGERS,
        feature: 'callTracking',
      },
      {
        id: 'settings-campaign-apportion',
        title: 'Campaign Apportion',
        path: 'settings/campaign-apportion',
        roles: MANAGERS,
      },
      // Issue #33 (not in the spec): the owner connects the firm's Zoho CRM or Keap.
      {
        id: 'settings-crm-connection',
        title: 'CRM Connection',
        path: 'settings/crm-connection',
        roles: MANAGERS,
        feature: 'crmConnection',
      },
      // Issue #33 (not in the spec): the owner connects the firm's QuickBooks Online company.
      {
        id: 'settings-quickbooks-connection',
        title: 'QuickBooks Connection',
        path: 'settings/quickbooks-connection',
        roles: MANAGERS,
        feature: 'quickBooks',
      },
      // Issue #33 (not in the spec): the firm's own SMTP account, to send as itself.
      {
        id: 'settings-email-sending',
        title: 'E-mail Sending',
        path: 'settings/email-sending',
        roles: MANAGERS,
      },
      {
        id: 'settings-async-error-resolution',
        title: 'Async Error Resolution',
        path: 'settings/async-error-resolution',
        roles: MANAGERS,
        feature: 'asyncLeadGeneration',
      },
    ],
  },
  {
    id: 'system',
    title: 'System',
    icon: 'system',
    roles: SYSTEM_ONLY,
    children: [
      {
        id: 'system-workspaces',
        title: 'Workspaces',
        path: 'system/workspaces',
        roles: SYSTEM_ONLY,
      },
      // spec 2.2 "no production flag": read as production ready (only an explicit false hides).
      {
        id: 'system-workspace-wizard',
        title: 'Workspace Wizard',
        path: 'system/workspace-wizard',
        roles: SYSTEM_ONLY,
      },
      // issue #12 — system users send a notification to a workspace or one of its users.
      {
        id: 'system-notifications',
        title: 'Send notification',
        path: 'system/notifications',
        roles: SYSTEM_ONLY,
      },
      // issue #16 — the system user administers a chosen workspace's users.
      {
        id: 'system-users-administration',
        title: 'Users Administration',
        path: 'settings/users-administration',
        roles: SYSTEM_ONLY,
      },
      {
        id: 'system-microservices',
        title: 'Microservices',
        path: 'system/microservices',
        roles: SYSTEM_ONLY,
      },
      {
        id: 'system-pclc-report',
        title: 'PCLC System Report',
        path: 'system/pclc-system-report',
        roles: SYSTEM_ONLY,
      },
    ],
  },
];

/** A menu item as the sidebar shows it: "beta" marks items not production ready. */
export interface VisibleMenuItem extends Omit<MenuItem, 'children'> {
  beta: boolean;
  children?: VisibleMenuItem[];
}

export interface MenuContext {
  user: Pick<LoggedUser, 'role'>;
  workspace: Workspace | null | undefined;
  coachingCategories: readonly CoachingCategory[];
  /** A production build: items not production ready are hidden instead of marked. */
  production: boolean;
}

/** spec: session 2 Sidebar — "coaching/training/{name lowercased with dashes}". */
export function trainingSlug(name: string): string {
  return name.trim().toLowerCase().replace(/\s+/g, '-');
}

function trainingEntries(categories: readonly CoachingCategory[]): MenuItem[] {
  return categories
    .filter((category) => trainingSlug(category.name) !== '')
    .map((category) => ({
      id: `coaching-training-${category.id}`,
      title: category.name.trim(),
      path: `coaching/training/${trainingSlug(category.name)}`,
      roles: MANAGERS_AND_OPERATORS,
    }));
}

function passesFeature(item: MenuItem, context: MenuContext): boolean {
  const { workspace, user } = context;
  switch (item.feature) {
    case undefined:
      return true;
    case 'asyncLeadGeneration':
      return hasAsyncRecordResolution(workspace);
    case 'cockpit':
      return isCockpitEnabled(workspace);
    case 'callTracking':
      return isCallTrackingEnabled(workspace);
    case 'crmConnection':
      // Issue #33: a workspace whose CRM is Zoho CRM or Keap can connect it.
      return isZohoWorkspace(workspace) || isKeapWorkspace(workspace);
    case 'quickBooks':
      // spec: dashboards 6 — cash-flow pipeline needs the accounting vendor, except for system.
      return user.role === 'system' || hasQuickBooks(workspace);
  }
}

function isVisible(item: MenuItem, context: MenuContext): boolean {
  if (!item.roles.includes(context.user.role)) return false;
  if (item.zohoOnly && !isZohoWorkspace(context.workspace)) return false;
  // spec: dashboards 2.2 names dossierOnly beside zohoOnly ("first-CRM") without its rule
  // and on no item; read as its counterpart, the second CRM's items (issue #30).
  if (item.dossierOnly && !isKeapWorkspace(context.workspace)) return false;
  if (!passesFeature(item, context)) return false;
  // The call-flow route guard sends Zoho-vendor workspaces away (spec: session 4 Call-flow
  // guard); the menu does not offer a link that only bounces.
  if (item.path === 'automated-intake' && usesZohoVendor(context.workspace)) return false;
  if (item.productionReady === false && context.production) return false;
  return true;
}

function filterItems(items: readonly MenuItem[], context: MenuContext): VisibleMenuItem[] {
  const visible: VisibleMenuItem[] = [];
  for (const item of items) {
    if (!isVisible(item, context)) continue;
    const { children, ...rest } = item;
    const entry: VisibleMenuItem = { ...rest, beta: item.productionReady === false };
    if (children) {
      const source =
        item.id === TRAINING_MENU_ID
          ? dedupeByPath([...children, ...trainingEntries(context.coachingCategories)])
          : children;
      const visibleChildren = filterItems(source, context);
      // Parents with no visible children disappear.
      if (visibleChildren.length === 0) continue;
      entry.children = visibleChildren;
    }
    visible.push(entry);
  }
  return visible;
}

function dedupeByPath(items: MenuItem[]): MenuItem[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const key = item.path ?? item.id;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** spec: session 6 / dashboards 6 Menu visibility, applied to the whole tree. */
export function visibleMenu(menu: readonly MenuItem[], context: MenuContext): VisibleMenuItem[] {
  return filterItems(menu, context);
}
