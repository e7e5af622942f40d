import { format } from 'date-fns';
import { draftKey } from '@/shared/call-flow/drafts';
import {
  type ActiveCall,
  persistedActiveCallSchema,
  type PersistedActiveCall,
} from '@/shared/contracts/active-call';
import {
  type CallEndedBy,
  type CallEndedEvent,
  type IncomingCallEventData,
  NONE_ASSOCIATED,
  type TrackedCall,
  type TrackingInfo,
} from '@/shared/contracts/call-tracking';
import type { IncomingCallData } from '@/shared/contracts/call-flow';
import { formatCallDuration, isCallLive, type CallDurationText } from './call-clock';
import { formatInternationalUs } from './phone-dialing';
import { timezoneOffsetMinutes } from './workspace-day';

// The active call's rules (spec: session 3 Active call, Call from the call-tracking
// service, Session state; 4 Click-to-call and active call, Hang up; 7 Call tracking; 8
// call duration; 9 m:ss). A pure reducer: the extension background (or the app) does the
// calls — tracking info, PUT connected, hang-up — and reports what happened as actions,
// so the same transitions hold wherever the call is kept.

export type ActiveCallState = ActiveCall | null;

export type ActiveCallAction =
  /**
   * spec 4 Inbound: an incoming call taken (shared/domain/incoming-call.ts acceptIncomingCall)
   * with its tracking-number details looked up; null when there were none (or the lookup
   * failed: the call is still taken, campaign and lead source read NONE_ASSOCIATED).
   */
  | {
      type: 'incoming';
      userId: string;
      workspaceId: string;
      call: IncomingCallEventData;
      trackingInfo: TrackingInfo | null;
      /** When the event arrived (the provider does not send the start time). */
      receivedAt: string;
      process?: string | null;
    }
  /** spec 4 Outbound: a click-to-call started; the call id is the call's id, connected. */
  | {
      type: 'outbound';
      userId: string;
      workspaceId: string;
      call: TrackedCall;
      /** Who is called, for the wizard (the contact the agent clicked). */
      leadName?: string;
      process?: string | null;
    }
  /** spec 4: the PUT connected=true answered. */
  | { type: 'connected-on-server'; callId: string }
  /** spec 4 Hang up: the call ended here, by the agent (Hang up) or as the provider said. */
  | { type: 'ended'; callId: string; at: string; by: CallEndedBy }
  /**
   * The provider's end of the call (issue #28): the `callEnded::{userId}` event, whoever
   * ended it. Ends a live call with who ended it; fills in the sid and duration of an
   * ended one. An event for another call changes nothing.
   */
  | { type: 'provider-ended'; event: Omit<CallEndedEvent, 'workspaceId' | 'status'> }
  /**
   * The provider's call (spec 3 Call from the call-tracking service): its sid and duration
   * after it ended, and its end when it ended without our hearing of it (issue #28
   * reconciliation: GET ctm/calls/{id} of a call the server no longer lists as live).
   */
  | {
      type: 'provider-call';
      call: Pick<TrackedCall, 'id' | 'sid' | 'duration' | 'endedAt'> &
        Partial<Pick<TrackedCall, 'endedBy'>>;
    }
  /** The wizard moved to a step (issue #13 call continuity). */
  | { type: 'wizard-moved'; callId: string; executionId: string; stepId: string }
  /** spec 4 Reset: clears the call (the caller removes its session entry). */
  | { type: 'reset' };

function callDataOf(call: IncomingCallEventData): IncomingCallData {
  return {
    leadName: call.leadName,
    phone: call.phone,
    processExecutionHistoryId: call.processExecutionHistoryId,
    processVariables: call.processVariables,
  };
}

/**
 * The next state. Actions about another call than the one held are ignored (a late answer
 * for a call already replaced must not touch the new one), and so is a new call while one
 * is live: one call at a time (spec 4 "no call in progress"; issue #13 never two wizards).
 */
