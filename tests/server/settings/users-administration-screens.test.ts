import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { rowActions } from '@/app/features/users-administration/user-list-model';
import { readInviteDraft } from '@/app/features/users-administration/invite-draft';
import { readInvitePassword } from '@/app/features/auth/invite-password-draft';
import { createApiClient, type ApiClient } from '@/shared/api/client';
import { fetchLookup } from '@/shared/api/lookups';
import {
  acceptInvitation,
  fetchInvitation,
  inviteUser,
  listWorkspaceUsers,
  saveUserLinks,
  updateWorkspaceUser,
} from '@/shared/api/users-administration';
import { apiConfigFor } from '@/shared/config/api-config';
import { outboxListResponseSchema } from '@/shared/contracts/call-flow-api';
import { createDirectTransport, type SessionTokens } from '@/shared/transport/direct-transport';
import { TransportError } from '@/shared/transport/transport';
import { startTestServer, type TestServer } from '../helpers/test-server';

// issue #16 end to end at the client's level: what the Users administration screen and
// the login/{token}/invite screen send (their own form readers and client calls, through
// the real DirectTransport) against the real server with a fresh database. The owner
// invites an operator, the invitee accepts from the outbox link and signs in, the owner
// links them and deactivates them; the actions the screen offers an admin are the ones
// the server accepts.

const FEATURES = { crm: true, callTracking: true };

