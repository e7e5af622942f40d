import { randomUUID } from 'node:crypto';
import type { TrackedCall } from '@/shared/contracts/call-tracking';
import type { Db } from '../../db/database';
import { HttpError } from '../../http/errors';
import type { CallEndings } from '../call-endings';
import { CALL_ENDED_MESSAGE, type PlaceCall } from '../call-simulator';
import { type CallRow, findCallRow } from '../call-store';
import {
  endLiveCall,
  endOfLiveCall,
  isLiveStatus,
  takeLiveCall,
  trackedCallOf,
} from '../live-call-rows';
import { VendorError } from '../../connectors/vendor-http';

// What an agent does with a connected CTM account's calls (issue #32): place one
// (click-to-call through CTM), take one (PUT connected) and hang one up. CTM moves the
// call itself on (its webhooks); these only record what the agent did, and never start a
// timer as the simulator does.

export interface CtmCallActionsDeps {
  db: Db;
  endings: CallEndings;
  now(): Date;
  pushLiveCount(workspaceId: string): Promise<void>;
  /** CTM's answer to placing a call for the workspace (its CTM call id); throws VendorError. */
  placeWithCtm(workspaceId: string, call: CtmPlaceCall): Promise<{ id: number }>;
}

/** What CTM is told when an agent clicks to call (ctm-client.ts PlaceCall). */
export interface CtmPlaceCall {
  fromNumber: string;
  toNumber: string;
  agentUserId: string;
}

/**
 * CTM's refusal of a click-to-call as the alert the agent reads ("The call to … did not
 * start: …"), never a 500: CTM's own words where it gave some.
 */
export function placeCallRefusal(error: VendorError): HttpError {
  switch (error.kind) {
    case 'bad-request':
    case 'not-found':
      return new HttpError(400, `CallTrackingMetrics refused the call: ${error.message}`);
    case 'auth':
      return new HttpError(
        502,
        `CallTrackingMetrics refused this workspace's keys (${error.message}): ask the owner to connect the account again.`,
      );
    case 'rate-limited':
      return new HttpError(
        503,
        'CallTrackingMetrics is limiting this account for a moment: try the call again in a minute.',
      );
    case 'unavailable':
    case 'invalid-answer':
      return new HttpError(
        502,
        `CallTrackingMetrics did not answer as expected (${error.message}); the call may not have been placed: check your phone before calling again.`,
      );
  }
}

export function createCtmCallActions(deps: CtmCallActionsDeps) {
  const { db } = deps;

  const one = async (row: CallRow | null): Promise<TrackedCall | null> =>
    row ? trackedCallOf(db, row) : null;

  return {
    /**
     * Click-to-call through CTM (issue #32 "Outbound calls"): CTM places the call from the
     * agent to the number, shown from the tracking number; CTM's call id makes the call
     * our active call (ringing), which CTM's webhooks then move on. CTM's refusal is the
     * agent's alert (placeCallRefusal).
     */
    async place(call: PlaceCall): Promise<TrackedCall> {
      let placed: { id: number };
      try {
        placed = await deps.placeWithCtm(call.workspaceId, {
          fromNumber: call.fromNumber,
          toNumber: call.toNumber,
          agentUserId: call.agentCtmUserId,
        });
      } catch (error) {
        if (error instanceof VendorError) throw placeCallRefusal(error);
        throw error;
      }
      // The columns left out are null: not connected, not ended, not taken, not reported.
      await db
        .insertInto('ctm_calls')
        .values({
          id: randomUUID(),
          workspace_id: call.workspaceId,
          ctm_call_id: String(placed.id),
          direction: call.direction,
          status: 'ringing',
          from_number: call.fromNumber,
          to_number: call.toNumber,
          agent_ctm_user_id: call.agentCtmUserId,
          agent_id: call.agentId,
          tracking_number: call.trackingNumber,
          campaign_id: call.campaignId,
          lead_source_id: call.leadSourceId,
          lead_name: call.leadName ?? null,
          created_by: call.createdBy,
          started_at: deps.now().toISOString(),
          connected: 0,
        })
        // CTM's start webhook may have stored the call first: this click's row is that one.
        .onConflict((oc) => oc.columns(['workspace_id', 'ctm_call_id']).doNothing())
        .execute();
      const row = await db
        .selectFrom('ctm_calls')
        .selectAll()
        .where('workspace_id', '=', call.workspaceId)
        .where('ctm_call_id', '=', String(placed.id))
        .executeTakeFirstOrThrow();
      await deps.pushLiveCount(call.workspaceId);
      return (await one(row))!;
    },

    /**
     * spec 4 PUT connected on a CTM call: taken (issue #28) by this agent, and in progress
     * if it was ringing. CTM ends it (its end webhook), not a timer. 409 once ended.
     */
    async markConnected(
      workspaceId: string,
      callId: string,
      taker?: { agentId: string | null },
    ): Promise<TrackedCall | null> {
      const row = await findCallRow(db, workspaceId, callId);
      if (!row) return null;
      if (!isLiveStatus(row.status)) throw new HttpError(409, CALL_ENDED_MESSAGE);
      const taken = await takeLiveCall(db, workspaceId, callId, {
        at: deps.now(),
        agentId: taker?.agentId ?? null,
        connect: true,
      });
      if (Number(taken.numUpdatedRows) === 0) throw new HttpError(409, CALL_ENDED_MESSAGE);
      return one(await findCallRow(db, workspaceId, callId));
    },

    /**
     * The agent ends a CTM call in the wizard (endedBy 'agent'): ended here at once, told to
     * the agent's tabs; it joins the reports when CTM's end brings its real talk time.
     * An ended call is answered as it is.
     */
    async hangUp(workspaceId: string, callId: string): Promise<TrackedCall | null> {
      const row = await findCallRow(db, workspaceId, callId);
      if (!row) return null;
      if (!isLiveStatus(row.status)) return one(row);
      const endedAt = deps.now();
      const result = await endLiveCall(db, callId, {
        ...endOfLiveCall(row, endedAt),
        endedAt,
        endedBy: 'agent',
      });
      const ended = await findCallRow(db, workspaceId, callId);
      if (Number(result.numUpdatedRows) > 0 && ended) {
        await deps.pushLiveCount(workspaceId);
        await deps.endings.ended(ended);
      }
      return one(ended);
    },
  };
}

export type CtmCallActions = ReturnType<typeof createCtmCallActions>;
