import { beforeAll, describe, expect, it } from 'vitest';
import {
  callDeletedResponseSchema,
  CTM_NOT_LINKED_STATUS,
  trackedCallResponseSchema,
  trackingNumberListResponseSchema,
  type TrackedCall,
} from '@/shared/contracts/call-tracking';
import { apiErrorSchema } from '@/shared/contracts/common';
import { notYourCallMessage } from '@/shared/domain/call-ownership';
import { agentOfUser } from '@/server/call-tracking/call-store';
import type { TestServer } from '../helpers/test-server';
import { simulatedProviderServer } from './simulated-provider-server';

// Issue #29 point 3 "A call belongs to its agent": placing a call rings only the caller's
// own line (owners, admins and system may ring a chosen agent); reading, marking
// connected, hanging up and deleting a call is for its agent and those managers. The role
// matrix against the real server: every role acts on another agent's live call, and what
// is refused leaves the call as it was.

const RING_SECONDS = 5;
const TALK_SECONDS = 90;

interface Line {
  workspaceId: string;
  /** The agent whose line the calls ring. */
  agent: string;
  agentUserId: string;
}

const LAKESIDE: Line = {
  workspaceId: 'ws_lakeside',
  agent: 'agent@lakeside.test',
  agentUserId: 'usr_agent_lakeside',
};
const HARBOR: Line = {
  workspaceId: 'ws_harbor',
  agent: 'intake@harbor.test',
  agentUserId: 'usr_intake_harbor',
};

/** Every role, each against an operator's line of its own workspace. */
const MATRIX: { username: string; role: string; line: Line; manager: boolean }[] = [
  { username: 'owner@lakeside.test', role: 'owner', line: LAKESIDE, manager: true },
  { username: 'admin@lakeside.test', role: 'admin', line: LAKESIDE, manager: true },
  { username: 'system@intake.test', role: 'system', line: LAKESIDE, manager: true },
  { username: 'owner@harbor.test', role: 'owner', line: HARBOR, manager: true },
  { username: 'consultant@lakeside.test', role: 'consultant', line: LAKESIDE, manager: false },
  // An operator with a line of their own (linked below) against another operator's.
  { username: 'agent@harbor.test', role: 'operator', line: HARBOR, manager: false },
];

