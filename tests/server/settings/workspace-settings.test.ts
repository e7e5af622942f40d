import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  trackingInfoResponseSchema,
  trackingNumberListResponseSchema,
} from '@/shared/contracts/call-tracking';
import { apiErrorSchema } from '@/shared/contracts/common';
import { campaignSchema, leadSourceSchema } from '@/shared/contracts/lookups';
import { roiResponseSchema } from '@/shared/contracts/reports/sales';
import {
  campaignApportionListResponseSchema,
  campaignApportionResponseSchema,
  trackingNumberSettingsListResponseSchema,
  trackingNumberSettingsResponseSchema,
} from '@/shared/contracts/workspace-settings';
import { createTestClock, startTestServer, type TestServer } from '../helpers/test-server';

// Settings > Tracking numbers and Settings > Campaign apportion (issue #16), on the real
// server over a fresh demo database.

const message = (body: unknown) => apiErrorSchema.parse(body).message;

describe('workspace settings: tracking numbers and campaign apportion', () => {
  // A fixed day, so "two months ago" is a whole past month whatever the date of the run.
  // Today: the server starts from a copy of the run's seeded demo data.
  const clock = createTestClock();
  let t: TestServer;
  let owner: string;

  beforeAll(async () => {
    t = await startTestServer({ now: clock.now });
    owner = (await t.signIn('owner@lakeside.test')).accessToken;
  });
  afterAll(() => t.close());

  async function lookups(workspaceId: string) {
    const [sources, campaigns] = await Promise.all([
      t.api(`/api/workspaces/${workspaceId}/leadSources`, { token: owner }),
      t.api(`/api/workspaces/${workspaceId}/campaigns`, { token: owner }),
    ]);
    return {
      sources: leadSourceSchema.array().parse((sources.body as { data: unknown }).data),
      campaigns: campaignSchema.array().parse((campaigns.body as { data: unknown }).data),
    };
  }

  describe('tracking numbers', () => {
    it('lists the numbers and saves a label, lead source and campaign that ctm/numbers and tracking-info then answer', async () => {
      const list = await t.api('/api/workspaces/ws_lakeside/tracking-numbers', { token: owner });
      expect(list.status).toBe(200);
      const numbers = trackingNumberSettingsListResponseSchema.parse(list.body).data;
      expect(numbers.length).toBeGreaterThan(0);
      const number = numbers[0];
      const { campaigns } = await lookups('ws_lakeside');
      const campaign = campaigns.find(
        (c) => c.leadSourceId !== null && c.id !== number.campaign?.id,
      );
      if (!campaign?.leadSourceId) throw new Error('the demo has campaigns with lead sources');

      const saved = await t.api(`/api/workspaces/ws_lakeside/tracking-numbers/${number.id}`, {
        method: 'PUT',
        token: owner,
        body: {
          label: '  Spring billboard ',
          leadSourceId: campaign.leadSourceId,
          campaignId: campaign.id,
        },
      });
      expect(saved.status).toBe(200);
      expect(trackingNumberSettingsResponseSchema.parse(saved.body).data).toMatchObject({
        id: number.id,
        label: 'Spring billboard',
        campaign: { id: campaign.id, name: campaign.label },
        leadSource: { id: campaign.leadSourceId },
      });

      // What the number picker and the active call read.
      const picker = await t.api('/call-center/workspaces/ws_lakeside/ctm/numbers', {
        token: owner,
      });
      const listed = trackingNumberListResponseSchema
        .parse(picker.body)
        .data.find((n) => n.id === number.id);
      expect(listed?.label).toBe('Spring billboard');
      const info = await t.api(
        `/call-center/workspaces/ws_lakeside/ctm/tracking-info/${encodeURIComponent(number.number)}`,
        { token: owner },
      );
      expect(trackingInfoResponseSchema.parse(info.body).data).toMatchObject({
        campaign: { id: campaign.id },
        leadSource: { id: campaign.leadSourceId },
      });

      // Cleared: no attribution ("None Associated" on the call).
      const cleared = await t.api(`/api/workspaces/ws_lakeside/tracking-numbers/${number.id}`, {
        method: 'PUT',
        token: owner,
        body: { label: 'Main line', leadSourceId: null, campaignId: null },
      });
      expect(trackingNumberSettingsResponseSchema.parse(cleared.body).data).toMatchObject({
        campaign: null,
        leadSource: null,
      });
    });

    it('refuses a campaign of another lead source, unknown ids and bad bodies with 400, an unknown number with 404', async () => {
      const numbers = trackingNumberSettingsListResponseSchema.parse(
        (await t.api('/api/workspaces/ws_lakeside/tracking-numbers', { token: owner })).body,
      ).data;
      const { sources, campaigns } = await lookups('ws_lakeside');
      const campaign = campaigns.find((c) => c.leadSourceId !== null);
      const other = sources.find((s) => s.id !== campaign?.leadSourceId);
      if (!campaign || !other) throw new Error('the demo has campaigns and several sources');
      const put = (id: string, body: unknown) =>
        t.api(`/api/workspaces/ws_lakeside/tracking-numbers/${id}`, {
          method: 'PUT',
          token: owner,
          body,
        });
      const mismatch = await put(numbers[0].id, {
        label: 'x',
        leadSourceId: other.id,
        campaignId: campaign.id,
      });
      expect(mismatch.status).toBe(400);
      expect(message(mismatch.body)).toContain(`campaign ${campaign.label} belongs to lead source`);
      const cases: [unknown, string][] = [
        [{ label: 'x', leadSourceId: 'src_nope', campaignId: null }, 'leadSourceId'],
        [{ label: 'x', leadSourceId: null, campaignId: 'cmp_nope' }, 'campaignId'],
        [{ label: ' ', leadSourceId: null, campaignId: null }, 'label'],
        [{ label: 'x', leadSourceId: null }, 'campaignId'],
      ];
      for (const [body, field] of cases) {
        const answer = await put(numbers[0].id, body);
        expect(answer.status, JSON.stringify(body)).toBe(400);
        expect(message(answer.body)).toContain(field);
      }
      expect(
        (await put('num_nope', { label: 'x', leadSourceId: null, campaignId: null })).status,
      ).toBe(404);
    });

    it('needs call tracking, a manager role and the caller’s own workspace', async () => {
      const summit = (await t.signIn('owner@summit.test')).accessToken;
      const noTracking = await t.api('/api/workspaces/ws_summit/tracking-numbers', {
        token: summit,
      });
      expect(noTracking.status).toBe(403);
      expect(message(noTracking.body)).toContain('Call tracking is not enabled');

      const agent = (await t.signIn('agent@lakeside.test')).accessToken;
      const numbers = trackingNumberSettingsListResponseSchema.parse(
        (await t.api('/api/workspaces/ws_lakeside/tracking-numbers', { token: owner })).body,
      ).data;
      for (const body of [{ label: 'mine', leadSourceId: null, campaignId: null }, {}]) {
        const answer = await t.api(
          `/api/workspaces/ws_lakeside/tracking-numbers/${numbers[0].id}`,
          {
            method: 'PUT',
            token: agent,
            body,
          },
        );
        expect(answer.status).toBe(403);
      }
      const harbor = (await t.signIn('owner@harbor.test')).accessToken;
      const foreign = await t.api(`/api/workspaces/ws_harbor/tracking-numbers/${numbers[0].id}`, {
        method: 'PUT',
        token: harbor,
        body: { label: 'stolen', leadSourceId: null, campaignId: null },
      });
      expect(foreign.status).toBe(404);
    });
  });

  describe('campaign apportion', () => {
    // Whole months before today's (UTC months: two and three back never meet the
    // workspace's timezone at their ends).
    const monthBefore = (months: number) => {
      const today = clock.now();
      const first = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - months, 1));
      return first.toISOString().slice(0, 7);
    };
    const lastDayOf = (month: string) => {
      const [year, monthNumber] = month.split('-').map(Number);
      return String(new Date(Date.UTC(year, monthNumber, 0)).getUTCDate());
    };
    const TWO_MONTHS_AGO = monthBefore(2);
    const THREE_MONTHS_AGO = monthBefore(3);

    async function roiFor(month: string) {
      const last = lastDayOf(month);
      const answer = await t.api('/api/workspaces/ws_lakeside/reports/roi', {
        method: 'POST',
        token: owner,
        body: { startDate: `${month}-01`, endDate: `${month}-${last}` },
      });
      expect(answer.status).toBe(200);
      return roiResponseSchema.parse(answer.body).data;
    }
    const spendOf = (roi: Awaited<ReturnType<typeof roiFor>>, sourceId: string) =>
      roi.rows.find((r) => r.leadSourceId === sourceId)?.spend ?? 0;

    it('refuses shares that do not add up to the spend, naming the difference', async () => {
      const { sources, campaigns } = await lookups('ws_lakeside');
      const answer = await t.api(
        `/api/workspaces/ws_lakeside/campaigns/${campaigns[0].id}/apportion`,
        {
          method: 'PUT',
          token: owner,
          body: {
            spend: 1500,
            shares: [
              { leadSourceId: sources[0].id, month: TWO_MONTHS_AGO, amount: 1000 },
              { leadSourceId: sources[1].id, month: TWO_MONTHS_AGO, amount: 199.5 },
            ],
          },
        },
      );
      expect(answer.status).toBe(400);
      expect(message(answer.body)).toBe(
        "The shares add up to $1,199.50 but the campaign's spend is $1,500.00: $300.50 is not apportioned yet.",
      );
      const over = await t.api(
        `/api/workspaces/ws_lakeside/campaigns/${campaigns[0].id}/apportion`,
        {
          method: 'PUT',
          token: owner,
          body: {
            spend: 10,
            shares: [{ leadSourceId: sources[0].id, month: TWO_MONTHS_AGO, amount: 10.01 }],
          },
        },
      );
      expect(message(over.body)).toContain('they are $0.01 over');
      // Nothing was stored.
      const stored = await t.api(
        `/api/workspaces/ws_lakeside/campaigns/${campaigns[0].id}/apportion`,
        {
          token: owner,
        },
      );
      expect(campaignApportionResponseSchema.parse(stored.body).data.spend).toBeNull();
    });

    it('stores a split that adds up, and ROI adds each share to its source’s spend in its month', async () => {
      const { sources, campaigns } = await lookups('ws_lakeside');
      const [a, b] = sources.filter((s) => s.active);
      const campaign = campaigns[1];
      const twoAgoBefore = await roiFor(TWO_MONTHS_AGO);
      const threeAgoBefore = await roiFor(THREE_MONTHS_AGO);

      const answer = await t.api(`/api/workspaces/ws_lakeside/campaigns/${campaign.id}/apportion`, {
        method: 'PUT',
        token: owner,
        body: {
          spend: 2400.75,
          shares: [
            { leadSourceId: a.id, month: TWO_MONTHS_AGO, amount: 1200.25 },
            { leadSourceId: b.id, month: TWO_MONTHS_AGO, amount: 700.5 },
            { leadSourceId: a.id, month: THREE_MONTHS_AGO, amount: 500 },
          ],
        },
      });
      expect(answer.status).toBe(200);
      const saved = campaignApportionResponseSchema.parse(answer.body).data;
      expect(saved).toMatchObject({
        campaignId: campaign.id,
        spend: 2400.75,
        apportioned: 2400.75,
      });
      expect(saved.shares).toHaveLength(3);

      const twoAgo = await roiFor(TWO_MONTHS_AGO);
      expect(spendOf(twoAgo, a.id) - spendOf(twoAgoBefore, a.id)).toBeCloseTo(1200.25, 2);
      expect(spendOf(twoAgo, b.id) - spendOf(twoAgoBefore, b.id)).toBeCloseTo(700.5, 2);
      expect(twoAgo.totals.spend - twoAgoBefore.totals.spend).toBeCloseTo(1900.75, 2);
      const threeAgo = await roiFor(THREE_MONTHS_AGO);
      expect(spendOf(threeAgo, a.id) - spendOf(threeAgoBefore, a.id)).toBeCloseTo(500, 2);

      // Replaced, not added: a new split of the same campaign is the only one counted.
      const replaced = await t.api(
        `/api/workspaces/ws_lakeside/campaigns/${campaign.id}/apportion`,
        {
          method: 'PUT',
          token: owner,
          body: {
            spend: 100,
            shares: [{ leadSourceId: b.id, month: TWO_MONTHS_AGO, amount: 100 }],
          },
        },
      );
      expect(replaced.status).toBe(200);
      const twoAgoAfter = await roiFor(TWO_MONTHS_AGO);
      expect(spendOf(twoAgoAfter, a.id)).toBeCloseTo(spendOf(twoAgoBefore, a.id), 2);
      expect(spendOf(twoAgoAfter, b.id) - spendOf(twoAgoBefore, b.id)).toBeCloseTo(100, 2);

      const list = await t.api('/api/workspaces/ws_lakeside/campaign-apportion', { token: owner });
      const item = campaignApportionListResponseSchema
        .parse(list.body)
        .data.find((c) => c.campaignId === campaign.id);
      expect(item).toMatchObject({ spend: 100, apportioned: 100 });

      // {spend: 0, shares: []} clears the split: "never apportioned" again, nothing counted.
      const cleared = await t.api(
        `/api/workspaces/ws_lakeside/campaigns/${campaign.id}/apportion`,
        { method: 'PUT', token: owner, body: { spend: 0, shares: [] } },
      );
      expect(cleared.status).toBe(200);
      expect(campaignApportionResponseSchema.parse(cleared.body).data).toMatchObject({
        spend: null,
        apportioned: 0,
        shares: [],
        updatedAt: null,
      });
      const twoAgoCleared = await roiFor(TWO_MONTHS_AGO);
      expect(spendOf(twoAgoCleared, b.id)).toBeCloseTo(spendOf(twoAgoBefore, b.id), 2);
      expect(twoAgoCleared.totals.spend).toBeCloseTo(twoAgoBefore.totals.spend, 2);
    });

    it('refuses bad shares with 400, other workspaces’ campaigns with 404, operators with 403', async () => {
      const { sources, campaigns } = await lookups('ws_lakeside');
      const path = `/api/workspaces/ws_lakeside/campaigns/${campaigns[0].id}/apportion`;
      const cases: [unknown, string][] = [
        [
          { spend: 10, shares: [{ leadSourceId: 'src_nope', month: TWO_MONTHS_AGO, amount: 10 }] },
          'src_nope',
        ],
        [
          { spend: 10, shares: [{ leadSourceId: sources[0].id, month: '2026-13', amount: 10 }] },
          'month',
        ],
        [{ spend: 10.001, shares: [] }, 'spend'],
        [{ spend: -5, shares: [] }, 'spend'],
        [
          {
            spend: 20,
            shares: [
              { leadSourceId: sources[0].id, month: TWO_MONTHS_AGO, amount: 10 },
              { leadSourceId: sources[0].id, month: TWO_MONTHS_AGO, amount: 10 },
            ],
          },
          'appears twice',
        ],
        [{ shares: [] }, 'spend'],
      ];
      for (const [body, text] of cases) {
        const answer = await t.api(path, { method: 'PUT', token: owner, body });
        expect(answer.status, JSON.stringify(body)).toBe(400);
        expect(message(answer.body)).toContain(text);
      }
      const harbor = (await t.signIn('owner@harbor.test')).accessToken;
      const foreign = await t.api(
        `/api/workspaces/ws_harbor/campaigns/${campaigns[0].id}/apportion`,
        {
          method: 'PUT',
          token: harbor,
          body: { spend: 0, shares: [] },
        },
      );
      expect(foreign.status).toBe(404);
      const agent = (await t.signIn('agent@lakeside.test')).accessToken;
      for (const body of [{ spend: 0, shares: [] }, ['nonsense']]) {
        expect((await t.api(path, { method: 'PUT', token: agent, body })).status).toBe(403);
      }
      expect(
        (await t.api('/api/workspaces/ws_lakeside/campaign-apportion', { token: agent })).status,
      ).toBe(403);
    });
  });
});
