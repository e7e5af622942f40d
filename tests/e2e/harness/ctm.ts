import type { FakeCtm } from '../../fakes/ctm/fake-ctm-server';
import type { RunningServer } from './start-server';

/**
 * Connects a demo workspace to the fake CallTrackingMetrics (tests/fakes/ctm) as its owner
 * does (issue #32), then links a user's agent record to a CTM user, as Users administration
 * does. The server must have been started with `callTracking.ctm.baseUrl` = the fake's.
 */
export async function connectToFakeCtm(
  server: RunningServer,
  fake: FakeCtm,
  link: { owner: string; workspaceId: string; userId: string; ctmUserId: string },
): Promise<void> {
  const token = await server.signIn(link.owner);
  const send = async (path: string, body: unknown) => {
    const answer = await fetch(`${server.url}${path}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
    if (answer.status !== 200) {
      throw new Error(`PUT ${path}: ${answer.status} ${await answer.text()}`);
    }
  };
  await send(`/api/workspaces/${link.workspaceId}/call-tracking/connection`, {
    provider: 'ctm',
    accountId: fake.accountId,
    accessKey: fake.accessKey,
    secretKey: fake.secretKey,
  });
  await send(`/api/workspaces/${link.workspaceId}/users/${link.userId}/links`, {
    crmUserId: null,
    ctmUserId: link.ctmUserId,
  });
}

/** CTM's webhook URLs of a workspace on the server (what the owner pastes in CTM). */
export const ctmWebhookUrls = (server: RunningServer, workspaceId: string) => ({
  start: `${server.url}/api/ctm/webhooks/${workspaceId}/start`,
  end: `${server.url}/api/ctm/webhooks/${workspaceId}/end`,
});
