import { z } from 'zod';
import { idSchema, itemResponseSchema, listResponseSchema } from './common';
import { incomingCallDataSchema } from './call-data';

// Call tracking (spec: session 3 Active call / Call from the call-tracking service, 4
// Click-to-call and active call / Sockets incomingCalls, 7 "Call tracking (call-centre
// base)"; issues #12 and #13). The reference server answers these calls from a simulated
// call-tracking provider (server/call-tracking/). Paths: callTrackingPaths below. Spec
// calls use the spec's snake_case bodies; answers are `{data}` / `{data, meta}` like the
// main API (./common.ts).

// ---------------------------------------------------------------- the refusals the UI shows

/**
 * spec: session 8 "Agent not linked to a call-tracking user": the 'Uh oh!' dialog. The
 * server refuses to start a call for such an agent with CTM_NOT_LINKED_STATUS and
 * CTM_NOT_LINKED_MESSAGE, so a client that skipped its own check still shows the dialog.
 */
export const CTM_NOT_LINKED_TITLE = 'Uh oh!';
export const CTM_NOT_LINKED_MESSAGE =
  'Your agent record is not linked to a CallTrackingMetrics User ID.';
export const CTM_NOT_LINKED_HINT =
  'Ask your administrator to connect your User with CallTrackingMetrics.';
/** 409: the request is fine; the agent record's state forbids it until an admin links it. */
export const CTM_NOT_LINKED_STATUS = 409;

/** spec: session 3 Active call — campaign and lead source without tracking info. */
export const NONE_ASSOCIATED = 'None Associated';

// ---------------------------------------------------------------- entities

/** spec: session 3 Active call — campaign {id, name} and lead source {id, name}. */
export const namedRefSchema = z.object({ id: idSchema, name: z.string() });
export type NamedRef = z.infer<typeof namedRefSchema>;

/**
 * A tracking number of the workspace (spec: session 2 Call number picker): the number in
 * E.164 when it is a US number (else as stored, stripped), the same in international US
 * format for showing ("+1 312-555-0142"), its label, and whether US phone validation
 * accepts it (not valid: the picker shows the non-US warning, spec 5).
 */
export const trackingNumberSchema = z.object({
  id: idSchema,
  number: z.string().min(1).max(40),
  formatted: z.string().min(1).max(40),
  label: z.string().max(200),
  valid: z.boolean(),
  campaign: namedRefSchema.nullable(),
  leadSource: namedRefSchema.nullable(),
});
export type TrackingNumber = z.infer<typeof trackingNumberSchema>;

/** GET workspaces/{id}/ctm/numbers: every tracking number, valid ones first, by label. */
export const trackingNumberListResponseSchema = listResponseSchema(trackingNumberSchema);
export type TrackingNumberListResponse = z.infer<typeof trackingNumberListResponseSchema>;

export const callDirectionSchema = z.enum(['inbound', 'outbound']);
export type CallDirection = z.infer<typeof callDirectionSchema>;

/**
 * Where a call is: ringing (placed, nobody talking yet), in-progress (connected), completed
 * (ended after a conversation, with a duration and a sid), no-answer (ended before anyone
 * connected; it has a sid, duration 0), failed (lost when the server stopped: no sid).
 * ringing and in-progress are live (counted by ctmcallsdata).
 */
export const CALL_STATUSES = [
  'ringing',
  'in-progress',
  'completed',
  'no-answer',
  'failed',
] as const;
export const callStatusSchema = z.enum(CALL_STATUSES);
export type CallStatus = z.infer<typeof callStatusSchema>;
export const LIVE_CALL_STATUSES: readonly CallStatus[] = ['ringing', 'in-progress'];

/**
 * Who ended a call (issue #28 "Every call has an end the client learns of"; the spec is
 * silent): the agent (Hang up, at our provider), the caller (hung up at their end, or the
 * conversation ended at the provider; a call nobody answered also ends at the caller's
 * side), or the system (the server process that moved the call on stopped: the call was
 * lost). null while the call is live.
 */
