import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_ERRORS } from '@/shared/contracts/auth';
import { itemResponseSchema } from '@/shared/contracts/common';
import { authorizationSchema } from '@/shared/contracts/user';
import { startTestServer, type TestServer } from './helpers/test-server';

const authorizationItem = itemResponseSchema(authorizationSchema);

/**
 * issue 9 item 8: PATCH workspaces/{id}/authorizations/{authorizationId} {status}, and
 * deactivation ending the user's sessions at once, not 15 minutes later.
 */
describe('setting an authorization active or inactive', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ seedDemoData: true });
  });
  afterAll(() => t.close());

  const authorizationOf = async (userId: string) =>
    (
      await t.server.db
        .selectFrom('authorizations')
        .select('id')
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow()
    ).id;
  const patch = (workspaceId: string, id: string, token: string, body: unknown) =>
    t.api(`/api/workspaces/${workspaceId}/authorizations/${id}`, {
      method: 'PATCH',
      token,
      body,
    });

  it('lets a workspace admin deactivate a user: their access token answers 401 at once and refresh 403 inactive', async () => {
    const admin = await t.signIn('admin@lakeside.test');
    const agent = await t.signIn('agent@lakeside.test');
    const id = await authorizationOf('usr_agent_lakeside');

    const answer = await patch('ws_lakeside', id, admin.accessToken, { status: 'inactive' });
    expect(answer.status).toBe(200);
    expect(authorizationItem.parse(answer.body).data).toMatchObject({
      id,
      status: 'inactive',
      workspaceId: 'ws_lakeside',
    });

    expect((await t.api('/api/users/me', { token: agent.accessToken })).status).toBe(401);
    const refresh = await t.api('/api/auth', {
      method: 'PATCH',
      body: { username: 'agent@lakeside.test', token: agent.refreshToken },
    });
    expect(refresh.status).toBe(403);
    expect(refresh.body).toMatchObject({ message: AUTH_ERRORS.inactive });
    const signIn = await t.api('/api/auth', {
      method: 'POST',
      body: { username: 'agent@lakeside.test', password: 'demo-password' },
    });
    // As a wrong password would (issue #29: "inactive" confirmed the password).
    expect(signIn.status).toBe(401);
    expect(signIn.body).toMatchObject({ message: AUTH_ERRORS.invalidCredentials });

    // Active again: the user can sign in again, but the revoked session stays ended.
    const again = await patch('ws_lakeside', id, admin.accessToken, { status: 'active' });
    expect(authorizationItem.parse(again.body).data.status).toBe('active');
    await t.signIn('agent@lakeside.test');
    expect((await t.api('/api/users/me', { token: agent.accessToken })).status).toBe(401);
  });

  it('lets the owner and the system role do it too', async () => {
    const id = await authorizationOf('usr_consultant_lakeside');
    const owner = await t.signIn('owner@lakeside.test');
    const system = await t.signIn('system@intake.test');
    expect((await patch('ws_lakeside', id, owner.accessToken, { status: 'active' })).status).toBe(
      200,
    );
    expect((await patch('ws_lakeside', id, system.accessToken, { status: 'active' })).status).toBe(
      200,
    );
  });

  it('refuses operators and consultants with 403, and another workspace’s admin or owner with 403', async () => {
    const id = await authorizationOf('usr_owner_lakeside');
    for (const username of ['agent@lakeside.test', 'consultant@lakeside.test']) {
      const { accessToken } = await t.signIn(username);
      expect((await patch('ws_lakeside', id, accessToken, { status: 'inactive' })).status).toBe(
        403,
      );
    }
    const foreign = await t.signIn('owner@harbor.test');
    expect(
      (await patch('ws_lakeside', id, foreign.accessToken, { status: 'inactive' })).status,
    ).toBe(403);
    // Nor through its own workspace's address: the authorization is not of that workspace.
    expect((await patch('ws_harbor', id, foreign.accessToken, { status: 'inactive' })).status).toBe(
      404,
    );
    expect((await t.signIn('owner@lakeside.test')).accessToken).toEqual(expect.any(String));
  });

  it('answers 400 to a bad body and 404 to an unknown authorization', async () => {
    const owner = await t.signIn('owner@lakeside.test');
    const id = await authorizationOf('usr_agent_lakeside');
    for (const body of [{}, { status: 'deleted' }, { status: 'inactive', role: 'owner' }, 'x']) {
      expect((await patch('ws_lakeside', id, owner.accessToken, body)).status).toBe(400);
    }
    expect(
      (await patch('ws_lakeside', 'auth_nope', owner.accessToken, { status: 'inactive' })).status,
    ).toBe(404);
  });

  it('needs a valid token', async () => {
    const id = await authorizationOf('usr_agent_lakeside');
    expect((await patch('ws_lakeside', id, 'forged', { status: 'inactive' })).status).toBe(401);
  });
});
