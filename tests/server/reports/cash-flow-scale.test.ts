import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cashFlowResponseSchema } from '@/shared/contracts/reports/cash-flow';
import {
  peopleResponseSchema,
  relationshipAgentsResponseSchema,
} from '@/shared/contracts/reports/people';
import { ratePercent } from '@/shared/domain/funnel-rates';
import { dayInTimezone } from '@/shared/domain/workspace-day';
import { addDays } from '@/server/records/workspace-days';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { NOW } from './fixture';

/**
 * issue #17: Cash Flow and the relationship calls per agent read narrow indexes in a new
 * order (migration 0016) — the answers must stay those of the plain queries over the
 * records (README "Cash flow": active on the end date between its first and last due
 * day, off plan when a payment due in the range was missed, the 500 largest missed).
 */
describe('cash flow, relationship calls and the team tab at scale: the plain queries’ answers', () => {
  let t: TestServer;
  let owner: string;
  const WS = 'ws_lakeside';
  let today: string;

  beforeAll(async () => {
    t = await startTestServer({
      now: () => NOW,
      reportRateLimit: { max: 10_000, windowMs: 60_000 },
    });
    owner = (await t.signIn('owner@lakeside.test')).accessToken;
    const ws = await t.server.db
      .selectFrom('workspaces')
      .select('timezone')
      .where('id', '=', WS)
      .executeTakeFirstOrThrow();
    today = dayInTimezone(NOW, ws.timezone);
  });
  afterAll(() => t.close());

  const get = (path: string, query: Record<string, string>) =>
    t.api(`/api/workspaces/${WS}/reports/${path}?${new URLSearchParams(query).toString()}`, {
      token: owner,
    });

  const cents = (value: unknown) => Math.round(Number(value ?? 0)) / 100;

  /** The Cash Flow numbers by the plain queries: every join first, EXISTS per plan. */
  async function plainCashFlow(startDate: string, endDate: string) {
    const db = t.server.db;
    const one = async (query: ReturnType<typeof sql<{ v: number | string | null }>>) =>
      (await query.execute(db)).rows[0]?.v ?? 0;
    const collected = await one(sql`SELECT SUM(amount_paid_cents) AS v FROM payments
      WHERE workspace_id = ${WS} AND paid_day BETWEEN ${startDate} AND ${endDate}`);
    const missed = await sql<{
      id: string;
      contact_id: string;
      due_day: string;
      amount_due_cents: number;
      amount_paid_cents: number;
      first_name: string;
      last_name: string;
    }>`SELECT p.id, p.contact_id, p.due_day, p.amount_due_cents, p.amount_paid_cents,
        c.first_name, c.last_name
      FROM payments p JOIN contacts c ON c.id = p.contact_id
      WHERE p.workspace_id = ${WS} AND p.status = 'missed'
        AND p.due_day BETWEEN ${startDate} AND ${endDate}
      ORDER BY p.amount_due_cents DESC, p.due_day DESC, p.id`.execute(db);
    const missedTotal = await one(sql`SELECT SUM(amount_due_cents) AS v FROM payments
      WHERE workspace_id = ${WS} AND status = 'missed' AND due_day BETWEEN ${startDate} AND ${endDate}`);
    const partial = await one(sql`SELECT SUM(amount_due_cents - amount_paid_cents) AS v
      FROM payments WHERE workspace_id = ${WS} AND status = 'partial'
        AND due_day BETWEEN ${startDate} AND ${endDate}`);
    const active = Number(
      await one(sql`SELECT COUNT(*) AS v FROM payment_plans WHERE workspace_id = ${WS}
        AND first_due_day <= ${endDate} AND last_due_day >= ${endDate}`),
    );
    const off = Number(
      await one(sql`SELECT COUNT(*) AS v FROM payment_plans p WHERE p.workspace_id = ${WS}
        AND p.first_due_day <= ${endDate} AND p.last_due_day >= ${endDate}
        AND EXISTS (SELECT 1 FROM payments m WHERE m.plan_id = p.id AND m.status = 'missed'
          AND m.due_day BETWEEN ${startDate} AND ${endDate})`),
    );
    const future = await one(sql`SELECT SUM(f.amount_due_cents) AS v FROM payments f
      JOIN payment_plans p ON p.id = f.plan_id
      WHERE f.workspace_id = ${WS} AND f.due_day > ${endDate} AND p.first_due_day <= ${endDate}`);
    return {
      collected: cents(collected),
      missedPayments: missed.rows.slice(0, 500).map((p) => ({
        id: p.id,
        contactId: p.contact_id,
        name: `${p.first_name} ${p.last_name}`,
        amount: cents(Number(p.amount_due_cents) - Number(p.amount_paid_cents)),
        dueDate: p.due_day,
      })),
      missedCount: missed.rows.length,
      missedPaymentsTotal: cents(missedTotal),
      partialPaymentTotal: cents(partial),
      activePaymentPlans: active,
      onPlan: active - off,
      offPlan: off,
      onPlanRate: ratePercent(active - off, active),
      offPlanRate: ratePercent(off, active),
      futureCashFlow: cents(future),
    };
  }

  it('answers Cash Flow as the plain queries do: a year, a past quarter, a week', async () => {
    const ranges = [
      { startDate: addDays(today, -364), endDate: today },
      { startDate: addDays(today, -150), endDate: addDays(today, -60) },
      { startDate: addDays(today, -6), endDate: today },
    ];
    for (const range of ranges) {
      const answer = await get('quickbooks', range);
      expect(answer.status).toBe(200);
      const data = cashFlowResponseSchema.parse(answer.body).data;
      const { missedCount, ...expected } = await plainCashFlow(range.startDate, range.endDate);
      expect(data, range.endDate).toMatchObject({ ...expected, ...range });
      // The seeded data exercises each part: missed, off plan and later payments.
      expect(missedCount, range.endDate).toBeGreaterThan(0);
      expect(data.offPlan, range.endDate).toBeGreaterThan(0);
      expect(data.futureCashFlow, range.endDate).toBeGreaterThan(0);
    }
  });

  it('counts open and recently made relationship calls per agent as one pass over the calls does', async () => {
    const since = addDays(today, -29);
    const plain = await sql<{ agent_id: string | null; open: number; made: number }>`
      SELECT agent_id,
        SUM(CASE WHEN due_day <= ${today} AND made_day IS NULL THEN 1 ELSE 0 END) AS open,
        SUM(CASE WHEN made_day >= ${since} THEN 1 ELSE 0 END) AS made
      FROM outbound_tasks WHERE workspace_id = ${WS} AND kind = 'relationship'
      GROUP BY agent_id`.execute(t.server.db);
    const byAgent = new Map(plain.rows.map((r) => [r.agent_id, r]));
    const answer = await get('relationships/agents', {});
    expect(answer.status).toBe(200);
    const data = relationshipAgentsResponseSchema.parse(answer.body).data;
    expect(data.length).toBeGreaterThan(0);
    for (const agent of data) {
      const expected = byAgent.get(agent.id);
      expect([agent.openRelationshipCalls, agent.relationshipCallsMade30Days], agent.id).toEqual([
        Number(expected?.open ?? 0),
        Number(expected?.made ?? 0),
      ]);
    }
    expect(data.some((a) => a.openRelationshipCalls > 0)).toBe(true);
    expect(data.some((a) => a.relationshipCallsMade30Days > 0)).toBe(true);
  });

  it('gives each agent of the team tab the leads and sets of the records’ GROUP BY over a year', async () => {
    const year = { startDate: addDays(today, -364), endDate: today };
    const answer = await t.api(`/api/workspaces/${WS}/reports/people/team`, {
      method: 'POST',
      token: owner,
      body: { ...year, inactiveUsers: true },
    });
    expect(answer.status).toBe(200);
    const data = peopleResponseSchema.parse(answer.body).data;
    if (data.tab !== 'team') throw new Error('team tab expected');
    const hidden = (
      await t.server.db
        .selectFrom('lead_sources')
        .select('id')
        .where('workspace_id', '=', WS)
        .where('label', 'like', '%Test%')
        .execute()
    ).map((r) => r.id);
    const plain = await sql<{ agent_id: string; stage: string; n: number }>`
      SELECT agent_id, stage, COUNT(*) AS n FROM pipeline_events
      WHERE workspace_id = ${WS} AND stage IN ('new_lead', 'set')
        AND day BETWEEN ${year.startDate} AND ${year.endDate} AND agent_id IS NOT NULL
        AND (lead_source_id IS NULL OR lead_source_id NOT IN (${sql.join(hidden)}))
      GROUP BY agent_id, stage`.execute(t.server.db);
    const expected = (agent: string, stage: string) =>
      Number(plain.rows.find((r) => r.agent_id === agent && r.stage === stage)?.n ?? 0);
    expect(data.rows.length).toBeGreaterThan(3);
    for (const row of data.rows) {
      expect([row.leads, row.sets], row.id).toEqual([
        expected(row.id, 'new_lead'),
        expected(row.id, 'set'),
      ]);
    }
    expect(data.rows.some((row) => row.leads > 0 && row.sets > 0)).toBe(true);
  });
});
