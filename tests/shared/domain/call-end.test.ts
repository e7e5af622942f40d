import { describe, expect, it } from 'vitest';
import type { TrackedCall } from '@/shared/contracts/call-tracking';
import {
  activeCallReducer,
  type ActiveCallState,
  callEndNotice,
} from '@/shared/domain/active-call';
import { isCallLive } from '@/shared/domain/call-clock';
import { incomingEventOf, reconcileActiveCall } from '@/shared/domain/call-reconcile';
import { heldCall, providerCall } from '../call-fixtures';

// issue #28 "Every call has an end the client learns of": the provider's end event, the
// reconciliation with the server's live calls, and events that come late, twice or in
// another order than they happened.

const live = heldCall;
const tracked = (overrides: Partial<TrackedCall> = {}) =>
  providerCall({ takenAt: '2026-11-23T15:00:03.000Z', ...overrides });

const callerEnded = {
  callId: 'call-7',
  endedBy: 'caller' as const,
  endedAt: '2026-11-23T15:04:00.000Z',
  sid: 'CA1',
  duration: 234,
};

describe('the provider ends a call (callEnded::{userId})', () => {
  it('ends the live call with who ended it, its sid and duration', () => {
    const state = activeCallReducer(live(), { type: 'provider-ended', event: callerEnded });
    expect(isCallLive(state)).toBe(false);
    expect(state).toMatchObject({
      endedAt: '2026-11-23T15:04:00.000Z',
      endedBy: 'caller',
      sid: 'CA1',
      duration: 234,
    });
  });

  it('a duplicated event changes nothing the second time (the same object: no push, no write)', () => {
    const once = activeCallReducer(live(), { type: 'provider-ended', event: callerEnded });
    expect(activeCallReducer(once, { type: 'provider-ended', event: callerEnded })).toBe(once);
  });

  it("the agent's own hang-up stays the agent's when the provider's event comes after it", () => {
    const hungUp = activeCallReducer(live(), {
      type: 'ended',
      callId: 'call-7',
      at: '2026-11-23T15:03:59.000Z',
      by: 'agent',
    });
    const after = activeCallReducer(hungUp, {
      type: 'provider-ended',
      event: { ...callerEnded, endedBy: 'agent' },
    });
    expect(after).toMatchObject({ endedBy: 'agent', endedAt: '2026-11-23T15:03:59.000Z' });
    // The provider's figures still arrive.
    expect(after).toMatchObject({ sid: 'CA1', duration: 234 });
  });

  it('an event for another call (a replaced one, a late one) leaves the held call alone', () => {
    const held = live({ callId: 'call-8' });
    expect(activeCallReducer(held, { type: 'provider-ended', event: callerEnded })).toBe(held);
    expect(activeCallReducer(null, { type: 'provider-ended', event: callerEnded })).toBeNull();
  });

  it('the provider call read after an unheard end ends the call as the provider says', () => {
    const state = activeCallReducer(live(), {
      type: 'provider-call',
      call: tracked({
        status: 'failed',
        endedAt: '2026-11-23T15:05:00.000Z',
        endedBy: 'system',
      }),
    });
    expect(state).toMatchObject({ endedAt: '2026-11-23T15:05:00.000Z', endedBy: 'system' });
  });

  it('an unheard end the provider does not attribute reads as the caller’s', () => {
    const state = activeCallReducer(live(), {
      type: 'provider-call',
      call: { id: 'call-7', sid: 'CA2', duration: 5, endedAt: '2026-11-23T15:05:00.000Z' },
    });
    expect(state?.endedBy).toBe('caller');
  });

  it('a provider call that is still live does not end the held call', () => {
    const held = live();
    expect(activeCallReducer(held, { type: 'provider-call', call: tracked() })).toBe(held);
  });
});

