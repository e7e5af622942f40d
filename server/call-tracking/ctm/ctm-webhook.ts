import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { CallDirection, CallEndedBy, CallStatus } from '@/shared/contracts/call-tracking';
import { toUsE164 } from '@/shared/domain/phone-dialing';
import { type CtmCall, ctmCallSchema } from './ctm-schemas';

// CTM's call webhooks (issue #32 "Inbound calls from webhooks"). CTM POSTs the call object
// itself as JSON to the URL configured for each event (the call starting, the call
// ending) and signs it: X-CTM-Signature = base64(HMAC-SHA1(key, X-CTM-Time + raw body)),
// the key being the account's API secret key, per CTM's own example,
// https://github.com/calltracking/ctm-csharp/blob/master/CTMWebHookExample/README.md and
// Program.cs. The signature is checked over the exact bytes received, in constant time,
// and a request whose X-CTM-Time is more than CTM_WEBHOOK_MAX_AGE_SECONDS away from our
// clock (either side) is refused, so a captured request cannot be replayed later.

/** Five minutes either side of our clock: room for CTM's retries and clock skew, not more. */
export const CTM_WEBHOOK_MAX_AGE_SECONDS = 300;

export type CtmWebhookRejection = 'unsigned' | 'bad-signature' | 'stale' | 'malformed-body';

/** Why a webhook was refused; the message is safe to log (no secret, no body). */
export class CtmWebhookError extends Error {
  override name = 'CtmWebhookError';
  constructor(
    readonly reason: CtmWebhookRejection,
    message: string,
  ) {
    super(message);
  }
}

export interface CtmWebhookRequest {
  /** The body exactly as received (the signature covers these bytes). */
  rawBody: Buffer | string;
  /** X-CTM-Signature and X-CTM-Time, as received (undefined when absent). */
  signature: string | undefined;
  time: string | undefined;
}

/** base64(HMAC-SHA1(secret, time + body)): CTM's signature of a webhook. */
export function ctmWebhookSignature(secret: string, time: string, rawBody: Buffer | string) {
  return createHmac('sha1', secret).update(time).update(rawBody).digest('base64');
}

/**
 * Equal strings, in time that does not depend on where they differ (or on their lengths):
 * for the signature, and for a per-workspace token in a webhook URL.
 */
export function sameText(a: string, b: string): boolean {
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(a), digest(b));
}

/** X-CTM-Time as seconds since the epoch (digits), or null. */
function timeOf(header: string | undefined): number | null {
  const text = header?.trim() ?? '';
  return /^\d{1,12}$/.test(text) ? Number(text) : null;
}

/**
 * The webhook's call when its signature is CTM's and it is recent; throws CtmWebhookError.
 * `nowMs` is our clock (injected for the tests).
 */
export function verifyCtmWebhook(
  request: CtmWebhookRequest,
  secret: string,
  nowMs: number,
  maxAgeSeconds = CTM_WEBHOOK_MAX_AGE_SECONDS,
): CtmCall {
  const signature = request.signature?.trim();
  const time = timeOf(request.time);
  if (!signature || request.time === undefined) {
    throw new CtmWebhookError('unsigned', 'The webhook has no X-CTM-Signature or X-CTM-Time.');
  }
  const expected = ctmWebhookSignature(secret, request.time.trim(), request.rawBody);
  if (!sameText(signature, expected)) {
    throw new CtmWebhookError('bad-signature', 'The webhook signature does not match.');
  }
  if (time === null) {
    throw new CtmWebhookError('stale', "The webhook's X-CTM-Time is not a time in seconds.");
  }
  if (Math.abs(nowMs / 1000 - time) > maxAgeSeconds) {
    throw new CtmWebhookError(
      'stale',
      `The webhook's X-CTM-Time is more than ${maxAgeSeconds} s from the server's clock.`,
    );
  }
  let json: unknown;
  try {
    json = JSON.parse(request.rawBody.toString());
  } catch {
    throw new CtmWebhookError('malformed-body', 'The webhook body is not JSON.');
  }
  const call = ctmCallSchema.safeParse(json);
  if (!call.success) {
    const where = call.error.issues[0]?.path.join('.') || 'the body';
    throw new CtmWebhookError('malformed-body', `The webhook body is not a CTM call (${where}).`);
  }
  return call.data;
}

