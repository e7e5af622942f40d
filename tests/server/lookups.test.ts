import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { itemResponseSchema, listResponseSchema, MAX_PAGE_LIMIT } from '@/shared/contracts/common';
import {
  agentSchema,
  campaignSchema,
  caseTypeSchema,
  coachingCategorySchema,
  consultantSchema,
  countrySchema,
  crmUserSchema,
  ctmUserSchema,
  languageSchema,
  leadSourceSchema,
  officeSchema,
  practiceAreaSchema,
  regionSchema,
  timezoneSchema,
} from '@/shared/contracts/lookups';
import { editionSchema, roleItemSchema } from '@/shared/contracts/roles';
import { meResponseSchema } from '@/shared/contracts/user';
import { crmOrganizationSchema, workspaceSchema } from '@/shared/contracts/workspace';
import { startTestServer, type TestServer } from './helpers/test-server';

describe('lookups (spec: session 7 Workspace and lookups, dashboards 3 and 7)', () => {
  let t: TestServer;
  let lakeside: string;
  let harbor: string;
  let summit: string;
  let system: string;

  beforeAll(async () => {
    t = await startTestServer();
    [lakeside, harbor, summit, system] = await Promise.all(
      ['owner@lakeside.test', 'owner@harbor.test', 'owner@summit.test', 'system@intake.test'].map(
        async (u) => (await t.signIn(u)).accessToken,
      ),
    );
  });
  afterAll(() => t.close());

  async function list<T extends z.ZodType>(path: string, item: T, token = lakeside) {
    const answer = await t.api(path, { token });
    expect(answer.status, `${path}: ${JSON.stringify(answer.body)}`).toBe(200);
    return listResponseSchema(item).parse(answer.body);
  }

  const LISTS: ReadonlyArray<readonly [string, z.ZodType]> = [
    ['/api/workspaces', workspaceSchema],
    ['/api/workspaces/ws_lakeside/leadSources', leadSourceSchema],
    ['/api/workspaces/ws_lakeside/campaigns', campaignSchema],
    ['/api/workspaces/ws_lakeside/practiceAreas', practiceAreaSchema],
    ['/api/workspaces/ws_lakeside/offices', officeSchema],
    ['/api/workspaces/ws_lakeside/casetypes', caseTypeSchema],
    ['/api/workspaces/ws_lakeside/crm/zoho/users', crmUserSchema],
    ['/api/workspaces/ws_lakeside/voip/providers/ctm/users', ctmUserSchema],
    ['/api/users/roles', roleItemSchema],
    ['/api/workspaces/editions', editionSchema],
    ['/api/timezones', timezoneSchema],
    ['/api/languages', languageSchema],
    ['/api/addresses/countries', countrySchema],
    ['/api/addresses/regions', regionSchema],
    ['/api/agents', agentSchema],
    ['/api/consultants', consultantSchema],
    ['/api/leadsources', leadSourceSchema],
    ['/api/offices', officeSchema],
    ['/api/casetypes', caseTypeSchema],
    ['/api/workspaces/coaching-videos/category', coachingCategorySchema],
  ];

  for (const [path, item] of LISTS) {
    it(`answers ${path} as a non-empty list that parses with its contract`, async () => {
      const body = await list(path, item);
      expect(body.data.length).toBeGreaterThan(0);
      expect(body.meta).toEqual({ total: body.data.length, limit: MAX_PAGE_LIMIT, offset: 0 });
    });
  }

  it('requires a signed-in user for every lookup', async () => {
    for (const [path] of LISTS) {
      expect((await t.api(path)).status, path).toBe(401);
    }
  });

  it('hides lead sources whose label contains "Test" and sorts the rest case-insensitively', async () => {
    const { data } = await list('/api/workspaces/ws_lakeside/leadSources', leadSourceSchema);
    const labels = data.map((s) => s.label);
    expect(labels.some((l) => l.includes('Test'))).toBe(false);
    expect(labels).toEqual(
      [...labels].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())),
    );
    // "eLocal" sits between "Direct Mail" and "Facebook", not after every capital.
    expect(labels.indexOf('eLocal')).toBe(labels.indexOf('Facebook') - 1);
    expect(data.some((s) => !s.active)).toBe(true);
    expect(data.some((s) => s.Settings?.leadGen)).toBe(true);
    const seeded = await t.server.db
      .selectFrom('lead_sources')
      .select('label')
      .where('workspace_id', '=', 'ws_lakeside')
      .execute();
    expect(seeded.some((s) => s.label.includes('Test'))).toBe(true);
  });

  it('hides the campaigns of hidden Test lead sources', async () => {
    const sources = await list('/api/workspaces/ws_harbor/leadSources', leadSourceSchema, harbor);
    const campaigns = await list('/api/workspaces/ws_harbor/campaigns', campaignSchema, harbor);
    const visible = new Set(sources.data.map((s) => s.id));
    expect(
      campaigns.data.every((c) => c.leadSourceId === null || visible.has(c.leadSourceId)),
    ).toBe(true);
    expect(campaigns.data.some((c) => !c.active)).toBe(true);
  });

  it('honours page[limit] and page[offset] and reports the total', async () => {
    const all = await list('/api/workspaces/ws_lakeside/campaigns', campaignSchema);
    const page = await list(
      '/api/workspaces/ws_lakeside/campaigns?page[limit]=5&page[offset]=3',
      campaignSchema,
    );
    expect(page.meta).toEqual({ total: all.data.length, limit: 5, offset: 3 });
    expect(page.data).toEqual(all.data.slice(3, 8));
    // Bracket-encoded keys, as URLSearchParams sends them, mean the same.
    const encoded = await list(
      '/api/workspaces/ws_lakeside/campaigns?page%5Blimit%5D=2',
      campaignSchema,
    );
    expect(encoded.data).toEqual(all.data.slice(0, 2));
    const past = await list(
      `/api/workspaces/ws_lakeside/campaigns?page[offset]=${all.data.length + 10}`,
      campaignSchema,
    );
    expect(past.data).toEqual([]);
  });

  it('answers the editions ranked starter 1, professional 2, enterprise 3 and English as the only language', async () => {
    const editions = await list('/api/workspaces/editions', editionSchema);
    expect(editions.data.map((e) => [e.key, e.accessLevel])).toEqual([
      ['starter', 1],
      ['professional', 2],
      ['enterprise', 3],
    ]);
    const languages = await list('/api/languages', languageSchema);
    expect(languages.data).toEqual([{ key: 'en', label: 'English' }]);
  });

  it('answers every US state among the regions, and filters regions by country', async () => {
    const regions = await list('/api/addresses/regions', regionSchema);
    const us = regions.data.filter((r) => r.country === 'US').map((r) => r.key);
    for (const state of ['AL', 'CA', 'IL', 'NY', 'TX', 'WY', 'DC']) expect(us).toContain(state);
    const canada = await list('/api/addresses/regions?country=ca', regionSchema);
    expect(canada.data.length).toBeGreaterThan(0);
    expect(canada.data.every((r) => r.country === 'CA')).toBe(true);
  });

  it('answers the three demo workspaces with their documented settings', async () => {
    const all = await list('/api/workspaces', workspaceSchema, system);
    expect(all.data.map((w) => w.id).sort()).toEqual(['ws_harbor', 'ws_lakeside', 'ws_summit']);
    const byId = Object.fromEntries(all.data.map((w) => [w.id, w.attributes]));

    expect(byId.ws_lakeside).toMatchObject({
      name: 'Lakeside Law',
      timezone: 'America/Chicago',
      edition: 'enterprise',
      isZoho: true,
      settings: {
        zoho: true,
        zohoOrgId: '700000123',
        ifsOrgId: null,
        ifsOrgHost: null,
        cockpit: {
          enabled: true,
          modules: { salesPerformance: true, communications: true, cashFlow: true },
        },
        ctm: true,
        primaryPracticeArea: 'Bankruptcy',
      },
      vendors: { quickBooks: true, callTrackingMetrics: { account: '412233' } },
      processes: { leadGeneration: { async: true } },
    });
    expect(byId.ws_harbor).toMatchObject({
      name: 'Harbor Legal',
      edition: 'professional',
      isZoho: false,
      settings: {
        zoho: false,
        zohoOrgId: null,
        ifsOrgId: 'hb417',
        ifsOrgHost: 'https://hb417.infusionsoft.com',
        cockpit: { enabled: false },
        ctm: true,
        primaryPracticeArea: 'Personal Injury',
      },
      vendors: { quickBooks: false, callTrackingMetrics: { account: '598812' } },
      processes: { leadGeneration: { async: false } },
    });
    expect(byId.ws_summit).toMatchObject({
      name: 'Summit Immigration',
      edition: 'starter',
      isZoho: false,
      settings: {
        zoho: false,
        zohoOrgId: null,
        ifsOrgId: null,
        cockpit: {
          enabled: true,
          modules: { salesPerformance: false, communications: true, cashFlow: false },
        },
        ctm: false,
        primaryPracticeArea: 'Immigration',
      },
      vendors: { quickBooks: false, callTrackingMetrics: { account: null } },
    });
    // Offices and practice areas are part of the workspace, sub areas naming their parent.
    expect(byId.ws_lakeside.offices.length).toBeGreaterThan(0);
    expect(byId.ws_lakeside.settings.practiceAreas).toContainEqual({
      name: 'Chapter 7',
      parent: 'Bankruptcy',
    });
  });

  it('answers each workspace its own workspace only in the workspaces list', async () => {
    const own = await list('/api/workspaces', workspaceSchema, harbor);
    expect(own.data.map((w) => w.id)).toEqual(['ws_harbor']);
    const one = await t.api('/api/workspaces/ws_summit', { token: summit });
    expect(itemResponseSchema(workspaceSchema).parse(one.body).data.id).toBe('ws_summit');
  });

  it('answers the Zoho organisation of Lakeside, the Keap organisation of Harbor, and 404 where there is none', async () => {
    const zoho = await t.api('/api/workspaces/ws_lakeside/crm/zoho/organization', {
      token: lakeside,
    });
    expect(itemResponseSchema(crmOrganizationSchema).parse(zoho.body).data).toEqual({
      id: '700000123',
      name: 'Lakeside Law',
      baseUrl: 'https://crm.zoho.com',
    });
    const keap = await t.api('/api/workspaces/ws_harbor/ifs/organization', { token: harbor });
    expect(itemResponseSchema(crmOrganizationSchema).parse(keap.body).data).toMatchObject({
      id: 'hb417',
      baseUrl: 'https://hb417.infusionsoft.com',
    });
    for (const [path, token] of [
      ['/api/workspaces/ws_lakeside/ifs/organization', lakeside],
      ['/api/workspaces/ws_harbor/crm/zoho/organization', harbor],
      ['/api/workspaces/ws_summit/crm/zoho/organization', summit],
      ['/api/workspaces/ws_summit/ifs/organization', summit],
    ] as const) {
      const answer = await t.api(path, { token });
      expect(answer.status, path).toBe(404);
      expect(answer.body).toMatchObject({ statusCode: 404, error: 'Not Found' });
    }
  });

  it('answers empty call-tracking and Zoho user lists for a workspace without them', async () => {
    expect(
      (await list('/api/workspaces/ws_summit/voip/providers/ctm/users', ctmUserSchema, summit))
        .data,
    ).toEqual([]);
    expect(
      (await list('/api/workspaces/ws_harbor/crm/zoho/users', crmUserSchema, harbor)).data,
    ).toEqual([]);
  });

  it("links Lakeside's demo agent to a call-tracking user and leaves Harbor's unlinked", async () => {
    async function agentOf(username: string) {
      const { accessToken } = await t.signIn(username);
      const me = meResponseSchema.parse(
        (await t.api('/api/users/me', { token: accessToken })).body,
      );
      const agents = await list('/api/agents', agentSchema, accessToken);
      return {
        agent: agents.data.find((a) => a.personId === me.included.person?.id),
        agents: agents.data,
      };
    }
    const lakesideAgent = await agentOf('agent@lakeside.test');
    expect(lakesideAgent.agent?.ctmUserId).toEqual(expect.any(String));
    const ctmUsers = await list(
      '/api/workspaces/ws_lakeside/voip/providers/ctm/users',
      ctmUserSchema,
    );
    expect(ctmUsers.data.map((u) => u.id)).toContain(lakesideAgent.agent?.ctmUserId);
    expect(lakesideAgent.agents.length).toBeGreaterThanOrEqual(5);

    const harborAgent = await agentOf('agent@harbor.test');
    expect(harborAgent.agent).toMatchObject({ ctmUserId: null });
  });

  it('answers the system role empty agent and consultant lists (it belongs to no workspace)', async () => {
    expect((await list('/api/agents', agentSchema, system)).data).toEqual([]);
    expect((await list('/api/consultants', consultantSchema, system)).data).toEqual([]);
  });

  it('answers offices including one without a timezone, and sub case types naming their parent', async () => {
    const offices = await list('/api/workspaces/ws_lakeside/offices', officeSchema);
    expect(offices.data.some((o) => o.attributes.timezone === null)).toBe(true);
    const caseTypes = await list('/api/workspaces/ws_lakeside/casetypes', caseTypeSchema);
    expect(caseTypes.data).toContainEqual(
      expect.objectContaining({ label: 'Chapter 7', parent: 'bankruptcy' }),
    );
    expect(caseTypes.data).toContainEqual(
      expect.objectContaining({ key: 'bankruptcy', parent: null }),
    );
  });

  it('answers the coaching categories used by the Training submenu', async () => {
    const { data } = await list('/api/workspaces/coaching-videos/category', coachingCategorySchema);
    expect(data.map((c) => c.name)).toEqual(
      expect.arrayContaining(['Intake Basics', 'Objection Handling', 'Closing the Consult']),
    );
  });
});
