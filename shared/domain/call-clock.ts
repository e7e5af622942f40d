import type { ActiveCall } from '@/shared/contracts/active-call';

// The active call's clock (spec: session 4 Hang up; 8 call duration; 9 m:ss): whether a
// call is live and its duration as shown. Apart from ./active-call.ts, which needs date
// formatting and the contracts' schemas: the extension's panel runtime shows the hang-up
// pill on every CRM page with only these.

/** A call is live until it ends; an ended call stays (for its summary) until reset. */
export function isCallLive(state: ActiveCall | null): state is ActiveCall {
  return state !== null && state.endedAt === null;
}

/** spec 8: what is logged when a call's duration cannot be shown. */
export const CALL_DURATION_UNAVAILABLE_LOG = 'Could not get call duration';
/** spec 7/8: the duration shown then. */
export const CALL_DURATION_UNAVAILABLE = '00:00';

export interface CallDurationText {
  text: string;
  /** The line to log (spec 8), or null; the rule only says it, the caller logs it. */
  log: string | null;
}

/** spec 9 "call duration format is m:ss" (75 s → "1:15"; an hour → "60:00"). */
export function formatCallDuration(seconds: number | null | undefined): CallDurationText {
  if (typeof seconds !== 'number' || !Number.isFinite(seconds) || seconds < 0) {
    return { text: CALL_DURATION_UNAVAILABLE, log: CALL_DURATION_UNAVAILABLE_LOG };
  }
  const whole = Math.floor(seconds);
  const minutes = Math.floor(whole / 60);
  return { text: `${minutes}:${String(whole % 60).padStart(2, '0')}`, log: null };
}
