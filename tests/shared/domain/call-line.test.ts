import { describe, expect, it } from 'vitest';
import type { IncomingCallEventData } from '@/shared/contracts/call-tracking';
import {
  type CallLine,
  type CallLineAction,
  callLineReducer,
  EMPTY_CALL_LINE,
  flowCallRelation,
  incomingOverFlow,
  MAX_LEFT_CALLS,
  reconcileWaitingCall,
} from '@/shared/domain/call-line';
import { providerCall } from '../call-fixtures';

// issue #28: the life of a call as one pure state machine — ringing, live, ended by the
// agent or the caller, a second call waiting (taken or left: missed), and a walk-in that
// never touches a real call — with late, duplicated and reordered events changing nothing.

const USER = 'user-1';
const WS = 'ws-1';

function event(callId: string, leadName = 'Dana Reyes'): IncomingCallEventData {
  return { callId, direction: 'inbound', leadName, phone: '+14155550134', trackingNumber: null };
}

function ring(callId: string, leadName?: string): CallLineAction {
  return {
    type: 'incoming',
    userId: USER,
    workspaceId: WS,
    call: event(callId, leadName),
    trackingInfo: null,
    receivedAt: '2026-11-23T15:00:00.000Z',
  };
}

const callerHungUp = (callId: string, at = '2026-11-23T15:05:00.000Z'): CallLineAction => ({
  type: 'provider-ended',
  event: { callId, endedBy: 'caller', endedAt: at, sid: 'CA1', duration: 300 },
});

function run(...actions: CallLineAction[]): CallLine {
  return actions.reduce(callLineReducer, EMPTY_CALL_LINE);
}

describe('one call: ringing, live, ended', () => {
  it('an incoming call becomes the active call, live and not yet connected', () => {
    const line = run(ring('c1'));
    expect(line.active).toMatchObject({ callId: 'c1', endedAt: null, connected: false });
    expect(line.waiting).toBeNull();
  });

  it('connected on the server, then ended by the agent: the agent ended it', () => {
    const line = run(
      ring('c1'),
      { type: 'connected-on-server', callId: 'c1' },
      { type: 'ended', callId: 'c1', at: '2026-11-23T15:04:00.000Z', by: 'agent' },
    );
    expect(line.active).toMatchObject({ connected: true, endedBy: 'agent' });
  });

  it('ended by the caller: the provider says so; a duplicated event changes nothing', () => {
    const once = run(ring('c1'), callerHungUp('c1'));
    expect(once.active).toMatchObject({ endedBy: 'caller', duration: 300 });
    expect(callLineReducer(once, callerHungUp('c1'))).toBe(once);
  });

  it("the agent's own hang-up stays the agent's when the provider's event arrives after it", () => {
    const line = run(
      ring('c1'),
      { type: 'ended', callId: 'c1', at: '2026-11-23T15:04:00.000Z', by: 'agent' },
      callerHungUp('c1', '2026-11-23T15:04:01.000Z'),
    );
    expect(line.active).toMatchObject({ endedBy: 'agent', endedAt: '2026-11-23T15:04:00.000Z' });
  });

  it('an end for another call, or one that arrives before its call, changes nothing', () => {
    const early = run(callerHungUp('c1'));
    expect(early).toEqual(EMPTY_CALL_LINE);
    const line = run(ring('c1'));
    expect(callLineReducer(line, callerHungUp('c9'))).toBe(line);
  });

  it('the same incoming call delivered twice is one call, not a waiting second', () => {
    const line = run(ring('c1'), ring('c1'));
    expect(line.waiting).toBeNull();
    expect(line.active?.callId).toBe('c1');
  });
});

