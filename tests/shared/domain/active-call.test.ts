import { describe, expect, it } from 'vitest';
import { draftKey } from '@/shared/call-flow/drafts';
import { type ActiveCall } from '@/shared/contracts/active-call';
import {
  type IncomingCallEventData,
  NONE_ASSOCIATED,
  type TrackedCall,
} from '@/shared/contracts/call-tracking';
import {
  type ActiveCallState,
  activeCallReducer,
  CALL_NOT_LINKED_TO_CTM,
  formatCallStart,
  namedOrNone,
  persistActiveCall,
  readPersistedActiveCall,
  recordingLink,
  summarizeActiveCall,
} from '@/shared/domain/active-call';
import {
  CALL_DURATION_UNAVAILABLE,
  CALL_DURATION_UNAVAILABLE_LOG,
  formatCallDuration,
  isCallLive,
} from '@/shared/domain/call-clock';

const incoming: IncomingCallEventData = {
  callId: 'call-7',
  direction: 'inbound',
  trackingNumber: '+13125550142',
  leadName: 'Dana Reyes',
  phone: '(415) 555-0134',
};

const trackingInfo = {
  trackingNumber: '+13125550142',
  label: 'Billboard',
  campaign: { id: 'camp-1', name: 'Spring billboard' },
  leadSource: { id: 'ls-1', name: 'Outdoor' },
};

const outboundCall: TrackedCall = {
  id: 'call-9',
  workspaceId: 'ws-1',
  sid: null,
  direction: 'outbound',
  status: 'ringing',
  fromNumber: '+13125550142',
  toNumber: '+14155550134',
  agentCtmUserId: 'ctm-1',
  agentId: 'agent-1',
  trackingNumber: '+13125550142',
  campaign: { id: 'camp-1', name: 'Spring billboard' },
  leadSource: null,
  leadName: null,
  startedAt: '2026-11-23T15:00:00.000Z',
  connected: false,
  connectedAt: null,
  endedAt: null,
  duration: null,
  endedBy: null,
  takenAt: null,
};

function takeIncoming(
  state: ActiveCallState = null,
  info: typeof trackingInfo | null = trackingInfo,
) {
  return activeCallReducer(state, {
    type: 'incoming',
    userId: 'user-1',
    workspaceId: 'ws-1',
    call: incoming,
    trackingInfo: info,
    receivedAt: '2026-11-23T15:04:00.000Z',
  });
}

describe('active call transitions (spec: session 3 Active call; 4 Click-to-call and active call)', () => {
  it('an inbound call carries the looked-up tracking info, not yet connected', () => {
    const call = takeIncoming();
    expect(call).toMatchObject({
      callId: 'call-7',
      direction: 'inbound',
      connected: false,
      serverConnected: false,
      trackingNumber: '+13125550142',
      campaign: { id: 'camp-1', name: 'Spring billboard' },
      leadSource: { id: 'ls-1', name: 'Outdoor' },
      callStart: '2026-11-23T15:04:00.000Z',
      callData: { leadName: 'Dana Reyes', phone: '(415) 555-0134' },
      endedAt: null,
    });
    expect(isCallLive(call)).toBe(true);
  });

  it('without tracking info, campaign and lead source read "None Associated" (spec 3)', () => {
    const call = takeIncoming(null, null);
    expect(call?.campaign).toBeNull();
    expect(call?.leadSource).toBeNull();
    expect(namedOrNone(call?.campaign)).toBe(NONE_ASSOCIATED);
    expect(namedOrNone(call?.leadSource)).toBe('None Associated');
    expect(namedOrNone({ name: 'Outdoor' })).toBe('Outdoor');
    // The event's own tracking number is kept when the lookup had nothing.
    expect(call?.trackingNumber).toBe('+13125550142');
  });

  it('an outbound call takes its call id from the call and is marked connected (spec 4)', () => {
    const call = activeCallReducer(null, {
      type: 'outbound',
      userId: 'user-1',
      workspaceId: 'ws-1',
      call: outboundCall,
      leadName: 'Sam Ortiz',
    });
    expect(call).toMatchObject({
      callId: 'call-9',
      direction: 'outbound',
      connected: true,
      serverConnected: false,
      callStart: '2026-11-23T15:00:00.000Z',
      callData: { leadName: 'Sam Ortiz', phone: '+14155550134' },
      leadSource: null,
    });
  });

  it('is then marked connected on the server, hung up, and completed by the provider', () => {
    let state = takeIncoming();
    state = activeCallReducer(state, { type: 'connected-on-server', callId: 'call-7' });
    expect(state).toMatchObject({ connected: true, serverConnected: true });
    state = activeCallReducer(state, {
      type: 'ended',
      callId: 'call-7',
      at: '2026-11-23T15:09:00.000Z',
      by: 'agent',
    });
    expect(isCallLive(state)).toBe(false);
    expect(state?.endedAt).toBe('2026-11-23T15:09:00.000Z');
    state = activeCallReducer(state, {
      type: 'provider-call',
      call: { id: 'call-7', sid: 'CA123', duration: 301, endedAt: '2026-11-23T15:09:02.000Z' },
    });
    // The agent's hang-up time stays; the provider adds sid and duration.
    expect(state).toMatchObject({
      sid: 'CA123',
      duration: 301,
      endedAt: '2026-11-23T15:09:00.000Z',
    });
  });

  it('reset clears the call', () => {
    expect(activeCallReducer(takeIncoming(), { type: 'reset' })).toBeNull();
  });

  it('ignores actions about another call, and a new call while one is live', () => {
    const live = takeIncoming();
    expect(activeCallReducer(live, { type: 'connected-on-server', callId: 'other' })).toBe(live);
    expect(
      activeCallReducer(live, {
        type: 'ended',
        callId: 'other',
        at: '2026-11-23T15:09:00.000Z',
        by: 'agent',
      }),
    ).toBe(live);
    expect(
      activeCallReducer(live, {
        type: 'wizard-moved',
        callId: 'other',
        executionId: 'e',
        stepId: 's',
      }),
    ).toBe(live);
    expect(
      activeCallReducer(live, {
        type: 'outbound',
        userId: 'user-1',
        workspaceId: 'ws-1',
        call: outboundCall,
      }),
    ).toBe(live);
  });

  it('a call that ended does not block the next one', () => {
    const ended = activeCallReducer(takeIncoming(), {
      type: 'ended',
      callId: 'call-7',
      at: '2026-11-23T15:09:00.000Z',
      by: 'agent',
    });
    const next = activeCallReducer(ended, {
      type: 'outbound',
      userId: 'user-1',
      workspaceId: 'ws-1',
      call: outboundCall,
    });
    expect(next?.callId).toBe('call-9');
    expect(isCallLive(next)).toBe(true);
  });

  it('keeps the wizard position with the key of the step draft (issue #13 continuity)', () => {
    const state = activeCallReducer(takeIncoming(), {
      type: 'wizard-moved',
      callId: 'call-7',
      executionId: 'exec-1',
      stepId: 'step-2',
    });
    expect(state?.wizard).toEqual({
      executionId: 'exec-1',
      stepId: 'step-2',
      draftKey: draftKey('exec-1', 'step-2'),
    });
  });
});