export function activeCallReducer(
  state: ActiveCallState,
  action: ActiveCallAction,
): ActiveCallState {
  switch (action.type) {
    case 'incoming': {
      if (isCallLive(state)) return state;
      const info = action.trackingInfo;
      return {
        userId: action.userId,
        workspaceId: action.workspaceId,
        callId: action.call.callId,
        direction: 'inbound',
        connected: false,
        serverConnected: false,
        trackingNumber: info?.trackingNumber ?? action.call.trackingNumber,
        campaign: info?.campaign ?? null,
        leadSource: info?.leadSource ?? null,
        callData: callDataOf(action.call),
        process: action.process ?? null,
        callStart: action.receivedAt,
        endedAt: null,
        endedBy: null,
        sid: null,
        duration: null,
        wizard: null,
      };
    }
    case 'outbound': {
      if (isCallLive(state)) return state;
      const call = action.call;
      return {
        userId: action.userId,
        workspaceId: action.workspaceId,
        callId: call.id,
        direction: 'outbound',
        connected: true,
        serverConnected: call.connected,
        trackingNumber: call.trackingNumber,
        campaign: call.campaign,
        leadSource: call.leadSource,
        callData: { leadName: action.leadName ?? call.leadName ?? '', phone: call.toNumber },
        process: action.process ?? null,
        callStart: call.startedAt,
        endedAt: call.endedAt,
        endedBy: call.endedBy,
        sid: call.sid,
        duration: call.duration,
        wizard: null,
      };
    }
    case 'connected-on-server':
      if (!state || state.callId !== action.callId || state.endedAt !== null) return state;
      return { ...state, connected: true, serverConnected: true };
    case 'ended':
      if (!state || state.callId !== action.callId || state.endedAt !== null) return state;
      return { ...state, endedAt: action.at, endedBy: action.by };
    case 'provider-ended': {
      const event = action.event;
      if (!state || state.callId !== event.callId) return state;
      const next = {
        ...state,
        // The first end heard stands: the agent's own hang-up is not rewritten as the
        // caller's when the provider's event for it arrives afterwards.
        endedAt: state.endedAt ?? event.endedAt,
        endedBy: state.endedAt === null ? event.endedBy : state.endedBy,
        sid: event.sid ?? state.sid,
        duration: event.duration ?? state.duration,
      };
      return sameCall(state, next) ? state : next;
    }
    case 'provider-call': {
      const call = action.call;
      if (!state || state.callId !== call.id) return state;
      const endsHere = state.endedAt === null && call.endedAt !== null;
      const next = {
        ...state,
        sid: call.sid ?? state.sid,
        duration: call.duration ?? state.duration,
        endedAt: state.endedAt ?? call.endedAt,
        // A call that ended without our hearing who ended it: the provider says, else the
        // caller (it was not ended here).
        endedBy: endsHere ? (call.endedBy ?? 'caller') : state.endedBy,
      };
      return sameCall(state, next) ? state : next;
    }
    case 'wizard-moved':
      if (!state || state.callId !== action.callId) return state;
      return {
        ...state,
        wizard: {
          executionId: action.executionId,
          stepId: action.stepId,
          draftKey: draftKey(action.executionId, action.stepId),
        },
      };
    case 'reset':
      return null;
  }
}

/** Whether an update changed nothing a client shows or keeps (no needless push or write). */
function sameCall(a: ActiveCall, b: ActiveCall): boolean {
  return (
    a.endedAt === b.endedAt &&
    a.endedBy === b.endedBy &&
    a.sid === b.sid &&
    a.duration === b.duration
  );
}

// ---------------------------------------------------------------- persistence

/** What the background writes under ACTIVE_CALL_STORAGE_KEY. */
export function persistActiveCall(call: ActiveCall, now: Date): PersistedActiveCall {
  return { version: 1, call, savedAt: now.toISOString() };
}

/**
 * The call read back after a reload or a worker restart, or null when nothing (or
 * something unreadable: another version, a hand-edited entry, a JSON string cut short) is
 * stored, or when it belongs to another user than the signed-in one. storage.session
 * answers objects, sessionStorage strings: both are accepted.
 */
export function readPersistedActiveCall(stored: unknown, userId: string | null): ActiveCall | null {
  let value = stored;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value) as unknown;
    } catch {
      return null;
    }
  }
  const parsed = persistedActiveCallSchema.safeParse(value);
  if (!parsed.success) return null;
  const call = parsed.data.call;
  return userId !== null && call.userId === userId ? call : null;
}

// ---------------------------------------------------------------- display

/** spec 3: campaign and lead source without tracking info. */
export function namedOrNone(ref: { name: string } | null | undefined): string {
  return ref?.name || NONE_ASSOCIATED;
}

/**
 * spec 3 callStart "shown as hh:mm A" ("02:05 PM"), in the workspace's timezone (the
 * agent and the workspace agree on the clock whatever the computer is set to). A missing
 * or unknown timezone shows UTC rather than failing: the time stays readable.
 */
