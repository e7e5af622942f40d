import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '@/shared/contracts/common';
import { OTHER_WS, R, type ReportFixture, startReportFixture, WS } from './fixture';

/** Every report route: [method, path, a valid input]. */
const ROUTES: ReadonlyArray<readonly [string, string, Record<string, unknown>]> = [
  ['POST', 'pclc', R],
  ['POST', 'pclc/contacts', { ...R, stat: 'LEADS' }],
  ['POST', 'conversion', R],
  ['GET', 'pclc-by-leadsource', R],
  ['GET', 'total-pipeline', R],
  ['GET', 'leadsByLeadSource', R],
  ['POST', 'trends', {}],
  ['GET', 'ctm-call-compliance', R],
  ['GET', 'ctm-call-compliance-by-agent', R],
  ['POST', 'compliance', R],
  ['GET', 'staff-compliance', R],
  ['POST', 'inbound', R],
  ['POST', 'outbound', R],
  ['POST', 'cid/salesperformance', R],
  ['POST', 'cid/communications', R],
  ['GET', 'quickbooks', R],
  ['POST', 'leadsource-ranking-v2', {}],
  ['POST', 'leadsource-ranking', R],
  ['GET', 'marketing-intelligence', {}],
  ['GET', 'marketing-intelligence/overview', {}],
  ['POST', 'roi', R],
  ['GET', 'objections', R],
  ['GET', 'noShows', R],
  ['GET', 'people/agents', {}],
  ['GET', 'relationships/agents', {}],
  ['POST', 'people/team', R],
];

describe('report filters and access (issue #3: bad filters 400, another workspace 403)', () => {
  let f: ReportFixture;
  beforeAll(async () => {
    f = await startReportFixture();
  });
  afterAll(() => f.t.close());

  const call = (
    method: string,
    path: string,
    input: Record<string, unknown>,
    token = f.token,
    ws = WS,
  ) => {
    const query =
      method === 'GET' ? `?${new URLSearchParams(input as Record<string, string>).toString()}` : '';
    return f.t.api(`/api/workspaces/${ws}/reports/${path}${query}`, {
      method,
      token,
      body: method === 'POST' ? input : undefined,
    });
  };

  it('answers every report route with 200 for valid input', async () => {
    for (const [method, path, input] of ROUTES) {
      const answer = await call(method, path, input);
      expect(answer.status, `${method} ${path}: ${JSON.stringify(answer.body)}`).toBe(200);
    }
  });

  it("answers 403 for another workspace's reports, and 401 without a token", async () => {
    for (const [method, path, input] of ROUTES) {
      const foreign = await call(method, path, input, f.otherToken);
      expect(foreign.status, `${method} ${path}`).toBe(403);
      expect(foreign.body).toMatchObject({ statusCode: 403, error: 'Forbidden' });
      const anonymous = await call(method, path, input, '', OTHER_WS);
      expect(anonymous.status, `${method} ${path}`).toBe(401);
    }
  });

  async function expect400(method: string, path: string, input: unknown, message: RegExp) {
    const answer =
      method === 'GET'
        ? await f.t.api(`/api/workspaces/${WS}/reports/${path}?${input as string}`, {
            token: f.token,
          })
        : await f.t.api(`/api/workspaces/${WS}/reports/${path}`, {
            method,
            token: f.token,
            body: input,
          });
    expect(answer.status, JSON.stringify(answer.body)).toBe(400);
    expect(apiErrorSchema.parse(answer.body).message).toMatch(message);
  }

  it('requires both dates', async () => {
    await expect400(
      'POST',
      'pclc',
      {},
      /startDate: startDate is required; endDate: endDate is required/,
    );
    await expect400(
      'GET',
      'leadsByLeadSource',
      'startDate=2026-03-16',
      /endDate: endDate is required/,
    );
  });

  it('refuses malformed, impossible, reversed and future dates', async () => {
    await expect400(
      'POST',
      'pclc',
      { ...R, startDate: '03/16/2026' },
      /startDate: must be a calendar date written YYYY-MM-DD/,
    );
    await expect400(
      'POST',
      'pclc',
      { ...R, endDate: '2026-02-30' },
      /endDate: must be a calendar date/,
    );
    await expect400(
      'POST',
      'pclc',
      { startDate: '2026-03-19', endDate: '2026-03-16' },
      /the start date must not be after the end date/,
    );
    await expect400(
      'POST',
      'pclc',
      { ...R, endDate: '2026-03-21' },
      /endDate: the end date must not be after today \(2026-03-20/,
    );
    await expect400(
      'GET',
      'quickbooks',
      'startDate=2026-03-16&endDate=2026-04-01',
      /must not be after today/,
    );
  });

  it('refuses unknown ids in every list filter, Test sources included', async () => {
    await expect400(
      'POST',
      'pclc',
      { ...R, leadSources: ['ls_nope'] },
      /leadSources: unknown lead source ls_nope/,
    );
    await expect400(
      'POST',
      'pclc',
      { ...R, leadSources: ['ls_test'] },
      /leadSources: unknown lead source ls_test/,
    );
    await expect400(
      'POST',
      'pclc',
      { ...R, campaigns: ['cmp_t'] },
      /campaigns: unknown campaign cmp_t/,
    );
    await expect400('POST', 'pclc', { ...R, offices: ['off_9'] }, /offices: unknown office off_9/);
    await expect400(
      'POST',
      'pclc',
      { ...R, caseTypes: ['divorce'] },
      /caseTypes: unknown case type divorce/,
    );
    await expect400(
      'POST',
      'pclc',
      { ...R, subCaseTypes: ['bankruptcy'] },
      /subCaseTypes: unknown sub case type bankruptcy/,
    );
    await expect400('POST', 'pclc', { ...R, agents: ['agt_9'] }, /agents: unknown agent agt_9/);
    await expect400(
      'GET',
      'leadsByLeadSource',
      'startDate=2026-03-16&endDate=2026-03-20&leadSources=ls_a&leadSources=x',
      /unknown lead source x/,
    );
    await expect400(
      'POST',
      'trends',
      { leadSources: ['ls_nope'] },
      /leadSources: unknown lead source/,
    );
    await expect400('POST', 'compliance', { ...R, agent: 'agt_9' }, /agent: unknown agent agt_9/);
    await expect400(
      'GET',
      'marketing-intelligence',
      'practiceArea=7',
      /practiceArea: there is no practice area 7/,
    );
  });

  it('refuses malformed lists and values', async () => {
    await expect400(
      'POST',
      'pclc',
      { ...R, leadSources: 'ls_a' },
      /leadSources: expected array, received string/,
    );
    await expect400('POST', 'pclc', { ...R, leadSources: [''] }, /leadSources\.0/);
    await expect400('POST', 'pclc', { ...R, campaignStatus: { closed: true } }, /campaignStatus/);
    await expect400('POST', 'pclc', { ...R, type: 'bogus' }, /type/);
    await expect400(
      'GET',
      'leadsByLeadSource',
      'startDate=2026-03-16&endDate=2026-03-20&leadSources=',
      /leadSources/,
    );
    await expect400(
      'POST',
      'pclc/contacts',
      { ...R, stat: 'SETS', collection: 'QUALIFIED' },
      /collection: SETS has no collections/,
    );
    await expect400('POST', 'pclc/contacts', { ...R, stat: 'LEADS', limit: 100000 }, /limit/);
    await expect400('POST', 'trends', { timeFrame: 'decade' }, /timeFrame/);
    await expect400('POST', 'leadsource-ranking-v2', { months: 0 }, /months/);
    await expect400('POST', 'pclc', '[1,2]', /expected object, received array/);
  });
});