describe('users administration screens against the real server', () => {
  let t: TestServer;

  beforeAll(async () => {
    const plenty = { max: 1000, windowMs: 60_000 };
    t = await startTestServer({
      loginRateLimit: plenty,
      loginBudgets: { perAddress: plenty, perAccount: plenty },
    });
  });
  afterAll(() => t.close());

  /** A client as the app builds one: DirectTransport, the user's tokens (none: anonymous). */
  async function clientFor(username?: string, password?: string): Promise<ApiClient> {
    const signedIn = username ? await t.signIn(username, password) : null;
    let tokens: SessionTokens | null =
      username && signedIn
        ? { username, accessToken: signedIn.accessToken, refreshToken: signedIn.refreshToken }
        : null;
    const transport = createDirectTransport({
      config: apiConfigFor(t.url),
      tokens: {
        get: () => tokens,
        set: (next) => {
          tokens = next;
        },
        onAuthFailure: () => undefined,
      },
    });
    return createApiClient(transport, vi.fn());
  }

  async function inviteTokenFor(email: string): Promise<string> {
    const answer = await t.api('/call-center/service-processes/outbox?workspace=ws_lakeside', {
      token: (await t.signIn('system@intake.test')).accessToken,
    });
    const mail = outboxListResponseSchema
      .parse(answer.body)
      .data.find((item) => item.to.includes(email));
    const link = /\/login\/([A-Za-z0-9_-]{43})\/invite/.exec(mail?.textBody ?? '');
    if (!link?.[1]) throw new Error(`no invite link for ${email}`);
    return link[1];
  }

  it('invites, accepts, signs in, links and deactivates an operator', async () => {
    const owner = await clientFor('owner@lakeside.test');

    // The Invite user form reads what was typed with the server's own contract.
    const draft = readInviteDraft(
      { firstName: 'Nina', lastName: 'New', email: ' Nina.New@Lakeside.test ', role: 'operator' },
      'ws_lakeside',
    );
    if (!draft.ok) throw new Error('the invite form refused a good draft');
    const invited = await inviteUser(owner, draft.request);
    expect(invited).toMatchObject({ username: 'nina.new@lakeside.test', pending: true });
    await expect(inviteUser(owner, draft.request)).rejects.toMatchObject({ status: 409 });

    // The invitee's screen: anonymous, from the link in the outbox.
    const token = await inviteTokenFor('nina.new@lakeside.test');
    const anonymous = await clientFor();
    const info = await fetchInvitation(anonymous, token);
    expect(info).toMatchObject({
      username: 'nina.new@lakeside.test',
      firstName: 'Nina',
      lastName: 'New',
      workspaceName: expect.any(String),
    });
    const password = readInvitePassword(
      { password: 'river-stone-42', confirm: 'river-stone-42' },
      info.username,
    );
    if (!password.ok) throw new Error('the password form refused a good password');
    expect(
      await acceptInvitation(anonymous, { token, password: password.request.password }),
    ).toEqual({
      username: 'nina.new@lakeside.test',
    });
    // The link works once; the screen shows the server's sentence for a used link.
    const again = await fetchInvitation(anonymous, token).catch((error: unknown) => error);
    expect(again).toBeInstanceOf(TransportError);
    expect((again as TransportError).status).toBe(410);
    // Then the app signs in with the new password.
    const nina = await t.signIn('nina.new@lakeside.test', 'river-stone-42');
    expect(nina.accessToken).toEqual(expect.any(String));

    // The owner's list shows them active, and missing their links.
    let users = await listWorkspaceUsers(owner, 'ws_lakeside');
    const listed = users.find((user) => user.id === invited.id)!;
    expect(listed).toMatchObject({ pending: false, status: 'active', role: 'operator' });
    expect(listed.agent).toMatchObject({ crmUserId: null, ctmUserId: null });

    // The Link dialog's lists, minus the call-tracking users other agents hold.
    const zohoUsers = await fetchLookup(owner, 'zohoUsers', 'ws_lakeside');
    const ctmUsers = await fetchLookup(owner, 'ctmUsers', 'ws_lakeside');
    const taken = new Set(users.map((user) => user.agent?.ctmUserId).filter(Boolean));
    const free = ctmUsers.find((user) => !taken.has(user.id));
    expect(zohoUsers.length).toBeGreaterThan(0);
    expect(free).toMatchObject({ id: expect.any(String) });
    const linked = await saveUserLinks(owner, 'ws_lakeside', invited.id, {
      crmUserId: zohoUsers[0]!.id,
      ctmUserId: free!.id,
    });
    expect(linked.agent).toMatchObject({ crmUserId: zohoUsers[0]!.id, ctmUserId: free!.id });
    const takenId = [...taken][0]!;
    await expect(
      saveUserLinks(owner, 'ws_lakeside', invited.id, { crmUserId: null, ctmUserId: takenId }),
    ).rejects.toMatchObject({ status: 409 });

    // Deactivate (the row's confirm): their sign-in is refused from now on, as a wrong
    // password is (issue #29: the answer never confirms the password of an inactive account).
    const deactivated = await updateWorkspaceUser(owner, 'ws_lakeside', invited.id, {
      status: 'inactive',
    });
    expect(deactivated.status).toBe('inactive');
    const refused = await t.api('/api/auth', {
      method: 'POST',
      body: { username: 'nina.new@lakeside.test', password: 'river-stone-42' },
    });
    expect(refused.status).toBe(401);
    users = await listWorkspaceUsers(owner, 'ws_lakeside');
    expect(users.find((user) => user.id === invited.id)?.status).toBe('inactive');
  });

  it('offers an admin exactly the owner actions the server accepts: none', async () => {
    const admin = await clientFor('admin@lakeside.test');
    const users = await listWorkspaceUsers(admin, 'ws_lakeside');
    const me = users.find((user) => user.username === 'admin@lakeside.test')!;
    const owner = users.find((user) => user.username === 'owner@lakeside.test')!;
    const actor = { userId: me.id, role: 'admin' as const };

    const offered = rowActions(actor, owner, users, FEATURES);
    expect(offered).toEqual({
      roles: [],
      deactivate: false,
      reactivate: false,
      resendInvitation: false,
      link: false,
    });
    await expect(
      updateWorkspaceUser(admin, 'ws_lakeside', owner.id, { status: 'inactive' }),
    ).rejects.toMatchObject({ status: 403 });
    await expect(
      updateWorkspaceUser(admin, 'ws_lakeside', owner.id, { role: 'admin' }),
    ).rejects.toMatchObject({ status: 403 });
    // Their own row: nothing either.
    expect(rowActions(actor, me, users, FEATURES).roles).toEqual([]);
    await expect(
      updateWorkspaceUser(admin, 'ws_lakeside', me.id, { role: 'operator' }),
    ).rejects.toMatchObject({ status: 403 });
    // An operator of the workspace: what the screen offers, the server accepts.
    const operator = users.find((user) => user.username === 'agent@lakeside.test')!;
    const forOperator = rowActions(actor, operator, users, FEATURES);
    expect(forOperator.roles).toEqual(['admin', 'consultant']);
    expect(forOperator.deactivate).toBe(true);
    const changed = await updateWorkspaceUser(admin, 'ws_lakeside', operator.id, {
      role: 'consultant',
    });
    expect(changed.role).toBe('consultant');
    await updateWorkspaceUser(admin, 'ws_lakeside', operator.id, { role: 'operator' });
  });
});
