import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { itemResponseSchema, listResponseSchema } from '@/shared/contracts/common';
import { leadSourceSchema } from '@/shared/contracts/lookups';
import {
  type CockpitGoalSettingsUpdate,
  cockpitGoalSettingsResponseSchema,
} from '@/shared/contracts/reports/cockpit-goals';
import { workspaceSchema } from '@/shared/contracts/workspace';
import { startTestServer, type TestServer } from './helpers/test-server';

const PATH = '/api/workspaces/ws_lakeside/cockpit-goals';

describe('cockpit goals settings (spec: dashboards 2.2 settings/cockpit-goals, 3, 5, 6)', () => {
  let t: TestServer;
  let owner: string;
  let admin: string;
  let agent: string;
  let harborOwner: string;
  let summitOwner: string;
  let system: string;

  beforeAll(async () => {
    t = await startTestServer();
    [owner, admin, agent, harborOwner, summitOwner, system] = await Promise.all(
      [
        'owner@lakeside.test',
        'admin@lakeside.test',
        'agent@lakeside.test',
        'owner@harbor.test',
        'owner@summit.test',
        'system@intake.test',
      ].map(async (username) => (await t.signIn(username)).accessToken),
    );
  });
  afterAll(() => t.close());

  async function readSettings(token = owner) {
    const answer = await t.api(PATH, { token });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return cockpitGoalSettingsResponseSchema.parse(answer.body).data;
  }

  function updateFrom(
    current: Awaited<ReturnType<typeof readSettings>>,
  ): CockpitGoalSettingsUpdate {
    const { leadGen, salesPerformance, communications } = current;
    return {
      leadGen,
      salesPerformance,
      communications,
      leadSources: current.leadSources.map(({ id, leadGen: own }) => ({ id, leadGen: own })),
    };
  }

  it("answers the workspace's weekly goals and every visible source's lead goal", async () => {
    const settings = await readSettings();
    expect(settings.leadGen).toEqual({ leadsMin: 120, leadsMax: 160 });
    expect(settings.salesPerformance.targetInboundSetRate).toBe(45);
    expect(settings.leadSources.length).toBeGreaterThan(5);
    expect(settings.leadSources.some((source) => source.label.includes('Test'))).toBe(false);
    expect(settings.leadSources.some((source) => source.leadGen !== null)).toBe(true);
    expect(await readSettings(admin)).toEqual(settings);
  });

  it('saves the goals where GET workspaces/{id} and the leadSources lookup read them', async () => {
    const current = await readSettings();
    const [first, second] = current.leadSources;
    const update = updateFrom(current);
    update.salesPerformance = {
      ...update.salesPerformance,
      targetInboundSetRate: 52.5,
      hiresMin: 14,
    };
    update.communications = { ...update.communications, averageWaitTime: 45 };
    update.leadSources = [
      { id: first.id, leadGen: { leadsMin: 33, leadsMax: 44 } },
      { id: second.id, leadGen: null },
    ];
    const answer = await t.api(PATH, { method: 'PUT', token: owner, body: update });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const saved = cockpitGoalSettingsResponseSchema.parse(answer.body).data;
    expect(saved.salesPerformance.targetInboundSetRate).toBe(52.5);
    expect(saved.leadSources.find((s) => s.id === first.id)?.leadGen).toEqual({
      leadsMin: 33,
      leadsMax: 44,
    });
    expect(saved.leadSources.find((s) => s.id === second.id)?.leadGen).toBeNull();

    const workspace = itemResponseSchema(workspaceSchema).parse(
      (await t.api('/api/workspaces/ws_lakeside', { token: owner })).body,
    ).data;
    expect(workspace.attributes.goals.salesPerformance.hiresMin).toBe(14);
    expect(workspace.attributes.goals.communications.averageWaitTime).toBe(45);

    const sources = listResponseSchema(leadSourceSchema).parse(
      (await t.api('/api/workspaces/ws_lakeside/leadSources', { token: owner })).body,
    ).data;
    expect(sources.find((s) => s.id === first.id)?.Settings?.leadGen).toEqual({
      leadsMin: 33,
      leadsMax: 44,
    });
    expect(sources.find((s) => s.id === second.id)?.Settings?.leadGen ?? null).toBeNull();
  });

  it('refuses goals the form refuses, with 400 naming the field (spec: dashboards 5)', async () => {
    const update = updateFrom(await readSettings());
    const cases: [string, unknown][] = [
      [
        'salesPerformance.targetInboundSetRate',
        { ...update, salesPerformance: { ...update.salesPerformance, targetInboundSetRate: 101 } },
      ],
      [
        'salesPerformance.showsMin',
        { ...update, salesPerformance: { ...update.salesPerformance, showsMin: -1 } },
      ],
      [
        'communications.averageWaitTime',
        { ...update, communications: { ...update.communications, averageWaitTime: -5 } },
      ],
      ['leadGen.leadsMin', { ...update, leadGen: { leadsMax: 10 } }],
      [
        'leadSources.0.leadGen.leadsMin',
        { ...update, leadSources: [{ id: update.leadSources[0].id, leadGen: { leadsMax: 3 } }] },
      ],
      ['body', 'not json'],
    ];
    for (const [field, body] of cases) {
      const answer = await t.api(PATH, { method: 'PUT', token: owner, body });
      expect(answer.status, field).toBe(400);
      if (field !== 'body') expect((answer.body as { message: string }).message).toContain(field);
    }
  });

  it('refuses lead sources of another workspace and hidden Test sources', async () => {
    const update = updateFrom(await readSettings());
    const foreign = listResponseSchema(leadSourceSchema).parse(
      (await t.api('/api/workspaces/ws_harbor/leadSources', { token: harborOwner })).body,
    ).data[0];
    const answer = await t.api(PATH, {
      method: 'PUT',
      token: owner,
      body: { ...update, leadSources: [{ id: foreign.id, leadGen: null }] },
    });
    expect(answer.status).toBe(400);
    expect((answer.body as { message: string }).message).toContain('unknown lead source');
  });

  it('is for owners and admins of a cockpit workspace only (spec: dashboards 6)', async () => {
    expect((await t.api(PATH, { token: agent })).status).toBe(403);
    expect((await t.api(PATH, { token: system })).status).toBe(403);
    expect((await t.api(PATH, { token: harborOwner })).status).toBe(403);
    // Harbor's own cockpit is off.
    expect(
      (await t.api('/api/workspaces/ws_harbor/cockpit-goals', { token: harborOwner })).status,
    ).toBe(403);
    expect(
      (await t.api('/api/workspaces/ws_summit/cockpit-goals', { token: summitOwner })).status,
    ).toBe(200);
    expect((await t.api(PATH)).status).toBe(401);
    const update = updateFrom(await readSettings());
    expect((await t.api(PATH, { method: 'PUT', token: agent, body: update })).status).toBe(403);
  });
});
