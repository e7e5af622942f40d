import { beforeEach, describe, expect, it } from 'vitest';
import { createApiClient } from '@/shared/api/client';
import { WORKSPACE_CHANGED_EVENT } from '@/shared/contracts/workspace';
import { encodeStored } from '@/shared/session/encoding';
import { createSessionService, createSessionTokenSource } from '@/shared/session/session-service';
import { createMemoryStorage } from '@/shared/storage/storage';
import { initialSessionState, useSessionStore } from '@/shared/stores/session-store';
import { CONNECTION_STATUS_EVENT } from '@/shared/transport/direct-transport';
import type { Transport, TransportRequest } from '@/shared/transport/transport';
import { makeWorkspace } from '../domain/fixtures';

// Issue #33: an agent signed in before the owner connected the workspace's Zoho CRM kept
// the workspace as it was at sign-in (call flows blocked by the spec's Zoho guard, record
// links at the old data centre) until they signed in again. The server now says
// "workspace:changed" to the workspace's room, and each session loads it again.

const user = {
  id: 'u1',
  picture: null,
  role: 'operator',
  username: 'agent@lakeside.test',
  workspace: 'ws_lakeside',
  language: 'en',
  timezone: 'America/Chicago',
  email: 'agent@lakeside.test',
  name: 'Avery Agent',
  personId: null,
  customerSuccessAccountId: null,
  calendarType: null,
  edition: 'enterprise',
  accessToken: 'a',
  refreshToken: 'r',
};

function fakeServer() {
  let workspace = makeWorkspace({ isZoho: true });
  const handlers = new Map<string, (payload: unknown) => void>();
  const requests: TransportRequest[] = [];
  const transport: Transport = {
    request: async (req) => {
      requests.push(req);
      if (req.path === 'workspaces/ws_lakeside') return { data: workspace };
      throw new Error(`no answer for ${req.path}`);
    },
    subscribe: (event, handler) => {
      handlers.set(event, handler as (payload: unknown) => void);
      return () => handlers.delete(event);
    },
  };
  return {
    transport,
    requests,
    connectCrm() {
      workspace = {
        ...workspace,
        attributes: {
          ...workspace.attributes,
          crmConnected: true,
          crmWebUrl: 'https://crm.zoho.eu',
        },
      };
    },
    emit: (event: string, payload: unknown) => handlers.get(event)?.(payload),
  };
}

async function signedInSession(server: ReturnType<typeof fakeServer>) {
  const storage = createMemoryStorage({ user: encodeStored(user), appVersion: '2.69.183' });
  const session = createSessionService({
    api: createApiClient(server.transport, () => {}),
    storage,
    tokenSource: createSessionTokenSource(storage),
    appVersion: '2.69.183',
    currentPath: () => '/app',
    connection: server.transport,
  });
  await session.restore();
  return session;
}

const workspaceReads = (server: ReturnType<typeof fakeServer>) =>
  server.requests.filter((req) => req.path === 'workspaces/ws_lakeside').length;

describe('a workspace changed on the server (issue #33)', () => {
  beforeEach(() => useSessionStore.setState(initialSessionState));

  it('is loaded again by the signed-in session of that workspace', async () => {
    const server = fakeServer();
    await signedInSession(server);
    expect(useSessionStore.getState().workspace?.attributes.crmConnected).toBeFalsy();

    server.connectCrm();
    server.emit(WORKSPACE_CHANGED_EVENT, { workspaceId: 'ws_lakeside' });
    await expect
      .poll(() => useSessionStore.getState().workspace?.attributes.crmConnected)
      .toBe(true);
    expect(useSessionStore.getState().workspace?.attributes.crmWebUrl).toBe('https://crm.zoho.eu');
  });

  it('is ignored for another workspace, a malformed event, or nobody signed in', async () => {
    const server = fakeServer();
    await signedInSession(server);
    const before = workspaceReads(server);
    server.emit(WORKSPACE_CHANGED_EVENT, { workspaceId: 'ws_harbor' });
    server.emit(WORKSPACE_CHANGED_EVENT, { nope: true });
    server.emit(WORKSPACE_CHANGED_EVENT, null);
    useSessionStore.setState({ ...initialSessionState, status: 'signed-out' });
    server.emit(WORKSPACE_CHANGED_EVENT, { workspaceId: 'ws_lakeside' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(workspaceReads(server)).toBe(before);
  });

  it('is loaded again when the socket reconnects: a change said while it was down is not missed', async () => {
    const server = fakeServer();
    await signedInSession(server);
    const before = workspaceReads(server);
    // The first connect follows the load at sign-in: nothing to load again.
    server.emit(CONNECTION_STATUS_EVENT, 'connected');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(workspaceReads(server)).toBe(before);

    // The server restarts; the owner connected Zoho meanwhile, and the event went nowhere.
    server.emit(CONNECTION_STATUS_EVENT, 'disconnected');
    server.connectCrm();
    server.emit(CONNECTION_STATUS_EVENT, 'connected');
    await expect
      .poll(() => useSessionStore.getState().workspace?.attributes.crmConnected)
      .toBe(true);
    expect(workspaceReads(server)).toBe(before + 1);
  });
});
