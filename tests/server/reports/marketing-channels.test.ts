import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { marketingIntelligenceResponseSchema } from '@/shared/contracts/reports/marketing-intelligence';
import { channelLabel } from '@/shared/domain/marketing-channels';
import { startReportFixture, type ReportFixture } from './fixture';

describe('marketing channel names (issue 15: Marketing Plan Essentials)', () => {
  let f: ReportFixture;
  beforeAll(async () => {
    f = await startReportFixture();
  });
  afterAll(() => f.t.close());

  it('reads abbreviated mediums letter by letter and capitalises the others', () => {
    expect(['cpc', 'tv', 'PPC', 'social', 'referral', 'unknown'].map(channelLabel)).toEqual([
      'CPC',
      'TV',
      'PPC',
      'Social',
      'Referral',
      'Unknown',
    ]);
  });

  it('names the channel rows of the real report that way', async () => {
    const answer = await f.get('marketing-intelligence');
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const data = marketingIntelligenceResponseSchema.parse(answer.body).data;
    // practiceArea 2 (Chapter 7) in the fixture: one lead, from a 'cpc' source.
    expect(data.rows.map((row) => [row.key, row.label])).toEqual([['cpc', 'CPC']]);
  });
});
