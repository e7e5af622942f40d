import { describe, expect, it } from 'vitest';
import { menuItemSchema } from '@/shared/contracts/menu';
import type { Role } from '@/shared/contracts/roles';
import type { Workspace } from '@/shared/contracts/workspace';
import { APP_MENU, trainingSlug, visibleMenu, type VisibleMenuItem } from '@/shared/domain/menu';
import { requirementFor } from '@/shared/domain/route-access';
import { makeWorkspace } from './fixtures';

function ids(items: VisibleMenuItem[]): string[] {
  return items.flatMap((item) => [item.id, ...ids(item.children ?? [])]);
}

function find(items: VisibleMenuItem[], id: string): VisibleMenuItem | undefined {
  for (const item of items) {
    if (item.id === id) return item;
    const inChild = find(item.children ?? [], id);
    if (inChild) return inChild;
  }
  return undefined;
}

function menuFor(
  role: Role,
  workspace: Workspace | null,
  options: { production?: boolean; categories?: { id: string; name: string }[] } = {},
) {
  return visibleMenu(APP_MENU, {
    user: { role },
    workspace,
    coachingCategories: options.categories ?? [],
    production: options.production ?? false,
  });
}

const everything = makeWorkspace({
  isZoho: true,
  cockpit: true,
  ctmAccount: 'acct',
  ctmSetting: true,
  quickBooks: true,
  asyncLeadGeneration: true,
});

describe('APP_MENU (spec: dashboards 2.2 Menu structure)', () => {
  it('is valid menu data by the menu contract', () => {
    for (const item of APP_MENU) expect(() => menuItemSchema.parse(item)).not.toThrow();
  });

  it('points every entry at a route the guards know', () => {
    const unguarded = collectPaths(APP_MENU).filter((path) => requirementFor(path) === undefined);
    expect(unguarded).toEqual([]);
  });

  it('gives every entry the roles its route allows (so the menu never offers a bounce)', () => {
    for (const path of collectPaths(APP_MENU)) {
      const item = findByPath(APP_MENU, path)!;
      for (const role of item.roles)
        expect(requirementFor(path)!.roles, `${path} ${role}`).toContain(role);
    }
  });
});

describe('visibleMenu: roles (spec: dashboards 6 roles table)', () => {
  it('shows owners the manager areas and not the system area', () => {
    const visible = ids(menuFor('owner', everything));
    expect(visible).toEqual(
      expect.arrayContaining([
        'dashboards',
        'team',
        'sales-pipeline',
        'marketing',
        'settings',
        'automated-intake',
        'coaching',
      ]),
    );
    expect(visible).not.toContain('system');
    // issue #16: owners and admins upload their team's training videos.
    expect(visible).toContain('coaching-upload-videos');
  });

  it('shows operators dashboards (agent only), call flows and coaching', () => {
    const menu = menuFor('operator', everything);
    expect(menu.map((item) => item.id)).toEqual(['dashboards', 'automated-intake', 'coaching']);
    expect(find(menu, 'dashboards')!.children!.map((c) => c.id)).toEqual(['dashboards-agent']);
  });

  it('shows the system role the system area, cash flow and upload videos inside coaching', () => {
    const menu = menuFor('system', null);
    expect(menu.map((item) => item.id)).toEqual(['cash-flow-pipeline', 'coaching', 'system']);
    expect(find(menu, 'coaching')!.children!.map((c) => c.id)).toEqual(['coaching-upload-videos']);
  });

  it('shows consultants nothing (parents with no visible children disappear)', () => {
    expect(menuFor('consultant', everything)).toEqual([]);
  });
});