describe('the persisted active call (spec 3 Session state; issue #13 worker restart)', () => {
  const now = new Date('2026-11-23T15:05:00.000Z');
  const withWizard = activeCallReducer(takeIncoming(), {
    type: 'wizard-moved',
    callId: 'call-7',
    executionId: 'exec-1',
    stepId: 'step-2',
  }) as ActiveCall;

  it('reads back what was stored, as an object or as JSON text', () => {
    const stored = persistActiveCall(withWizard, now);
    expect(stored.savedAt).toBe('2026-11-23T15:05:00.000Z');
    // storage.session hands back a structured clone; sessionStorage a string.
    expect(readPersistedActiveCall(structuredClone(stored), 'user-1')).toEqual(withWizard);
    expect(readPersistedActiveCall(JSON.stringify(stored), 'user-1')).toEqual(withWizard);
  });

  it('answers no call for nothing, garbage, another version or another user', () => {
    const stored = persistActiveCall(withWizard, now);
    expect(readPersistedActiveCall(undefined, 'user-1')).toBeNull();
    expect(readPersistedActiveCall('{"version":1,"call":', 'user-1')).toBeNull();
    expect(readPersistedActiveCall({ ...stored, version: 2 }, 'user-1')).toBeNull();
    expect(
      readPersistedActiveCall(
        { ...stored, call: { ...stored.call, direction: 'sideways' } },
        'user-1',
      ),
    ).toBeNull();
    expect(readPersistedActiveCall(stored, 'user-2')).toBeNull();
    expect(readPersistedActiveCall(stored, null)).toBeNull();
  });
});

describe('call start "hh:mm A" in the workspace timezone (spec 3 Active call callStart)', () => {
  it('shows the workspace clock, not the computer clock', () => {
    expect(formatCallStart('2026-11-23T15:04:00.000Z', 'America/Chicago')).toBe('09:04 AM');
    expect(formatCallStart('2026-11-23T15:04:00.000Z', 'Asia/Kolkata')).toBe('08:34 PM');
    expect(formatCallStart(new Date('2026-11-23T00:05:00.000Z'), 'UTC')).toBe('12:05 AM');
  });

  it('follows the daylight-saving change (America/New_York, 2026-03-08 02:00 → 03:00)', () => {
    // 06:59 UTC is 01:59 EST; a minute later the clocks read 03:00 EDT.
    expect(formatCallStart('2026-03-08T06:59:00.000Z', 'America/New_York')).toBe('01:59 AM');
    expect(formatCallStart('2026-03-08T07:00:00.000Z', 'America/New_York')).toBe('03:00 AM');
    // And back in autumn: 01:30 happens twice (EDT, then EST).
    expect(formatCallStart('2026-11-01T05:30:00.000Z', 'America/New_York')).toBe('01:30 AM');
    expect(formatCallStart('2026-11-01T06:30:00.000Z', 'America/New_York')).toBe('01:30 AM');
    expect(formatCallStart('2026-11-01T07:30:00.000Z', 'America/New_York')).toBe('02:30 AM');
  });

  it('shows UTC for a missing or unknown timezone, nothing for an unreadable time', () => {
    expect(formatCallStart('2026-11-23T13:04:00.000Z', null)).toBe('01:04 PM');
    expect(formatCallStart('2026-11-23T13:04:00.000Z', 'Mars/Olympus')).toBe('01:04 PM');
    expect(formatCallStart('not a time', 'UTC')).toBe('');
  });
});

