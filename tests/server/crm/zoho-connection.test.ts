import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '@/shared/contracts/common';
import { microservicesResponseSchema } from '@/shared/contracts/microservices';
import {
  crmAuthorizeResponseSchema,
  crmConnectionResponseSchema,
} from '@/shared/contracts/crm-connection';
import { CrmReconnectNeeded } from '@/server/crm/crm-connections';
import { type FakeZohoAccounts, startFakeZohoAccounts } from '../../fakes/zoho/fake-zoho-accounts';
import { startTestServer, type TestServer } from '../helpers/test-server';

// Issue #33 "Zoho CRM": a workspace connects its Zoho CRM by OAuth 2.0, against fake Zoho
// Accounts servers of two data centres (tests/fakes/zoho) that follow Zoho's documented
// flow: the consent's redirect with code, location and accounts-server; the code exchanged
// at that data centre; refresh before expiry; a revoked grant; disconnecting.

const WORKSPACE = 'ws_lakeside';

describe('connecting Zoho CRM by OAuth (issue #33)', () => {
  let us: FakeZohoAccounts;
  let eu: FakeZohoAccounts;
  let t: TestServer;
  let owner: string;
  const connectionPath = `/api/workspaces/${WORKSPACE}/crm/connection`;

  beforeAll(async () => {
    [us, eu] = await Promise.all([startFakeZohoAccounts('us'), startFakeZohoAccounts('eu')]);
    t = await startTestServer({
      zoho: {
        clientId: us.clientId,
        clientSecret: us.clientSecret,
        accountsUrl: us.url,
        accountsServers: [us.url, eu.url],
      },
    });
    owner = (await t.signIn('owner@lakeside.test')).accessToken;
  });
  afterAll(async () => {
    await t?.close();
    await Promise.all([us?.close(), eu?.close()]);
  });

  const view = async () =>
    crmConnectionResponseSchema.parse((await t.api(connectionPath, { token: owner })).body).data;

  /** The owner asks to connect; the person approves at `dataCentre`; Zoho sends them back. */
  async function approveAt(dataCentre: FakeZohoAccounts) {
    const asked = await t.api(`${connectionPath}/authorize`, { method: 'POST', token: owner });
    expect(asked.status).toBe(200);
    const authorize = new URL(crmAuthorizeResponseSchema.parse(asked.body).data.url);
    expect(authorize.origin).toBe(us.url);
    // Zoho moves a person of another data centre to its own accounts server.
    const consent = await fetch(`${dataCentre.url}/oauth/v2/auth${authorize.search}`, {
      redirect: 'manual',
    });
    expect(consent.status).toBe(302);
    const callback = consent.headers.get('location') ?? '';
    expect(callback.startsWith(`${t.url}/api/oauth/zoho/callback?`)).toBe(true);
    return fetch(callback);
  }

  it('asks Zoho for offline access to the CRM with a signed state', async () => {
    const asked = await t.api(`${connectionPath}/authorize`, { method: 'POST', token: owner });
    const url = new URL(crmAuthorizeResponseSchema.parse(asked.body).data.url);
    expect(url.pathname).toBe('/oauth/v2/auth');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: us.clientId,
      response_type: 'code',
      access_type: 'offline',
      prompt: 'consent',
      redirect_uri: `${t.url}/api/oauth/zoho/callback`,
      scope: expect.stringContaining('ZohoCRM.modules.ALL'),
      state: expect.stringMatching(/^[\w-]+\.[\w-]+$/),
    });
  });

  it('connects an organisation of the EU data centre: the code is exchanged there, the tokens sealed', async () => {
    const landed = await approveAt(eu);
    expect(landed.status).toBe(200);
    expect(await landed.text()).toContain('Zoho CRM connected');
    expect(eu.requests.some((r) => r.path === '/oauth/v2/token')).toBe(true);
    expect(us.requests.some((r) => r.path === '/oauth/v2/token')).toBe(false);
    expect(await view()).toMatchObject({
      crm: 'zoho',
      vendor: 'zoho',
      available: true,
      connection: {
        location: 'eu',
        apiDomain: 'https://www.zohoapis.eu',
        status: 'ok',
        lastError: null,
      },
    });
    const [refresh] = [...eu.refreshTokens];
    const stored = await t.server.db
      .selectFrom('crm_connections')
      .selectAll()
      .executeTakeFirstOrThrow();
    expect(stored.refresh_sealed).toMatch(/^v1:/);
    expect(JSON.stringify(stored)).not.toContain(refresh);
    const database = ['intake.sqlite', 'intake.sqlite-wal']
      .map((f) => {
        try {
          return readFileSync(`${t.dataDir}/${f}`).toString('latin1');
        } catch {
          return '';
        }
      })
      .join('');
    expect(database).not.toContain(refresh);
    expect(JSON.stringify(await view())).not.toContain(refresh);
  });

  it('refreshes the access token at its data centre shortly before it expires', async () => {
    const connections = t.server.crmConnections;
    const first = await connections.accessToken(WORKSPACE);
    expect(eu.requests.filter((r) => r.form.grant_type === 'refresh_token')).toHaveLength(0);
    await t.server.db
      .updateTable('crm_connections')
      .set({ access_expires_at: new Date(Date.now() + 60_000).toISOString() })
      .execute();
    const renewed = await connections.accessToken(WORKSPACE);
    expect(renewed.token).not.toBe(first.token);
    expect(renewed.apiDomain).toBe('https://www.zohoapis.eu');
    expect(eu.requests.filter((r) => r.form.grant_type === 'refresh_token')).toHaveLength(1);
    // Kept: the next call needs no refresh.
    expect((await connections.accessToken(WORKSPACE)).token).toBe(renewed.token);
  });

  it('asks for reconnecting when Zoho ended the grant, and loses nothing else', async () => {
    eu.refreshTokens.clear();
    await t.server.db
      .updateTable('crm_connections')
      .set({ access_expires_at: new Date(Date.now() - 1).toISOString() })
      .execute();
    await expect(t.server.crmConnections.accessToken(WORKSPACE)).rejects.toBeInstanceOf(
      CrmReconnectNeeded,
    );
    expect((await view()).connection).toMatchObject({
      status: 'reconnect',
      lastError: 'Zoho ended the connection (invalid_code).',
    });
    const health = async () =>
      microservicesResponseSchema
        .parse(
          (
            await t.api('/api/system/microservices', {
              token: (await t.signIn('system@intake.test')).accessToken,
            })
          ).body,
        )
        .data.checks.find((c) => c.id === 'crm-connections');
    const system = (await t.signIn('system@intake.test')).accessToken;
    const listed = await t.api('/api/system/workspaces', { token: system });
    expect(JSON.stringify(listed.body)).toContain(
      'Zoho CRM ended the connection: the owner must connect it again.',
    );
    expect(await health()).toMatchObject({
      status: 'degraded',
      detail:
        '1 workspace connected to Zoho CRM; to connect again: Lakeside Law (Zoho ended the connection (invalid_code).).',
    });
    // Approving again makes it whole.
    expect((await approveAt(eu)).status).toBe(200);
    expect((await view()).connection?.status).toBe('ok');
    expect(await health()).toMatchObject({ status: 'ok' });
  });

  it('refuses a forged or altered state, a refused consent and a foreign accounts server, storing nothing', async () => {
    await t.api(connectionPath, { method: 'DELETE', token: owner });
    const callback = (query: Record<string, string>) =>
      fetch(`${t.url}/api/oauth/zoho/callback?${new URLSearchParams(query).toString()}`);
    const forged = await callback({ code: 'x', state: 'e30.AAAA' });
    expect(forged.status).toBe(400);
    expect(await forged.text()).toContain('The state was not issued by this server.');

    const asked = await t.api(`${connectionPath}/authorize`, { method: 'POST', token: owner });
    const state =
      new URL(crmAuthorizeResponseSchema.parse(asked.body).data.url).searchParams.get('state') ??
      '';
    const denied = await callback({ error: 'access_denied', state });
    expect(denied.status).toBe(400);
    expect(await denied.text()).toContain('Zoho CRM did not grant access (access_denied).');
    const foreign = await callback({ code: 'x', state, 'accounts-server': 'https://evil.test' });
    expect(foreign.status).toBe(400);
    expect(await foreign.text()).toContain('not one of its data centres');
    const used = await callback({ code: 'never-issued', state, 'accounts-server': us.url });
    expect(used.status).toBe(400);
    expect(await used.text()).toContain('Zoho refused the authorization (invalid_code)');
    expect((await view()).vendor).toBe('simulator');
  });

  it('revokes the grant at Zoho when disconnecting, and forgets it', async () => {
    expect((await approveAt(us)).status).toBe(200);
    const [refresh] = [...us.refreshTokens];
    const answer = await t.api(connectionPath, { method: 'DELETE', token: owner });
    expect(crmConnectionResponseSchema.parse(answer.body).data.vendor).toBe('simulator');
    expect(us.refreshTokens.has(refresh)).toBe(false);
    expect(await t.server.db.selectFrom('crm_connections').selectAll().execute()).toEqual([]);
  });

  it('lets only the owner and the system user connect; admins see the connection', async () => {
    const admin = (await t.signIn('admin@lakeside.test')).accessToken;
    expect((await t.api(connectionPath, { token: admin })).status).toBe(200);
    const refused = await t.api(`${connectionPath}/authorize`, { method: 'POST', token: admin });
    expect(refused.status).toBe(403);
  });
});

describe('Zoho CRM on a server without a Zoho client (issue #33)', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer();
  });
  afterAll(() => t?.close());

  it('says what the server needs instead of connecting', async () => {
    const owner = (await t.signIn('owner@lakeside.test')).accessToken;
    const view = await t.api(`/api/workspaces/${WORKSPACE}/crm/connection`, { token: owner });
    expect(crmConnectionResponseSchema.parse(view.body).data).toMatchObject({
      crm: 'zoho',
      vendor: 'simulator',
      available: false,
    });
    const asked = await t.api(`/api/workspaces/${WORKSPACE}/crm/connection/authorize`, {
      method: 'POST',
      token: owner,
    });
    expect(asked.status).toBe(409);
    expect(apiErrorSchema.parse(asked.body).message).toMatch(
      /ZOHO_CLIENT_ID and ZOHO_CLIENT_SECRET/,
    );
  });
});
