import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '@/shared/contracts/common';
import { MAX_REPORT_RANGE_DAYS, reportRangeProblem } from '@/shared/domain/date-range';
import { addDays } from '@/server/records/workspace-days';
import { dayInTimezone } from '@/shared/domain/workspace-day';
import { REQUEST_TIMEOUT_MS } from '@/server/http/security-headers';
import { startTestServer, type TestServer } from './helpers/test-server';

/** issue #9 item 4: one request must not be able to stall the server. */
describe('bounded report requests', () => {
  let t: TestServer;
  let owner: string;
  let agentId: string;
  const today = dayInTimezone(new Date(), 'America/Chicago');

  beforeAll(async () => {
    t = await startTestServer({ reportRateLimit: { max: 40, windowMs: 60_000 } });
    owner = (await t.signIn('owner@lakeside.test')).accessToken;
    agentId = (
      await t.server.db
        .selectFrom('agents')
        .select('id')
        .where('workspace_id', '=', 'ws_lakeside')
        .executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(() => t.close());

  const peopleAgent = (startDate: string, endDate = today, token = owner) =>
    t.api('/api/workspaces/ws_lakeside/reports/people/agent', {
      method: 'POST',
      token,
      body: { startDate, endDate, agent: agentId },
    });

  // How long the refusal and /api/health beside it take: `npm run bench:reports`.
  it('answers the people/agent request from 0001-01-01 with a 400 naming the limit, while /api/health answers beside it', async () => {
    const [answer, health] = await Promise.all([peopleAgent('0001-01-01'), t.api('/api/health')]);
    expect(answer.status).toBe(400);
    expect(apiErrorSchema.parse(answer.body).message).toBe(
      'Reports start on 01/01/2000: choose a later date.',
    );
    expect(health.status).toBe(200);
  });

  it('refuses a range over five years, on GET and POST routes and on the system report', async () => {
    const start = addDays(today, -MAX_REPORT_RANGE_DAYS); // one day too many
    const expected = `The date range may span at most 5 years (${MAX_REPORT_RANGE_DAYS} days).`;
    const post = await peopleAgent(start);
    expect(post.status).toBe(400);
    expect(apiErrorSchema.parse(post.body).message).toBe(expected);
    const get = await t.api(
      `/api/workspaces/ws_lakeside/reports/leadsByLeadSource?startDate=${start}&endDate=${today}`,
      { token: owner },
    );
    expect(get.status).toBe(400);
    expect(apiErrorSchema.parse(get.body).message).toBe(expected);
    const system = (await t.signIn('system@intake.test')).accessToken;
    const all = await t.api(`/api/system/reports/pclc?startDate=1999-12-31&endDate=2000-01-31`, {
      token: system,
    });
    expect(all.status).toBe(400);
  });

  it('answers exactly five years, day by day', async () => {
    const answer = await peopleAgent(addDays(today, -(MAX_REPORT_RANGE_DAYS - 1)));
    expect(answer.status, JSON.stringify(answer.body).slice(0, 200)).toBe(200);
    const { data } = answer.body as { data: { days: unknown[] } };
    expect(data.days).toHaveLength(MAX_REPORT_RANGE_DAYS);
  });

  it('shares the bound with the client: the same rule in shared/domain', () => {
    expect(reportRangeProblem({ startDate: '2000-01-01', endDate: '2004-12-30' })).toBeNull();
    expect(reportRangeProblem({ startDate: '2000-01-01', endDate: '2004-12-31' })).toMatch(
      /at most 5 years/,
    );
    expect(reportRangeProblem({ startDate: '1999-12-31', endDate: '2000-01-01' })).toMatch(
      /Reports start on 01\/01\/2000/,
    );
  });

  it('limits report calls per user with a clear 429, without touching other users', async () => {
    const admin = (await t.signIn('admin@lakeside.test')).accessToken;
    const statuses: number[] = [];
    for (let i = 0; i < 41; i++) {
      const answer = await t.api(
        `/api/workspaces/ws_lakeside/reports/leadsByLeadSource?startDate=${today}&endDate=${today}`,
        { token: admin },
      );
      statuses.push(answer.status);
      if (answer.status === 429) {
        expect(apiErrorSchema.parse(answer.body).message).toBe(
          'Too many report requests: at most 40 every 60 seconds. Wait a moment and try again.',
        );
      }
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(40);
    expect(statuses.at(-1)).toBe(429);
    // The owner's budget is the owner's own.
    const other = await t.api(
      `/api/workspaces/ws_lakeside/reports/leadsByLeadSource?startDate=${today}&endDate=${today}`,
      { token: (await t.signIn('owner@harbor.test')).accessToken },
    );
    expect(other.status).not.toBe(429);
  });

  it("ends a request after the client's 60 s timeout", () => {
    expect(REQUEST_TIMEOUT_MS).toBe(60_000);
    // Fastify hands it to Node's HTTP server, which ends requests that run longer.
    expect(t.server.app.server.requestTimeout).toBe(60_000);
    expect(t.server.app.initialConfig.bodyLimit).toBe(1024 * 1024);
  });
});
