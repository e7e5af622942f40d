import { describe, expect, it } from 'vitest';
import type { RpcKind } from '@/shared/transport/port-protocol';
import type { TransportRequest } from '@/shared/transport/transport';
import {
  ACCESS_TOKEN,
  connect,
  contentSender,
  fakeBackground,
  notification,
  notificationServer,
  popupSender,
  REFRESH_TOKEN,
  settle,
  state,
} from './fake-background';

/**
 * Issue #9 item 1: no message posted to any port ever contains an access or refresh
 * token. The fake server answers sign-in calls the way the real one does (with a token
 * pair), the fake host session carries the tokens beside the user, a socket event, a
 * notice and a notification (issue #12: the live snapshot) quote them: every message the
 * router posts, of every kind, is scanned.
 */
function leakyBackground() {
  const server = notificationServer([
    notification('n1'),
    // A server bug that puts a token into a notification: its snapshot must not leave.
    notification('n2', { description: `Your token is ${ACCESS_TOKEN}` }),
  ]);
  const background = fakeBackground({
    live: true,
    request: async (req: TransportRequest) => {
      if (req.path.includes('/notifications')) return server.request(req);
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

const OUTBOUND_CALL = {
  id: 'c1',
  workspaceId: 'w1',
  sid: null,
  direction: 'outbound',
  status: 'in-progress',
  fromNumber: '+15550100000',
  toNumber: '+15550102000',
  agentCtmUserId: 'ctm-1',
  agentId: null,
  trackingNumber: '+15550100000',
  campaign: null,
  leadSource: null,
  leadName: 'Jane',
  startedAt: '2026-01-05T15:00:00.000Z',
  connected: true,
  connectedAt: '2026-01-05T15:00:00.000Z',
  endedAt: null,
  duration: null,
  endedBy: null,
  takenAt: null,
};

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
  'live:get': (id) => ({ kind: 'live:get', id }),
  'live:mark-read': (id) => ({ kind: 'live:mark-read', id, ids: ['n1'] }),
  'live:mark-all-read': (id) => ({ kind: 'live:mark-all-read', id }),
  'call:get': (id) => ({ kind: 'call:get', id }),
  'call:claim': (id) => ({ kind: 'call:claim', id, callId: 'c1' }),
  'call:outbound': (id) => ({ kind: 'call:outbound', id, call: OUTBOUND_CALL, leadName: 'Jane' }),
  'call:hang-up': (id) => ({ kind: 'call:hang-up', id, callId: 'c1' }),
  'call:reset': (id) => ({ kind: 'call:reset', id }),
  'call:take-waiting': (id) => ({ kind: 'call:take-waiting', id, callId: 'call_1' }),
  'call:leave-waiting': (id) => ({ kind: 'call:leave-waiting', id, callId: 'call_1' }),
  'call:wizard-moved': (id) => ({
    kind: 'call:wizard-moved',
    id,
    callId: 'c1',
    executionId: 'e1',
    stepId: 's1',
  }),
  'call:flow-get': (id) => ({ kind: 'call:flow-get', id, key: 'k' }),
  'call:flow-set': (id) => ({ kind: 'call:flow-set', id, key: 'k', value: REFRESH_TOKEN }),
  'call:flow-remove': (id) => ({ kind: 'call:flow-remove', id, key: 'k' }),
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
    // The first live snapshot (before the list) is clean and goes out; once the list holds
    // the token-bearing notification, every snapshot is withheld.
    await settle();
    port.send({ kind: 'subscribe', event: 'notification_center_message' });
    port.send({ kind: 'live:visibility', visible: false });
    port.send({ kind: 'live:reload' });
    let next = 0;
    // storage:get first: it reads the stored token before storage:set overwrites it.
    for (const make of Object.values(EVERY_RPC)) port.send(make(`rpc-${next++}`));
    for (const request of AUTH_REQUESTS) {
      port.send({ kind: 'request', id: `req-${next++}`, request });
    }
    emitSocket('notification_center_message', { text: 'hello', token: REFRESH_TOKEN });
    emitSocket('notification_center_message', { text: 'plain' });
    emitSocket(
      'notification_center_message',
      notification('n3', { title: `Bearer ${REFRESH_TOKEN}`.slice(0, 200) }),
    );
    router.broadcastNotice({ level: 'info', message: `Bearer ${ACCESS_TOKEN}` });
    router.broadcastNotice({ level: 'info', message: 'Reconnected.' });
    changed();
    await settle();

    const kinds = new Set(port.received.map((message) => message.kind));
    expect([...kinds].sort()).toEqual([
      'answer',
      'call-state',
      'event',
      'live-state',
      'notice',
      'session-state',
    ]);
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
