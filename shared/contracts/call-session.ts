import { z } from 'zod';
import { activeCallSchema, waitingCallSchema } from './active-call';

// What a client (a CRM tab's panel, one of our pages, the standalone app) knows of the
// active call (issue #13 "The active call belongs to the background"): the call, whether
// this client was chosen to open its wizard (the one place, shared/domain/incoming-call.ts
// placeForIncomingCall), and how far the shared wizard state has moved, so a tab that did
// not make the move reloads it (call continuity).

/** The largest wizard value (call-flow state or one step's draft) kept for a call. */
export const MAX_CALL_FLOW_VALUE_CHARS = 200_000;

export const callSnapshotSchema = z
  .object({
    /** The call held (live, or ended and kept for its summary until reset); null without one. */
    call: activeCallSchema.nullable(),
    /** A second call ringing while `call` is live (issue #28), or null. */
    waiting: waitingCallSchema.nullable().default(null),
    /**
     * This client is the one place the call's wizard opens (its panel opens on the
     * call-flow widget and claims it); false for every other client.
     */
    offered: z.boolean(),
    /** Bumped on every change of the shared wizard state (flow state and drafts). */
    flowRevision: z.number().int().min(0),
    /** The last change came from this client (no need to reload what it wrote). */
    flowWrittenHere: z.boolean(),
    /**
     * How many other open clients show the call-flow widget now (other CRM tabs' panels,
     * our pages): closing this tab asks first (beforeunload) only when this is the last.
     */
    otherViewers: z.number().int().min(0),
  })
  .strict();
export type CallSnapshot = z.infer<typeof callSnapshotSchema>;

export const NO_CALL_SNAPSHOT: CallSnapshot = {
  call: null,
  waiting: null,
  offered: false,
  flowRevision: 0,
  flowWrittenHere: false,
  otherViewers: 0,
};