export const CALL_ENDED_BY = ['agent', 'caller', 'system'] as const;
export const callEndedBySchema = z.enum(CALL_ENDED_BY);
export type CallEndedBy = z.infer<typeof callEndedBySchema>;

/**
 * A call of the call-tracking provider (spec: session 3 Active call and "Call from the
 * call-tracking service": sid, callId, duration in seconds). `sid` and `duration` stay
 * null until the provider ends the call; the recording link is built from the sid
 * (spec 7), and a call without one reads "Call was not linked to CTM".
 */
export const trackedCallSchema = z.object({
  id: idSchema,
  workspaceId: idSchema,
  sid: z.string().nullable(),
  direction: callDirectionSchema,
  status: callStatusSchema,
  /** Who calls: the caller (inbound) or the tracking number dialled from (outbound). */
  fromNumber: z.string(),
  /** Who is called: the tracking number (inbound) or the customer (outbound). */
  toNumber: z.string(),
  /** The agent's call-tracking user id (spec 7 to_agent). */
  agentCtmUserId: z.string(),
  /** Our agent record, when one is linked to that call-tracking user. */
  agentId: idSchema.nullable(),
  /** The tracking number the call came in on or went out from (E.164 when US). */
  trackingNumber: z.string().nullable(),
  campaign: namedRefSchema.nullable(),
  leadSource: namedRefSchema.nullable(),
  /** Inbound test and demo calls: who is calling (spec 3 Call data leadName). */
  leadName: z.string().nullable(),
  startedAt: z.iso.datetime(),
  connected: z.boolean(),
  connectedAt: z.iso.datetime().nullable(),
  endedAt: z.iso.datetime().nullable(),
  /** Seconds talked; null while the call is live. */
  duration: z.number().int().min(0).nullable(),
  /** Who ended it (issue #28); null while live. */
  endedBy: callEndedBySchema.nullable(),
  /**
   * When an agent's client took the call (PUT connected with the agent, spec 4): an
   * inbound call that ends with none is a missed call (issue #28). null until then.
   */
  takenAt: z.iso.datetime().nullable(),
});
export type TrackedCall = z.infer<typeof trackedCallSchema>;
export const trackedCallResponseSchema = itemResponseSchema(trackedCallSchema);
export type TrackedCallResponse = z.infer<typeof trackedCallResponseSchema>;

// ---------------------------------------------------------------- spec 7 requests

const phoneText = z.string().trim().min(1).max(40);

/**
 * POST workspaces/{id}/ctm/calls (spec 7): from_number (one of the workspace's tracking
 * numbers), call_number (the customer; spec 5 dial-number rule, US only), to_agent (the
 * agent's call-tracking id). to_agent may be left out: the signed-in user's own agent is
 * rung, and an agent without a call-tracking user is refused with CTM_NOT_LINKED_*.
 */
export const startCallSchema = z
  .object({
    from_number: phoneText,
    call_number: phoneText,
    to_agent: z.string().trim().min(1).max(64).nullish(),
  })
  .strict();
export type StartCall = z.input<typeof startCallSchema>;

/** PUT workspaces/{id}/ctm/calls/{callId} (spec 7): connected=true, fourIizAgent (agent id). */
export const markCallConnectedSchema = z
  .object({
    connected: z.literal(true),
    fourIizAgent: idSchema.nullish(),
  })
  .strict();
export type MarkCallConnected = z.input<typeof markCallConnectedSchema>;

/**
 * GET workspaces/{id}/ctm/tracking-info/{trackingNumber}?title=&processExecutionId=
 * (spec 7). The query is accepted as the spec sends it; the answer does not depend on it.
 */
export const trackingInfoQuerySchema = z.object({
  title: z.string().max(500).optional(),
  processExecutionId: z.string().max(64).optional(),
});
export type TrackingInfoQuery = z.infer<typeof trackingInfoQuerySchema>;