describe('call duration m:ss (spec 9), "00:00" and its log line when unavailable (spec 7, 8)', () => {
  it('formats seconds as m:ss', () => {
    expect(formatCallDuration(0)).toEqual({ text: '0:00', log: null });
    expect(formatCallDuration(9)).toEqual({ text: '0:09', log: null });
    expect(formatCallDuration(75)).toEqual({ text: '1:15', log: null });
    expect(formatCallDuration(3600)).toEqual({ text: '60:00', log: null });
  });

  it('answers "00:00" and the line to log when there is no duration', () => {
    for (const missing of [null, undefined, Number.NaN, -1]) {
      expect(formatCallDuration(missing)).toEqual({
        text: CALL_DURATION_UNAVAILABLE,
        log: CALL_DURATION_UNAVAILABLE_LOG,
      });
    }
    expect(CALL_DURATION_UNAVAILABLE).toBe('00:00');
    expect(CALL_DURATION_UNAVAILABLE_LOG).toBe('Could not get call duration');
  });
});

describe('the recording link (spec 7)', () => {
  it('is {ctm site}/accounts/{account}/calls/{sid}/recording', () => {
    expect(
      recordingLink({
        ctmSite: 'https://app.calltrackingmetrics.com/',
        account: '4521',
        sid: 'CA123',
      }),
    ).toEqual({
      kind: 'link',
      url: 'https://app.calltrackingmetrics.com/accounts/4521/calls/CA123/recording',
    });
  });

  it('reads "Call was not linked to CTM" without a sid or an account', () => {
    const notLinked = { kind: 'text', text: CALL_NOT_LINKED_TO_CTM };
    expect(recordingLink({ ctmSite: 'https://ctm.test', account: '4521', sid: null })).toEqual(
      notLinked,
    );
    expect(recordingLink({ ctmSite: 'https://ctm.test', account: null, sid: 'CA123' })).toEqual(
      notLinked,
    );
    expect(CALL_NOT_LINKED_TO_CTM).toBe('Call was not linked to CTM');
  });

  it('keeps a sid from breaking out of its path segment', () => {
    const link = recordingLink({ ctmSite: 'https://ctm.test', account: '4521', sid: '../x?y' });
    expect(link).toEqual({
      kind: 'link',
      url: 'https://ctm.test/accounts/4521/calls/..%2Fx%3Fy/recording',
    });
  });
});

describe('the active call as shown (spec 3, 7, 8)', () => {
  const context = { timezone: 'America/Chicago', ctmSite: 'https://ctm.test', ctmAccount: '4521' };

  it('shows a live call without duration or recording yet', () => {
    const summary = summarizeActiveCall(takeIncoming(null, null) as ActiveCall, context);
    expect(summary).toEqual({
      direction: 'inbound',
      live: true,
      trackingNumber: '+1 312-555-0142',
      callerPhone: '+1 415-555-0134',
      campaign: NONE_ASSOCIATED,
      leadSource: NONE_ASSOCIATED,
      callStart: '09:04 AM',
      duration: null,
      recording: null,
    });
  });

  it('shows an ended call with its duration and recording, or their fallbacks', () => {
    const ended = activeCallReducer(takeIncoming(), {
      type: 'ended',
      callId: 'call-7',
      at: '2026-11-23T15:09:00.000Z',
      by: 'agent',
    }) as ActiveCall;
    expect(summarizeActiveCall(ended, context)).toMatchObject({
      live: false,
      campaign: 'Spring billboard',
      duration: { text: '00:00', log: 'Could not get call duration' },
      recording: { kind: 'text', text: 'Call was not linked to CTM' },
    });
    const completed = activeCallReducer(ended, {
      type: 'provider-call',
      call: { id: 'call-7', sid: 'CA123', duration: 65, endedAt: null },
    }) as ActiveCall;
    expect(summarizeActiveCall(completed, context)).toMatchObject({
      duration: { text: '1:05', log: null },
      recording: { kind: 'link', url: 'https://ctm.test/accounts/4521/calls/CA123/recording' },
    });
  });
});
