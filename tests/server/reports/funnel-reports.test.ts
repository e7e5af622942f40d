import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversionResponseSchema } from '@/shared/contracts/reports/conversion';
import { leadsByLeadSourceResponseSchema } from '@/shared/contracts/reports/leads-by-lead-source';
import {
  pclcByLeadSourceResponseSchema,
  pclcContactsResponseSchema,
  pclcResponseSchema,
  totalPipelineResponseSchema,
} from '@/shared/contracts/reports/pclc';
import { trendsResponseSchema } from '@/shared/contracts/reports/trends';
import { R, type ReportFixture, startReportFixture } from './fixture';

/** Expected numbers are counted by hand from the fixture's story (fixture.ts). */
describe('funnel reports on the hand-built fixture (spec: dashboards 2.5, 2.7, 3)', () => {
  let f: ReportFixture;
  beforeAll(async () => {
    f = await startReportFixture();
  });
  afterAll(() => f.t.close());

  async function pclc(body: Record<string, unknown>) {
    const answer = await f.post('pclc', { ...R, ...body });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return pclcResponseSchema.parse(answer.body).data;
  }

  it('counts the transitions of the range in the snapshot perspective, leaving Test sources out', async () => {
    // new leads c1 c2 c3 c7 c8; unqualified c3; sets c1 c2 c4; shows c1 c2 c4; c2
    // unqualified at the appointment; hire c1; no hire c4; filed c1 (c5 is a Test lead).
    expect(await pclc({})).toEqual({
      LEADS: 5,
      QUALIFIED: 4,
      QUALIFIEDLEADS: 4,
      UNQUALIFIED: 2,
      UNQUALIFIEDATLEAD: 1,
      SETS: 3,
      SETRATE: 75,
      SHOWS: 3,
      QUALIFIEDSHOWS: 2,
      UNQUALIFIEDATAPPT: 1,
      SHOWRATE: 100,
      HIRES: 1,
      HIRERATE: 50,
      NOHIRES: 1,
      FILED: 1,
      FILEDRATE: 100,
      RATEBASES: {
        SETRATE: { numerator: 3, denominator: 4 },
        SHOWRATE: { numerator: 3, denominator: 3 },
        HIRERATE: { numerator: 1, denominator: 2 },
        FILEDRATE: { numerator: 1, denominator: 1 },
      },
    });
  });

  it('counts only the contacts that entered in the range in the conversion perspective (intakePCLC)', async () => {
    // cohort c1 c2 c3 c7 c8: qualified c1 c2 c7 (c8 not decided), sets c1 c2, shows c1 c2
    // (c2 unqualified), hire and filed c1.
    expect(await pclc({ type: 'intakePCLC' })).toMatchObject({
      LEADS: 5,
      UNQUALIFIEDATLEAD: 1,
      QUALIFIEDLEADS: 3,
      SETS: 2,
      SETRATE: 66.67,
      SHOWS: 2,
      UNQUALIFIEDATAPPT: 1,
      QUALIFIEDSHOWS: 1,
      SHOWRATE: 100,
      HIRES: 1,
      HIRERATE: 100,
      NOHIRES: 0,
      FILED: 1,
    });
  });

  it.each([
    [
      'lead sources',
      { leadSources: ['ls_a'] },
      { LEADS: 2, SETS: 2, SHOWS: 2, HIRES: 1, SETRATE: 100 },
    ],
    ['campaigns', { campaigns: ['cmp_a1'] }, { LEADS: 1, SETS: 1, SHOWS: 1, HIRES: 1, FILED: 1 }],
    [
      'inactive campaigns (active ones left out, c8 and c4 without one kept)',
      { campaignStatus: { inactive: true } },
      { LEADS: 2, SETS: 2, UNQUALIFIEDATAPPT: 1 },
    ],
    [
      'both campaign statuses (no filter)',
      { campaignStatus: ['active', 'inactive'] },
      { LEADS: 5, SETS: 3 },
    ],
    ['offices', { offices: ['off_1'] }, { LEADS: 3, SETS: 2, SHOWS: 2, HIRES: 1, NOHIRES: 1 }],
    ['a parent case type by key', { caseTypes: ['bankruptcy'] }, { LEADS: 2, SETS: 3, SHOWS: 3 }],
    ['a sub case type by label', { practiceAreas: ['Chapter 7'] }, { LEADS: 1, SETS: 1 }],
    [
      'the Unknown case type',
      { caseTypes: ['unknown'] },
      { LEADS: 3, UNQUALIFIEDATLEAD: 1, SETS: 0 },
    ],
    ['sub case types', { subCaseTypes: ['ct_ch13'] }, { LEADS: 1, SETS: 1, SHOWS: 1 }],
    [
      'agents (transitions they made)',
      { agents: ['agt_2'] },
      // agt_2 qualified c2 and c9 in the range (c4 before it).
      { LEADS: 1, SETS: 2, SHOWS: 2, QUALIFIEDLEADS: 2 },
    ],
  ])('filters the funnel by %s', async (_name, filters, expected) => {
    expect(await pclc(filters)).toMatchObject(expected);
  });

  it('lists as many contacts per stat as the funnel counts, sorted by name, with their status', async () => {
    const list = async (stat: string, collection?: string) => {
      const answer = await f.post('pclc/contacts', { ...R, stat, collection });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return pclcContactsResponseSchema.parse(answer.body);
    };
    const leads = await list('LEADS');
    expect(leads.meta.total).toBe(5);
    expect(leads.data.map((r) => [r.name, r.status])).toEqual([
      ['Ana Able', 'Qualified'],
      ['Ben Baker', 'Qualified'],
      ['Cal Cole', 'Unqualified'],
      ['Gus Gray', 'Qualified'],
      ['Hal Hunt', 'New Lead'],
    ]);
    expect(leads.data[0]).toEqual({
      id: 'c1',
      module: 'Leads',
      name: 'Ana Able',
      leadSource: 'Alpha',
      campaign: 'Alpha One',
      caseType: 'Chapter 7',
      status: 'Qualified',
    });
    expect(leads.data[4]).toMatchObject({ leadSource: null, campaign: null, caseType: null });
    expect((await list('SETS')).data.map((r) => r.id)).toEqual(['c1', 'c2', 'c4']);
    expect((await list('SHOWS')).data.map((r) => [r.id, r.status])).toEqual([
      ['c1', 'Qualified'],
      ['c2', 'Unqualified'],
      ['c4', 'Qualified'],
    ]);
    expect((await list('SHOWS', 'QUALIFIED')).data.map((r) => r.id)).toEqual(['c1', 'c4']);
    expect((await list('SHOWS', 'UNQUALIFIED')).data.map((r) => r.id)).toEqual(['c2']);
    expect((await list('LEADS', 'UNQUALIFIED')).data.map((r) => r.id)).toEqual(['c3']);
    // Qualified in the range: c1, c2, c7 and c9 (who entered before it).
    expect((await list('LEADS', 'QUALIFIED')).data.map((r) => r.id)).toEqual([
      'c1',
      'c2',
      'c7',
      'c9',
    ]);
    expect((await list('HIRES')).data.map((r) => [r.id, r.status])).toEqual([['c1', 'Hired']]);
    expect((await list('HIRES', 'NOHIRES')).data.map((r) => [r.id, r.status])).toEqual([
      ['c4', 'Not Hired'],
    ]);
    expect((await list('FILED')).data.map((r) => [r.id, r.status])).toEqual([['c1', 'Filed']]);
  });

  it('pages a contact list with limit and offset, keeping the total', async () => {
    const answer = await f.post('pclc/contacts', { ...R, stat: 'LEADS', limit: 2, offset: 2 });
    const page = pclcContactsResponseSchema.parse(answer.body);
    expect(page.meta).toEqual({ total: 5, limit: 2, offset: 2 });
    expect(page.data.map((r) => r.id)).toEqual(['c3', 'c7']);
  });

  it('answers the conversion report in one call with the positional rows of spec 3', async () => {
    const answer = await f.post('conversion', R);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const data = conversionResponseSchema.parse(answer.body).data;
    expect([data.LEADS, data.SHOWS, data.HIRES, data.FILED, data.NOHIRES]).toEqual([5, 3, 1, 1, 1]);
    // c9 was qualified in the range but entered before it: a lead row that is not new.
    expect(data.LEADSCONTACTS).toEqual([
      ['Chapter 7', 'Alpha', 'Ana Able', 'true', 'Qualified', 'Alpha One', 'c1', 'Leads'],
      ['Chapter 13', 'Alpha', 'Ben Baker', 'true', 'Qualified', 'Alpha Two', 'c2', 'Leads'],
      ['', 'Beta', 'Cal Cole', 'true', 'Unqualified', 'Beta One', 'c3', 'Leads'],
      ['', 'Beta', 'Gus Gray', 'true', 'Qualified', 'Beta One', 'c7', 'Leads'],
      ['', '', 'Hal Hunt', 'true', 'New Lead', '', 'c8', 'Leads'],
      ['Bankruptcy', 'Beta', 'Ivy Irwin', 'false', 'Qualified', 'Beta One', 'c9', 'Leads'],
    ]);
    expect(data.LEADSCONTACTS.filter((row) => row[3] === 'true')).toHaveLength(data.LEADS);
    expect(data.SHOWSCONTACTS.map((row) => [row[6], row[4]])).toEqual([
      ['c1', 'Qualified'],
      ['c2', 'Unqualified'],
      ['c4', 'Qualified'],
    ]);
    expect(data.HIRESCONTACTS.map((row) => [row[6], row[4]])).toEqual([['c1', 'Hired']]);
    expect(data.NOHIRESCONTACTS.map((row) => [row[6], row[4]])).toEqual([['c4', 'Not Hired']]);
    expect(data.FILEDCONTACTS.map((row) => row[6])).toEqual(['c1']);
    expect(data.TRUNCATED).toBe(false);
  });

  it('cuts each conversion list at contactsLimit and says so', async () => {
    const answer = await f.post('conversion', { ...R, contactsLimit: 2 });
    const data = conversionResponseSchema.parse(answer.body).data;
    expect(data.LEADSCONTACTS).toHaveLength(2);
    expect(data.LEADS).toBe(5);
    expect(data.TRUNCATED).toBe(true);
  });

  it('counts the conversion report in the conversion perspective too', async () => {
    const answer = await f.post('conversion', { ...R, type: 'intakePCLC' });
    const data = conversionResponseSchema.parse(answer.body).data;
    expect([data.LEADS, data.SHOWS, data.HIRES, data.FILED, data.NOHIRES]).toEqual([5, 2, 1, 1, 0]);
    expect(data.LEADSCONTACTS.map((row) => row[6])).toEqual(['c1', 'c2', 'c3', 'c7', 'c8']);
  });

  it('answers new leads per lead source, most first, with an Unknown row, adding up to LEADS', async () => {
    const answer = await f.get('leadsByLeadSource', R);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(leadsByLeadSourceResponseSchema.parse(answer.body).data).toEqual([
      { LEADSOURCEID: 'ls_a', LEADSOURCE: 'Alpha', LEADS: '2' },
      { LEADSOURCEID: 'ls_b', LEADSOURCE: 'Beta', LEADS: '2' },
      { LEADSOURCEID: null, LEADSOURCE: 'Unknown', LEADS: '1' },
    ]);
  });

  it('takes list filters in a query string as one value or repeated keys', async () => {
    const one = await f.get('leadsByLeadSource', { ...R, leadSources: 'ls_b' });
    expect(leadsByLeadSourceResponseSchema.parse(one.body).data).toEqual([
      { LEADSOURCEID: 'ls_b', LEADSOURCE: 'Beta', LEADS: '2' },
    ]);
    const two = await f.get('leadsByLeadSource', { ...R, leadSources: ['ls_a', 'ls_b'] });
    expect(leadsByLeadSourceResponseSchema.parse(two.body).data).toHaveLength(2);
  });

  it('answers an empty list, not an error, when no lead came in (the client shows No Data)', async () => {
    const answer = await f.get('leadsByLeadSource', {
      startDate: '2026-01-05',
      endDate: '2026-01-09',
    });
    expect(answer.status).toBe(200);
    expect(leadsByLeadSourceResponseSchema.parse(answer.body).data).toEqual([]);
  });

  it('answers one funnel per lead source, by label', async () => {
    const answer = await f.get('pclc-by-leadsource', R);
    const rows = pclcByLeadSourceResponseSchema.parse(answer.body).data;
    expect(rows.map((r) => [r.LEADSOURCE, r.LEADS, r.SETS, r.SHOWS, r.HIRES, r.NOHIRES])).toEqual([
      ['Alpha', 2, 2, 2, 1, 0],
      ['Beta', 2, 1, 1, 0, 1],
      ['Unknown', 1, 0, 0, 0, 0],
    ]);
  });

  it('answers the total pipeline: contacts that entered in the range by their stage now', async () => {
    const answer = await f.get('total-pipeline', R);
    const data = totalPipelineResponseSchema.parse(answer.body).data;
    expect(data.total).toBe(5);
    const counts = Object.fromEntries(data.stages.map((s) => [s.stage, s.count]));
    expect(counts).toMatchObject({
      new_lead: 1,
      qualified: 1,
      unqualified_at_lead: 1,
      unqualified_at_appt: 1,
      filed: 1,
      set: 0,
      hire: 0,
    });
  });

  it('answers trends for this week with 7 day labels and both perspectives', async () => {
    const answer = await f.post('trends', { timeFrame: 'week' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const { items } = trendsResponseSchema.parse(answer.body).data;
    expect(items.labels).toEqual([
      'Mon 03/16',
      'Tue 03/17',
      'Wed 03/18',
      'Thu 03/19',
      'Fri 03/20',
      'Sat 03/21',
      'Sun 03/22',
    ]);
    expect(items.time).toEqual({ startTime: '2026-03-16', endTime: '2026-03-22' });
    expect(items.data['New Leads']).toEqual([1, 1, 1, 1, 1, 0, 0]);
    // Leads qualified each day, as the funnel counts them (c1 and c9 on the 16th).
    expect(items.data['Qualified Leads']).toEqual([2, 1, 0, 0, 1, 0, 0]);
    expect(items.data['Sets']).toEqual([1, 2, 0, 0, 0, 0, 0]);
    expect(items.data['Qualified Shows']).toEqual([0, 1, 1, 0, 0, 0, 0]);
    expect(items.data['Unqualified Shows']).toEqual([0, 0, 0, 1, 0, 0, 0]);
    // The conversion perspective counts sets by the day their contact entered.
    expect(items.data['Sets (intake)']).toEqual([1, 1, 0, 0, 0, 0, 0]);
    expect(items.series).toHaveLength(16);
  });

  it('cuts this month into week ranges and this year into 12 months', async () => {
    const month = trendsResponseSchema.parse((await f.post('trends', {})).body).data;
    expect(month.timeFrame).toBe('month');
    expect(month.items.labels).toEqual([
      '03/01 - 03/01',
      '03/02 - 03/08',
      '03/09 - 03/15',
      '03/16 - 03/22',
      '03/23 - 03/29',
      '03/30 - 03/31',
    ]);
    // c4 (03-10), c9 (03-13) and c6 (03-15) entered in the third week.
    expect(month.items.data['New Leads']).toEqual([0, 0, 3, 5, 0, 0]);
    const year = trendsResponseSchema.parse(
      (await f.post('trends', { timeFrame: 'year' })).body,
    ).data;
    expect(year.items.labels).toHaveLength(12);
    expect(year.items.data['New Leads']).toEqual([0, 0, 8, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    const filtered = trendsResponseSchema.parse(
      (
        await f.post('trends', {
          timeFrame: 'year',
          leadSources: ['ls_a'],
          practiceAreas: ['bankruptcy'],
        })
      ).body,
    ).data;
    expect(filtered.items.data['New Leads'][2]).toBe(3);
  });
});
