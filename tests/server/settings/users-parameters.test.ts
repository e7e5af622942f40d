import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '@/server/auth/passwords';
import { DEMO_PASSWORD } from '@/server/seed/demo-accounts';
import { seedDemoData } from '@/server/seed/demo-seed';
import { seedDemoUsersParametersIfMissing } from '@/server/seed/demo-users-parameters';
import { apiErrorSchema } from '@/shared/contracts/common';
import { agentSummaryResponseSchema } from '@/shared/contracts/reports/agent-summary';
import { outboundSalesResponseSchema } from '@/shared/contracts/reports/sales';
import { staffComplianceResponseSchema } from '@/shared/contracts/reports/team-compliance';
import {
  type AgentParametersUpdate,
  agentParametersResponseSchema,
  usersParametersResponseSchema,
} from '@/shared/contracts/users-parameters';
import { startTestServer, TEST_PASSWORD_COST } from '../helpers/test-server';
import { OTHER_WS, R, type ReportFixture, startReportFixture, WS } from '../reports/fixture';

// Settings > Users parameters (issue #16, docs/users-parameters.md): GET and PUT
// workspaces/{id}/users-parameters, their role and workspace checks, and what each
// parameter changes in the reports that read it. The real server on the hand-built
// reporting fixture (tests/server/reports/fixture.ts: ws_fix with offices off_1/off_2,
// practice areas pa_1/pa_2, agents agt_1/agt_2, consultants cns_1/cns_2; range R is
// Monday 2026-03-16 to Friday 03-20, five days).

const NONE: AgentParametersUpdate = {
  officeId: null,
  practiceAreaIds: [],
  consultantId: null,
  minimums: {
    outboundCallsPerWeek: null,
    outboundAnswersPerWeek: null,
    outboundSetsPerWeek: null,
    compliancePercent: null,
  },
};

const withMinimums = (minimums: Partial<AgentParametersUpdate['minimums']>) => ({
  ...NONE,
  minimums: { ...NONE.minimums, ...minimums },
});

