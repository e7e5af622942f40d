import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '@/shared/contracts/common';
import {
  type Notification,
  notificationResponseSchema,
  notificationsReadResponseSchema,
  type SendNotification,
} from '@/shared/contracts/notification';
import { createTestClock, startTestServer, type TestServer } from '../helpers/test-server';
import { type LiveClient, listNotifications, openLiveClient } from './live-client';

/**
 * The notification centre's server side (issue 12): stored per workspace or user,
 * delivered to the audience's sockets only, listed on the next connection, read state
 * stored and shared by every session of the user; only system users send.
 */
describe('notifications', () => {
  const clock = createTestClock();
  let t: TestServer;
  let systemToken: string;
  const clients: LiveClient[] = [];

  beforeAll(async () => {
    t = await startTestServer({ now: clock.now });
    // The automatic cockpit warnings of the start are not what these tests look at.
    await t.server.cockpitWarnings.idle();
    systemToken = (await t.signIn('system@intake.test')).accessToken;
  });
  afterEach(() => {
    for (const client of clients.splice(0)) client.close();
  });
  afterAll(() => t.close());

  async function live(username: string): Promise<LiveClient> {
    const client = await openLiveClient(t, username);
    clients.push(client);
    return client;
  }

  async function send(body: SendNotification, token = systemToken) {
    return t.api('/api/system/notifications', { method: 'POST', token, body });
  }

  async function sent(body: SendNotification): Promise<Notification> {
    const answer = await send(body);
    expect(answer.status).toBe(201);
    return notificationResponseSchema.parse(answer.body).data;
  }

  function errorOf(answer: { status: number; body: unknown }) {
    return { status: answer.status, message: apiErrorSchema.parse(answer.body).message };
  }

  it("delivers a user's notification to that user's sockets only", async () => {
    const target = await live('agent@lakeside.test');
    const targetElsewhere = await live('agent@lakeside.test');
    const colleague = await live('consultant@lakeside.test');
    const otherWorkspace = await live('owner@harbor.test');

    const notification = await sent({
      workspaceId: 'ws_lakeside',
      userId: 'usr_agent_lakeside',
      title: 'Call back Mrs. Lee',
      description: 'She asked for a call after 3 pm.',
      actionRequired: true,
      path: '/app/call-flows',
    });
    expect(notification).toMatchObject({
      title: 'Call back Mrs. Lee',
      description: 'She asked for a call after 3 pm.',
      actionRequired: true,
      path: '/app/call-flows',
      read: false,
      time: clock.now().toISOString(),
    });

    await Promise.all(clients.map((client) => client.settle()));
    expect(target.notifications).toEqual([notification]);
    expect(targetElsewhere.notifications).toEqual([notification]);
    expect(colleague.notifications).toEqual([]);
    expect(otherWorkspace.notifications).toEqual([]);
  });

  it("delivers a workspace's notification to every user of it and to no other workspace", async () => {
    const agent = await live('agent@lakeside.test');
    const consultant = await live('consultant@lakeside.test');
    const harbor = await live('owner@harbor.test');
    const summit = await live('owner@summit.test');

    const notification = await sent({
      workspaceId: 'ws_lakeside',
      title: 'Office closed Friday',
      description: 'The phones forward to the answering service.',
    });
    expect(notification).toMatchObject({ actionRequired: false, path: null, read: false });

    await Promise.all(clients.map((client) => client.settle()));
    expect(agent.notifications).toEqual([notification]);
    expect(consultant.notifications).toEqual([notification]);
    expect(harbor.notifications).toEqual([]);
    expect(summit.notifications).toEqual([]);
    // Nor does it show in another workspace's list.
    const harborToken = (await t.signIn('owner@harbor.test')).accessToken;
    const harborList = await listNotifications(t, harborToken, 'ws_harbor');
    expect(harborList.map((item) => item.id)).not.toContain(notification.id);
  });

  it('lists a notification sent while the user was offline on their next connection', async () => {
    const notification = await sent({
      workspaceId: 'ws_lakeside',
      userId: 'usr_consultant_lakeside',
      title: 'New consult booked',
      description: 'Tomorrow 10:00, Chicago Loop.',
      actionRequired: true,
    });
    // Connecting now: the socket gets only what is sent from here on, the list the rest.
    const consultant = await live('consultant@lakeside.test');
    await consultant.settle();
    expect(consultant.notifications).toEqual([]);
    const list = await listNotifications(t, consultant.token, 'ws_lakeside');
    expect(list.find((item) => item.id === notification.id)).toEqual(notification);
    // Another user of the workspace never sees it.
    const agentToken = (await t.signIn('agent@lakeside.test')).accessToken;
    const agentList = await listNotifications(t, agentToken, 'ws_lakeside');
    expect(agentList.map((item) => item.id)).not.toContain(notification.id);
  });

  it('lists newest first', async () => {
    const first = await sent({ workspaceId: 'ws_summit', title: 'First' });
    clock.advance(60_000);
    const second = await sent({ workspaceId: 'ws_summit', title: 'Second' });
    const token = (await t.signIn('agent@summit.test')).accessToken;
    const ids = (await listNotifications(t, token, 'ws_summit')).map((item) => item.id);
    expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(first.id));
    expect(ids.indexOf(second.id)).toBe(0);
  });

  it('stores a mark-read server-side: a second session of the user sees it read and is told at once', async () => {
    const notification = await sent({ workspaceId: 'ws_lakeside', title: 'Read me' });
    const here = await live('agent@lakeside.test');
    const elsewhere = await live('agent@lakeside.test');
    const colleague = await live('consultant@lakeside.test');

    const answer = await t.api('/api/workspaces/ws_lakeside/notifications/read', {
      method: 'PUT',
      token: here.token,
      body: { ids: [notification.id] },
    });
    expect(answer.status).toBe(200);
    expect(notificationsReadResponseSchema.parse(answer.body).data).toEqual({
      ids: [notification.id],
    });

    await Promise.all(clients.map((client) => client.settle()));
    expect(elsewhere.readEvents).toEqual([[notification.id]]);
    expect(here.readEvents).toEqual([[notification.id]]);
    expect(colleague.readEvents).toEqual([]);

    const elsewhereList = await listNotifications(t, elsewhere.token, 'ws_lakeside');
    expect(elsewhereList.find((item) => item.id === notification.id)?.read).toBe(true);
    // Read by one user is not read by the others of the workspace.
    const colleagueList = await listNotifications(t, colleague.token, 'ws_lakeside');
    expect(colleagueList.find((item) => item.id === notification.id)?.read).toBe(false);
  });

  it("marks all read, ignoring ids the user cannot see (another user's, unknown ones)", async () => {
    const mine = await sent({ workspaceId: 'ws_harbor', userId: 'usr_agent_harbor', title: 'A' });
    const theirs = await sent({
      workspaceId: 'ws_harbor',
      userId: 'usr_intake_harbor',
      title: 'B',
    });
    const agent = await live('agent@harbor.test');
    const put = (body: unknown) =>
      t.api('/api/workspaces/ws_harbor/notifications/read', {
        method: 'PUT',
        token: agent.token,
        body,
      });

    const foreign = await put({ ids: [theirs.id, 'ntf_unknown'] });
    expect(foreign.status).toBe(200);
    expect(notificationsReadResponseSchema.parse(foreign.body).data).toEqual({ ids: [] });

    const all = await put({ all: true });
    const readIds = notificationsReadResponseSchema.parse(all.body).data.ids;
    expect(readIds).toContain(mine.id);
    expect(readIds).not.toContain(theirs.id);
    const list = await listNotifications(t, agent.token, 'ws_harbor');
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((item) => item.read)).toBe(true);

    // Nothing left unread: a second "all" reads nothing and tells no one.
    const again = await put({ all: true });
    expect(notificationsReadResponseSchema.parse(again.body).data).toEqual({ ids: [] });
    await agent.settle();
    expect(agent.readEvents).toEqual([readIds]);

    const intakeToken = (await t.signIn('intake@harbor.test')).accessToken;
    const intakeList = await listNotifications(t, intakeToken, 'ws_harbor');
    expect(intakeList.find((item) => item.id === theirs.id)?.read).toBe(false);
  });

  it('lets only system users send (401 without a token, 403 for every other role)', async () => {
    const body = { workspaceId: 'ws_lakeside', title: 'Not allowed' };
    expect((await t.api('/api/system/notifications', { method: 'POST', body })).status).toBe(401);
    for (const username of ['owner@lakeside.test', 'admin@lakeside.test', 'agent@lakeside.test']) {
      const { accessToken } = await t.signIn(username);
      expect(errorOf(await send(body, accessToken))).toEqual({
        status: 403,
        message: 'Your role does not allow this.',
      });
    }
  });

  it('answers bad sends with 400 or 404 and a clear message, and stores nothing', async () => {
    const cases: [body: unknown, status: number, message: string | RegExp][] = [
      [{ workspaceId: 'ws_lakeside' }, 400, 'title: title is required'],
      [{ workspaceId: 'ws_lakeside', title: '   ' }, 400, 'title: Enter a title.'],
      [{ title: 'No audience' }, 400, 'workspaceId: workspaceId is required'],
      [
        { workspaceId: 'ws_lakeside', title: 'Away', path: 'https://example.test/phish' },
        400,
        /^path: .*\/app/,
      ],
      [{ workspaceId: 'ws_lakeside', title: 'x', colour: 'red' }, 400, /colour/],
      [{ workspaceId: 'ws_lakeside', title: 'x', actionRequired: 'yes' }, 400, /actionRequired/],
      ['not json', 400, /.+/],
      [{ workspaceId: 'ws_nowhere', title: 'x' }, 404, 'Workspace ws_nowhere not found.'],
      [
        { workspaceId: 'ws_lakeside', userId: 'usr_nobody', title: 'x' },
        404,
        'User usr_nobody not found.',
      ],
      [
        { workspaceId: 'ws_lakeside', userId: 'usr_owner_harbor', title: 'x' },
        400,
        'userId: user usr_owner_harbor does not belong to workspace ws_lakeside',
      ],
    ];
    const count = async () =>
      Number(
        (
          await t.server.db
            .selectFrom('notifications')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    for (const [body, status, message] of cases) {
      const answer = errorOf(
        await t.api('/api/system/notifications', { method: 'POST', token: systemToken, body }),
      );
      expect(answer.status, JSON.stringify(body)).toBe(status);
      expect(answer.message).toMatch(message);
    }
    expect(await count()).toBe(before);
  });

  it('answers bad list and mark-read calls with 400 or 403, never 500', async () => {
    const { accessToken: token } = await t.signIn('agent@lakeside.test');
    const put = (workspace: string, body: unknown) =>
      t.api(`/api/workspaces/${workspace}/notifications/read`, { method: 'PUT', token, body });
    for (const body of [{}, { ids: [] }, { all: false }, { ids: ['a'], all: true }, [], 'x']) {
      expect((await put('ws_lakeside', body)).status, JSON.stringify(body)).toBe(400);
    }
    expect(errorOf(await put('ws_lakeside', { ids: [] })).message).toMatch(/ids/);
    expect((await put('ws_harbor', { all: true })).status).toBe(403);
    expect((await t.api('/api/workspaces/ws_harbor/notifications', { token })).status).toBe(403);
    expect(
      (await t.api('/api/workspaces/ws_lakeside/notifications?page[limit]=0', { token })).status,
    ).toBe(400);
    expect((await t.api('/api/workspaces/ws_lakeside/notifications')).status).toBe(401);
  });

  // Moves the clock a month on: keep it last.
  it('keeps notifications for 30 days: older ones leave the list and are pruned', async () => {
    const old = await sent({ workspaceId: 'ws_summit', title: 'Old news' });
    clock.advance(31 * 24 * 60 * 60_000);
    // A month on, every access token has expired.
    systemToken = (await t.signIn('system@intake.test')).accessToken;
    const fresh = await sent({ workspaceId: 'ws_summit', title: 'Fresh news' });
    const { accessToken } = await t.signIn('agent@summit.test');
    const ids = (await listNotifications(t, accessToken, 'ws_summit')).map((item) => item.id);
    expect(ids).toContain(fresh.id);
    expect(ids).not.toContain(old.id);

    await t.server.cockpitWarnings.checkDays();
    await t.server.cockpitWarnings.idle();
    const stored = await t.server.db
      .selectFrom('notifications')
      .select('id')
      .where('id', 'in', [old.id, fresh.id])
      .execute();
    expect(stored.map((row) => row.id)).toEqual([fresh.id]);
  });
});