describe('a second call while one is live: waiting', () => {
  it('waits beside the live call instead of being dropped', () => {
    const line = run(ring('c1'), ring('c2', 'Sam Lee'));
    expect(line.active?.callId).toBe('c1');
    expect(line.waiting?.call).toMatchObject({ callId: 'c2', leadName: 'Sam Lee' });
  });

  it('one call waits at a time: a third rings out (the server records it as missed)', () => {
    const line = run(ring('c1'), ring('c2'), ring('c3'));
    expect(line.waiting?.call.callId).toBe('c2');
  });

  it('taken: the live call ends as the agent’s hang-up and the waiting call becomes live', () => {
    const line = run(ring('c1'), ring('c2'), {
      type: 'take-waiting',
      callId: 'c2',
      at: '2026-11-23T15:06:00.000Z',
    });
    expect(line.waiting).toBeNull();
    expect(line.active).toMatchObject({ callId: 'c2', endedAt: null });
  });

  it('taking a call that no longer waits (late click) changes nothing', () => {
    const line = run(ring('c1'), ring('c2'), callerHungUp('c2'));
    expect(line.waiting).toBeNull();
    expect(callLineReducer(line, { type: 'take-waiting', callId: 'c2', at: 'x' })).toBe(line);
  });

  it('left: it stops waiting and is not offered again while it still rings', () => {
    const line = run(ring('c1'), ring('c2'), { type: 'leave-waiting', callId: 'c2' });
    expect(line.waiting).toBeNull();
    expect(line.left).toEqual(['c2']);
    expect(callLineReducer(line, ring('c2'))).toBe(line);
  });

  it('remembers at most MAX_LEFT_CALLS left calls', () => {
    let line = run(ring('c0'));
    for (let i = 1; i <= MAX_LEFT_CALLS + 5; i += 1) {
      line = callLineReducer(line, ring(`w${i}`));
      line = callLineReducer(line, { type: 'leave-waiting', callId: `w${i}` });
    }
    expect(line.left).toHaveLength(MAX_LEFT_CALLS);
    expect(line.left.at(-1)).toBe(`w${MAX_LEFT_CALLS + 5}`);
  });

  it('the waiting caller hanging up ends the wait and leaves the live call alone', () => {
    const line = run(ring('c1'), ring('c2'), callerHungUp('c2'));
    expect(line.waiting).toBeNull();
    expect(line.active).toMatchObject({ callId: 'c1', endedAt: null });
  });

  it('the live call ending leaves the second call waiting, to be taken with nothing to end', () => {
    const line = run(ring('c1'), ring('c2'), callerHungUp('c1'));
    expect(line.waiting?.call.callId).toBe('c2');
    const taken = callLineReducer(line, { type: 'take-waiting', callId: 'c2', at: 'x' });
    expect(taken.active).toMatchObject({ callId: 'c2', endedAt: null });
  });

  it('a reset (the ended call dismissed) keeps the waiting call', () => {
    const line = run(ring('c1'), ring('c2'), callerHungUp('c1'), { type: 'reset' });
    expect(line.active).toBeNull();
    expect(line.waiting?.call.callId).toBe('c2');
  });
});

describe('reconciling the waiting call with the server', () => {
  const live = (id: string, status: 'ringing' | 'in-progress' = 'ringing') =>
    providerCall({ id, status });

  it('gone when the server no longer lists it (it rang out unheard)', () => {
    const line = run(ring('c1'), ring('c2'));
    expect(reconcileWaitingCall({ line, live: [live('c1')], workspaceId: WS })).toEqual({
      kind: 'waiting-gone',
      callId: 'c2',
    });
  });

  it('gone when another of the agent’s clients took it (another tab)', () => {
    const line = run(ring('c1'), ring('c2'));
    const taken = providerCall({ id: 'c2', takenAt: '2026-11-23T15:01:00.000Z' });
    expect(reconcileWaitingCall({ line, live: [live('c1'), taken], workspaceId: WS })).toEqual({
      kind: 'waiting-gone',
      callId: 'c2',
    });
  });

  it('a call that rang beside the live one while away is offered; a left one is not', () => {
    const line = run(ring('c1'));
    const step = reconcileWaitingCall({ line, live: [live('c1'), live('c2')], workspaceId: WS });
    expect(step).toMatchObject({ kind: 'offer', call: { callId: 'c2' } });
    const left = { ...line, left: ['c2'] };
    expect(reconcileWaitingCall({ line: left, live: [live('c2')], workspaceId: WS })).toEqual({
      kind: 'in-step',
    });
  });

  it('with no live call, waiting calls are not its business (the active call’s offer is)', () => {
    expect(
      reconcileWaitingCall({ line: EMPTY_CALL_LINE, live: [live('c2')], workspaceId: WS }),
    ).toEqual({ kind: 'in-step' });
  });
});

describe('walk-ins never touch a real call', () => {
  const held = { callId: 'c1', wizard: null };

  it('a flow started by hand is a walk-in, even while a real call is held', () => {
    expect(flowCallRelation({ executionId: 'e1' }, held)).toBe('walk-in');
    expect(flowCallRelation({ executionId: 'e1' }, null)).toBe('walk-in');
  });

  it('the held call’s own intake is its flow; another call’s is not', () => {
    expect(flowCallRelation({ callId: 'c1', executionId: 'e1' }, held)).toBe('own');
    expect(flowCallRelation({ callId: 'c0', executionId: 'e1' }, held)).toBe('walk-in');
  });

  it('a flow kept from before flows named their call follows the call’s recorded position', () => {
    const position = { executionId: 'e1', stepId: 's1', draftKey: 'k' };
    expect(flowCallRelation({ executionId: 'e1' }, { callId: 'c1', wizard: position })).toBe('own');
  });

  it('no flow: none', () => {
    expect(flowCallRelation(null, held)).toBe('none');
    expect(flowCallRelation({ executionId: null }, held)).toBe('none');
  });

  it('a call arriving over a walk-in offers to park it; over its own flow it resumes', () => {
    const walkIn = { executionId: 'e1', status: 'at-form' };
    expect(incomingOverFlow(walkIn, 'c2')).toBe('offer-park');
    expect(incomingOverFlow({ ...walkIn, callId: 'c2' }, 'c2')).toBe('resume');
    expect(incomingOverFlow({ executionId: null, status: 'idle' }, 'c2')).toBe('start');
  });
});