describe('users parameters', () => {
  let f: ReportFixture;
  const tokens: Record<'admin' | 'operator' | 'consultant', string> = {
    admin: '',
    operator: '',
    consultant: '',
  };

  beforeAll(async () => {
    f = await startReportFixture();
    const { db } = f.t.server;
    const created_at = '2025-01-01T00:00:00.000Z';
    for (const role of ['admin', 'operator', 'consultant'] as const) {
      await db
        .insertInto('users')
        .values({
          id: `usr_up_${role}`,
          username: `up-${role}@fix.test`,
          email: `up-${role}@fix.test`,
          password_hash: await hashPassword(DEMO_PASSWORD, TEST_PASSWORD_COST),
          picture: null,
          language: 'en',
          timezone: 'America/Chicago',
          calendar_type: null,
          cs_account_id: null,
          person_id: null,
          created_at,
        })
        .execute();
      await db
        .insertInto('authorizations')
        .values({
          id: `auth_up_${role}`,
          user_id: `usr_up_${role}`,
          workspace_id: WS,
          role,
          status: 'active',
          created_at,
        })
        .execute();
      tokens[role] = (await f.t.signIn(`up-${role}@fix.test`)).accessToken;
    }
    await db
      .insertInto('agents')
      .values({
        id: 'agt_other',
        workspace_id: OTHER_WS,
        person_id: null,
        name: 'Olga Other',
        ctm_user_id: null,
        zoho_user_id: null,
        active: 1,
        created_at,
      })
      .execute();
    await db
      .insertInto('consultants')
      .values([
        {
          id: 'cns_gone',
          workspace_id: WS,
          person_id: null,
          name: 'Gil Gone',
          active: 0,
          created_at,
        },
        {
          id: 'cns_other',
          workspace_id: OTHER_WS,
          person_id: null,
          name: 'Oz Other',
          active: 1,
          created_at,
        },
      ])
      .execute();
  }, 30_000);
  afterAll(() => f.t.close());

  const path = (agentId?: string, ws = WS) =>
    `/api/workspaces/${ws}/users-parameters${agentId ? `/${agentId}` : ''}`;
  const put = (agentId: string, body: unknown, token = f.token, ws = WS) =>
    f.t.api(path(agentId, ws), { method: 'PUT', token, body });
  const message = (body: unknown) => apiErrorSchema.parse(body).message;

  async function list(token = f.token) {
    const answer = await f.t.api(path(), { token });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return usersParametersResponseSchema.parse(answer.body).data;
  }

  async function save(agentId: string, body: AgentParametersUpdate, token = f.token) {
    const answer = await put(agentId, body, token);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return agentParametersResponseSchema.parse(answer.body).data;
  }

  describe('GET and PUT', () => {
    it('lists every agent with no parameters set, and the choices of the workspace', async () => {
      const data = await list();
      expect(data.agents.map((a) => [a.agentId, a.agentName])).toEqual([
        ['agt_1', 'Ada Agent'],
        ['agt_2', 'Bo Agent'],
      ]);
      expect(data.agents[0]).toMatchObject({
        officeId: null,
        practiceAreaIds: [],
        consultantId: null,
        updatedAt: null,
      });
      expect(data.offices.map((o) => o.id).sort()).toEqual(['off_1', 'off_2']);
      expect(data.practiceAreas.map((p) => [p.id, p.parent])).toEqual([
        ['pa_1', null],
        ['pa_2', 'Bankruptcy'],
      ]);
      // Active consultants only: the inactive one is not offered while nobody links it.
      expect(data.consultants.map((c) => c.id)).toEqual(['cns_1', 'cns_2']);
      expect(data.defaults.compliancePercent).toBe(10);
    });

    it('saves every parameter at once and lists them back', async () => {
      const saved = await save('agt_2', {
        officeId: 'off_2',
        practiceAreaIds: ['pa_2', 'pa_1'],
        consultantId: 'cns_2',
        minimums: {
          outboundCallsPerWeek: 35,
          outboundAnswersPerWeek: 14,
          outboundSetsPerWeek: 0,
          compliancePercent: 60,
        },
      });
      // Practice areas come back in the workspace's order, whatever order was sent.
      expect(saved).toMatchObject({
        agentId: 'agt_2',
        officeId: 'off_2',
        practiceAreaIds: ['pa_1', 'pa_2'],
        consultantId: 'cns_2',
        minimums: { outboundCallsPerWeek: 35, outboundSetsPerWeek: 0, compliancePercent: 60 },
      });
      expect(saved.updatedAt).not.toBeNull();
      const listed = (await list()).agents.find((a) => a.agentId === 'agt_2');
      expect(listed).toEqual(saved);

      // A PUT replaces: clearing sends nulls and an empty list.
      const cleared = await save('agt_2', NONE);
      expect(cleared).toMatchObject({ officeId: null, practiceAreaIds: [], consultantId: null });
      expect(cleared.minimums.compliancePercent).toBeNull();
    });

    it.each([
      [{ ...NONE, officeId: 'off_nope' }, 'officeId'],
      [{ ...NONE, practiceAreaIds: ['pa_1', 'pa_nope'] }, 'practiceAreaIds'],
      [{ ...NONE, practiceAreaIds: ['pa_1', 'pa_1'] }, 'practiceAreaIds'],
      [{ ...NONE, consultantId: 'cns_nope' }, 'consultantId'],
      [{ ...NONE, consultantId: 'cns_other' }, 'consultantId'],
      [withMinimums({ compliancePercent: 101 }), 'compliancePercent'],
      [withMinimums({ outboundCallsPerWeek: -1 }), 'outboundCallsPerWeek'],
      [withMinimums({ outboundSetsPerWeek: 2.5 }), 'outboundSetsPerWeek'],
      [{ ...NONE, minimums: { ...NONE.minimums, extra: 1 } }, 'extra'],
      [{ officeId: null }, 'practiceAreaIds'],
    ])('answers 400 naming the field for %j', async (body, field) => {
      const answer = await put('agt_1', body);
      expect(answer.status).toBe(400);
      expect(message(answer.body)).toContain(field);
    });

    it("refuses another workspace's office with 400 and writes nothing", async () => {
      await f.t.server.db
        .insertInto('offices')
        .values({
          id: 'off_other',
          workspace_id: OTHER_WS,
          key: 'other',
          label: 'Other office',
          name: 'Other office',
          timezone: null,
          created_at: '2025-01-01T00:00:00.000Z',
        })
        .execute();
      const answer = await put('agt_1', { ...NONE, officeId: 'off_other' });
      expect(answer.status).toBe(400);
      expect(message(answer.body)).toContain('officeId');
      expect((await list()).agents[0]!.updatedAt).toBeNull();
    });

    it('links an inactive consultant only when the link already exists', async () => {
      const refused = await put('agt_1', { ...NONE, consultantId: 'cns_gone' });
      expect(refused.status).toBe(400);
      expect(message(refused.body)).toContain('inactive');

      // A link made while the consultant was active survives their leaving: the form
      // sends it back with the other parameters, and the list still names them.
      await save('agt_1', { ...NONE, consultantId: 'cns_1' });
      await f.t.server.db
        .updateTable('consultants')
        .set({ active: 0 })
        .where('id', '=', 'cns_1')
        .execute();
      const kept = await save('agt_1', withMinimums({ compliancePercent: 50 }));
      expect(kept.consultantId).toBeNull();
      await f.t.server.db
        .updateTable('consultants')
        .set({ active: 1 })
        .where('id', '=', 'cns_1')
        .execute();
      await save('agt_1', { ...NONE, consultantId: 'cns_1' });
      await f.t.server.db
        .updateTable('consultants')
        .set({ active: 0 })
        .where('id', '=', 'cns_1')
        .execute();
      const again = await save('agt_1', { ...NONE, consultantId: 'cns_1' });
      expect(again.consultantId).toBe('cns_1');
      const consultants = (await list()).consultants;
      expect(consultants.find((c) => c.id === 'cns_1')).toEqual({
        id: 'cns_1',
        name: 'Cy Closer',
        active: false,
      });
      await f.t.server.db
        .updateTable('consultants')
        .set({ active: 1 })
        .where('id', '=', 'cns_1')
        .execute();
      await save('agt_1', NONE);
    });
  });

  describe('who may read and write', () => {
    it('lets an admin and the system user read and write', async () => {
      expect((await list(tokens.admin)).agents).toHaveLength(2);
      await save('agt_1', withMinimums({ compliancePercent: 20 }), tokens.admin);
      expect((await list(f.systemToken)).agents[0]!.minimums.compliancePercent).toBe(20);
      await save('agt_1', NONE, f.systemToken);
    });

    it('answers 403 to operators and consultants, on reads and writes, whatever the body', async () => {
      for (const token of [tokens.operator, tokens.consultant]) {
        expect((await f.t.api(path(), { token })).status).toBe(403);
        expect((await put('agt_1', NONE, token)).status).toBe(403);
        expect((await put('agt_1', { nonsense: true }, token)).status).toBe(403);
      }
    });

    it("keeps another workspace's data out of reach", async () => {
      // Another workspace's path: 403 for its owner...
      expect((await f.t.api(path(), { token: f.otherToken })).status).toBe(403);
      expect((await put('agt_1', NONE, f.otherToken)).status).toBe(403);
      // ...and another workspace's agent through one's own path: 404.
      const foreign = await put('agt_other', NONE, f.otherToken, OTHER_WS);
      expect(foreign.status).toBe(200);
      expect((await put('agt_other', NONE)).status).toBe(404);
      expect((await put('agt_nope', NONE)).status).toBe(404);
    });

    it("lets any signed-in user read their own agent's parameters, and nobody else's", async () => {
      const { db } = f.t.server;
      await db
        .insertInto('persons')
        .values({
          id: 'per_up_operator',
          workspace_id: WS,
          first_name: 'Ada',
          last_name: 'Agent',
          email: null,
          created_at: '2025-01-01T00:00:00.000Z',
        })
        .execute();
      await db
        .updateTable('users')
        .set({ person_id: 'per_up_operator' })
        .where('id', '=', 'usr_up_operator')
        .execute();
      await db
        .updateTable('agents')
        .set({ person_id: 'per_up_operator' })
        .where('id', '=', 'agt_1')
        .execute();
      await save('agt_1', { ...NONE, officeId: 'off_1', consultantId: 'cns_2' });

      const own = await f.t.api(`${path()}/me`, { token: tokens.operator });
      expect(own.status, JSON.stringify(own.body)).toBe(200);
      expect(agentParametersResponseSchema.parse(own.body).data).toMatchObject({
        agentId: 'agt_1',
        officeId: 'off_1',
        consultantId: 'cns_2',
      });
      // No agent linked to the user: 404 saying so; another workspace: 403.
      const none = await f.t.api(`${path()}/me`, { token: tokens.consultant });
      expect(none.status).toBe(404);
      expect(message(none.body)).toContain('No agent record');
      expect((await f.t.api(`${path()}/me`, { token: f.otherToken })).status).toBe(403);
      await save('agt_1', NONE);
    });

    it('answers 401 without a token', async () => {
      expect((await f.t.api(path())).status).toBe(401);
      expect((await f.t.api(path('agt_1'), { method: 'PUT', body: NONE })).status).toBe(401);
    });
  });

  describe('what the parameters drive', () => {
    async function staffRows(query: Record<string, string | string[]> = {}) {
      const answer = await f.get('staff-compliance', { ...R, inactiveUsers: 'true', ...query });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return staffComplianceResponseSchema.parse(answer.body).data;
    }

    it("marks staff compliance under the agent's own minimum percent", async () => {
      const before = (await staffRows()).find((r) => r.agentId === 'agt_1')!;
      expect(before.overallRate).not.toBeNull();
      const rate = before.overallRate!;
      expect(before.minimumPercent).toBe(10);

      await save('agt_1', withMinimums({ compliancePercent: Math.min(100, rate + 1) }));
      const raised = (await staffRows()).find((r) => r.agentId === 'agt_1')!;
      expect(raised.minimumPercent).toBe(Math.min(100, rate + 1));
      expect(raised.belowMinimum).toBe(rate < 100);
      // The rates themselves do not move.
      expect(raised.overallRate).toBe(rate);

      await save('agt_1', withMinimums({ compliancePercent: rate }));
      const atIt = (await staffRows()).find((r) => r.agentId === 'agt_1')!;
      expect(atIt.belowMinimum).toBe(false);
      await save('agt_1', NONE);
    });

    it("filters staff compliance by the agents' office", async () => {
      await save('agt_1', { ...NONE, officeId: 'off_1' });
      await save('agt_2', { ...NONE, officeId: 'off_2' });
      expect((await staffRows({ offices: 'off_1' })).map((r) => r.agentId)).toEqual(['agt_1']);
      expect((await staffRows({ offices: 'off_2' })).map((r) => r.agentId)).toEqual(['agt_2']);
      expect((await staffRows({ offices: ['off_1', 'off_2'] })).map((r) => r.agentId)).toEqual([
        'agt_1',
        'agt_2',
      ]);
      // Moving an agent moves their row.
      await save('agt_2', { ...NONE, officeId: 'off_1' });
      expect((await staffRows({ offices: 'off_1' })).map((r) => r.agentId)).toEqual([
        'agt_1',
        'agt_2',
      ]);
      expect(await staffRows({ offices: 'off_2' })).toEqual([]);
      const unknown = await f.get('staff-compliance', { ...R, offices: 'off_nope' });
      expect(unknown.status).toBe(400);
      expect(message(unknown.body)).toContain('offices');
      await save('agt_1', NONE);
      await save('agt_2', NONE);
    });

    it('scales the weekly outbound minimums to the outbound report range', async () => {
      const outbound = async () => {
        const answer = await f.post('outbound', R);
        expect(answer.status, JSON.stringify(answer.body)).toBe(200);
        return outboundSalesResponseSchema
          .parse(answer.body)
          .data.agents.find((a) => a.id === 'agt_1')!;
      };
      const before = await outbound();
      expect(before.minimums).toEqual({ calls: null, answers: null, sets: null });
      expect(before.belowMinimum).toEqual([]);

      // 7 a week over five days: 5; one more set than the agent made: under it.
      await save(
        'agt_1',
        withMinimums({
          outboundCallsPerWeek: 0,
          outboundAnswersPerWeek: 7 * 1000,
          outboundSetsPerWeek: null,
        }),
      );
      const after = await outbound();
      expect(after.minimums).toEqual({ calls: 0, answers: 5000, sets: null });
      expect(after.belowMinimum).toEqual(['answers']);
      expect(after.calls).toBe(before.calls);
      await save('agt_1', NONE);
    });

    it("gives the agent dashboard the agent's minimums for its period", async () => {
      const summary = async () => {
        const answer = await f.t.api(
          `/api/workspaces/${WS}/agents/me/summary?period=week&agent=agt_1`,
          { token: f.token },
        );
        expect(answer.status, JSON.stringify(answer.body)).toBe(200);
        return agentSummaryResponseSchema.parse(answer.body).data;
      };
      expect((await summary()).minimums).toEqual({
        compliancePercent: 10,
        outboundCalls: null,
        outboundAnswers: null,
        outboundSets: null,
      });
      await save(
        'agt_1',
        withMinimums({ compliancePercent: 75, outboundCallsPerWeek: 70, outboundSetsPerWeek: 14 }),
      );
      // The week so far is Monday to Friday: five days of seven.
      expect((await summary()).minimums).toEqual({
        compliancePercent: 75,
        outboundCalls: 50,
        outboundAnswers: null,
        outboundSets: 10,
      });
      await save('agt_1', NONE);
    });
  });
});

