import { describe, expect, it } from 'vitest';
import type { RpcKind } from '@/shared/transport/port-protocol';
import type { TransportRequest } from '@/shared/transport/transport';
import {
  ACCESS_TOKEN,
  connect,
  contentSender,
  fakeBackground,
  popupSender,
  REFRESH_TOKEN,
  settle,
  state,
} from './fake-background';

/**
 * Issue #9 item 1: no message posted to any port ever contains an access or refresh
 * token. The fake server answers sign-in calls the way the real one does (with a token
 * pair), the fake host session carries the tokens beside the user, and a socket event and
 * a notice quote them: every message the router posts, of every kind, is scanned.
 */
function leakyBackground() {
  const background = fakeBackground({
    request: async (req: TransportRequest) => {
      if (/auth/i.test(req.path)) {
        return { data: { attributes: { AccessToken: ACCESS_TOKEN, RefreshToken: REFRESH_TOKEN } } };
      }
      // A server bug that echoes the Authorization header: the last guard must catch it.
      if (req.path.endsWith('/reports/echo')) return { data: { authorization: ACCESS_TOKEN } };
      return { data: req.path };
    },
  });
  // Whatever an older build or a bug left in widget storage is read back by pages too.
  void background.widgetStorage.set('k', `{"saved":"${REFRESH_TOKEN}"}`);
  return background;
}

/** One message of every RPC kind (the `satisfies` fails to compile when a kind is added). */
const EVERY_RPC: Record<RpcKind, (id: string) => object> = {
  request: (id) => ({ kind: 'request', id, request: { method: 'POST', path: 'auth/sessions' } }),
  'session:get': (id) => ({ kind: 'session:get', id }),
  'host-session:get': (id) => ({ kind: 'host-session:get', id }),
  'storage:get': (id) => ({ kind: 'storage:get', id, key: 'k' }),
  'storage:set': (id) => ({ kind: 'storage:set', id, key: 'k', value: 'v' }),
  'storage:remove': (id) => ({ kind: 'storage:remove', id, key: 'k' }),
  'storage:clear': (id) => ({ kind: 'storage:clear', id }),
  'auth:sign-in': (id) => ({ kind: 'auth:sign-in', id, username: 'olivia', password: 'pw' }),
  'auth:sign-out': (id) => ({ kind: 'auth:sign-out', id }),
} satisfies Record<RpcKind, (id: string) => object>;

const AUTH_REQUESTS = [
  { method: 'POST', path: 'auth/sessions' },
  { method: 'POST', path: 'auth' },
  { method: 'PATCH', path: 'auth' },
  { method: 'POST', path: 'AUTH/sessions' },
  { method: 'POST', path: '%61uth/sessions' },
  { method: 'POST', path: 'auth/sessions', base: 'callCenter' },
  { method: 'GET', path: `workspaces/${state.workspace?.id}/reports/echo` },
];

function expectNoToken(messages: unknown[]): void {
  expect(messages.length).toBeGreaterThan(0);
  for (const message of messages) {
    const text = JSON.stringify(message);
    expect(text).not.toContain(ACCESS_TOKEN);
    expect(text).not.toContain(REFRESH_TOKEN);
  }
}

describe('no message to any port carries a token', () => {
  it.each([
    // A content script's sign-in and sign-out are dropped unanswered (sender policy).
    ['a CRM page', contentSender, 2],
    ['the popup', popupSender, 0],
  ])('scans every message kind posted to %s', async (_name, sender, unanswered) => {
    const { router, emitSocket, changed } = leakyBackground();
    const port = connect(router, sender);
    port.send({ kind: 'subscribe', event: 'notification_center_message' });
    let next = 0;
    // storage:get first: it reads the stored token before storage:set overwrites it.
    for (const make of Object.values(EVERY_RPC)) port.send(make(`rpc-${next++}`));
    for (const request of AUTH_REQUESTS) {
      port.send({ kind: 'request', id: `req-${next++}`, request });
    }
    emitSocket('notification_center_message', { text: 'hello', token: REFRESH_TOKEN });
    emitSocket('notification_center_message', { text: 'plain' });
    router.broadcastNotice({ level: 'info', message: `Bearer ${ACCESS_TOKEN}` });
    router.broadcastNotice({ level: 'info', message: 'Reconnected.' });
    changed();
    await settle();

    const kinds = new Set(port.received.map((message) => message.kind));
    expect([...kinds].sort()).toEqual(['answer', 'event', 'notice', 'session-state']);
    expect(port.answers()).toHaveLength(next - unanswered);
    expectNoToken(port.received);
  });

  it('withholds a token-bearing answer with a clear error instead of dropping it silently', async () => {
    const { router } = leakyBackground();
    const popup = connect(router, popupSender);
    popup.send({ kind: 'storage:get', id: 'h', key: 'k' });
    expect((await popup.answer('h')).error?.message).toMatch(/withheld/);
  });
});