/**
 * spec 7: returns trackingNumber, campaign, leadSource. A number the workspace does not
 * track (or one tracked without a campaign) answers nulls, which the active call shows as
 * NONE_ASSOCIATED (spec 3) — it is not an error.
 */
export const trackingInfoSchema = z.object({
  trackingNumber: z.string(),
  label: z.string().nullable(),
  campaign: namedRefSchema.nullable(),
  leadSource: namedRefSchema.nullable(),
});
export type TrackingInfo = z.infer<typeof trackingInfoSchema>;
export const trackingInfoResponseSchema = itemResponseSchema(trackingInfoSchema);
export type TrackingInfoResponse = z.infer<typeof trackingInfoResponseSchema>;

/** DELETE ctm/{workspaceId}/{callId}/deleteCall (spec 7, main API): the id removed. */
export const callDeletedSchema = z.object({ id: idSchema });
export const callDeletedResponseSchema = itemResponseSchema(callDeletedSchema);

// ---------------------------------------------------------------- incoming calls (spec 4)

/** spec: session 4 Sockets — the per-user incoming-call event. */
export const incomingCallEvent = (userId: string) => `incomingCalls::${userId}`;

/**
 * The call data of an incoming call (spec 3 Call data: lead name and phone, ...) plus the
 * provider's call: its id (the active call's callId), direction and tracking number.
 */
export const incomingCallEventDataSchema = incomingCallDataSchema.extend({
  callId: idSchema,
  direction: z.literal('inbound'),
  trackingNumber: z.string().nullable(),
});
export type IncomingCallEventData = z.infer<typeof incomingCallEventDataSchema>;

/**
 * spec: session 4 — "JSON with statusCode 200 and data holding the lead name and phone";
 * clients ignore any other statusCode (so this schema only reads what they act on).
 */
export const incomingCallEventSchema = z.object({
  statusCode: z.literal(200),
  data: incomingCallEventDataSchema,
});
export type IncomingCallEvent = z.infer<typeof incomingCallEventSchema>;

/**
 * POST system/test-calls (system users; not in the spec): the simulator rings an agent
 * with an inbound call from leadName / phone, as the call-tracking provider would (issue
 * #13 "Place a test call"), and sends `incomingCalls::{userId}` to that agent's user.
 * The agent is named by exactly one of userId, username (the sign-in e-mail: the
 * simulate-call CLI) or agentId (the agents lookup: the system area's form). workspaceId
 * may be left out when the user belongs to one workspace only. Answers 201 with the call.
 */
export const placeTestCallSchema = z
  .object({
    workspaceId: idSchema.optional(),
    userId: idSchema.optional(),
    username: z.string().trim().min(1).max(320).optional(),
    agentId: idSchema.optional(),
    leadName: z.string().trim().min(1, 'Enter the lead name.').max(200),
    phone: z
      .string()
      .trim()
      .min(1, 'Enter the phone number.')
      .max(40)
      .regex(/\d/, 'The phone number needs digits.'),
  })
  .strict()
  .refine(
    (body) =>
      [body.userId, body.username, body.agentId].filter((v) => v !== undefined).length === 1,
    { message: 'Name the agent with exactly one of userId, username or agentId.' },
  )
  .refine((body) => body.agentId === undefined || body.workspaceId !== undefined, {
    message: 'workspaceId is required with agentId.',
    path: ['workspaceId'],
  });
export type PlaceTestCall = z.input<typeof placeTestCallSchema>;

// ---------------------------------------------------------------- the end of a call (issue #28)

/**
 * Not in the spec (its sockets carry only the live-call count): the provider's end of a
 * call, to every socket of the agent's user(s), whoever or whatever ended it, so every tab
 * of the agent ends its wizard within 2 s. Clients also reconcile (GET live-calls) on every
 * (re)connect and while a call is live: an event missed is never a call stuck.
 */
export const callEndedEvent = (userId: string) => `callEnded::${userId}`;

