import {
  callDeletedResponseSchema,
  callTrackingPaths,
  liveCallListResponseSchema,
  missedCallListResponseSchema,
  type MarkCallConnected,
  type PlaceTestCall,
  type StartCall,
  type TrackedCall,
  trackedCallResponseSchema,
  type TrackingInfo,
  type TrackingInfoQuery,
  trackingInfoResponseSchema,
  type TrackingNumber,
  trackingNumberListResponseSchema,
} from '@/shared/contracts/call-tracking';
import type { TransportRequest } from '@/shared/transport/transport';
import type { ApiClient, CallOptions } from './client';
import { callForData } from './client';

// spec: session 7 "Call tracking (call-centre base)" — the click-to-call and active-call
// calls (spec 4), with the paths of shared/contracts/call-tracking.ts callTrackingPaths and
// each answer checked by its contract. deleteCall and the test call are on the main API.

function onCallCenter(
  method: TransportRequest['method'],
  path: string,
  extra: Pick<TransportRequest, 'body' | 'query'> = {},
): TransportRequest {
  return { method, path, base: 'callCenter', ...extra };
}

/**
 * POST workspaces/{id}/ctm/calls: starts a click-to-call (from_number, call_number,
 * to_agent). An agent without a call-tracking user is refused with
 * CTM_NOT_LINKED_STATUS (the 'Uh oh!' dialog, spec 8): pass `silent` to show it yourself.
 */
export async function startCall(
  api: ApiClient,
  workspaceId: string,
  request: StartCall,
  options?: CallOptions,
): Promise<TrackedCall> {
  return callForData(
    api,
    trackedCallResponseSchema,
    onCallCenter('POST', callTrackingPaths.calls(workspaceId), { body: request }),
    options,
  );
}

/** GET workspaces/{id}/ctm/calls/{callId}: the call, with its sid and duration once ended. */
export async function getCall(
  api: ApiClient,
  workspaceId: string,
  callId: string,
  options?: CallOptions,
): Promise<TrackedCall> {
  return callForData(
    api,
    trackedCallResponseSchema,
    onCallCenter('GET', callTrackingPaths.call(workspaceId, callId)),
    options,
  );
}

/**
 * GET workspaces/{id}/ctm/live-calls (issue #28): the signed-in agent's live calls, oldest
 * first, for reconciling the active call. Silent: a client asks it on its own, repeatedly,
 * and a failure only means "ask again later".
 */
export async function listLiveCalls(api: ApiClient, workspaceId: string): Promise<TrackedCall[]> {
  return callForData(
    api,
    liveCallListResponseSchema,
    onCallCenter('GET', callTrackingPaths.liveCalls(workspaceId)),
    { silent: true },
  );
}

/**
 * GET workspaces/{id}/ctm/missed-calls (issue #28): the signed-in agent's missed calls still
 * to return, newest first, for the agent dashboard's follow-ups.
 */
export async function listMissedCalls(api: ApiClient, workspaceId: string): Promise<TrackedCall[]> {
  return callForData(
    api,
    missedCallListResponseSchema,
    onCallCenter('GET', callTrackingPaths.missedCalls(workspaceId)),
  );
}

/** PUT workspaces/{id}/ctm/calls/{callId}: connected=true, fourIizAgent (spec 4, 7). */
export async function markCallConnected(
  api: ApiClient,
  workspaceId: string,
  callId: string,
  agentId: string | null,
): Promise<TrackedCall> {
  const body: MarkCallConnected = { connected: true, fourIizAgent: agentId };
  return callForData(
    api,
    trackedCallResponseSchema,
    onCallCenter('PUT', callTrackingPaths.call(workspaceId, callId), { body }),
  );
}

/** POST workspaces/{id}/ctm/calls/{callId}/hangup (ours): ends the call now. */
export async function hangUpCall(
  api: ApiClient,
  workspaceId: string,
  callId: string,
): Promise<TrackedCall> {
  return callForData(
    api,
    trackedCallResponseSchema,
    onCallCenter('POST', callTrackingPaths.hangUp(workspaceId, callId)),
  );
}

/** GET workspaces/{id}/ctm/numbers: the number picker's list (spec 2), valid ones first. */
export async function listTrackingNumbers(
  api: ApiClient,
  workspaceId: string,
): Promise<TrackingNumber[]> {
  return callForData(
    api,
    trackingNumberListResponseSchema,
    onCallCenter('GET', callTrackingPaths.numbers(workspaceId)),
  );
}

/**
 * GET workspaces/{id}/ctm/tracking-info/{trackingNumber}?title=&processExecutionId=
 * (spec 4 Inbound): campaign and lead source, null without tracking data ("None
 * Associated", spec 3).
 */
export async function getTrackingInfo(
  api: ApiClient,
  workspaceId: string,
  trackingNumber: string,
  query: TrackingInfoQuery = {},
): Promise<TrackingInfo> {
  return callForData(
    api,
    trackingInfoResponseSchema,
    onCallCenter('GET', callTrackingPaths.trackingInfo(workspaceId, trackingNumber), {
      query: { ...query },
    }),
  );
}

/** DELETE ctm/{workspaceId}/{callId}/deleteCall (spec 7, main API). */
export async function deleteCall(
  api: ApiClient,
  workspaceId: string,
  callId: string,
): Promise<void> {
  await api.call(callDeletedResponseSchema, {
    method: 'DELETE',
    path: callTrackingPaths.deleteCall(workspaceId, callId),
  });
}

/**
 * POST system/test-calls/{id}/caller-hangup (system users; issue #28): the simulated caller
 * hangs up; answers the ended call.
 */
export async function callerHangUp(api: ApiClient, callId: string): Promise<TrackedCall> {
  return callForData(api, trackedCallResponseSchema, {
    method: 'POST',
    path: callTrackingPaths.callerHangUp(callId),
  });
}

/** POST system/test-calls (system users): rings an agent with a simulated incoming call. */
export async function placeTestCall(api: ApiClient, request: PlaceTestCall): Promise<TrackedCall> {
  return callForData(api, trackedCallResponseSchema, {
    method: 'POST',
    path: callTrackingPaths.testCalls(),
    body: request,
  });
}
