import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_ERRORS } from '@/shared/contracts/auth';
import { CTM_NOT_LINKED_STATUS } from '@/shared/contracts/call-tracking';
import { outboxListResponseSchema } from '@/shared/contracts/call-flow-api';
import { apiErrorSchema } from '@/shared/contracts/common';
import {
  acceptInvitationResponseSchema,
  INVITATION_ERRORS,
  invitationInfoResponseSchema,
  workspaceUserListResponseSchema,
  workspaceUserResponseSchema,
  type WorkspaceUser,
} from '@/shared/contracts/users-administration';
import { PASSWORD_RULE_MESSAGES } from '@/shared/domain/password-rules';
import { USER_ADMIN_MESSAGES } from '@/shared/domain/user-administration';
import { SESSION_ENDED_EVENT, type SessionEnded } from '@/server/socket/socket-server';
import { createTestClock, startTestServer, type TestServer } from '../helpers/test-server';

// Settings > Users administration (issue #16): list, invite (outbox e-mail, invite link,
// accept with a password), role, deactivate / reactivate, CRM and call-tracking links,
// and the role and workspace checks around them. The real server, a fresh database.

const DAY = 24 * 60 * 60 * 1000;
const GOOD_PASSWORD = 'a long enough secret';

describe('users administration', () => {
  const clock = createTestClock();
  let t: TestServer;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    // The suite signs in fresh for every step (roles and sessions change under it).
    const plenty = { max: 1000, windowMs: 60_000 };
    t = await startTestServer({
      now: clock.now,
      loginRateLimit: plenty,
      loginBudgets: { perAddress: plenty, perAccount: plenty },
    });
  });
  afterEach(() => {
    for (const s of sockets.splice(0)) s.disconnect();
  });
  afterAll(() => t.close());

  const bearer = async (username: string) => (await t.signIn(username)).accessToken;
  const message = (body: unknown) => apiErrorSchema.parse(body).message;

  async function listUsers(workspaceId: string, token: string): Promise<WorkspaceUser[]> {
    const answer = await t.api(`/api/workspaces/${workspaceId}/users`, { token });
    expect(answer.status).toBe(200);
    return workspaceUserListResponseSchema.parse(answer.body).data;
  }

  async function userNamed(workspaceId: string, username: string): Promise<WorkspaceUser> {
    const users = await listUsers(workspaceId, await bearer('system@intake.test'));
    const user = users.find((u) => u.username === username);
    if (!user) throw new Error(`${username} is not a user of ${workspaceId}`);
    return user;
  }

  async function invite(token: string, body: Record<string, unknown>) {
    return t.api('/api/users', { method: 'POST', token, body });
  }

  /** The newest outbox e-mail to `email`, read the way a system user reads it. */
  async function inviteEmailTo(email: string) {
    const answer = await t.api('/call-center/service-processes/outbox?workspace=ws_lakeside', {
      token: await bearer('system@intake.test'),
    });
    expect(answer.status).toBe(200);
    const mail = outboxListResponseSchema.parse(answer.body).data.find((m) => m.to.includes(email));
    if (!mail) throw new Error(`no e-mail to ${email} in the outbox`);
    const link = /https?:\/\/\S+\/login\/([A-Za-z0-9_-]{43})\/invite/.exec(mail.textBody);
    if (!link) throw new Error(`no invite link in: ${mail.textBody}`);
    return { mail, link: link[0], token: link[1] };
  }

  const accept = (token: string, password: string) =>
    t.api('/api/users/password/confirm', { method: 'POST', body: { token, password } });

  it('lists the workspace’s users with role, active flag, pending flag and agent links', async () => {
    const users = await listUsers('ws_lakeside', await bearer('owner@lakeside.test'));
    const byName = new Map(users.map((u) => [u.username, u]));
    expect([...byName.keys()]).toEqual(
      expect.arrayContaining([
        'owner@lakeside.test',
        'admin@lakeside.test',
        'agent@lakeside.test',
        'consultant@lakeside.test',
      ]),
    );
    expect(users.every((u) => !u.username.endsWith('harbor.test'))).toBe(true);
    const agent = byName.get('agent@lakeside.test');
    expect(agent).toMatchObject({ role: 'operator', status: 'active', pending: false });
    // Seeded linked to a call-tracking user and (Zoho workspace) a Zoho user.
    expect(agent?.agent?.ctmUserId).toEqual(expect.any(String));
    expect(agent?.agent?.ctmUserName).toBe('Maya Patel');
    expect(agent?.agent?.crmUserId).toEqual(expect.any(String));
    expect(byName.get('owner@lakeside.test')?.agent).toBeNull();

    // The system user reads any workspace; another workspace's owner does not.
    expect(await listUsers('ws_lakeside', await bearer('system@intake.test'))).toHaveLength(
      users.length,
    );
    const foreign = await t.api('/api/workspaces/ws_lakeside/users', {
      token: await bearer('owner@harbor.test'),
    });
    expect(foreign.status).toBe(403);
    const operator = await t.api('/api/workspaces/ws_lakeside/users', {
      token: await bearer('agent@lakeside.test'),
    });
    expect(operator.status).toBe(403);
  });

  it('invites a user: a pending user who cannot sign in, an e-mail with the invite link in the outbox, and the link sets a password once', async () => {
    const owner = await bearer('owner@lakeside.test');
    const created = await invite(owner, {
      workspaceId: 'ws_lakeside',
      email: ' New.Agent@Lakeside.test ',
      firstName: 'Nora',
      lastName: 'Reyes',
      role: 'operator',
    });
    expect(created.status).toBe(201);
    const user = workspaceUserResponseSchema.parse(created.body).data;
    expect(user).toMatchObject({
      username: 'new.agent@lakeside.test',
      role: 'operator',
      status: 'active',
      pending: true,
      firstName: 'Nora',
    });
    expect(user.invitation?.expired).toBe(false);
    expect(Date.parse(user.invitation?.expiresAt ?? '') - clock.now().getTime()).toBe(7 * DAY);
    // Operators get their agent record at once, unlinked.
    expect(user.agent).toMatchObject({ ctmUserId: null, crmUserId: null, active: true });

    const { mail, link, token } = await inviteEmailTo('new.agent@lakeside.test');
    expect(mail.subject).toContain('Lakeside');
    expect(link).toBe(`${t.url}/login/${token}/invite`);
    expect(mail.htmlBody).toContain(`href="${t.url}/login/${token}/invite"`);
    // Stored hashed: the token itself is nowhere in the database.
    const stored = await t.server.db.selectFrom('user_invitations').selectAll().execute();
    expect(JSON.stringify(stored)).not.toContain(token);

    // Pending: no password works yet.
    const early = await t.api('/api/auth', {
      method: 'POST',
      body: { username: 'new.agent@lakeside.test', password: GOOD_PASSWORD },
    });
    expect(early.status).toBe(401);

    const info = await t.api(`/api/users/${token}/password`);
    expect(info.status).toBe(200);
    expect(invitationInfoResponseSchema.parse(info.body).data).toMatchObject({
      username: 'new.agent@lakeside.test',
      firstName: 'Nora',
      workspaceName: expect.stringContaining('Lakeside'),
    });

    const short = await accept(token, 'short');
    expect(short.status).toBe(400);
    expect(message(short.body)).toContain(PASSWORD_RULE_MESSAGES.tooShort);
    const padded = await accept(token, ` ${GOOD_PASSWORD}`);
    expect(padded.status).toBe(400);
    expect(message(padded.body)).toContain(PASSWORD_RULE_MESSAGES.spaces);
    const sameAsName = await accept(token, 'new.agent@lakeside.test');
    expect(message(sameAsName.body)).toContain(PASSWORD_RULE_MESSAGES.sameAsUsername);

    const accepted = await accept(token, GOOD_PASSWORD);
    expect(accepted.status).toBe(200);
    expect(acceptInvitationResponseSchema.parse(accepted.body).data.username).toBe(
      'new.agent@lakeside.test',
    );
    const session = await t.signIn('new.agent@lakeside.test', GOOD_PASSWORD);
    const me = await t.api('/api/users/me', { token: session.accessToken });
    expect(me.status).toBe(200);

    // Single use.
    const again = await accept(token, 'another long password');
    expect(again.status).toBe(410);
    expect(message(again.body)).toBe(INVITATION_ERRORS.used);
    expect((await t.api(`/api/users/${token}/password`)).status).toBe(410);
    expect((await userNamed('ws_lakeside', 'new.agent@lakeside.test')).pending).toBe(false);

    // One sign-in per e-mail address.
    const duplicate = await invite(owner, {
      workspaceId: 'ws_lakeside',
      email: 'new.agent@lakeside.test',
      firstName: 'Nora',
      lastName: 'Reyes',
      role: 'operator',
    });
    expect(duplicate.status).toBe(409);
  });

  it('refuses an expired link, and a resent invite replaces the older link', async () => {
    const admin = await bearer('admin@lakeside.test');
    const created = await invite(admin, {
      workspaceId: 'ws_lakeside',
      email: 'late@lakeside.test',
      firstName: 'Lee',
      lastName: 'Tate',
      role: 'consultant',
    });
    expect(created.status).toBe(201);
    const userId = workspaceUserResponseSchema.parse(created.body).data.id;
    const first = await inviteEmailTo('late@lakeside.test');

    clock.advance(7 * DAY + 1000);
    const expired = await accept(first.token, GOOD_PASSWORD);
    expect(expired.status).toBe(410);
    expect(message(expired.body)).toBe(INVITATION_ERRORS.expired);
    expect((await userNamed('ws_lakeside', 'late@lakeside.test')).invitation?.expired).toBe(true);

    const resent = await t.api(`/api/workspaces/ws_lakeside/users/${userId}/invitation`, {
      method: 'POST',
      token: await bearer('admin@lakeside.test'),
    });
    expect(resent.status).toBe(201);
    const second = await inviteEmailTo('late@lakeside.test');
    expect(second.token).not.toBe(first.token);
    expect((await accept(first.token, GOOD_PASSWORD)).status).toBe(410);
    expect((await accept(second.token, GOOD_PASSWORD)).status).toBe(200);
    await t.signIn('late@lakeside.test', GOOD_PASSWORD);

    // Nothing left to resend.
    const done = await t.api(`/api/workspaces/ws_lakeside/users/${userId}/invitation`, {
      method: 'POST',
      token: await bearer('admin@lakeside.test'),
    });
    expect(done.status).toBe(409);
    // A token that was never issued.
    const unknown = await accept('A'.repeat(43), GOOD_PASSWORD);
    expect(unknown.status).toBe(404);
    expect(message(unknown.body)).toBe(INVITATION_ERRORS.unknown);
  });

  it('lets only one of two simultaneous accepts of the same link through', async () => {
    const created = await invite(await bearer('owner@lakeside.test'), {
      workspaceId: 'ws_lakeside',
      email: 'race@lakeside.test',
      firstName: 'Rae',
      lastName: 'Cey',
      role: 'operator',
    });
    expect(created.status).toBe(201);
    const { token } = await inviteEmailTo('race@lakeside.test');
    const answers = await Promise.all([
      accept(token, 'first long password'),
      accept(token, 'second long password'),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 410]);
    const winner = answers[0].status === 200 ? 'first long password' : 'second long password';
    await t.signIn('race@lakeside.test', winner);
  });

  it('changes roles under the rules: not your own, an admin never to or from owner, never the last owner', async () => {
    const owner = await bearer('owner@lakeside.test');
    const admin = await bearer('admin@lakeside.test');
    const system = await bearer('system@intake.test');
    const consultant = await userNamed('ws_lakeside', 'consultant@lakeside.test');
    const ownerUser = await userNamed('ws_lakeside', 'owner@lakeside.test');
    const adminUser = await userNamed('ws_lakeside', 'admin@lakeside.test');
    const patch = (token: string, userId: string, body: unknown) =>
      t.api(`/api/workspaces/ws_lakeside/users/${userId}`, { method: 'PATCH', token, body });

    const consultantSession = await t.signIn('consultant@lakeside.test');
    const promoted = await patch(owner, consultant.id, { role: 'admin' });
    expect(promoted.status).toBe(200);
    expect(workspaceUserResponseSchema.parse(promoted.body).data.role).toBe('admin');
    // The old token carried the old role: that session is over, the next one is admin.
    expect((await t.api('/api/users/me', { token: consultantSession.accessToken })).status).toBe(
      401,
    );
    const newSession = await t.signIn('consultant@lakeside.test');
    expect(
      (await t.api('/api/workspaces/ws_lakeside/users', { token: newSession.accessToken })).status,
    ).toBe(200);

    const own = await patch(admin, adminUser.id, { role: 'operator' });
    expect(own.status).toBe(403);
    expect(message(own.body)).toBe(USER_ADMIN_MESSAGES.ownRole);
    const toOwner = await patch(admin, consultant.id, { role: 'owner' });
    expect(toOwner.status).toBe(403);
    expect(message(toOwner.body)).toBe(USER_ADMIN_MESSAGES.adminAndOwner);
    const ofOwner = await patch(admin, ownerUser.id, { role: 'admin' });
    expect(ofOwner.status).toBe(403);

    const lastOwner = await patch(system, ownerUser.id, { role: 'admin' });
    expect(lastOwner.status).toBe(409);
    expect(message(lastOwner.body)).toBe(USER_ADMIN_MESSAGES.lastOwner);
    const deactivateLastOwner = await patch(system, ownerUser.id, { status: 'inactive' });
    expect(deactivateLastOwner.status).toBe(409);

    // Back as it was, by the system user.
    expect((await patch(system, consultant.id, { role: 'consultant' })).status).toBe(200);
    expect((await userNamed('ws_lakeside', 'consultant@lakeside.test')).role).toBe('consultant');
  });

  it('deactivates a signed-in user: their socket ends, their token answers 401, sign-in answers inactive; reactivated they sign in again', async () => {
    const owner = await bearer('owner@lakeside.test');
    const target = await userNamed('ws_lakeside', 'agent@lakeside.test');
    const session = await t.signIn('agent@lakeside.test');
    const socket = connect(t.url, {
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      auth: { token: session.accessToken },
    });
    sockets.push(socket);
    const ended = new Promise<string>((resolve) => {
      socket.once(SESSION_ENDED_EVENT, (payload: SessionEnded) => resolve(payload.reason));
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });

    const answer = await t.api(`/api/workspaces/ws_lakeside/users/${target.id}`, {
      method: 'PATCH',
      token: owner,
      body: { status: 'inactive' },
    });
    expect(answer.status).toBe(200);
    const updated = workspaceUserResponseSchema.parse(answer.body).data;
    expect(updated.status).toBe('inactive');
    expect(updated.agent?.active).toBe(false);
    expect(await ended).toBe('inactive');
    expect((await t.api('/api/users/me', { token: session.accessToken })).status).toBe(401);
    const signIn = await t.api('/api/auth', {
      method: 'POST',
      body: { username: 'agent@lakeside.test', password: 'demo-password' },
    });
    // As a wrong password would (issue #29: "inactive" confirmed the password).
    expect(signIn.status).toBe(401);
    expect(message(signIn.body)).toBe(AUTH_ERRORS.invalidCredentials);

    const back = await t.api(`/api/workspaces/ws_lakeside/users/${target.id}`, {
      method: 'PATCH',
      token: owner,
      body: { status: 'active' },
    });
    expect(workspaceUserResponseSchema.parse(back.body).data.agent?.active).toBe(true);
    await t.signIn('agent@lakeside.test');

    // Not yourself; an admin never an owner (through the older authorization path too).
    const self = await userNamed('ws_lakeside', 'admin@lakeside.test');
    const admin = await bearer('admin@lakeside.test');
    const selfAnswer = await t.api(`/api/workspaces/ws_lakeside/users/${self.id}`, {
      method: 'PATCH',
      token: admin,
      body: { status: 'inactive' },
    });
    expect(message(selfAnswer.body)).toBe(USER_ADMIN_MESSAGES.ownStatus);
    const ownerUser = await userNamed('ws_lakeside', 'owner@lakeside.test');
    const viaAuthorization = await t.api(
      `/api/workspaces/ws_lakeside/authorizations/${ownerUser.authorizationId}`,
      { method: 'PATCH', token: admin, body: { status: 'inactive' } },
    );
    expect(viaAuthorization.status).toBe(403);
  });

  it('links an agent to a call-tracking user, after which the agent can place a call', async () => {
    const owner = await bearer('owner@harbor.test');
    const agent = await userNamed('ws_harbor', 'agent@harbor.test');
    expect(agent.agent?.ctmUserId).toBeNull();
    const agentToken = await bearer('agent@harbor.test');
    const numbers = await t.api('/call-center/workspaces/ws_harbor/ctm/numbers', {
      token: agentToken,
    });
    const from = (numbers.body as { data: { number: string; valid: boolean }[] }).data.find(
      (n) => n.valid,
    );
    if (!from) throw new Error('no valid tracking number in ws_harbor');
    const placeCall = () =>
      t.api('/call-center/workspaces/ws_harbor/ctm/calls', {
        method: 'POST',
        token: agentToken,
        body: { from_number: from.number, call_number: '+13125550199' },
      });
    expect((await placeCall()).status).toBe(CTM_NOT_LINKED_STATUS);

    // intake@harbor.test holds a call-tracking user: it rings one agent only.
    const intake = await userNamed('ws_harbor', 'intake@harbor.test');
    const held = intake.agent?.ctmUserId;
    if (!held) throw new Error('intake@harbor.test is seeded linked');
    const link = (userId: string, body: unknown) =>
      t.api(`/api/workspaces/ws_harbor/users/${userId}/links`, {
        method: 'PUT',
        token: owner,
        body,
      });

    const takenAnswer = await link(agent.id, { crmUserId: null, ctmUserId: held });
    expect(takenAnswer.status).toBe(409);
    expect(message(takenAnswer.body)).toContain('already linked to Iris Quinn');
    const unknown = await link(agent.id, { crmUserId: null, ctmUserId: 'ctm_nope' });
    expect(unknown.status).toBe(400);
    expect(message(unknown.body)).toContain('ctmUserId: ctm_nope is not a call-tracking user');
    // Harbor's CRM is not Zoho: it has no Zoho user to link.
    expect((await link(agent.id, { crmUserId: 'zoho_1', ctmUserId: null })).status).toBe(400);

    // Moved from one agent to the other: unlinked there, linked here.
    const unlinked = await link(intake.id, { crmUserId: null, ctmUserId: null });
    expect(workspaceUserResponseSchema.parse(unlinked.body).data.agent?.ctmUserId).toBeNull();
    const linked = await link(agent.id, { crmUserId: null, ctmUserId: held });
    expect(linked.status).toBe(200);
    expect(workspaceUserResponseSchema.parse(linked.body).data.agent).toMatchObject({
      ctmUserId: held,
      ctmUserName: 'Iris Quinn',
    });
    const call = await placeCall();
    expect(call.status).toBe(201);
    await t.server.callTracking.simulator.hangUp(
      'ws_harbor',
      (call.body as { data: { id: string } }).data.id,
    );
    // As seeded again, for the suites' other tests.
    await link(agent.id, { crmUserId: null, ctmUserId: null });
    expect((await link(intake.id, { crmUserId: null, ctmUserId: held })).status).toBe(200);
  });

  it('links a user without an agent record to a Zoho user by making their agent record', async () => {
    const owner = await bearer('owner@lakeside.test');
    const admin = await userNamed('ws_lakeside', 'admin@lakeside.test');
    expect(admin.agent).toBeNull();
    const zohoUsers = await t.api('/api/workspaces/ws_lakeside/crm/zoho/users', { token: owner });
    const zoho = (zohoUsers.body as { data: { id: string; name: string }[] }).data[0];
    const answer = await t.api(`/api/workspaces/ws_lakeside/users/${admin.id}/links`, {
      method: 'PUT',
      token: owner,
      body: { crmUserId: zoho.id, ctmUserId: null },
    });
    expect(answer.status).toBe(200);
    const agent = workspaceUserResponseSchema.parse(answer.body).data.agent;
    expect(agent).toMatchObject({ crmUserId: zoho.id, crmUserName: zoho.name, ctmUserId: null });
    // The agents lookup (spec 7 GET agents) now has it.
    const agents = await t.api('/api/agents', { token: owner });
    expect((agents.body as { data: { id: string }[] }).data.map((a) => a.id)).toContain(
      agent?.agentId,
    );
  });

  it('answers 404 for another workspace’s user and 403 for another workspace', async () => {
    const harborOwner = await bearer('owner@harbor.test');
    const lakesideAgent = await userNamed('ws_lakeside', 'agent@lakeside.test');
    const viaOwn = await t.api(`/api/workspaces/ws_harbor/users/${lakesideAgent.id}`, {
      method: 'PATCH',
      token: harborOwner,
      body: { status: 'inactive' },
    });
    expect(viaOwn.status).toBe(404);
    const links = await t.api(`/api/workspaces/ws_harbor/users/${lakesideAgent.id}/links`, {
      method: 'PUT',
      token: harborOwner,
      body: { crmUserId: null, ctmUserId: null },
    });
    expect(links.status).toBe(404);
    const viaTheirs = await t.api(`/api/workspaces/ws_lakeside/users/${lakesideAgent.id}`, {
      method: 'PATCH',
      token: harborOwner,
      body: { status: 'inactive' },
    });
    expect(viaTheirs.status).toBe(403);
    const inviteThere = await invite(harborOwner, {
      workspaceId: 'ws_lakeside',
      email: 'spy@harbor.test',
      firstName: 'S',
      lastName: 'P',
      role: 'owner',
    });
    expect(inviteThere.status).toBe(403);
    expect((await userNamed('ws_lakeside', 'agent@lakeside.test')).status).toBe('active');
  });

  it('gives operators and consultants 403 on every write, whatever the body', async () => {
    const target = await userNamed('ws_lakeside', 'consultant@lakeside.test');
    for (const username of ['agent@lakeside.test', 'consultant@lakeside.test']) {
      const token = await bearer(username);
      const writes = [
        invite(token, {
          workspaceId: 'ws_lakeside',
          email: 'x@lakeside.test',
          firstName: 'X',
          lastName: 'Y',
          role: 'operator',
        }),
        invite(token, { nonsense: true }),
        t.api(`/api/workspaces/ws_lakeside/users/${target.id}`, {
          method: 'PATCH',
          token,
          body: { role: 'owner' },
        }),
        t.api(`/api/workspaces/ws_lakeside/users/${target.id}/links`, {
          method: 'PUT',
          token,
          body: {},
        }),
        t.api(`/api/workspaces/ws_lakeside/users/${target.id}/invitation`, {
          method: 'POST',
          token,
        }),
      ];
      for (const answer of await Promise.all(writes)) expect(answer.status).toBe(403);
    }
  });

  it('answers bad input with 400 naming the field, never 500', async () => {
    const owner = await bearer('owner@lakeside.test');
    const target = await userNamed('ws_lakeside', 'agent@lakeside.test');
    const cases: [string, string, unknown, string][] = [
      [
        'POST',
        '/api/users',
        {
          workspaceId: 'ws_lakeside',
          email: 'not-an-email',
          firstName: 'A',
          lastName: 'B',
          role: 'operator',
        },
        'email',
      ],
      [
        'POST',
        '/api/users',
        {
          workspaceId: 'ws_lakeside',
          email: 'a@b.test',
          firstName: 'A',
          lastName: 'B',
          role: 'system',
        },
        'role',
      ],
      [
        'POST',
        '/api/users',
        {
          workspaceId: 'ws_lakeside',
          email: 'a@b.test',
          firstName: ' ',
          lastName: 'B',
          role: 'admin',
        },
        'firstName',
      ],
      [
        'POST',
        '/api/users',
        {
          workspaceId: 'ws_lakeside',
          email: 'a@b.test',
          firstName: 'A',
          lastName: 'B',
          role: 'admin',
          extra: 1,
        },
        'extra',
      ],
      ['PATCH', `/api/workspaces/ws_lakeside/users/${target.id}`, {}, 'give role, status or both'],
      ['PATCH', `/api/workspaces/ws_lakeside/users/${target.id}`, { role: 'boss' }, 'role'],
      ['PATCH', `/api/workspaces/ws_lakeside/users/${target.id}`, 'x', 'JSON'],
      [
        'PUT',
        `/api/workspaces/ws_lakeside/users/${target.id}/links`,
        { ctmUserId: null },
        'crmUserId',
      ],
      ['POST', '/api/users/password/confirm', { token: 'short', password: GOOD_PASSWORD }, 'token'],
      ['POST', '/api/users/password/confirm', { token: 'A'.repeat(43) }, 'password'],
    ];
    for (const [method, path, body, field] of cases) {
      const answer = await t.api(path, { method, token: owner, body });
      expect(answer.status, `${method} ${path} ${JSON.stringify(body)}`).toBe(400);
      expect(message(answer.body)).toContain(field);
    }
    expect((await t.api('/api/users/not-a-token/password')).status).toBe(400);
    expect(
      (await t.api('/api/workspaces/ws_lakeside/users/usr_nobody', { token: owner })).status,
    ).toBe(404);
  });
});

describe('invites sent by the system user, with APP_ORIGIN set', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ appOrigin: 'https://cockpit.example.test/' });
  });
  afterAll(() => t.close());

  it('lets the system user invite a workspace’s owner, and the link uses the configured origin', async () => {
    const system = (await t.signIn('system@intake.test')).accessToken;
    const created = await t.api('/api/users', {
      method: 'POST',
      token: system,
      body: {
        workspaceId: 'ws_summit',
        email: 'second.owner@summit.test',
        firstName: 'Sam',
        lastName: 'Second',
        role: 'owner',
      },
    });
    expect(created.status).toBe(201);
    expect(workspaceUserResponseSchema.parse(created.body).data).toMatchObject({
      role: 'owner',
      pending: true,
      agent: null,
    });
    const outbox = await t.api('/call-center/service-processes/outbox?workspace=ws_summit', {
      token: system,
    });
    const mail = outboxListResponseSchema
      .parse(outbox.body)
      .data.find((m) => m.to.includes('second.owner@summit.test'));
    expect(mail?.textBody).toMatch(
      /https:\/\/cockpit\.example\.test\/login\/[A-Za-z0-9_-]{43}\/invite/,
    );
    expect(mail?.textBody).toContain('Sam Sterling invited you');
  });
});
