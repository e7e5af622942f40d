import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertRole, assertWorkspaceAccess, type Principal } from '@/server/auth/access';
import { HttpError } from '@/server/http/errors';
import { startTestServer, type TestServer } from './helpers/test-server';

const WORKSPACE_PATHS = [
  '',
  '/leadSources',
  '/campaigns',
  '/practiceAreas',
  '/offices',
  '/casetypes',
  '/crm/zoho/users',
  '/voip/providers/ctm/users',
  '/crm/zoho/organization',
  '/ifs/organization',
  '/agents',
];

describe('workspace access (spec: dashboards 6 Roles and permissions)', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer();
  });
  afterAll(() => t.close());

  it("answers 403 to every route of another workspace, whatever the user's role", async () => {
    for (const username of ['owner@harbor.test', 'agent@summit.test', 'consultant@lakeside.test']) {
      const { accessToken } = await t.signIn(username);
      const foreign = username.endsWith('lakeside.test') ? 'ws_harbor' : 'ws_lakeside';
      for (const path of WORKSPACE_PATHS) {
        const answer = await t.api(`/api/workspaces/${foreign}${path}`, { token: accessToken });
        expect(answer.status, `${username} ${foreign}${path}`).toBe(403);
        expect(answer.body).toMatchObject({ statusCode: 403, error: 'Forbidden' });
      }
    }
  });

  it('answers 403, not 404, for a workspace id that does not exist, so ids cannot be probed', async () => {
    const { accessToken } = await t.signIn('owner@lakeside.test');
    expect((await t.api('/api/workspaces/ws_nowhere', { token: accessToken })).status).toBe(403);
  });

  it('lets the system role read any workspace, and answers it 404 for one that does not exist', async () => {
    const { accessToken } = await t.signIn('system@intake.test');
    for (const id of ['ws_lakeside', 'ws_harbor', 'ws_summit']) {
      expect(
        (await t.api(`/api/workspaces/${id}/leadSources`, { token: accessToken })).status,
      ).toBe(200);
    }
    // The System area's test-call form lists a workspace's agents (issue #13).
    const agents = await t.api('/api/workspaces/ws_harbor/agents', { token: accessToken });
    expect(agents.status).toBe(200);
    expect(JSON.stringify(agents.body)).toContain('Iris Quinn');
    const missing = await t.api('/api/workspaces/ws_nowhere/offices', { token: accessToken });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ message: 'Workspace not found.' });
  });

  it('does not let /api/workspaces/:id shadow the editions and coaching category routes', async () => {
    const { accessToken } = await t.signIn('agent@harbor.test');
    expect((await t.api('/api/workspaces/editions', { token: accessToken })).status).toBe(200);
    expect(
      (await t.api('/api/workspaces/coaching-videos/category', { token: accessToken })).status,
    ).toBe(200);
  });
});

describe('role and workspace checks', () => {
  const operator: Principal = {
    sub: 'usr_1',
    username: 'agent@lakeside.test',
    role: 'operator',
    workspace: 'ws_lakeside',
    edition: 'enterprise',
    typ: 'access',
    sid: 'family_1',
    exp: 2_000_000_000,
  };

  it('refuses a role that is not in the allowed list with 403', () => {
    expect(() => assertRole(operator, ['owner', 'admin'])).toThrow(HttpError);
    try {
      assertRole(operator, ['owner', 'admin']);
    } catch (error) {
      expect((error as HttpError).statusCode).toBe(403);
    }
    expect(() => assertRole(operator, ['owner', 'admin', 'operator'])).not.toThrow();
  });

  it('lets only the system role past its own workspace', () => {
    expect(() => assertWorkspaceAccess(operator, 'ws_lakeside')).not.toThrow();
    expect(() => assertWorkspaceAccess(operator, 'ws_harbor')).toThrow(HttpError);
    const system: Principal = { ...operator, role: 'system', workspace: null, edition: null };
    expect(() => assertWorkspaceAccess(system, 'ws_harbor')).not.toThrow();
  });
});
