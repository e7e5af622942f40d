import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '@/shared/contracts/common';
import { systemPclcResponseSchema } from '@/shared/contracts/reports/pclc';
import { funnelRateBases, funnelRates } from '@/shared/domain/funnel-rates';
import { startTestServer, type TestServer } from '../helpers/test-server';

// GET system/reports/pclc (spec: dashboards 7 "System report"; issue #16): the snapshot
// funnel of every workspace over the demo records, for the system role only.

const DAY = 24 * 60 * 60_000;
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

describe('GET system/reports/pclc', () => {
  let t: TestServer;
  let system: string;
  const endDate = isoDay(new Date(Date.now() - DAY));
  const startDate = isoDay(new Date(Date.now() - 60 * DAY));
  const path = (query: string) => `/api/system/reports/pclc${query}`;

  beforeAll(async () => {
    t = await startTestServer();
    system = (await t.signIn('system@intake.test')).accessToken;
  });
  afterAll(() => t.close());

  it('answers one funnel per workspace, by name, with rates from the funnel rules', async () => {
    const answer = await t.api(path(`?startDate=${startDate}&endDate=${endDate}`), {
      token: system,
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const rows = systemPclcResponseSchema.parse(answer.body).data;
    const workspaces = await t.server.db
      .selectFrom('workspaces')
      .select(['id', 'name'])
      .orderBy('name')
      .orderBy('id')
      .execute();
    expect(rows.map((r) => [r.WORKSPACEID, r.WORKSPACENAME])).toEqual(
      workspaces.map((w) => [w.id, w.name]),
    );
    // The demo records give the funnel numbers to check the rules against.
    expect(rows.some((r) => r.LEADS > 0 && r.SETS > 0)).toBe(true);
    for (const r of rows) {
      expect(r.QUALIFIEDLEADS).toBe(r.QUALIFIED);
      expect(r.RATEBASES).toEqual(funnelRateBases(r));
      expect({
        SETRATE: r.SETRATE,
        SHOWRATE: r.SHOWRATE,
        HIRERATE: r.HIRERATE,
        FILEDRATE: r.FILEDRATE,
      }).toEqual(funnelRates(r.RATEBASES));
    }
  });

  it('answers bad ranges with 400 and a message, never 500', async () => {
    for (const query of [
      '',
      `?startDate=${startDate}`,
      '?startDate=2026-13-45&endDate=2026-11-01',
      `?startDate=${endDate}&endDate=${startDate}`,
      '?startDate=yesterday&endDate=today',
    ]) {
      const answer = await t.api(path(query), { token: system });
      expect(answer.status, query).toBe(400);
      // The message names the parameter at fault.
      expect(apiErrorSchema.parse(answer.body).message, query).toMatch(/startDate|endDate/);
    }
  });

  it('is for the system role only: owners, admins and agents get 403, nobody signed in 401', async () => {
    const query = `?startDate=${startDate}&endDate=${endDate}`;
    for (const username of ['owner@lakeside.test', 'admin@lakeside.test', 'agent@lakeside.test']) {
      const token = (await t.signIn(username)).accessToken;
      expect((await t.api(path(query), { token })).status, username).toBe(403);
    }
    expect((await t.api(path(query))).status).toBe(401);
  });
});
