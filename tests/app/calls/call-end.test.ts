import { describe, expect, it, vi } from 'vitest';
import { createAppCalls } from '@/app/calls/app-calls';
import { createIncomingCallAlerts, type IncomingCallAlerts } from '@/app/calls/incoming-call-alert';
import type { NotificationConstructorLike, ShownAlert } from '@/app/live/browser-push';
import { callFlowStateKey } from '@/app/calls/call-flow-state-storage';
import { initialCallFlowState } from '@/shared/call-flow/engine';
import { callEndedEvent } from '@/shared/contracts/call-tracking';
import type { LiveFeed } from '@/shared/live/live-feed';
import { CONNECTION_STATUS_EVENT } from '@/shared/transport/direct-transport';
import { INTAKE } from '../features/call-flow/call-flow-test-kit';
import { providerCall } from '../../shared/call-fixtures';
import { fakeApi, type FakeApi, fakeSocket } from '../fake-api';
import { WORKSPACE_ID } from './click-to-call/click-to-call-kit';

// issue #28 in the standalone app on its own socket: the caller's hang-up ends the call in
// the tab, its call flow is finished as on a hang-up (without hanging up at the provider),
// and a reconnect after an outage ends a call that ended meanwhile.

const AGENT = { userId: 'u_agent', workspaceId: WORKSPACE_ID };

function incoming(callId: string) {
  return {
    statusCode: 200,
    data: {
      leadName: 'Dana Reyes',
      phone: '+15125550147',
      callId,
      direction: 'inbound',
      trackingNumber: null,
    },
  };
}

function ended(callId: string) {
  return {
    callId,
    workspaceId: WORKSPACE_ID,
    status: 'completed',
    endedBy: 'caller',
    endedAt: '2026-11-23T15:04:00.000Z',
    sid: 'CA1',
    duration: 200,
  };
}

function setup(
  live: () => unknown[] = () => [],
  alerts?: IncomingCallAlerts,
  allows?: (path: string) => boolean,
) {
  window.sessionStorage.clear();
  window.localStorage.clear();
  const api: FakeApi = fakeApi({
    '/ctm/live-calls': () => {
      const data = live();
      return { data, meta: { total: data.length, limit: 100, offset: 0 } };
    },
    'process-execution-history/exec-1': () => ({ id: 'exec-1' }),
    'ctm/calls/call_1': (req) =>
      req.method === 'PUT'
        ? { data: { ...liveCall('call_1'), takenAt: '2026-11-23T15:00:01.000Z' } }
        : { fail: 404 },
  });
  const { client, emit } = fakeSocket(api);
  const navigate = vi.fn<(path: string) => void>();
  const appCalls = createAppCalls({
    api: client,
    store: window.sessionStorage,
    scope: () => AGENT,
    navigate,
    agentName: () => 'Alex Agent',
    agentId: () => 'agent_9',
    alerts,
    allows,
  });
  appCalls.feedChanged('own', {} as LiveFeed);
  return { api, emit, appCalls, navigate };
}

/** The provider's live call of this test's agent. */
const liveCall = (id: string) =>
  providerCall({ id, workspaceId: WORKSPACE_ID, fromNumber: '+15125550147', agentId: null });

/** A browser's Notification: what it showed and closed, and its permission answer. */
function fakeNotifications(permission: NotificationPermission, answer: NotificationPermission) {
  const shown: { title: string; options?: NotificationOptions; closed: boolean }[] = [];
  let current = permission;
  class FakeNotification implements ShownAlert {
    onclick: ((event: Event) => void) | null = null;
    entry: (typeof shown)[number];
    static get permission() {
      return current;
    }
    // Old Safari's style: answers undefined and calls back.
    static requestPermission(callback?: (p: NotificationPermission) => void) {
      current = answer;
      callback?.(answer);
      return undefined;
    }
    constructor(title: string, options?: NotificationOptions) {
      this.entry = { title, options, closed: false };
      shown.push(this.entry);
    }
    close() {
      this.entry.closed = true;
    }
  }
  return { api: FakeNotification as unknown as NotificationConstructorLike, shown };
}

/** The call's wizard at its first form, stored as the automated intake stores it. */
function storeWizard(executionId: string) {
  window.sessionStorage.setItem(
    callFlowStateKey(AGENT.userId),
    JSON.stringify({
      ...initialCallFlowState(),
      status: 'at-form',
      processDefinition: INTAKE,
      processExecutionHistoryId: executionId,
    }),
  );
}

