import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '@/server/auth/passwords';
import { teamPlace } from '@/server/reports/agent-summary';
import { DEMO_PASSWORD } from '@/server/seed/demo-accounts';
import { agentSummaryResponseSchema } from '@/shared/contracts/reports/agent-summary';
import { TEST_PASSWORD_COST } from '../helpers/test-server';
import { startReportFixture, WS, type ReportFixture } from './fixture';

/**
 * GET workspaces/{id}/agents/me/summary on the hand-built fixture (tests/server/reports/
 * fixture.ts): the clock is Friday 2026-03-20 in Chicago, so "day" is 03-20 and "week"
 * is Monday 03-16 to Friday 03-20. Ada (agt_1) is linked to the operator ada@fix.test.
 */
let f: ReportFixture;
let adaToken: string;
let unlinkedToken: string;

async function addOperator(slug: string, personId: string | null) {
  const { db } = f.t.server;
  const created_at = '2025-01-01T00:00:00.000Z';
  if (personId) {
    await db
      .insertInto('persons')
      .values({
        id: personId,
        workspace_id: WS,
        first_name: slug,
        last_name: 'Fixture',
        email: null,
        created_at,
      })
      .execute();
  }
  await db
    .insertInto('users')
    .values({
      id: `usr_${slug}`,
      username: `${slug}@fix.test`,
      email: `${slug}@fix.test`,
      password_hash: await hashPassword(DEMO_PASSWORD, TEST_PASSWORD_COST),
      picture: null,
      language: 'en',
      timezone: 'America/Chicago',
      calendar_type: null,
      cs_account_id: null,
      person_id: personId,
      created_at,
    })
    .execute();
  await db
    .insertInto('authorizations')
    .values({
      id: `auth_${slug}`,
      user_id: `usr_${slug}`,
      workspace_id: WS,
      role: 'operator',
      status: 'active',
      created_at,
    })
    .execute();
  return (await f.t.signIn(`${slug}@fix.test`)).accessToken;
}

const summary = (query: string, token: string) =>
  f.t.api(`/api/workspaces/${WS}/agents/me/summary${query}`, { token });

beforeAll(async () => {
  f = await startReportFixture();
  adaToken = await addOperator('ada', 'per_ada');
  await f.t.server.db
    .updateTable('agents')
    .set({ person_id: 'per_ada' })
    .where('id', '=', 'agt_1')
    .execute();
  unlinkedToken = await addOperator('nobody', null);
}, 30_000);

afterAll(async () => {
  await f?.t.close();
});

