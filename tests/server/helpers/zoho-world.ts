import { expect } from 'vitest';
import { crmAuthorizeResponseSchema } from '@/shared/contracts/crm-connection';
import { type FakeZohoAccounts, startFakeZohoAccounts } from '../../fakes/zoho/fake-zoho-accounts';
import { type FakeZohoCrm, startFakeZohoCrm } from '../../fakes/zoho/fake-zoho-crm';
import type { TestServer } from './test-server';

// Zoho in two data centres for the server's tests (issue #33 "the same for Zoho with the
// fake Zoho, in two data centres"): the fake Accounts and CRM servers of the EU and US,
// each accounts server naming its own CRM as the api_domain, and the owner's consent
// walked through at either of them.

export type ZohoDc = 'eu' | 'us';

export interface ZohoWorld {
  accounts: Record<ZohoDc, FakeZohoAccounts>;
  crm: Record<ZohoDc, FakeZohoCrm>;
  /** The server options that make the US accounts server the one consent starts at. */
  serverOptions(extra?: { outboxAutoSend?: boolean }): {
    clientId: string;
    clientSecret: string;
    accountsUrl: string;
    accountsServers: string[];
    outboxAutoSend?: boolean;
  };
  close(): Promise<void>;
}

export async function startZohoWorld(): Promise<ZohoWorld> {
  const [euAccounts, usAccounts, euCrm, usCrm] = await Promise.all([
    startFakeZohoAccounts('eu'),
    startFakeZohoAccounts('us'),
    startFakeZohoCrm({ location: 'eu' }),
    startFakeZohoCrm({ location: 'us' }),
  ]);
  euAccounts.apiDomain = euCrm.apiDomain;
  usAccounts.apiDomain = usCrm.apiDomain;
  const world: ZohoWorld = {
    accounts: { eu: euAccounts, us: usAccounts },
    crm: { eu: euCrm, us: usCrm },
    serverOptions: (extra = {}) => ({
      clientId: usAccounts.clientId,
      clientSecret: usAccounts.clientSecret,
      accountsUrl: usAccounts.url,
      accountsServers: [usAccounts.url, euAccounts.url],
      ...extra,
    }),
    close: async () => {
      await Promise.all([euAccounts.close(), usAccounts.close(), euCrm.close(), usCrm.close()]);
    },
  };
  return world;
}

/**
 * The owner connects the workspace to its Zoho organisation at `dc`: consent at that data
 * centre's accounts server, the callback page read, the fake CRM there told the tokens.
 */
export async function connectZohoAt(
  t: TestServer,
  world: ZohoWorld,
  options: { token: string; workspaceId: string; workspaceName: string; dc: ZohoDc },
): Promise<void> {
  const path = `/api/workspaces/${options.workspaceId}/crm/connection/authorize`;
  const asked = await t.api(path, { method: 'POST', token: options.token });
  const authorize = new URL(crmAuthorizeResponseSchema.parse(asked.body).data.url);
  const consent = await fetch(
    `${world.accounts[options.dc].url}/oauth/v2/auth${authorize.search}`,
    {
      redirect: 'manual',
    },
  );
  const landed = await fetch(consent.headers.get('location') ?? '');
  const page = await landed.text();
  expect(page).toContain(`${options.workspaceName} is connected to Zoho CRM`);
  // Back to where the owner connects it.
  expect(page).toContain('href="/app/settings/crm-connection"');
  world.crm[options.dc].acceptTokens(world.accounts[options.dc].accessTokens);
}