describe('reconciling the held call with the server’s live calls', () => {
  it('is in step when the live call held is live on the server', () => {
    expect(reconcileActiveCall({ held: live(), live: [tracked()], workspaceId: 'ws-1' })).toEqual({
      kind: 'in-step',
    });
  });

  it('a live call the server no longer lists ended elsewhere', () => {
    expect(reconcileActiveCall({ held: live(), live: [], workspaceId: 'ws-1' })).toEqual({
      kind: 'ended-elsewhere',
      callId: 'call-7',
    });
    // Another call live for the agent does not keep the held one alive.
    expect(
      reconcileActiveCall({ held: live(), live: [tracked({ id: 'call-8' })], workspaceId: 'ws-1' }),
    ).toEqual({ kind: 'ended-elsewhere', callId: 'call-7' });
  });

  it('offers an inbound call that rang while nothing was held, oldest first', () => {
    const older = tracked({ id: 'call-1', leadName: null, status: 'ringing' });
    const step = reconcileActiveCall({
      held: null,
      live: [older, tracked({ id: 'call-2' })],
      workspaceId: 'ws-1',
    });
    expect(step).toEqual({ kind: 'offer', call: incomingEventOf(older) });
    expect(incomingEventOf(older)).toEqual({
      callId: 'call-1',
      direction: 'inbound',
      leadName: '',
      phone: '+14155550134',
      trackingNumber: '+13125550142',
    });
  });

  it('offers a live call next to an ended one held, but never the ended one again', () => {
    const ended = activeCallReducer(live(), { type: 'provider-ended', event: callerEnded });
    expect(reconcileActiveCall({ held: ended, live: [tracked()], workspaceId: 'ws-1' })).toEqual({
      kind: 'in-step',
    });
    expect(
      reconcileActiveCall({
        held: ended,
        live: [tracked(), tracked({ id: 'call-9' })],
        workspaceId: 'ws-1',
      }),
    ).toMatchObject({ kind: 'offer', call: { callId: 'call-9' } });
  });

  it('never offers outbound calls, nor calls of another workspace', () => {
    expect(
      reconcileActiveCall({
        held: null,
        live: [tracked({ direction: 'outbound' }), tracked({ id: 'x', workspaceId: 'ws-2' })],
        workspaceId: 'ws-1',
      }),
    ).toEqual({ kind: 'in-step' });
  });
});

describe('events out of order', () => {
  it('an end heard before the reconciliation read stays the end (the read adds nothing)', () => {
    let state: ActiveCallState = live();
    state = activeCallReducer(state, { type: 'provider-ended', event: callerEnded });
    const read = activeCallReducer(state, {
      type: 'provider-call',
      call: tracked({
        status: 'completed',
        endedAt: '2026-11-23T15:04:00.000Z',
        endedBy: 'caller',
        sid: 'CA1',
        duration: 234,
      }),
    });
    expect(read).toBe(state);
  });

  it('a late end event after the call was reset changes nothing', () => {
    const reset = activeCallReducer(live(), { type: 'reset' });
    expect(activeCallReducer(reset, { type: 'provider-ended', event: callerEnded })).toBeNull();
  });
});

describe('what the agent is told of an end they did not cause', () => {
  const endedAt = '2026-11-23T21:04:00.000Z';

  it('says plainly that the caller hung up, at the workspace’s time', () => {
    const call = live({ endedAt, endedBy: 'caller' });
    expect(callEndNotice(call, 'America/Chicago')).toEqual({
      title: 'The caller hung up',
      body: 'Dana Reyes ended the call at 03:04 PM.',
    });
    const withFlow = live({
      endedAt,
      endedBy: 'caller',
      callData: { leadName: '', phone: '' },
      wizard: { executionId: 'e1', stepId: 's1', draftKey: 'k' },
    });
    expect(callEndNotice(withFlow, 'America/Chicago')?.body).toBe(
      'The caller ended the call at 03:04 PM. What was entered in the call flow is saved in its history.',
    );
  });

  it('says a call lost by the system was lost', () => {
    expect(callEndNotice(live({ endedAt, endedBy: 'system' }), 'UTC')?.title).toBe(
      'The call was lost',
    );
  });

  it('says nothing of a live call or of the agent’s own hang-up', () => {
    expect(callEndNotice(live(), 'UTC')).toBeNull();
    expect(callEndNotice(live({ endedAt, endedBy: 'agent' }), 'UTC')).toBeNull();
  });
});
