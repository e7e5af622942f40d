import { describe, expect, it, vi } from 'vitest';
import { createAppCallSession, type CallScope } from '@/app/calls/app-call-session';
import { appCanShowCallFlow, createAppCalls } from '@/app/calls/app-calls';
import { followOfferedCalls, listenForOwnIncomingCalls } from '@/app/calls/incoming-calls';
import {
  type CallRpc,
  createRemoteCallSession,
  type RemoteCalls,
} from '@/shared/calls/remote-call-session';
import { decodeIncomingCall, INCOMING_CALL_PARAM } from '@/app/calls/incoming-call';
import type { ActiveCall } from '@/shared/contracts/active-call';
import { type CallSnapshot, NO_CALL_SNAPSHOT } from '@/shared/contracts/call-session';
import { IDLE_LIVE_SNAPSHOT, type LiveFeed } from '@/shared/live/live-feed';
import { makeUser, makeWorkspace } from '../../shared/domain/fixtures';
import { deferred, fakeApi, type FakeApi, fakeSocket } from '../fake-api';
import { WORKSPACE_ID } from './click-to-call/click-to-call-kit';

// issue #13 Incoming calls in the standalone app: from its OWN socket (spec 4 Sockets
// incomingCalls::{userId}) it takes the call and opens /app/automated-intake?incomingCall=…
// once; with the EXTENSION's feed it only claims what the background offers it. Never both.

const AGENT: CallScope = { userId: 'u_agent', workspaceId: WORKSPACE_ID };
const EVENT = `incomingCalls::${AGENT.userId}`;

function incoming(callId = 'call_in_1', statusCode = 200) {
  return {
    statusCode,
    data: {
      leadName: 'Dana Reyes',
      phone: '+15125550147',
      callId,
      direction: 'inbound',
      trackingNumber: '+13125550100',
    },
  };
}

function trackingApi(answer?: () => unknown) {
  return fakeApi({
    'ctm/tracking-info/%2B13125550100':
      answer ??
      (() => ({
        data: {
          trackingNumber: '+13125550100',
          label: 'Google Ads',
          campaign: { id: 'c_1', name: 'Google Ads' },
          leadSource: { id: 'ls_1', name: 'Search' },
        },
      })),
  });
}

function ownSetup(api: FakeApi = trackingApi()) {
  window.sessionStorage.clear();
  const socket = fakeSocket(api);
  const calls = createAppCallSession({
    api: socket.client,
    store: window.sessionStorage,
    scope: () => AGENT,
  });
  const navigate = vi.fn<(path: string) => void>();
  const stop = listenForOwnIncomingCalls({ api: socket.client, calls, scope: AGENT, navigate });
  return { api, socket, calls, navigate, stop };
}

function openedCall(path: string) {
  expect(path.startsWith('/app/automated-intake?')).toBe(true);
  const encoded = new URLSearchParams(path.split('?')[1]).get(INCOMING_CALL_PARAM)!;
  const decoded = decodeIncomingCall(encoded);
  if (!decoded.ok) throw new Error(decoded.message);
  return decoded.payload;
}

