import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  provisionSimulatedCallTrackingAccount,
  SIMULATED_ACCOUNT_USERS,
} from '@/server/call-tracking/simulated-account';
import { startTestServer, type TestServer } from '../helpers/test-server';

// issue #16: a newly connected call-tracking account comes with its users and a main line,
// so a new workspace can link agents (Settings > Users administration) and place calls.

describe('a newly connected simulated call-tracking account', () => {
  let t: TestServer;
  const now = new Date('2026-11-26T10:00:00Z');
  const usersOf = (workspaceId: string) =>
    t.server.db
      .selectFrom('ctm_users')
      .selectAll()
      .where('workspace_id', '=', workspaceId)
      .orderBy('first_name')
      .execute();
  const numbersOf = (workspaceId: string) =>
    t.server.db
      .selectFrom('ctm_tracking_numbers')
      .selectAll()
      .where('workspace_id', '=', workspaceId)
      .execute();

  beforeAll(async () => {
    t = await startTestServer();
  });
  afterAll(() => t.close());

  it('gets its four users and a fictional main line, once', async () => {
    // Summit has no call tracking in the demo: no users, no numbers.
    expect(await usersOf('ws_summit')).toEqual([]);
    expect(await provisionSimulatedCallTrackingAccount(t.server.db, 'ws_summit', now)).toEqual({
      users: SIMULATED_ACCOUNT_USERS.length,
      numbers: 1,
    });
    const users = await usersOf('ws_summit');
    expect(users.map((u) => `${u.first_name} ${u.last_name}`)).toEqual(
      SIMULATED_ACCOUNT_USERS.map(([first, last]) => `${first} ${last}`).sort(),
    );
    expect(new Set(users.map((u) => u.id)).size).toBe(users.length);
    const [line] = await numbersOf('ws_summit');
    expect(line.label).toBe('Main Office Line');
    expect(line.number).toMatch(/^\+1312555(01[7-9]\d)$/);

    // Connecting again adds nothing and keeps what is there.
    expect(await provisionSimulatedCallTrackingAccount(t.server.db, 'ws_summit', now)).toEqual({
      users: 0,
      numbers: 0,
    });
    expect(await usersOf('ws_summit')).toEqual(users);
  });

  it("leaves an account that already has users and numbers alone (the demo seed's)", async () => {
    const before = await usersOf('ws_harbor');
    const numbersBefore = await numbersOf('ws_harbor');
    expect(before.length).toBeGreaterThan(0);
    expect(await provisionSimulatedCallTrackingAccount(t.server.db, 'ws_harbor', now)).toEqual({
      users: 0,
      numbers: 0,
    });
    expect(await usersOf('ws_harbor')).toEqual(before);
    expect(await numbersOf('ws_harbor')).toHaveLength(numbersBefore.length);
  });
});
