import type { ApiClient } from '@/shared/api/client';
import type { WorkspaceGoals } from '@/shared/contracts/goals';
import type { LeadSource } from '@/shared/contracts/lookups';
import type { Workspace } from '@/shared/contracts/workspace';
import type { Handler } from '../../fake-api';
import { makeHost } from '../../helpers';
import { makeUser, makeWorkspace } from '../../../shared/domain/fixtures';
import {
  cashFlowData,
  communicationsData,
  salesPerformanceData,
  WEEKLY_GOALS,
} from '../../../shared/domain/cockpit-fixtures';

/** A workspace like Lakeside: cockpit on with all three modules and QuickBooks. */
export function cockpitWorkspace(
  modules: Partial<Workspace['attributes']['settings']['cockpit']['modules']> = {},
  goals: WorkspaceGoals = WEEKLY_GOALS,
): Workspace {
  const workspace = makeWorkspace({ cockpit: true, quickBooks: true, isZoho: true });
  workspace.attributes.settings.cockpit.modules = {
    salesPerformance: true,
    communications: true,
    cashFlow: true,
    ...modules,
  };
  workspace.attributes.goals = goals;
  return workspace;
}

export const LEAD_SOURCES: LeadSource[] = [
  {
    id: 'ls_google',
    key: 'google',
    label: 'Google Ads',
    medium: 'cpc',
    active: true,
    Settings: { leadGen: { leadsMin: 20, leadsMax: 30 } },
  },
  {
    id: 'ls_yelp',
    key: 'yelp',
    label: 'Yelp',
    medium: null,
    active: true,
    Settings: { leadGen: { leadsMin: 10, leadsMax: 14 } },
  },
  { id: 'ls_tv', key: 'tv', label: 'TV', medium: 'tv', active: false, Settings: null },
];

export const LEADS_ROWS = [
  { LEADSOURCEID: 'ls_google', LEADSOURCE: 'Google Ads', LEADS: '42' },
  { LEADSOURCEID: 'ls_yelp', LEADSOURCE: 'Yelp', LEADS: '12' },
  { LEADSOURCEID: 'ls_tv', LEADSOURCE: 'TV', LEADS: '5' },
];

/** The answers of a healthy workspace: every card loads and meets its goals. */
export function healthyRoutes(workspace: Workspace): Record<string, Handler> {
  return {
    [`workspaces/${workspace.id}`]: () => ({ data: workspace }),
    leadSources: () => ({ data: LEAD_SOURCES, meta: { total: 3, limit: 300, offset: 0 } }),
    leadsByLeadSource: () => ({ data: LEADS_ROWS }),
    'cid/salesperformance': () => ({ data: salesPerformanceData() }),
    'cid/communications': () => ({ data: communicationsData() }),
    quickbooks: () => ({ data: cashFlowData() }),
    'call-tracking/connection': () => ({
      data: { workspaceId: workspace.id, provider: 'simulator', ctm: null },
    }),
  };
}

export function cockpitHost(workspace: Workspace, api: ApiClient) {
  return makeHost({
    api,
    session: { user: makeUser({ role: 'owner' }), workspace, agent: null },
  });
}

/** A pinned today, so the default range (the last 7 days) is known: 03/01–03/07/2026. */
export const TODAY = new Date(2026, 2, 7, 12);
