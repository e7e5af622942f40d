import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffComplianceResponseSchema } from '@/shared/contracts/reports/team-compliance';
import { R, type ReportFixture, startReportFixture } from './fixture';

/** GET reports/staff-compliance and its inactiveUsers switch (docs/team-reports.md). */
describe('staff compliance: active agents, or everyone with inactiveUsers', () => {
  let f: ReportFixture;
  beforeAll(async () => {
    f = await startReportFixture();
    // Bo Agent has calls and tasks in the range, then leaves.
    await f.t.server.db
      .updateTable('agents')
      .set({ active: 0 })
      .where('id', '=', 'agt_2')
      .execute();
  });
  afterAll(() => f.t.close());

  const agentsOf = async (query: Record<string, string>) => {
    const answer = await f.get('staff-compliance', { ...R, ...query });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return staffComplianceResponseSchema.parse(answer.body).data;
  };

  it('lists active agents only by default and with inactiveUsers=false', async () => {
    expect((await agentsOf({})).map((r) => r.agentId)).toEqual(['agt_1']);
    expect((await agentsOf({ inactiveUsers: 'false' })).map((r) => r.agentId)).toEqual(['agt_1']);
  });

  it('adds the inactive agents, with their rates, when asked', async () => {
    const rows = await agentsOf({ inactiveUsers: 'true' });
    expect(rows.map((r) => r.agentId)).toEqual(['agt_1', 'agt_2']);
    const active = (await agentsOf({}))[0];
    // The switch adds rows; it does not change anyone's numbers.
    expect(rows[0]).toEqual(active);
    expect(rows[1]!.overallRate).not.toBeNull();
  });

  it('answers 400 with the field named for a value that is not true or false', async () => {
    const answer = await f.get('staff-compliance', { ...R, inactiveUsers: 'yes' });
    expect(answer.status).toBe(400);
    expect(JSON.stringify(answer.body)).toContain('inactiveUsers');
  });
});