describe('a call the caller ends, in the app on its own socket (issue #28)', () => {
  it('ends the call, finishes its flow as partial-complete, and hangs up nothing', async () => {
    const { api, emit, appCalls, navigate } = setup();
    emit(`incomingCalls::${AGENT.userId}`, incoming('call_1'));
    await vi.waitFor(() => expect(navigate).toHaveBeenCalledTimes(1));
    storeWizard('exec-1');
    appCalls.session.wizardMoved('call_1', 'exec-1', 'contact');

    emit(callEndedEvent(AGENT.userId), ended('call_1'));
    expect(appCalls.session.get().call).toMatchObject({ endedBy: 'caller', duration: 200 });
    await vi.waitFor(() =>
      expect(api.calls('process-execution-history/exec-1')[0]?.body).toMatchObject({
        status: 'partial-complete',
      }),
    );
    await vi.waitFor(() =>
      expect(window.sessionStorage.getItem(callFlowStateKey(AGENT.userId))).toBeNull(),
    );
    expect(api.requests.some((req) => req.path.endsWith('/hangup'))).toBe(false);
    // The agent puts the ended call away; the next call rings as usual.
    await appCalls.session.reset();
    emit(`incomingCalls::${AGENT.userId}`, incoming('call_2'));
    await vi.waitFor(() => expect(navigate).toHaveBeenCalledTimes(2));
  });

  it('a walk-in of another execution keeps running', async () => {
    const { api, emit, appCalls, navigate } = setup();
    emit(`incomingCalls::${AGENT.userId}`, incoming('call_1'));
    await vi.waitFor(() => expect(navigate).toHaveBeenCalledTimes(1));
    appCalls.session.wizardMoved('call_1', 'exec-1', 'contact');
    storeWizard('walk-in');
    emit(callEndedEvent(AGENT.userId), ended('call_1'));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(api.calls('process-execution-history/exec-1')).toEqual([]);
    expect(window.sessionStorage.getItem(callFlowStateKey(AGENT.userId))).toContain('walk-in');
  });

  it('after a reconnect, a call that ended during the outage ends here too', async () => {
    let live: unknown[] = [];
    const { api, emit, appCalls, navigate } = setup(() => live);
    live = [liveCall('call_1')];
    emit(`incomingCalls::${AGENT.userId}`, incoming('call_1'));
    await vi.waitFor(() => expect(navigate).toHaveBeenCalledTimes(1));
    // The socket drops; the caller hangs up meanwhile; the event is lost.
    const wasLive = live[0] as object;
    api.on('ctm/calls/call_1', () => ({
      data: {
        ...wasLive,
        status: 'completed',
        endedAt: '2026-11-23T15:04:00.000Z',
        endedBy: 'caller',
        sid: 'CA9',
        duration: 240,
      },
    }));
    live = [];
    emit(CONNECTION_STATUS_EVENT, 'connected');
    await vi.waitFor(() =>
      expect(appCalls.session.get().call).toMatchObject({ endedBy: 'caller', duration: 240 }),
    );
  });
});

describe('the app alone makes the same promises as the extension (issue #28)', () => {
  it("marks the call connected on the server with the agent's id", async () => {
    const { api, emit, appCalls } = setup();
    emit(`incomingCalls::${AGENT.userId}`, incoming('call_1'));
    await vi.waitFor(() => expect(appCalls.session.get().call?.serverConnected).toBe(true));
    const put = api.calls('ctm/calls/call_1').find((req) => req.method === 'PUT');
    expect(put?.body).toEqual({ connected: true, fourIizAgent: 'agent_9' });
  });

  it('shows a desktop alert for a call in a hidden tab, asking permission in the callback style, and closes it when the call ends', async () => {
    const browser = fakeNotifications('default', 'granted');
    const alerts = createIncomingCallAlerts(browser.api, { doc: { hidden: true }, win: window });
    const { emit } = setup(() => [], alerts);
    emit(`incomingCalls::${AGENT.userId}`, incoming('call_1'));
    await vi.waitFor(() => expect(browser.shown).toHaveLength(1));
    expect(browser.shown[0].title).toBe('Intake Cockpit');
    expect(browser.shown[0].options?.body).toBe('Incoming call\nDana Reyes\n+1 512-555-0147');
    emit(callEndedEvent(AGENT.userId), ended('call_1'));
    expect(browser.shown[0].closed).toBe(true);
  });

  it('shows nothing while the tab is in front, or when alerts are denied', async () => {
    for (const [hidden, permission] of [
      [false, 'granted'],
      [true, 'denied'],
    ] as const) {
      const browser = fakeNotifications(permission, permission);
      const alerts = createIncomingCallAlerts(browser.api, { doc: { hidden }, win: window });
      const { emit, navigate } = setup(() => [], alerts);
      emit(`incomingCalls::${AGENT.userId}`, incoming('call_1'));
      await vi.waitFor(() => expect(navigate).toHaveBeenCalled());
      expect(browser.shown).toEqual([]);
    }
  });
});

describe('a Zoho-vendor workspace, where call flows are blocked (issue #28)', () => {
  it('opens the call on the agent dashboard, never on the call-flow route that would bounce', async () => {
    const { emit, appCalls, navigate } = setup(
      () => [],
      undefined,
      (path) => !path.startsWith('/app/automated-intake'),
    );
    emit(`incomingCalls::${AGENT.userId}`, incoming('call_1'));
    await vi.waitFor(() => expect(navigate).toHaveBeenCalledWith('/app/dashboards/agent'));
    expect(navigate.mock.calls.flat().some((path) => path.includes('automated-intake'))).toBe(
      false,
    );
    // The pill with nobody answering on the page goes to the same card.
    navigate.mockClear();
    appCalls.session.requestHangUp();
    expect(navigate).toHaveBeenCalledWith('/app/dashboards/agent');
  });
});
