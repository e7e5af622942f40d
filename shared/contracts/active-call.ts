import { z } from 'zod';
import { incomingCallDataSchema } from './call-data';
import {
  callDirectionSchema,
  callEndedBySchema,
  incomingCallEventDataSchema,
  namedRefSchema,
  trackingInfoSchema,
} from './call-tracking';
import { idSchema } from './common';

// The active call (spec: session 3 Active call and Session state "automated intake:
// activeCall"; 4 Click-to-call and active call; issue #13 "The active call belongs to the
// background"). With the extension the background holds it in storage.session, so it has
// to survive being written, the worker being stopped, and being read back by a newer
// build: everything read back goes through persistedActiveCallSchema, and anything that
// does not parse is treated as "no call" (shared/domain/active-call.ts
// readPersistedActiveCall), never a crash.

/** The storage.session / sessionStorage key the active call is kept under. */
export const ACTIVE_CALL_STORAGE_KEY = 'intake-active-call';

/**
 * Where the agent is in the call's wizard, so another tab (or the same tab after a reload
 * or a worker restart) continues at the same step with the unsent answers: the execution,
 * the step, and the key of that step's draft (shared/call-flow/drafts.ts draftKey).
 */
export const wizardPositionSchema = z.object({
  executionId: idSchema,
  stepId: z.string().min(1).max(200),
  draftKey: z.string().min(1).max(600),
});
export type WizardPosition = z.infer<typeof wizardPositionSchema>;

/**
 * spec 3 Active call: callId, id, direction, connected, trackingNumber, campaign {id,
 * name}, leadSource {id, name}, callStart. Our call-tracking provider has one id per call
 * (shared/contracts/call-tracking.ts trackedCallSchema.id, the incoming event's callId),
 * so the spec's `id` and `callId` are one field here. Campaign and lead source are null
 * without tracking info; they are shown as NONE_ASSOCIATED (shared/domain/active-call.ts).
 */
export const activeCallSchema = z.object({
  /** Whose call: another user signing in on the same browser never sees it. */
  userId: idSchema,
  workspaceId: idSchema,
  callId: idSchema,
  direction: callDirectionSchema,
  /**
   * spec 4: outbound calls are marked connected as soon as the call id is known; inbound
   * calls once the agent has them (the server was told, serverConnected).
   */
  connected: z.boolean(),
  /** spec 4 "then marked connected on the server" (PUT ctm/calls/{callId}) succeeded. */
  serverConnected: z.boolean(),
  trackingNumber: z.string().nullable(),
  campaign: namedRefSchema.nullable(),
  leadSource: namedRefSchema.nullable(),
  /** spec 3 Call data (incoming): who is calling and what the wizard starts with. */
  callData: incomingCallDataSchema,
  /** The process to run, when the call names one (else the incoming-call rule picks). */
  process: z.string().min(1).max(200).nullable(),
  /** spec 3 callStart (an instant; shown as hh:mm A in the workspace's timezone). */
  callStart: z.iso.datetime(),
  /** When the agent hung up (or the provider ended the call); null while live. */
  endedAt: z.iso.datetime().nullable(),
  /**
   * Who ended it (issue #28): the agent, the caller (the wizard says so plainly) or the
   * system (the call was lost). null while live; entries stored before it read null.
   */
  endedBy: callEndedBySchema.nullable().default(null),
  /** spec 3 Call from the call-tracking service: known once the provider ends the call. */
  sid: z.string().nullable(),
  duration: z.number().int().min(0).nullable(),
  wizard: wizardPositionSchema.nullable(),
});
export type ActiveCall = z.infer<typeof activeCallSchema>;

/** The stored form: versioned, so a later shape can tell an old entry from garbage. */
export const persistedActiveCallSchema = z.object({
  version: z.literal(1),
  call: activeCallSchema,
  savedAt: z.iso.datetime(),
});
export type PersistedActiveCall = z.infer<typeof persistedActiveCallSchema>;

/**
 * A second incoming call while the agent is on a live one (issue #28 "a waiting call"): kept
 * beside the active call until the agent takes it (the first call ends, its answers kept as
 * partial), leaves it (it rings out and becomes a missed call), or it stops ringing.
 */
export const waitingCallSchema = z.object({
  userId: idSchema,
  workspaceId: idSchema,
  call: incomingCallEventDataSchema,
  trackingInfo: trackingInfoSchema.nullable(),
  /** When its event arrived (the waiting card's "waiting since"). */
  receivedAt: z.iso.datetime(),
});
export type WaitingCall = z.infer<typeof waitingCallSchema>;

/** The sessionStorage key the app keeps its waiting call under (a reload finds it). */
export const WAITING_CALL_STORAGE_KEY = 'intake-waiting-call';