/** Which webhook brought the call: the URL configured for CTM's start or end event. */
export type CtmCallEvent = 'start' | 'end';

/**
 * What our call records need from a CTM call (server/call-tracking/call-store.ts's
 * ctm_calls row, shared/contracts/call-tracking.ts TrackedCall and TrackingInfo). Names of
 * CTM's source and campaign stay names: the wiring matches them to the workspace's lead
 * sources and campaigns.
 */
export interface CtmCallFacts {
  /** CTM's call id as text: the key that makes webhooks and the catch-up idempotent. */
  ctmCallId: string;
  sid: string | null;
  direction: CallDirection;
  status: CallStatus;
  /** Inbound: the caller; outbound: the tracking number dialled from. */
  fromNumber: string;
  /** Inbound: the tracking number; outbound: the customer. */
  toNumber: string;
  /** The CTM user who took or placed the call (to find our agent), if any. */
  agentCtmUserId: string | null;
  trackingNumber: string | null;
  trackingLabel: string | null;
  leadSourceName: string | null;
  campaignName: string | null;
  leadName: string | null;
  startedAt: string;
  connected: boolean;
  endedAt: string | null;
  /** Seconds talked (talk_time, else duration); null while live. */
  duration: number | null;
  endedBy: CallEndedBy | null;
  recordingUrl: string | null;
}

const phone = (value: string | null | undefined) =>
  value ? (toUsE164(value) ?? value.trim()) : null;
const words = (value: string | null | undefined) =>
  value && value.trim() !== '' ? value.trim() : null;

/** dial_status values after which nobody talked (CTM's call_status filter values included). */
const NOT_CONNECTED = new Set([
  'no-answer',
  'no answer',
  'busy',
  'canceled',
  'cancelled',
  'failed',
  'missed',
]);

/**
 * A CTM call as our fields, for the event that brought it: pure. `receivedAt` stands in for
 * the times CTM leaves out (a start without unix_time, an end without a duration).
 */
export function ctmCallFacts(call: CtmCall, event: CtmCallEvent, receivedAt: Date): CtmCallFacts {
  const direction: CallDirection = call.direction === 'outbound' ? 'outbound' : 'inbound';
  const dial = (call.dial_status ?? call.call_status ?? call.status ?? '').toLowerCase();
  const talked = call.talk_time ?? (NOT_CONNECTED.has(dial) ? 0 : call.duration) ?? 0;
  const connected = talked > 0 || dial === 'in-progress' || dial === 'answered';
  const startedMs = call.unix_time != null ? call.unix_time * 1000 : receivedAt.getTime();
  const ended = event === 'end';
  const endedMs =
    call.duration != null
      ? startedMs + call.duration * 1000
      : Math.max(startedMs, receivedAt.getTime());
  const caller = phone(call.caller_number) ?? '';
  const tracking = phone(call.tracking_number);
  let status: CallStatus = connected ? 'in-progress' : 'ringing';
  if (ended)
    status = talked > 0 || (connected && dial !== 'in-progress') ? 'completed' : 'no-answer';
  return {
    ctmCallId: String(call.id),
    sid: words(call.sid),
    direction,
    status,
    fromNumber: direction === 'inbound' ? caller : (tracking ?? ''),
    toNumber: direction === 'inbound' ? (tracking ?? '') : caller,
    agentCtmUserId: call.agent?.id ?? words(call.agent_id),
    trackingNumber: tracking,
    trackingLabel: words(call.tracking_label),
    leadSourceName: words(call.source),
    campaignName: words(call.campaign),
    leadName: words(call.name),
    startedAt: new Date(startedMs).toISOString(),
    connected: connected || (ended && talked > 0),
    endedAt: ended ? new Date(endedMs).toISOString() : null,
    duration: ended ? talked : null,
    endedBy: ended ? (dial === 'failed' ? 'system' : 'caller') : null,
    recordingUrl: words(call.audio),
  };
}