describe('GET agents/me/summary', () => {
  it("answers the signed-in agent's week: calls, compliance, funnel, follow-ups and rank", async () => {
    const answer = await summary('?period=week', adaToken);
    expect(answer.status).toBe(200);
    const data = agentSummaryResponseSchema.parse(answer.body).data;
    expect(data.agent).toEqual({ id: 'agt_1', name: 'Ada Agent' });
    expect([data.startDate, data.endDate]).toEqual(['2026-03-16', '2026-03-20']);
    // Ada's calls in the week: inbound CA1 (connected), CA2 (missed); outbound CA3
    // (connected), CA4 (not connected); CA9 is a Test-source call and never counts.
    expect(data.calls.inbound).toEqual({ total: 2, connected: 1, percent: 50 });
    expect(data.calls.outbound).toEqual({ total: 2, connected: 1, percent: 50 });
    expect(data.calls.all).toEqual({ total: 4, connected: 2, percent: 50 });
    // Transitions credited to Ada: c1's set, show and hire (c5's set is a Test source's).
    expect(data.funnel).toMatchObject({ sets: 1, shows: 1, hires: 1 });
    // Callbacks requested in the week: one on the 16th, returned. Relationship calls due
    // in the week: the 17th (made) and the 20th (open).
    expect(data.followUps.callbacks).toEqual({ due: 1, done: 1 });
    expect(data.followUps.relationship).toEqual({ due: 2, done: 1 });
    expect(data.followUps.collection).toEqual({ due: 0, done: 0 });
    // Open now: the relationship call to Ana Able due today (the one of the 25th is not due yet).
    expect(data.open).toEqual({
      total: 1,
      byKind: {
        callback: { open: 0, overdue: 0 },
        relationship: { open: 1, overdue: 0 },
        collection: { open: 0, overdue: 0 },
      },
      items: [
        { kind: 'relationship', contactName: 'Ana Able', dueDay: '2026-03-20', overdue: false },
      ],
    });
    // Sets in the week: Ada 1 (c1), Bo 2 (c2, c4): Ada is second of two.
    expect(data.rank).toEqual({ metric: 'sets', position: 2, of: 2, sharedWith: 1, best: 2 });
  });

  it('answers today only for period=day (the default)', async () => {
    const answer = await summary('', adaToken);
    expect(answer.status).toBe(200);
    const data = agentSummaryResponseSchema.parse(answer.body).data;
    expect(data.period).toBe('day');
    expect([data.startDate, data.endDate]).toEqual(['2026-03-20', '2026-03-20']);
    expect(data.calls.all).toEqual({ total: 0, connected: 0, percent: 0 });
    expect(data.followUps.relationship).toEqual({ due: 1, done: 0 });
    // Nobody set anything today: everyone shares first place.
    expect(data.rank).toEqual({ metric: 'sets', position: 1, of: 2, sharedWith: 2, best: 0 });
  });

  it('lets an owner read a named agent', async () => {
    const answer = await summary('?period=week&agent=agt_2', f.token);
    expect(answer.status).toBe(200);
    const data = agentSummaryResponseSchema.parse(answer.body).data;
    expect(data.agent.name).toBe('Bo Agent');
    expect(data.rank.position).toBe(1);
    // Bo's open work: the callback of the 19th and the relationship call of the 19th.
    expect(data.open.items.map((item) => [item.kind, item.dueDay, item.overdue])).toEqual([
      ['callback', '2026-03-19', true],
      ['relationship', '2026-03-19', true],
    ]);
    // The figures count what the list shows (issue #30).
    expect(data.open.byKind).toEqual({
      callback: { open: 1, overdue: 1 },
      relationship: { open: 1, overdue: 1 },
      collection: { open: 0, overdue: 0 },
    });
  });

  it("refuses an operator reading another agent's summary with 403", async () => {
    const answer = await summary('?agent=agt_2', adaToken);
    expect(answer.status).toBe(403);
    expect((answer.body as { message: string }).message).toMatch(/only read their own/);
  });

  it('answers 404 with the reason when the user has no agent record', async () => {
    const answer = await summary('?period=week', unlinkedToken);
    expect(answer.status).toBe(404);
    expect((answer.body as { message: string }).message).toMatch(/No agent record/);
  });

  it('answers 400 naming the field for a bad period, an unknown agent or an unknown key', async () => {
    const bad = await summary('?period=year', adaToken);
    expect(bad.status).toBe(400);
    expect((bad.body as { message: string }).message).toMatch(/^period:/);
    const unknown = await summary('?agent=agt_nope', f.token);
    expect(unknown.status).toBe(400);
    expect((unknown.body as { message: string }).message).toMatch(/agent: unknown agent agt_nope/);
    const extra = await summary('?period=day&startDate=2026-01-01', adaToken);
    expect(extra.status).toBe(400);
  });

  it('answers 401 without a token, 403 for another workspace and 403 for the system role', async () => {
    expect((await f.t.api(`/api/workspaces/${WS}/agents/me/summary`)).status).toBe(401);
    expect((await summary('', f.otherToken)).status).toBe(403);
    const system = await summary('', f.systemToken);
    expect(system.status).toBe(403);
    expect((system.body as { message: string }).message).toMatch(
      /not available to the system role/,
    );
  });
});

describe('teamPlace (standard competition ranking)', () => {
  it('gives agents with as many sets the same place and counts those above', () => {
    expect(teamPlace(3, [5, 3, 3, 1])).toEqual({ position: 2, of: 4, sharedWith: 2, best: 5 });
    expect(teamPlace(1, [5, 3, 3, 1])).toEqual({ position: 4, of: 4, sharedWith: 1, best: 5 });
    expect(teamPlace(0, [0])).toEqual({ position: 1, of: 1, sharedWith: 1, best: 0 });
  });
});