describe('incoming calls on the app’s own socket (spec 4 Sockets)', () => {
  it('takes the call with its tracking info and opens the automated intake once', async () => {
    const { api, socket, calls, navigate } = ownSetup();
    socket.emit(EVENT, incoming());
    await vi.waitFor(() => expect(navigate).toHaveBeenCalledTimes(1));
    expect(openedCall(navigate.mock.calls[0][0])).toEqual({
      leadName: 'Dana Reyes',
      phone: '+15125550147',
      // issue #28: the intake knows its call (a walk-in has none).
      callId: 'call_in_1',
    });
    expect(calls.get().call).toMatchObject({
      callId: 'call_in_1',
      direction: 'inbound',
      campaign: { name: 'Google Ads' },
      leadSource: { name: 'Search' },
    });
    expect(api.calls('ctm/tracking-info/%2B13125550100')[0].query).toMatchObject({
      title: 'Dana Reyes',
    });

    // The same event again (a redelivery): the call is already held, nothing reopens.
    socket.emit(EVENT, incoming());
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(navigate).toHaveBeenCalledTimes(1);
  });

  it('opens it once when the event arrives twice while the tracking info loads', async () => {
    const info = deferred<unknown>();
    const { socket, navigate } = ownSetup(trackingApi(() => info.promise));
    socket.emit(EVENT, incoming());
    socket.emit(EVENT, incoming());
    info.resolve({
      data: { trackingNumber: '+13125550100', label: null, campaign: null, leadSource: null },
    });
    await vi.waitFor(() => expect(navigate).toHaveBeenCalledTimes(1));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(navigate).toHaveBeenCalledTimes(1);
  });

  it('takes the call without tracking info when the lookup fails, and says nothing of it', async () => {
    const { api, socket, calls, navigate } = ownSetup(trackingApi(() => ({ fail: 500 })));
    socket.emit(EVENT, incoming());
    await vi.waitFor(() => expect(navigate).toHaveBeenCalledTimes(1));
    expect(calls.get().call).toMatchObject({ campaign: null, leadSource: null });
    expect(api.notify).not.toHaveBeenCalled();
  });

  it('ignores an event whose statusCode is not 200; a second call while one is live waits', async () => {
    const { socket, calls, navigate } = ownSetup();
    socket.emit(EVENT, incoming('call_x', 500));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(navigate).not.toHaveBeenCalled();

    socket.emit(EVENT, incoming('call_in_1'));
    await vi.waitFor(() => expect(navigate).toHaveBeenCalledTimes(1));
    socket.emit(EVENT, incoming('call_in_2'));
    // issue #28: never dropped: it waits beside the live call, which stays on screen.
    await vi.waitFor(() => expect(calls.get().waiting?.call.callId).toBe('call_in_2'));
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(calls.get().call?.callId).toBe('call_in_1');
    // Delivered again (a socket redelivery): still one waiting call.
    socket.emit(EVENT, incoming('call_in_2'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(calls.get().waiting?.call.callId).toBe('call_in_2');
  });

  it('taking the waiting call ends the live one at the provider and opens the new intake', async () => {
    const { api, socket, calls, navigate } = ownSetup();
    socket.emit(EVENT, incoming('call_in_1'));
    await vi.waitFor(() => expect(navigate).toHaveBeenCalledTimes(1));
    socket.emit(EVENT, incoming('call_in_2'));
    await vi.waitFor(() => expect(calls.get().waiting).not.toBeNull());
    await calls.takeWaiting();
    expect(api.calls('ctm/calls/call_in_1/hangup')).toHaveLength(1);
    expect(calls.get().waiting).toBeNull();
    expect(calls.get().call).toMatchObject({ callId: 'call_in_2', endedAt: null });
  });

  it('leaving the waiting call forgets it; it is not offered again while it rings', async () => {
    const { socket, calls, navigate } = ownSetup();
    socket.emit(EVENT, incoming('call_in_1'));
    await vi.waitFor(() => expect(navigate).toHaveBeenCalledTimes(1));
    socket.emit(EVENT, incoming('call_in_2'));
    await vi.waitFor(() => expect(calls.get().waiting).not.toBeNull());
    calls.leaveWaiting();
    expect(calls.get().waiting).toBeNull();
    socket.emit(EVENT, incoming('call_in_2'));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(calls.get().waiting).toBeNull();
    expect(calls.get().call?.callId).toBe('call_in_1');
  });

  it('stops listening when stopped', () => {
    const { socket, stop } = ownSetup();
    expect(socket.listening(EVENT)).toBe(1);
    stop();
    expect(socket.listening(EVENT)).toBe(0);
  });
});

// ---------------------------------------------------------------- the extension's port

const LIVE_CALL: ActiveCall = {
  userId: AGENT.userId,
  workspaceId: WORKSPACE_ID,
  callId: 'call_bg_1',
  direction: 'inbound',
  connected: false,
  serverConnected: false,
  trackingNumber: '+13125550100',
  campaign: null,
  leadSource: null,
  callData: { leadName: 'Sam Ortiz', phone: '+13125550188' },
  process: null,
  callStart: '2026-11-23T15:00:00.000Z',
  endedAt: null,
  endedBy: null,
  sid: null,
  duration: null,
  wizard: null,
};

/** The app's live port as the background serves it: call-state pushes and call:* answers. */
function fakePort(claimAnswer = true) {
  const listeners = new Set<(snapshot: CallSnapshot) => void>();
  let state: CallSnapshot | null = null;
  const sent: CallRpc[] = [];
  const port: RemoteCalls = {
    async call(message) {
      sent.push(message);
      if (message.kind === 'call:claim') return claimAnswer;
      return state;
    },
    callState: () => state,
    onCallState(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
  return {
    port,
    sent,
    push(snapshot: CallSnapshot) {
      state = snapshot;
      for (const listener of [...listeners]) listener(snapshot);
    },
  };
}

describe('incoming calls through the extension’s port (the background decides the place)', () => {
  it('claims a live call offered to the app and opens the automated intake, once', async () => {
    const fake = fakePort(true);
    const navigate = vi.fn<(path: string) => void>();
    followOfferedCalls({ calls: createRemoteCallSession(fake.port), navigate });
    fake.push({ ...NO_CALL_SNAPSHOT, call: LIVE_CALL, offered: true });
    await vi.waitFor(() => expect(navigate).toHaveBeenCalledTimes(1));
    expect(fake.sent).toEqual([{ kind: 'call:claim', callId: 'call_bg_1' }]);
    expect(openedCall(navigate.mock.calls[0][0]).leadName).toBe('Sam Ortiz');

    fake.push({ ...NO_CALL_SNAPSHOT, call: LIVE_CALL, offered: true, flowRevision: 2 });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(fake.sent).toHaveLength(1);
  });

  it('leaves a call not offered to the app alone (a CRM tab shows it)', async () => {
    const fake = fakePort(true);
    const navigate = vi.fn();
    followOfferedCalls({ calls: createRemoteCallSession(fake.port), navigate });
    fake.push({ ...NO_CALL_SNAPSHOT, call: LIVE_CALL, offered: false });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(fake.sent).toEqual([]);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('does not open the intake when the claim is refused (another client took it)', async () => {
    const fake = fakePort(false);
    const navigate = vi.fn();
    followOfferedCalls({ calls: createRemoteCallSession(fake.port), navigate });
    fake.push({ ...NO_CALL_SNAPSHOT, call: LIVE_CALL, offered: true });
    await vi.waitFor(() => expect(fake.sent).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(navigate).not.toHaveBeenCalled();
  });
});

describe('the app follows the live feed in use: own socket or the extension, never both', () => {
  it('listens on its own socket only while its own feed is used; host.calls reads the holder', async () => {
    window.sessionStorage.clear();
    const socket = fakeSocket(trackingApi());
    const navigate = vi.fn<(path: string) => void>();
    const appCalls = createAppCalls({
      api: socket.client,
      store: window.sessionStorage,
      scope: () => AGENT,
      navigate,
    });
    const ownFeed = {} as LiveFeed;
    appCalls.feedChanged('own', ownFeed);
    expect(socket.listening(EVENT)).toBe(1);

    const fake = fakePort(true);
    const extensionFeed: LiveFeed & { calls: RemoteCalls } = {
      get: () => IDLE_LIVE_SNAPSHOT,
      subscribe: () => () => {},
      markRead: async () => {},
      markAllRead: async () => {},
      reload: () => {},
      onArrival: () => () => {},
      calls: fake.port,
    };
    appCalls.feedChanged('extension', extensionFeed);
    expect(socket.listening(EVENT)).toBe(0);
    socket.emit(EVENT, incoming());
    const changed = vi.fn();
    appCalls.session.subscribe(changed);
    fake.push({ ...NO_CALL_SNAPSHOT, call: LIVE_CALL, offered: false });
    expect(changed).toHaveBeenCalled();
    expect(appCalls.session.get().call?.callId).toBe('call_bg_1');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(navigate).not.toHaveBeenCalled();

    appCalls.feedChanged('none', null);
    expect(appCalls.session.get().call).toBeNull();
    expect(socket.listening(EVENT)).toBe(0);
  });
});

describe('what the app tells the extension it can show (call:facts)', () => {
  it('is the automated intake’s own guard: call-flow roles, not a Zoho-vendor workspace', () => {
    expect(appCanShowCallFlow(makeUser({ role: 'operator' }), makeWorkspace())).toBe(true);
    expect(
      appCanShowCallFlow(makeUser({ role: 'operator' }), makeWorkspace({ zohoVendor: true })),
    ).toBe(false);
    expect(appCanShowCallFlow(makeUser({ role: 'system', workspace: null }), null)).toBe(false);
    expect(appCanShowCallFlow(null, null)).toBe(false);
  });
});