describe('the demo users parameters', () => {
  it('gives most demo agents an office, practice areas, a consultant and minimums', async () => {
    // The demo sign-ins and lookups only (the records seed is slow and reads no parameter).
    const t = await startTestServer({ seedDemoData: false });
    try {
      await seedDemoData(t.server.db, new Date(), { passwordCost: TEST_PASSWORD_COST });
      expect(await seedDemoUsersParametersIfMissing(t.server.db, new Date())).toBeGreaterThan(0);
      // Once only: a second run adds nothing.
      expect(await seedDemoUsersParametersIfMissing(t.server.db, new Date())).toBe(0);
      const token = (await t.signIn('owner@lakeside.test')).accessToken;
      const answer = await t.api('/api/workspaces/ws_lakeside/users-parameters', { token });
      expect(answer.status).toBe(200);
      const data = usersParametersResponseSchema.parse(answer.body).data;
      const active = data.agents.filter((a) => a.active);
      const set = active.filter((a) => a.updatedAt !== null);
      expect(set.length).toBeGreaterThan(active.length / 2);
      expect(set.length).toBeLessThan(active.length);
      for (const agent of set) {
        expect(data.offices.map((o) => o.id)).toContain(agent.officeId);
        expect(agent.practiceAreaIds.length).toBeGreaterThan(0);
        expect(data.consultants.map((c) => c.id)).toContain(agent.consultantId);
      }
      expect(set.some((a) => a.minimums.compliancePercent !== null)).toBe(true);
    } finally {
      await t.close();
    }
  }, 60_000);
});