export const callEndedEventSchema = z.object({
  callId: idSchema,
  workspaceId: idSchema,
  status: callStatusSchema,
  endedBy: callEndedBySchema,
  endedAt: z.iso.datetime(),
  sid: z.string().nullable(),
  duration: z.number().int().min(0).nullable(),
});
export type CallEndedEvent = z.infer<typeof callEndedEventSchema>;

/**
 * GET workspaces/{id}/ctm/live-calls: the signed-in user's agent's live calls (ringing or
 * in progress), oldest first — what a client reconciles its active call with. Empty for a
 * user without an agent record.
 */
export const liveCallListResponseSchema = listResponseSchema(trackedCallSchema);
export type LiveCallListResponse = z.infer<typeof liveCallListResponseSchema>;

/**
 * GET workspaces/{id}/ctm/missed-calls (issue #28, not in the spec): the signed-in agent's
 * missed calls still to return, newest first (the last 14 days, at most 50).
 */
export const missedCallListResponseSchema = listResponseSchema(trackedCallSchema);
export type MissedCallListResponse = z.infer<typeof missedCallListResponseSchema>;

/**
 * GET workspaces/{id}/ctm/missed-calls?agent= (issue #28): whose missed calls. Without it,
 * the signed-in user's agent's; `agent` (an agent record's id, as the agent dashboard's
 * chooser holds it) is for owners and admins, or the user's own agent. Nothing else.
 */
export const missedCallsQuerySchema = z.object({ agent: idSchema.optional() }).strict();
export type MissedCallsQuery = z.infer<typeof missedCallsQuerySchema>;

/**
 * The title of the notification a missed call raises (server/call-tracking/call-endings.ts),
 * which the agent dashboard listens for to ask its missed calls again.
 */
export const MISSED_CALL_NOTIFICATION_TITLE = 'Missed call';

// ---------------------------------------------------------------- paths

const seg = (value: string) => encodeURIComponent(value);

/**
 * Every call-tracking path (spec 7), so client and server cannot drift. All are on the
 * call-centre base (shared/config callCenterBase) except deleteCall and the system route,
 * which are on the main API (`base` says which).
 */
export const callTrackingPaths = {
  /** POST start a call (callCenter). */
  calls: (workspaceId: string) => `workspaces/${seg(workspaceId)}/ctm/calls`,
  /** GET / PUT one call (callCenter). */
  call: (workspaceId: string, callId: string) =>
    `workspaces/${seg(workspaceId)}/ctm/calls/${seg(callId)}`,
  /**
   * POST hang up (callCenter). Not in the spec (its hang-up path is "not shown"): ends a
   * live call now, as the agent putting the desk phone down would.
   */
  hangUp: (workspaceId: string, callId: string) =>
    `workspaces/${seg(workspaceId)}/ctm/calls/${seg(callId)}/hangup`,
  /** GET the tracking numbers (callCenter). */
  numbers: (workspaceId: string) => `workspaces/${seg(workspaceId)}/ctm/numbers`,
  /** GET tracking info (callCenter); add `?title=&processExecutionId=`. */
  trackingInfo: (workspaceId: string, trackingNumber: string) =>
    `workspaces/${seg(workspaceId)}/ctm/tracking-info/${seg(trackingNumber)}`,
  /** DELETE (main API). */
  deleteCall: (workspaceId: string, callId: string) =>
    `ctm/${seg(workspaceId)}/${seg(callId)}/deleteCall`,
  /** POST a simulated incoming call (main API, system users). */
  testCalls: () => 'system/test-calls',
  /**
   * POST (main API, system users; issue #28): the simulated caller hangs up a live call,
   * `{id}` as POST system/test-calls answered it. Answers the ended call; 409 once ended.
   */
  callerHangUp: (callId: string) => `system/test-calls/${seg(callId)}/caller-hangup`,
  /** GET the signed-in user's agent's live calls (callCenter; issue #28 reconciliation). */
  liveCalls: (workspaceId: string) => `workspaces/${seg(workspaceId)}/ctm/live-calls`,
  missedCalls: (workspaceId: string) => `workspaces/${seg(workspaceId)}/ctm/missed-calls`,
} as const;