describe('a call belongs to its agent (issue #29)', () => {
  const provider = simulatedProviderServer({
    ringSeconds: RING_SECONDS,
    talkSeconds: TALK_SECONDS,
  });
  let t: TestServer;
  const tokens = new Map<string, string>();
  /** The call-tracking user and agent record of each line's agent. */
  const lines = new Map<Line, { ctmUserId: string; agentId: string }>();

  beforeAll(async () => {
    t = provider.server();
    const { db } = t.server;
    // agent@harbor.test gets a line of their own: a new call-tracking user.
    await db
      .insertInto('ctm_users')
      .values({
        id: 'ctm_test_nina',
        workspace_id: 'ws_harbor',
        uid: '7000001',
        first_name: 'Nina',
        last_name: 'Brooks',
        email: 'nina.brooks@harbor.test',
      })
      .execute();
    const harborAgent = await agentOfUser(db, 'ws_harbor', 'usr_agent_harbor');
    await db
      .updateTable('agents')
      .set({ ctm_user_id: 'ctm_test_nina' })
      .where('id', '=', harborAgent!.id)
      .execute();
    for (const line of [LAKESIDE, HARBOR]) {
      const agent = await agentOfUser(db, line.workspaceId, line.agentUserId);
      lines.set(line, { ctmUserId: agent!.ctmUserId!, agentId: agent!.id });
    }
  });

  async function token(username: string): Promise<string> {
    const known = tokens.get(username);
    if (known) return known;
    const { accessToken } = await t.signIn(username);
    tokens.set(username, accessToken);
    return accessToken;
  }

  async function place(username: string, line: Line, body: Record<string, unknown> = {}) {
    const bearer = await token(username);
    const numbers = await t.api(`/call-center/workspaces/${line.workspaceId}/ctm/numbers`, {
      token: bearer,
    });
    const [from] = trackingNumberListResponseSchema.parse(numbers.body).data.filter((n) => n.valid);
    return t.api(`/call-center/workspaces/${line.workspaceId}/ctm/calls`, {
      method: 'POST',
      token: bearer,
      body: { from_number: from.number, call_number: '(617) 555-0177', ...body },
    });
  }

  /** A live call on the line, placed by its own agent. */
  async function agentsCall(line: Line): Promise<TrackedCall> {
    const answer = await place(line.agent, line);
    expect(answer.status).toBe(201);
    return trackedCallResponseSchema.parse(answer.body).data;
  }

  const callPath = (line: Line, callId: string) =>
    `/call-center/workspaces/${line.workspaceId}/ctm/calls/${callId}`;

  /** Every action on a call, in an order where each still has a call to act on. */
  function actions(line: Line, callId: string, username: string) {
    const path = callPath(line, callId);
    return [
      { action: 'read', request: () => t.api(path, { token: tokens.get(username) }) },
      {
        action: 'connect',
        request: () =>
          t.api(path, { method: 'PUT', token: tokens.get(username), body: { connected: true } }),
      },
      {
        action: 'hang-up',
        request: () => t.api(`${path}/hangup`, { method: 'POST', token: tokens.get(username) }),
      },
      {
        action: 'delete',
        request: () =>
          t.api(`/api/ctm/${line.workspaceId}/${callId}/deleteCall`, {
            method: 'DELETE',
            token: tokens.get(username),
          }),
      },
    ] as const;
  }

  const storedCall = (callId: string) =>
    t.server.db.selectFrom('ctm_calls').selectAll().where('id', '=', callId).executeTakeFirst();

  describe.each(MATRIX)('$role $username', ({ username, line, manager }) => {
    it(
      manager
        ? "rings another agent's line when naming it (to_agent)"
        : "is refused 403 when naming another agent's line, and no call is placed",
      async () => {
        const victim = lines.get(line)!;
        const before = await t.server.db.selectFrom('ctm_calls').select('id').execute();
        const answer = await place(username, line, { to_agent: victim.ctmUserId });
        if (manager) {
          expect(answer.status).toBe(201);
          expect(trackedCallResponseSchema.parse(answer.body).data).toMatchObject({
            agentCtmUserId: victim.ctmUserId,
            agentId: victim.agentId,
            status: 'ringing',
          });
          return;
        }
        expect(answer.status).toBe(403);
        expect(apiErrorSchema.parse(answer.body).message).toMatch(
          /to_agent: you can ring only your own line/,
        );
        const after = await t.server.db.selectFrom('ctm_calls').select('id').execute();
        expect(after).toHaveLength(before.length);
      },
    );

    it(
      manager
        ? "reads, marks connected, hangs up and deletes another agent's call"
        : "is refused 403 reading, marking connected, hanging up and deleting another agent's call, which stays as it was",
      async () => {
        await token(username);
        const call = await agentsCall(line);
        for (const { action, request } of actions(line, call.id, username)) {
          const answer = await request();
          if (manager) {
            expect(answer.status, action).toBe(200);
            continue;
          }
          expect(answer.status, action).toBe(403);
          expect(apiErrorSchema.parse(answer.body).message).toBe(notYourCallMessage(action));
        }
        const stored = await storedCall(call.id);
        if (manager) {
          expect(stored).toBeUndefined();
          return;
        }
        // Nothing the refused requests asked for happened: still ringing, not taken.
        expect(stored).toMatchObject({ status: 'ringing', taken_at: null, ended_at: null });
        // Its agent still owns it.
        await token(line.agent);
        for (const { action, request } of actions(line, call.id, line.agent)) {
          expect((await request()).status, `${line.agent} ${action}`).toBe(200);
        }
      },
    );
  });

  it('lets an agent read, take, hang up and delete their own call, and ring their own line by naming it', async () => {
    const victim = lines.get(HARBOR)!;
    const placed = await place(HARBOR.agent, HARBOR, { to_agent: victim.ctmUserId });
    expect(placed.status).toBe(201);
    const call = trackedCallResponseSchema.parse(placed.body).data;
    expect(call).toMatchObject({ agentId: victim.agentId, agentCtmUserId: victim.ctmUserId });
    const path = callPath(HARBOR, call.id);
    const bearer = await token(HARBOR.agent);
    const taken = await t.api(path, {
      method: 'PUT',
      token: bearer,
      body: { connected: true, fourIizAgent: victim.agentId },
    });
    expect(taken.status).toBe(200);
    expect(trackedCallResponseSchema.parse(taken.body).data.takenAt).not.toBeNull();
    const hungUp = await t.api(`${path}/hangup`, { method: 'POST', token: bearer });
    expect(trackedCallResponseSchema.parse(hungUp.body).data).toMatchObject({
      endedBy: 'agent',
      status: 'completed',
    });
    const deleted = await t.api(`/api/ctm/ws_harbor/${call.id}/deleteCall`, {
      method: 'DELETE',
      token: bearer,
    });
    expect(callDeletedResponseSchema.parse(deleted.body).data).toEqual({ id: call.id });
  });

  it('places a call on the caller’s own line without to_agent, and refuses one without a line with Uh oh!', async () => {
    const own = await place('agent@harbor.test', HARBOR);
    expect(own.status).toBe(201);
    const harborAgent = await agentOfUser(t.server.db, 'ws_harbor', 'usr_agent_harbor');
    expect(trackedCallResponseSchema.parse(own.body).data).toMatchObject({
      agentId: harborAgent!.id,
      agentCtmUserId: harborAgent!.ctmUserId,
    });
    // A consultant has no line of their own: the 'Uh oh!' refusal, never another's line.
    expect((await place('consultant@lakeside.test', LAKESIDE)).status).toBe(CTM_NOT_LINKED_STATUS);
  });

  it('refuses an agent taking their own call as another agent (fourIizAgent), and lets a manager name any', async () => {
    const call = await agentsCall(HARBOR);
    const path = callPath(HARBOR, call.id);
    const harborAgent = await agentOfUser(t.server.db, 'ws_harbor', 'usr_agent_harbor');
    const asOther = await t.api(path, {
      method: 'PUT',
      token: await token(HARBOR.agent),
      body: { connected: true, fourIizAgent: harborAgent!.id },
    });
    expect(asOther.status).toBe(403);
    expect(apiErrorSchema.parse(asOther.body).message).toMatch(
      /fourIizAgent: you can take a call only as your own agent/,
    );
    expect(await storedCall(call.id)).toMatchObject({ taken_at: null });
    const byOwner = await t.api(path, {
      method: 'PUT',
      token: await token('owner@harbor.test'),
      body: { connected: true, fourIizAgent: lines.get(HARBOR)!.agentId },
    });
    expect(byOwner.status).toBe(200);
  });

  it('keeps another workspace’s calls out of reach of its managers (403, as before)', async () => {
    const call = await agentsCall(HARBOR);
    await token('owner@lakeside.test');
    for (const { action, request } of actions(HARBOR, call.id, 'owner@lakeside.test')) {
      expect((await request()).status, action).toBe(403);
    }
    expect(await storedCall(call.id)).toMatchObject({ status: 'ringing' });
  });
});
