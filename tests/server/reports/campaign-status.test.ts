import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { salesPerformanceResponseSchema } from '@/shared/contracts/reports/cockpit-cards';
import { leadsByLeadSourceResponseSchema } from '@/shared/contracts/reports/leads-by-lead-source';
import { pclcContactsResponseSchema, pclcResponseSchema } from '@/shared/contracts/reports/pclc';
import { roiResponseSchema } from '@/shared/contracts/reports/sales';
import { defaultReportFilters, reportFiltersBody } from '@/shared/domain/report-filter-state';
import { NOW, R, type ReportFixture, startReportFixture } from './fixture';

/**
 * Campaign status (issue #15): one status alone leaves out the contacts of the campaigns
 * of the other status and keeps those without a campaign; with campaigns chosen it keeps
 * only the chosen campaigns of that status. In the fixture (fixture.ts) cmp_a2 (c2) is
 * the only inactive campaign; c4 and c8 have no campaign.
 */
describe('campaign status filter of the reports (issue #15)', () => {
  let f: ReportFixture;
  beforeAll(async () => {
    f = await startReportFixture();
  });
  afterAll(() => f.t.close());

  async function ok(answer: Promise<{ status: number; body: unknown }>) {
    const { status, body } = await answer;
    expect(status, JSON.stringify(body)).toBe(200);
    return body;
  }
  const pclc = async (body: Record<string, unknown>) =>
    pclcResponseSchema.parse(await ok(f.post('pclc', { ...R, ...body }))).data;
  const leadIds = async (body: Record<string, unknown>) =>
    pclcContactsResponseSchema
      .parse(await ok(f.post('pclc/contacts', { ...R, stat: 'LEADS', ...body })))
      .data.map((r) => r.id);

  it('with Active alone, counts contacts without a campaign and leaves out inactive campaigns', async () => {
    // New leads in R: c1 (cmp_a1), c2 (cmp_a2, inactive), c3 c7 (cmp_b1), c8 (none).
    expect(await leadIds({})).toEqual(['c1', 'c2', 'c3', 'c7', 'c8']);
    expect(await leadIds({ campaignStatus: ['active'] })).toEqual(['c1', 'c3', 'c7', 'c8']);
    // Sets in R: c1, c2 and c4 (no campaign).
    expect(await pclc({ campaignStatus: ['active'] })).toMatchObject({
      LEADS: 4,
      SETS: 2,
      SHOWS: 2,
      UNQUALIFIEDATAPPT: 0,
      HIRES: 1,
    });
  });

  it('with Inactive alone, leaves out active campaigns and keeps contacts without one', async () => {
    expect(await leadIds({ campaignStatus: { inactive: true } })).toEqual(['c2', 'c8']);
    expect(await pclc({ campaignStatus: ['inactive'] })).toMatchObject({
      LEADS: 2,
      SETS: 2,
      SHOWS: 2,
      UNQUALIFIEDATAPPT: 1,
      HIRES: 0,
    });
  });

  it('with campaigns chosen, keeps only those of the chosen status (no contact without one)', async () => {
    const both = ['cmp_a1', 'cmp_a2'];
    expect(await leadIds({ campaigns: both })).toEqual(['c1', 'c2']);
    expect(await leadIds({ campaigns: both, campaignStatus: ['active'] })).toEqual(['c1']);
    expect(await leadIds({ campaigns: both, campaignStatus: ['inactive'] })).toEqual(['c2']);
    expect(await pclc({ campaigns: ['cmp_a2'], campaignStatus: ['active'] })).toMatchObject({
      LEADS: 0,
      SETS: 0,
    });
  });

  it('gives the report panel default (Active) the unfiltered numbers when no inactive campaign is in the range', async () => {
    // 03-10..03-15: new leads c4 (no campaign), c9 (cmp_b1), c6 (cmp_a1); no c2.
    const range = { startDate: '2026-03-10', endDate: '2026-03-15' };
    const panel = reportFiltersBody(defaultReportFilters(NOW, range));
    expect(panel.campaignStatus).toEqual(['active']);
    const unfiltered = await pclc({ ...range, campaignStatus: [] });
    expect(unfiltered.LEADS).toBe(3);
    expect(await pclc(panel)).toEqual(unfiltered);
    const bySource = async (query: Record<string, string | string[]>) =>
      leadsByLeadSourceResponseSchema.parse(await ok(f.get('leadsByLeadSource', query))).data;
    expect(await bySource({ ...range, campaignStatus: 'active' })).toEqual(await bySource(range));
  });

  it('leaves out only inactive campaigns from appointments and revenue as well', async () => {
    const cards = async (body: Record<string, unknown>) =>
      salesPerformanceResponseSchema.parse(
        await ok(f.post('cid/salesperformance', { ...R, ...body })),
      ).data.CID_SALESPERFORMANCE.CID_APPOINTMENTINVENTORYTARGETS;
    // In R: c1 c2 c4 showed, c9 no-show, c6 cancelled; c7 (cmp_b1) tomorrow.
    expect(await cards({ campaignStatus: ['active'] })).toEqual({
      scheduledTomorrow: 1,
      spotsFilled: 3,
      appointmentsInRange: 4,
    });
    expect(await cards({ campaignStatus: ['inactive'] })).toEqual({
      scheduledTomorrow: 0,
      spotsFilled: 2,
      appointmentsInRange: 2,
    });
    // Revenue in R: $100 from c1 (Alpha, cmp_a1), $200 from c4 (Beta, no campaign).
    const roi = async (status: string) =>
      roiResponseSchema
        .parse(await ok(f.post('roi', { ...R, campaignStatus: [status] })))
        .data.rows.map((r) => [r.leadSourceId, r.leads, r.hires, r.revenue]);
    expect(await roi('active')).toEqual([
      ['ls_a', 1, 1, 100],
      ['ls_b', 2, 0, 200],
    ]);
    expect(await roi('inactive')).toEqual([
      ['ls_a', 1, 0, 0],
      ['ls_b', 0, 0, 200],
    ]);
  });
});
