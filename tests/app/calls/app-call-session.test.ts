import { describe, expect, it, vi } from 'vitest';
import { createAppCallSession, type CallScope } from '@/app/calls/app-call-session';
import { ACTIVE_CALL_STORAGE_KEY } from '@/shared/contracts/active-call';
import type { IncomingCallEventData } from '@/shared/contracts/call-tracking';
import { fakeApi, type FakeApi } from '../fake-api';
import { trackedCall, WORKSPACE_ID } from './click-to-call/click-to-call-kit';

// issue #13: the standalone app's own active call — this tab's sessionStorage (spec 3
// Session state), the reducer's transitions, hang-up at the provider then its sid and
// duration (spec 3 Call from the call-tracking service), reset.

const NOW = new Date('2026-11-23T15:00:30.000Z');
const AGENT: CallScope = { userId: 'u_agent', workspaceId: WORKSPACE_ID };

const INCOMING: IncomingCallEventData = {
  leadName: 'Dana Reyes',
  phone: '+15125550147',
  callId: 'call_in_1',
  direction: 'inbound',
  trackingNumber: '+13125550100',
};

function session(options: { api?: FakeApi; store?: Storage; scope?: () => CallScope | null } = {}) {
  const store = options.store ?? window.sessionStorage;
  const openWizard = vi.fn();
  const calls = createAppCallSession({
    api: options.api ?? fakeApi({}),
    store,
    scope: options.scope ?? (() => AGENT),
    openWizard,
    now: () => NOW,
  });
  return { calls, store, openWizard };
}

function takeIncoming(calls: ReturnType<typeof session>['calls']) {
  calls.apply({
    type: 'incoming',
    userId: AGENT.userId,
    workspaceId: AGENT.workspaceId,
    call: INCOMING,
    trackingInfo: null,
    receivedAt: '2026-11-23T15:00:00.000Z',
  });
}

describe('the app CallSession (issue #13, spec 3 Session state)', () => {
  it('keeps the call in the tab’s sessionStorage and a new session (a reload) finds it', () => {
    window.sessionStorage.clear();
    const first = session().calls;
    const listener = vi.fn();
    first.subscribe(listener);
    takeIncoming(first);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(first.get().call?.callId).toBe('call_in_1');
    expect(JSON.parse(window.sessionStorage.getItem(ACTIVE_CALL_STORAGE_KEY)!)).toMatchObject({
      version: 1,
      call: { callId: 'call_in_1', direction: 'inbound', endedAt: null },
    });

    const reloaded = session().calls;
    expect(reloaded.get().call).toEqual(first.get().call);
    expect(reloaded.get().offered).toBe(false);
  });

  it('never shows one user’s call to another signing in on the same tab', () => {
    window.sessionStorage.clear();
    let scope: CallScope | null = AGENT;
    const { calls } = session({ scope: () => scope });
    takeIncoming(calls);
    scope = { userId: 'u_other', workspaceId: WORKSPACE_ID };
    expect(calls.get().call).toBeNull();
    scope = AGENT;
    expect(calls.get().call?.callId).toBe('call_in_1');
  });

  it('reads an unreadable stored entry as no call', () => {
    window.sessionStorage.clear();
    window.sessionStorage.setItem(ACTIVE_CALL_STORAGE_KEY, '{"version":1,"call":');
    expect(session().calls.get().call).toBeNull();
  });

  it('claims its own calls: the app is the one place they show', async () => {
    window.sessionStorage.clear();
    await expect(session().calls.claim('call_in_1')).resolves.toBe(true);
  });

  it('takes a click-to-call as the active call (spec 4 Outbound)', async () => {
    window.sessionStorage.clear();
    const { calls } = session();
    await calls.outbound(trackedCall({ connected: true }), 'Dana Lee');
    expect(calls.get().call).toMatchObject({
      callId: 'call_9',
      direction: 'outbound',
      connected: true,
      serverConnected: true,
      callData: { leadName: 'Dana Lee', phone: '+13125550142' },
      userId: 'u_agent',
    });
  });

  it('hangs up at the provider, then keeps the ended call with its sid and duration', async () => {
    window.sessionStorage.clear();
    const api = fakeApi({
      'ctm/calls/call_in_1/hangup': () => ({
        data: trackedCall({
          id: 'call_in_1',
          direction: 'inbound',
          status: 'completed',
          endedAt: '2026-11-23T15:01:15.000Z',
        }),
      }),
      'ctm/calls/call_in_1': () => ({
        data: trackedCall({
          id: 'call_in_1',
          direction: 'inbound',
          status: 'completed',
          endedAt: '2026-11-23T15:01:15.000Z',
          sid: 'CA123',
          duration: 75,
        }),
      }),
    });
    const { calls } = session({ api });
    takeIncoming(calls);
    await calls.hangUp();
    expect(api.calls('ctm/calls/call_in_1/hangup')[0].method).toBe('POST');
    expect(api.calls('ctm/calls/call_in_1')[0].method).toBe('GET');
    expect(calls.get().call).toMatchObject({
      endedAt: '2026-11-23T15:01:15.000Z',
      sid: 'CA123',
      duration: 75,
    });
    // Kept ended (for its summary) until reset, in storage too.
    expect(session().calls.get().call?.duration).toBe(75);
  });

  it('still ends the call here when the provider refuses the hang-up (the caller left first)', async () => {
    window.sessionStorage.clear();
    const api = fakeApi({
      'ctm/calls/call_in_1/hangup': () => ({ fail: 409, message: 'The call has ended.' }),
      'ctm/calls/call_in_1': () => ({ fail: 500 }),
    });
    const { calls } = session({ api });
    takeIncoming(calls);
    await calls.hangUp();
    expect(calls.get().call).toMatchObject({ endedAt: NOW.toISOString(), sid: null });
  });

  it('forgets the call on reset, in storage too', async () => {
    window.sessionStorage.clear();
    const { calls } = session();
    takeIncoming(calls);
    await calls.reset();
    expect(calls.get().call).toBeNull();
    expect(window.sessionStorage.getItem(ACTIVE_CALL_STORAGE_KEY)).toBeNull();
  });

  it('keeps the wizard’s own keys in the same sessionStorage, and clear() leaves other keys', async () => {
    window.sessionStorage.clear();
    window.sessionStorage.setItem('unrelated', 'kept');
    const { calls } = session();
    takeIncoming(calls);
    await calls.flowStorage.set('call-flow-state:u_agent', '{"status":"idle"}');
    expect(window.sessionStorage.getItem('call-flow-state:u_agent')).toBe('{"status":"idle"}');
    await calls.flowStorage.clear();
    expect(calls.get().call).toBeNull();
    expect(window.sessionStorage.getItem('unrelated')).toBe('kept');
  });

  it('asks the newest hang-up listener first, and opens the wizard when nobody answers', () => {
    window.sessionStorage.clear();
    const { calls, openWizard } = session();
    const older = vi.fn(() => true);
    const newer = vi.fn(() => false);
    const stopOlder = calls.onHangUpRequest(older);
    calls.onHangUpRequest(newer);
    calls.requestHangUp();
    expect(newer).toHaveBeenCalledTimes(1);
    expect(older).toHaveBeenCalledTimes(1);
    expect(openWizard).not.toHaveBeenCalled();
    stopOlder();
    calls.requestHangUp();
    expect(openWizard).toHaveBeenCalledTimes(1);
  });
});