describe('visibleMenu: feature checks (spec: session 6 / dashboards 6 Menu visibility)', () => {
  it('hides async-error-resolution without asynchronous lead generation', () => {
    expect(ids(menuFor('owner', everything))).toContain('settings-async-error-resolution');
    const syncWorkspace = makeWorkspace({ ...flags(everything), asyncLeadGeneration: false });
    expect(ids(menuFor('owner', syncWorkspace))).not.toContain('settings-async-error-resolution');
  });

  it('shows async-error-resolution in a workspace connected to its real CRM, async or not (issue #33)', () => {
    const connected = makeWorkspace({
      ...flags(everything),
      asyncLeadGeneration: false,
      crmConnected: true,
    });
    expect(ids(menuFor('owner', connected))).toContain('settings-async-error-resolution');
    // Disconnected since: the records it left unsent or the CRM refused are still there.
    const disconnected = makeWorkspace({
      ...flags(everything),
      asyncLeadGeneration: false,
      crmRecordsKept: true,
    });
    expect(ids(menuFor('owner', disconnected))).toContain('settings-async-error-resolution');
  });

  it('offers CRM Connection to owners and admins of Zoho and Keap workspaces only (issue #33)', () => {
    const zoho = makeWorkspace({ ...flags(everything), isZoho: true });
    const keap = makeWorkspace({ ...flags(everything), isZoho: false, keapApp: 'hb417' });
    const none = makeWorkspace({ ...flags(everything), isZoho: false });
    expect(ids(menuFor('owner', zoho))).toContain('settings-crm-connection');
    expect(ids(menuFor('admin', keap))).toContain('settings-crm-connection');
    expect(ids(menuFor('operator', keap))).not.toContain('settings-crm-connection');
    expect(ids(menuFor('owner', none))).not.toContain('settings-crm-connection');
  });

  it('offers Call Flows in a Zoho-vendor workspace only once it is connected to Zoho CRM (issue #33)', () => {
    const zoho = { ...flags(everything), isZoho: true, zohoVendor: true };
    expect(ids(menuFor('owner', makeWorkspace(zoho)))).not.toContain('automated-intake');
    const connected = makeWorkspace({ ...zoho, crmConnected: true });
    expect(ids(menuFor('owner', connected))).toContain('automated-intake');
  });

  it('hides Zoho-only items outside Zoho workspaces, and the Team parent with them', () => {
    const other = makeWorkspace({ ...flags(everything), isZoho: false });
    const visible = ids(menuFor('owner', other));
    expect(visible).not.toContain('team');
    expect(visible).not.toContain('sales-pipeline-total');
    expect(visible).toContain('sales-pipeline-lead-source');
    // issue #30: the Cockpit follows its module in any CRM (it is the landing page there).
    expect(visible).toContain('dashboards-cockpit');
  });

  it('hides cockpit and cockpit goals when the cockpit is disabled', () => {
    const noCockpit = makeWorkspace({ ...flags(everything), cockpit: false });
    const visible = ids(menuFor('admin', noCockpit));
    expect(visible).not.toContain('dashboards-cockpit');
    expect(visible).not.toContain('settings-cockpit-goals');
    expect(ids(menuFor('admin', everything))).toEqual(
      expect.arrayContaining(['dashboards-cockpit', 'settings-cockpit-goals']),
    );
  });

  it('hides agent and tracking-numbers without both a call-tracking account and its setting', () => {
    for (const ws of [
      makeWorkspace({ ...flags(everything), ctmAccount: null }),
      makeWorkspace({ ...flags(everything), ctmSetting: false }),
    ]) {
      const visible = ids(menuFor('owner', ws));
      expect(visible).not.toContain('dashboards-agent');
      expect(visible).not.toContain('settings-tracking-numbers');
    }
  });

  it('removes the cash-flow pipeline without QuickBooks, except for the system role', () => {
    const noQuickBooks = makeWorkspace({ ...flags(everything), quickBooks: false });
    expect(ids(menuFor('owner', noQuickBooks))).not.toContain('cash-flow-pipeline');
    expect(ids(menuFor('owner', everything))).toContain('cash-flow-pipeline');
    expect(ids(menuFor('system', noQuickBooks))).toContain('cash-flow-pipeline');
  });

  it('hides call flows for Zoho-vendor workspaces, whose route guard blocks them', () => {
    const zohoVendor = makeWorkspace({ ...flags(everything), zohoVendor: true });
    expect(ids(menuFor('operator', zohoVendor))).not.toContain('automated-intake');
  });
});

