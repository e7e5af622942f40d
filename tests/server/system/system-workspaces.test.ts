import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxListResponseSchema } from '@/shared/contracts/call-flow-api';
import { apiErrorSchema, itemResponseSchema, listResponseSchema } from '@/shared/contracts/common';
import { leadSourceSchema, officeSchema } from '@/shared/contracts/lookups';
import {
  systemWorkspaceListResponseSchema,
  systemWorkspaceResponseSchema,
  wizardDraftResponseSchema,
  type SystemWorkspace,
} from '@/shared/contracts/system-workspaces';
import { workspaceUserResponseSchema } from '@/shared/contracts/users-administration';
import { workspaceSchema } from '@/shared/contracts/workspace';
import { startTestServer, type TestServer } from '../helpers/test-server';

// System > Workspaces and the workspace wizard (issue #16): system-only endpoints on the
// real server with a fresh database. docs/system-workspaces.md has the table.

const workspaceItem = itemResponseSchema(workspaceSchema);

const NEW_WORKSPACE = {
  name: 'Prairie Immigration',
  timezone: 'America/Denver',
  edition: 'professional',
  crm: { kind: 'zoho', zohoOrgId: '700000999' },
  callTracking: { enabled: true, account: '771122' },
};

describe('system workspaces', () => {
  let t: TestServer;
  let system: string;

  beforeAll(async () => {
    const plenty = { max: 1000, windowMs: 60_000 };
    t = await startTestServer({
      loginRateLimit: plenty,
      loginBudgets: { perAddress: plenty, perAccount: plenty },
    });
    system = (await t.signIn('system@intake.test')).accessToken;
  });
  afterAll(() => t.close());

  const bearer = async (username: string) => (await t.signIn(username)).accessToken;
  const message = (body: unknown) => apiErrorSchema.parse(body).message;

  async function list(): Promise<SystemWorkspace[]> {
    const answer = await t.api('/api/system/workspaces', { token: system });
    expect(answer.status).toBe(200);
    return systemWorkspaceListResponseSchema.parse(answer.body).data;
  }

  const patch = (id: string, body: unknown, token = system) =>
    t.api(`/api/workspaces/${id}`, { method: 'PATCH', token, body });

  describe('GET system/workspaces', () => {
    it('lists every workspace with its edition, CRM and organisation, modules, vendors and health', async () => {
      const rows = await list();
      expect(rows.map((r) => r.workspace.id).sort()).toEqual([
        'ws_harbor',
        'ws_lakeside',
        'ws_summit',
      ]);
      const byId = new Map(rows.map((r) => [r.workspace.id, r]));
      const lakeside = byId.get('ws_lakeside')!;
      expect(lakeside.crm).toBe('zoho');
      expect(lakeside.workspace.attributes.edition).toBe('enterprise');
      expect(lakeside.workspace.attributes.settings.zohoOrgId).toBe('700000123');
      expect(lakeside.workspace.attributes.settings.cockpit.modules.cashFlow).toBe(true);
      expect(lakeside.workspace.attributes.vendors.quickBooks).toBe(true);
      expect(lakeside.health.crmOrganization).toBe('reachable');
      expect(lakeside.health.users).toBeGreaterThanOrEqual(4);
      expect(lakeside.health.activeOwners).toBe(1);
      expect(lakeside.health.lastRecordAt).not.toBeNull();
      expect(byId.get('ws_harbor')!.crm).toBe('keap');
      const summit = byId.get('ws_summit')!;
      expect(summit.crm).toBe('none');
      expect(summit.health.crmOrganization).toBe('none');
      // Summit has an inactive user: counted, not active.
      expect(summit.health.activeUsers).toBeLessThan(summit.health.users);
    });

    it('counts the open sessions of a workspace', async () => {
      const before = (await list()).find((r) => r.workspace.id === 'ws_harbor')!.health;
      await t.signIn('owner@harbor.test');
      const after = (await list()).find((r) => r.workspace.id === 'ws_harbor')!.health;
      expect(after.activeSessions).toBe(before.activeSessions + 1);
    });

    it('answers one workspace, and 404 for one that does not exist', async () => {
      const answer = await t.api('/api/system/workspaces/ws_summit', { token: system });
      expect(answer.status).toBe(200);
      expect(systemWorkspaceResponseSchema.parse(answer.body).data.workspace.id).toBe('ws_summit');
      expect((await t.api('/api/system/workspaces/ws_nope', { token: system })).status).toBe(404);
    });
  });

  describe('role checks', () => {
    it('every other role gets 403 on every read and write; no token is 401', async () => {
      for (const username of [
        'owner@lakeside.test',
        'admin@lakeside.test',
        'agent@lakeside.test',
        'consultant@lakeside.test',
      ]) {
        const token = await bearer(username);
        const calls: [string, string, unknown][] = [
          ['GET', '/api/system/workspaces', undefined],
          ['GET', '/api/system/workspaces/ws_lakeside', undefined],
          ['PATCH', '/api/workspaces/ws_lakeside', { edition: 'starter' }],
          ['POST', '/api/workspaces', { ...NEW_WORKSPACE, name: `By ${username}` }],
          ['GET', '/api/system/workspace-wizard', undefined],
          ['PUT', '/api/system/workspace-wizard', { step: 'name', values: {}, workspaceId: null }],
          ['DELETE', '/api/system/workspace-wizard', undefined],
        ];
        for (const [method, path, body] of calls) {
          const answer = await t.api(path, { method, token, body });
          expect(answer.status, `${username} ${method} ${path}`).toBe(403);
        }
      }
      // An owner of another workspace: 403 as well (workspace scope before role).
      const harbor = await bearer('owner@harbor.test');
      expect((await patch('ws_lakeside', { edition: 'starter' }, harbor)).status).toBe(403);
      expect((await t.api('/api/system/workspaces')).status).toBe(401);
      expect((await t.api('/api/workspaces', { method: 'POST', body: NEW_WORKSPACE })).status).toBe(
        401,
      );
      // Nothing changed.
      const lakeside = (await list()).find((r) => r.workspace.id === 'ws_lakeside')!;
      expect(lakeside.workspace.attributes.edition).toBe('enterprise');
    });
  });

  describe('PATCH workspaces/{id}', () => {
    it('changes the cockpit modules, call tracking, accounting vendor and edition', async () => {
      const answer = await patch('ws_summit', {
        edition: 'professional',
        cockpit: {
          enabled: true,
          modules: { salesPerformance: true, communications: true, cashFlow: false },
        },
        callTracking: { enabled: true, account: '123456' },
        quickBooks: true,
      });
      expect(answer.status).toBe(200);
      const saved = workspaceItem.parse(answer.body).data.attributes;
      expect(saved.edition).toBe('professional');
      expect(saved.settings.cockpit.modules.salesPerformance).toBe(true);
      expect(saved.settings.ctm).toBe(true);
      expect(saved.vendors.callTrackingMetrics.account).toBe('123456');
      expect(saved.vendors.quickBooks).toBe(true);
      // What every other reader sees: GET workspaces/{id} for the workspace's own owner.
      const owner = await bearer('owner@summit.test');
      const own = workspaceItem.parse(
        (await t.api('/api/workspaces/ws_summit', { token: owner })).body,
      ).data.attributes;
      expect(own.settings.ctm).toBe(true);
      expect(own.settings.cockpit.enabled).toBe(true);
      // The connected account comes with its (simulated) call-tracking users to link.
      const ctmUsers = await t.api('/api/workspaces/ws_summit/voip/providers/ctm/users', {
        token: owner,
      });
      expect(ctmUsers.status).toBe(200);
      expect((ctmUsers.body as { data: unknown[] }).data.length).toBeGreaterThan(0);
    });

    it('switching the CRM keeps only the new CRM organisation', async () => {
      const answer = await patch('ws_harbor', { crm: { kind: 'zoho', zohoOrgId: '800000001' } });
      expect(answer.status).toBe(200);
      const settings = workspaceItem.parse(answer.body).data.attributes.settings;
      expect(settings).toMatchObject({
        zoho: true,
        zohoOrgId: '800000001',
        ifsOrgId: null,
        ifsOrgHost: null,
      });
      const back = await patch('ws_harbor', {
        crm: { kind: 'keap', ifsOrgId: 'hb417', ifsOrgHost: 'https://HB417.infusionsoft.com/' },
      });
      const restored = workspaceItem.parse(back.body).data.attributes;
      expect(restored.isZoho).toBe(false);
      expect(restored.settings).toMatchObject({
        zoho: false,
        zohoOrgId: null,
        ifsOrgId: 'hb417',
        ifsOrgHost: 'https://hb417.infusionsoft.com',
      });
    });

    it('answers bad settings with 400 naming the field, and changes nothing', async () => {
      const cases: [unknown, string][] = [
        [{}, 'at least one setting'],
        [{ edition: 'platinum' }, 'edition'],
        [{ timezone: 'Mars/Olympus' }, 'timezone'],
        [{ name: '   ' }, 'name'],
        [{ callTracking: { enabled: true, account: null } }, 'callTracking.account'],
        [{ crm: { kind: 'zoho', zohoOrgId: 'abc' } }, 'crm.zohoOrgId'],
        [{ crm: { kind: 'keap', ifsOrgId: 'hb417', ifsOrgHost: 'http://x' } }, 'crm.ifsOrgHost'],
        [{ unknownSetting: true }, 'unknownSetting'],
        ['"not an object"', 'body'],
      ];
      for (const [body, field] of cases) {
        const answer = await patch('ws_lakeside', body);
        expect(answer.status, JSON.stringify(body)).toBe(400);
        expect(message(answer.body), JSON.stringify(body)).toContain(field);
      }
      expect((await patch('ws_lakeside', { name: 'Harbor Legal' })).status).toBe(409);
      expect((await patch('ws_nope', { edition: 'starter' })).status).toBe(404);
      const lakeside = (await list()).find((r) => r.workspace.id === 'ws_lakeside')!;
      expect(lakeside.workspace.attributes.name).toBe('Lakeside Law');
    });
  });

  describe('POST workspaces and the first owner', () => {
    it('creates a workspace with empty lookups, invites its owner into the outbox, and lists it', async () => {
      const answer = await t.api('/api/workspaces', {
        method: 'POST',
        token: system,
        body: NEW_WORKSPACE,
      });
      expect(answer.status).toBe(201);
      const created = workspaceItem.parse(answer.body).data;
      expect(created.attributes).toMatchObject({
        name: 'Prairie Immigration',
        timezone: 'America/Denver',
        edition: 'professional',
        isZoho: true,
        offices: [],
      });
      expect(created.attributes.settings.cockpit.enabled).toBe(false);
      expect(created.attributes.vendors.callTrackingMetrics.account).toBe('771122');

      for (const [path, item] of [
        [`/api/workspaces/${created.id}/leadSources`, leadSourceSchema],
        [`/api/workspaces/${created.id}/offices`, officeSchema],
      ] as const) {
        const lookup = await t.api(path, { token: system });
        expect(lookup.status, path).toBe(200);
        expect(listResponseSchema(item).parse(lookup.body).data).toEqual([]);
      }

      // The first owner, through the existing POST users.
      const invite = await t.api('/api/users', {
        method: 'POST',
        token: system,
        body: {
          workspaceId: created.id,
          email: 'dana@prairie.test',
          firstName: 'Dana',
          lastName: 'Ortiz',
          role: 'owner',
        },
      });
      expect(invite.status).toBe(201);
      expect(workspaceUserResponseSchema.parse(invite.body).data.pending).toBe(true);
      const outbox = await t.api(`/call-center/service-processes/outbox?workspace=${created.id}`, {
        token: system,
      });
      const mail = outboxListResponseSchema.parse(outbox.body).data[0];
      expect(mail.to).toEqual(['dana@prairie.test']);
      expect(mail.subject).toBe('You are invited to Prairie Immigration on Intake Cockpit');

      const row = (await list()).find((r) => r.workspace.id === created.id)!;
      expect(row.crm).toBe('zoho');
      expect(row.health).toMatchObject({
        status: 'attention',
        users: 1,
        pendingInvitations: 1,
        activeOwners: 0,
        lastRecordAt: null,
        crmOrganization: 'reachable',
      });
      expect(row.health.problems).toContain('The owner has not accepted the invitation yet.');

      // The owner accepts from the outbox link, signs in to the new workspace, and finds
      // the call-tracking users of its connected account to link agents to.
      expect(mail.textBody).toMatch(/\/login\/[A-Za-z0-9_-]{43}\/invite/);
      const token = /\/login\/([A-Za-z0-9_-]{43})\/invite/.exec(mail.textBody)?.[1];
      const accepted = await t.api('/api/users/password/confirm', {
        method: 'POST',
        body: { token, password: 'a long enough secret' },
      });
      expect(accepted.status).toBe(200);
      const owner = await t.signIn('dana@prairie.test', 'a long enough secret');
      const own = await t.api(`/api/workspaces/${created.id}`, { token: owner.accessToken });
      expect(workspaceItem.parse(own.body).data.attributes.name).toBe('Prairie Immigration');
      const ctmUsers = await t.api(`/api/workspaces/${created.id}/voip/providers/ctm/users`, {
        token: owner.accessToken,
      });
      expect((ctmUsers.body as { data: unknown[] }).data).toHaveLength(4);
      const healthy = (await list()).find((r) => r.workspace.id === created.id)!;
      expect(healthy.health).toMatchObject({ status: 'healthy', activeOwners: 1, problems: [] });
      expect(healthy.health.activeSessions).toBe(1);
    });

    it('refuses a second workspace of the same name (409) and bad bodies (400)', async () => {
      const again = await t.api('/api/workspaces', {
        method: 'POST',
        token: system,
        body: { ...NEW_WORKSPACE, name: ' prairie immigration ' },
      });
      expect(again.status).toBe(409);
      expect(message(again.body)).toContain('already exists');
      const cases: [unknown, string][] = [
        [{ ...NEW_WORKSPACE, name: undefined }, 'name'],
        [{ ...NEW_WORKSPACE, name: 'X1', timezone: 'Nowhere' }, 'timezone'],
        [{ ...NEW_WORKSPACE, name: 'X2', crm: { kind: 'salesforce' } }, 'crm'],
        [{ ...NEW_WORKSPACE, name: 'X3', callTracking: { enabled: true, account: '' } }, 'account'],
      ];
      for (const [body, field] of cases) {
        const answer = await t.api('/api/workspaces', { method: 'POST', token: system, body });
        expect(answer.status, JSON.stringify(body)).toBe(400);
        expect(message(answer.body)).toContain(field);
      }
    });
  });

  describe('the wizard draft (system/workspace-wizard)', () => {
    const wizard = (method: string, token: string, body?: unknown) =>
      t.api('/api/system/workspace-wizard', { method, token, body });

    it('is empty at first, saved after a step, and resumed by another session of the same user', async () => {
      const first = await t.signIn('system@intake.test');
      const empty = await wizard('GET', first.accessToken);
      expect(wizardDraftResponseSchema.parse(empty.body).data).toBeNull();

      const saved = await wizard('PUT', first.accessToken, {
        step: 'edition',
        values: { name: 'Delta Law', timezone: 'America/Chicago' },
        workspaceId: null,
      });
      expect(saved.status).toBe(200);
      expect(wizardDraftResponseSchema.parse(saved.body).data?.step).toBe('edition');

      // Signing out does not lose it; another machine's sign-in reads it back.
      expect(
        (
          await t.api('/api/auth/revoke', {
            method: 'POST',
            body: { token: first.refreshToken },
          })
        ).status,
      ).toBe(204);
      const second = await t.signIn('system@intake.test');
      const resumed = wizardDraftResponseSchema.parse(
        (await wizard('GET', second.accessToken)).body,
      ).data;
      expect(resumed).toMatchObject({
        step: 'edition',
        values: { name: 'Delta Law', timezone: 'America/Chicago' },
        workspaceId: null,
      });

      // Start over.
      expect((await wizard('DELETE', second.accessToken)).status).toBe(200);
      expect(
        wizardDraftResponseSchema.parse((await wizard('GET', second.accessToken)).body).data,
      ).toBeNull();
    });

    it('checks every saved value with its step contract (400), and a created workspace must exist (404)', async () => {
      const cases: [unknown, string][] = [
        [{ step: 'nowhere', values: {}, workspaceId: null }, 'step'],
        [{ step: 'edition', values: { timezone: 'Mars/Olympus' }, workspaceId: null }, 'timezone'],
        [{ step: 'owner', values: { owner: { email: 'nope' } }, workspaceId: null }, 'owner'],
        [{ step: 'name', values: { extra: 1 }, workspaceId: null }, 'extra'],
        [{ step: 'name', values: {} }, 'workspaceId'],
      ];
      for (const [body, field] of cases) {
        const answer = await wizard('PUT', system, body);
        expect(answer.status, JSON.stringify(body)).toBe(400);
        expect(message(answer.body)).toContain(field);
      }
      const gone = await wizard('PUT', system, {
        step: 'review',
        values: {},
        workspaceId: 'ws_gone',
      });
      expect(gone.status).toBe(404);
    });

    it('drops a stored draft that no longer reads (broken text) instead of answering 500', async () => {
      const saved = await wizard('PUT', system, {
        step: 'timezone',
        values: { name: 'Echo Law' },
        workspaceId: null,
      });
      expect(saved.status).toBe(200);
      await t.server.db
        .updateTable('workspace_wizard_drafts')
        .set({ draft: '{not json' })
        .execute();
      const answer = await wizard('GET', system);
      expect(answer.status).toBe(200);
      expect(wizardDraftResponseSchema.parse(answer.body).data).toBeNull();
      await wizard('DELETE', system);
    });
  });
});
