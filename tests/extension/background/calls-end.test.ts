import { describe, expect, it } from 'vitest';
import { callFlowStateKey } from '@/app/calls/call-flow-state-storage';
import { initialCallFlowState } from '@/shared/call-flow/engine';
import { callEndedEvent, callTrackingPaths } from '@/shared/contracts/call-tracking';
import { createMemoryStorage } from '@/shared/storage/storage';
import { INTAKE } from '../../app/features/call-flow/call-flow-test-kit';
import {
  CALL_NOTIFICATION_PREFIX,
  WAITING_NOTIFICATION_PREFIX,
} from '@/extension/entrypoints/background/calls/call-notifications';
import { fakeBackground, settle } from './fake-background';
import {
  callsBackground,
  callServer,
  INCOMING_EVENT,
  incoming,
  trackedCall,
  USER,
  WS,
} from './calls-test-kit';

// issue #28 "Every call has an end the client learns of", in the background that holds the
// call for every tab: the provider's end event, the reconciliation after a stopped worker,
// and a call that rang while nobody listened.

const STATE_KEY = callFlowStateKey(USER);

/** The wizard of call-1 at its first form, as a tab's wizard stores it through the port. */
function wizardState(executionId: string) {
  return JSON.stringify({
    ...initialCallFlowState(),
    status: 'at-form',
    processDefinition: INTAKE,
    processExecutionHistoryId: executionId,
    callData: { leadName: 'Jane Caller', phone: '4155550134' },
  });
}

function ended(callId: string, endedBy: 'caller' | 'agent' | 'system') {
  return {
    callId,
    workspaceId: WS,
    status: endedBy === 'system' ? 'failed' : 'completed',
    endedBy,
    endedAt: '2026-01-05T15:04:00.000Z',
    sid: endedBy === 'system' ? null : 'CA77',
    duration: endedBy === 'system' ? null : 180,
  };
}

async function callInProgress() {
  const background = callsBackground();
  background.front({ 5: 1, 6: 1 }, 1);
  const taking = await background.openTab(5, 1);
  const other = await background.openTab(6, 1);
  await background.ring('call-1');
  expect(await taking.rpc({ kind: 'call:claim', callId: 'call-1' })).toMatchObject({
    data: true,
  });
  await taking.rpc({ kind: 'call:flow-set', key: STATE_KEY, value: wizardState('exec-1') });
  await taking.rpc({
    kind: 'call:wizard-moved',
    callId: 'call-1',
    executionId: 'exec-1',
    stepId: 'contact',
  });
  return { background, taking, other };
}

describe('the caller hangs up', () => {
  it('ends the call in every tab, says who ended it, and finishes its call flow once', async () => {
    const { background, taking, other } = await callInProgress();
    background.emitSocket(callEndedEvent(USER), ended('call-1', 'caller'));
    await background.calls.idle();
    await settle();

    for (const tab of [taking, other]) {
      expect(tab.last()?.call).toMatchObject({
        callId: 'call-1',
        endedAt: '2026-01-05T15:04:00.000Z',
        endedBy: 'caller',
        sid: 'CA77',
        duration: 180,
      });
    }
    // spec 4 Hang up 2, as the agent's hang-up would: the history is partial-complete...
    const patches = background.server.log.filter(
      (entry) => entry.method === 'PATCH' && entry.path.includes('exec-1'),
    );
    expect(patches).toHaveLength(1);
    expect(patches[0].body).toMatchObject({ status: 'partial-complete' });
    // ...nothing is hung up at the provider (the call is over there already)...
    expect(background.server.log.some((entry) => entry.path.endsWith('/hangup'))).toBe(false);
    // ...and the wizard's stored state is gone, so every tab's wizard comes back idle.
    expect(await taking.rpc({ kind: 'call:flow-get', key: STATE_KEY })).toMatchObject({
      data: null,
    });
    // The same event again (a redelivery) finishes nothing twice.
    background.emitSocket(callEndedEvent(USER), ended('call-1', 'caller'));
    await background.calls.idle();
    await settle();
    expect(
      background.server.log.filter((e) => e.method === 'PATCH' && e.path.includes('exec-1')),
    ).toHaveLength(1);
  });

  it('leaves a walk-in started by hand alone when the call it had nothing to do with ends', async () => {
    const { background, taking } = await callInProgress();
    // The flow stored is another execution's (a walk-in the agent runs on this page).
    await taking.rpc({ kind: 'call:flow-set', key: STATE_KEY, value: wizardState('walk-in') });
    background.emitSocket(callEndedEvent(USER), ended('call-1', 'caller'));
    await background.calls.idle();
    await settle();
    expect(taking.last()?.call?.endedBy).toBe('caller');
    expect(background.server.log.some((entry) => entry.method === 'PATCH')).toBe(false);
    expect(await taking.rpc({ kind: 'call:flow-get', key: STATE_KEY })).toMatchObject({
      data: wizardState('walk-in'),
    });
  });

  it("the provider's event after the agent's own hang-up keeps it the agent's", async () => {
    const { background, taking } = await callInProgress();
    await taking.rpc({ kind: 'call:hang-up', callId: 'call-1' });
    background.emitSocket(callEndedEvent(USER), ended('call-1', 'agent'));
    await background.calls.idle();
    expect(taking.last()?.call?.endedBy).toBe('agent');
    // The page that hung up finishes its own wizard: the background does not.
    expect(background.server.log.some((entry) => entry.method === 'PATCH')).toBe(false);
  });

  it("finishing the ended call's flow slowly leaves the next call's flow, started meanwhile, alone", async () => {
    const { background, taking } = await callInProgress();
    let answer = () => {};
    background.server.control.holdHistory = new Promise<void>((resolve) => {
      answer = resolve;
    });
    background.emitSocket(callEndedEvent(USER), ended('call-1', 'caller'));
    await settle();
    // The next call rings while call-1's history is still being closed, and its wizard
    // starts on the tab under the same key (the user's).
    background.emitSocket(INCOMING_EVENT, incoming('call-2'));
    await settle();
    expect(await taking.rpc({ kind: 'call:claim', callId: 'call-2' })).toMatchObject({
      data: true,
    });
    await taking.rpc({ kind: 'call:flow-set', key: STATE_KEY, value: wizardState('exec-2') });
    answer();
    await background.calls.idle();
    await settle();
    // call-1's flow was finished (partial-complete), and call-2's stays where it was.
    expect(
      background.server.log.find((e) => e.method === 'PATCH' && e.path.includes('exec-1'))?.body,
    ).toMatchObject({ status: 'partial-complete' });
    expect(await taking.rpc({ kind: 'call:flow-get', key: STATE_KEY })).toMatchObject({
      data: wizardState('exec-2'),
    });
  });

  it('the next call rings as usual after a call the caller ended', async () => {
    const { background, taking } = await callInProgress();
    background.emitSocket(callEndedEvent(USER), ended('call-1', 'caller'));
    await background.calls.idle();
    background.emitSocket(INCOMING_EVENT, incoming('call-2'));
    await background.calls.idle();
    await settle();
    expect(taking.last()?.call).toMatchObject({ callId: 'call-2', endedAt: null });
    expect(taking.last()?.offered).toBe(true);
  });
});