describe('visibleMenu: production readiness (spec: dashboards 2.2 "hidden in production and marked elsewhere")', () => {
  it('shows the screens the spec calls not production ready: built and tested here (issue #30)', () => {
    const visible = ids(menuFor('owner', everything, { production: true }));
    for (const id of [
      'dashboards-cockpit',
      'team-reports',
      'team-compliance',
      'people-agent-ai-compliance',
    ]) {
      expect(visible).toContain(id);
      expect(find(menuFor('owner', everything), id)!.beta).toBe(false);
    }
  });

  it('still hides an item marked not production ready in production, and marks it beta elsewhere', () => {
    const menu = [
      { id: 'ready', title: 'Ready', path: 'dashboards/dashboard', roles: ['owner' as const] },
      {
        id: 'draft',
        title: 'Draft',
        path: 'dashboards/trends',
        roles: ['owner' as const],
        productionReady: false,
      },
    ];
    const context = {
      user: { role: 'owner' as const },
      workspace: everything,
      coachingCategories: [],
    };
    expect(ids(visibleMenu(menu, { ...context, production: true }))).toEqual(['ready']);
    const elsewhere = visibleMenu(menu, { ...context, production: false });
    expect(elsewhere.map((item) => [item.id, item.beta])).toEqual([
      ['ready', false],
      ['draft', true],
    ]);
  });
});

describe('visibleMenu: Training submenu (spec: session 2 Sidebar)', () => {
  it('holds Immigration plus one entry per coaching category at its slug', () => {
    const menu = menuFor('operator', everything, {
      categories: [
        { id: 'c1', name: 'Sales Calls' },
        { id: 'c2', name: 'Client   Care ' },
      ],
    });
    const training = find(menu, 'coaching-training')!;
    expect(training.children!.map((c) => [c.title, c.path])).toEqual([
      ['Immigration', 'coaching/training/immigration'],
      ['Sales Calls', 'coaching/training/sales-calls'],
      ['Client   Care', 'coaching/training/client-care'],
    ]);
  });

  it('does not repeat Immigration when a category carries that name', () => {
    const menu = menuFor('owner', everything, { categories: [{ id: 'c1', name: 'Immigration' }] });
    expect(find(menu, 'coaching-training')!.children).toHaveLength(1);
  });

  it('slugs names lowercased with dashes for spaces', () => {
    expect(trainingSlug('Intake Basics 101')).toBe('intake-basics-101');
  });
});

type MenuLike = { path?: string; roles: readonly Role[]; children?: MenuLike[] };

function collectPaths(items: readonly MenuLike[]): string[] {
  return items.flatMap((item) => [
    ...(item.path ? [item.path] : []),
    ...collectPaths(item.children ?? []),
  ]);
}

function findByPath(items: readonly MenuLike[], path: string): MenuLike | undefined {
  for (const item of items) {
    if (item.path === path) return item;
    const inChild = findByPath(item.children ?? [], path);
    if (inChild) return inChild;
  }
  return undefined;
}

function flags(ws: Workspace) {
  const a = ws.attributes;
  return {
    isZoho: a.isZoho,
    cockpit: a.settings.cockpit.enabled,
    ctmAccount: a.vendors.callTrackingMetrics.account,
    ctmSetting: a.settings.ctm,
    quickBooks: a.vendors.quickBooks,
    asyncLeadGeneration: a.processes.leadGeneration?.async ?? null,
    zohoVendor: a.vendors.zoho,
  };
}

describe('dossierOnly (spec: dashboards 2.2 menu flags; issue #30)', () => {
  it("shows a dossierOnly item only in the second CRM's (Keap) workspaces, as zohoOnly does for the first", () => {
    const menu = [
      {
        id: 'reports',
        title: 'Reports',
        roles: ['owner'] as const,
        children: [
          { id: 'both', title: 'Both', path: 'both', roles: ['owner'] as const },
          { id: 'keap', title: 'Keap', path: 'keap', roles: ['owner'] as const, dossierOnly: true },
          { id: 'zoho', title: 'Zoho', path: 'zoho', roles: ['owner'] as const, zohoOnly: true },
        ],
      },
    ];
    const keap = makeWorkspace();
    keap.attributes.settings.ifsOrgHost = 'https://hb417.infusionsoft.com';
    const keapById = makeWorkspace();
    keapById.attributes.settings.ifsOrgId = 'hb417';
    const seen = (workspace: Workspace | null) =>
      ids(
        visibleMenu(menu, {
          user: { role: 'owner' },
          workspace,
          coachingCategories: [],
          production: true,
        }),
      );
    expect(seen(keap)).toEqual(['reports', 'both', 'keap']);
    expect(seen(keapById)).toEqual(['reports', 'both', 'keap']);
    expect(seen(makeWorkspace({ isZoho: true }))).toEqual(['reports', 'both', 'zoho']);
    expect(seen(makeWorkspace())).toEqual(['reports', 'both']);
    expect(seen(null)).toEqual(['reports', 'both']);
  });
});