export function formatCallStart(
  callStart: string | Date,
  timezone: string | null | undefined,
): string {
  const instant = callStart instanceof Date ? callStart : new Date(callStart);
  if (Number.isNaN(instant.getTime())) return '';
  let offset = 0;
  if (timezone) {
    try {
      offset = timezoneOffsetMinutes(instant, timezone);
    } catch {
      offset = 0;
    }
  }
  const wall = new Date(instant.getTime() + offset * 60_000);
  // date-fns formats in the runtime's zone: give it the wall-clock hour and minute on a
  // day no zone jumps on, so the runtime's own daylight-saving rules cannot move them.
  return format(new Date(2000, 0, 15, wall.getUTCHours(), wall.getUTCMinutes()), 'hh:mm a');
}

/**
 * The call-tracking service's site for recording links (spec 7 "{ctm site}"): the spec
 * does not name it; CallTrackingMetrics' own app address until a setting overrides it.
 */
export const DEFAULT_CTM_SITE = 'https://app.calltrackingmetrics.com';

/** spec 7: the text shown instead of the recording link. */
export const CALL_NOT_LINKED_TO_CTM = 'Call was not linked to CTM';

export type RecordingLink = { kind: 'link'; url: string } | { kind: 'text'; text: string };

/**
 * spec 7: "{ctm site}/accounts/{account}/calls/{sid}/recording", or "Call was not linked
 * to CTM" when the call has no sid (it never reached the provider, or has not ended yet)
 * or the workspace has no call-tracking account (spec 3 vendors.callTrackingMetrics).
 */
export function recordingLink(input: {
  ctmSite: string;
  account: string | null | undefined;
  sid: string | null | undefined;
}): RecordingLink {
  const site = input.ctmSite.trim().replace(/\/+$/, '');
  const account = input.account?.trim();
  const sid = input.sid?.trim();
  if (!site || !account || !sid) return { kind: 'text', text: CALL_NOT_LINKED_TO_CTM };
  return {
    kind: 'link',
    url: `${site}/accounts/${encodeURIComponent(account)}/calls/${encodeURIComponent(sid)}/recording`,
  };
}

/** Everything the active-call card shows, with the line to log when the duration is missing. */
export interface ActiveCallSummary {
  direction: ActiveCall['direction'];
  live: boolean;
  /** In international US format ("+1 312-555-0142"), as the number picker shows numbers. */
  trackingNumber: string;
  /** The caller's (or the called person's) number, the same way; '' without one. */
  callerPhone: string;
  campaign: string;
  leadSource: string;
  callStart: string;
  /** m:ss once the provider reported it; null while the call is live (nothing to show yet). */
  duration: CallDurationText | null;
  recording: RecordingLink | null;
}

/**
 * The active call as shown (spec 3 Active call, 7 recording link, 8 duration): duration
 * and recording only once the call has ended — a live call has neither, and saying
 * "00:00" or "not linked" about it would be wrong.
 */
export function summarizeActiveCall(
  call: ActiveCall,
  context: { timezone: string | null | undefined; ctmSite: string; ctmAccount: string | null },
): ActiveCallSummary {
  const live = call.endedAt === null;
  return {
    direction: call.direction,
    live,
    trackingNumber: call.trackingNumber
      ? formatInternationalUs(call.trackingNumber)
      : NONE_ASSOCIATED,
    callerPhone: call.callData.phone ? formatInternationalUs(call.callData.phone) : '',
    campaign: namedOrNone(call.campaign),
    leadSource: namedOrNone(call.leadSource),
    callStart: formatCallStart(call.callStart, context.timezone),
    duration: live ? null : formatCallDuration(call.duration),
    recording: live
      ? null
      : recordingLink({ ctmSite: context.ctmSite, account: context.ctmAccount, sid: call.sid }),
  };
}

/** What the agent is told of a call that ended without their hanging up (issue #28). */
export interface CallEndNotice {
  title: string;
  body: string;
}

/**
 * "The caller hung up", said plainly (issue #28), or that the call was lost (the server that
 * carried it stopped); null for a live call and for the agent's own hang-up. The time is the
 * workspace's, as the call's start is.
 */
export function callEndNotice(
  call: ActiveCall,
  timezone: string | null | undefined,
): CallEndNotice | null {
  if (call.endedAt === null || call.endedBy === null || call.endedBy === 'agent') return null;
  const at = formatCallStart(call.endedAt, timezone);
  const saved =
    call.wizard !== null ? ' What was entered in the call flow is saved in its history.' : '';
  if (call.endedBy === 'caller') {
    const who = call.callData.leadName || 'The caller';
    return { title: 'The caller hung up', body: `${who} ended the call at ${at}.${saved}` };
  }
  return {
    title: 'The call was lost',
    body: `The call-tracking service lost this call at ${at}.${saved}`,
  };
}