describe("the waiting call's notification (issue #28)", () => {
  const WAITING_ID = `${WAITING_NOTIFICATION_PREFIX}call-2`;

  /** call-1 live, call-2 waiting, while no tab of ours is in front: both are notified. */
  async function waitingUnseen() {
    const background = callsBackground();
    background.front({ 5: 1 }, null);
    const tab = await background.openTab(5, 1);
    await background.ring('call-1');
    await background.ring('call-2');
    expect(tab.last()?.waiting?.call.callId).toBe('call-2');
    expect(background.callsBrowser.shown.has(WAITING_ID)).toBe(true);
    return { background, tab };
  }

  it('goes when the waiting caller hangs up', async () => {
    const { background, tab } = await waitingUnseen();
    background.emitSocket(callEndedEvent(USER), ended('call-2', 'caller'));
    await background.calls.idle();
    expect(tab.last()?.waiting).toBeNull();
    expect(background.callsBrowser.shown.has(WAITING_ID)).toBe(false);
    // The live call and its own notification are untouched.
    expect(tab.last()?.call).toMatchObject({ callId: 'call-1', endedAt: null });
    expect(background.callsBrowser.shown.has(`${CALL_NOTIFICATION_PREFIX}call-1`)).toBe(true);
  });

  it('goes when the agent leaves or takes the waiting call', async () => {
    const left = await waitingUnseen();
    await left.tab.rpc({ kind: 'call:leave-waiting', callId: 'call-2' });
    expect(left.background.callsBrowser.shown.has(WAITING_ID)).toBe(false);

    const taken = await waitingUnseen();
    await taken.tab.rpc({ kind: 'call:take-waiting', callId: 'call-2' });
    expect(taken.tab.last()?.call?.callId).toBe('call-2');
    expect(taken.background.callsBrowser.shown.has(WAITING_ID)).toBe(false);
  });
});

describe('reconciling with the server (events can be missed)', () => {
  it('a worker that comes back after the caller hung up ends the call it held', async () => {
    const callStorage = createMemoryStorage();
    const server = callServer();
    const first = callsBackground({ server, callStorage });
    first.front({ 5: 1 }, 1);
    await first.openTab(5, 1);
    await first.ring('call-1');
    expect(first.calls.snapshot().call?.endedAt).toBeNull();

    // The worker stops; meanwhile the caller hangs up (the event went nowhere).
    const second = fakeBackground({
      request: server.request,
      callStorage,
      liveCalls: () => [],
    });
    await second.calls.idle();
    await settle();
    await second.calls.idle();
    expect(second.liveCallRequests.length).toBeGreaterThan(0);
    // callServer answers GET ctm/calls/{id} with the completed call.
    expect(second.calls.snapshot().call).toMatchObject({
      callId: 'call-1',
      endedAt: '2026-01-05T15:02:00.000Z',
      endedBy: 'caller',
    });
  });

  it('a call that rang while the worker was stopped is offered as soon as it is back', async () => {
    const ringing = trackedCall('call-5', { leadName: 'Sam Ortiz', fromNumber: '+14155550188' });
    const background = fakeBackground({
      request: callServer().request,
      liveCalls: () => [ringing],
    });
    await background.calls.idle();
    await settle();
    await background.calls.idle();
    expect(background.liveCallRequests[0]?.path).toBe(callTrackingPaths.liveCalls(WS));
    expect(background.calls.snapshot().call).toMatchObject({
      callId: 'call-5',
      endedAt: null,
      callData: { leadName: 'Sam Ortiz', phone: '+14155550188' },
    });
    // No tab open: the agent gets the incoming-call notification.
    expect(background.calls.snapshot().notification).toBe('intake-call:call-5');
  });
});
