import type { ActiveCall } from '@/shared/contracts/active-call';
import type { TrackedCall } from '@/shared/contracts/call-tracking';

// A provider's call and a held active call for tests of a call's life (issue #28): Dana
// Reyes calling in, live, in workspace ws-1, for user-1. Each test names what differs.

export function providerCall(overrides: Partial<TrackedCall> = {}): TrackedCall {
  return {
    id: 'call-7',
    workspaceId: 'ws-1',
    sid: null,
    direction: 'inbound',
    status: 'in-progress',
    fromNumber: '+14155550134',
    toNumber: '+13125550142',
    agentCtmUserId: 'ctm-1',
    agentId: 'agent-1',
    trackingNumber: '+13125550142',
    campaign: null,
    leadSource: null,
    leadName: 'Dana Reyes',
    startedAt: '2026-11-23T15:00:00.000Z',
    connected: true,
    connectedAt: '2026-11-23T15:00:06.000Z',
    endedAt: null,
    duration: null,
    endedBy: null,
    takenAt: null,
    ...overrides,
  };
}

export function heldCall(overrides: Partial<ActiveCall> = {}): ActiveCall {
  return {
    userId: 'user-1',
    workspaceId: 'ws-1',
    callId: 'call-7',
    direction: 'inbound',
    connected: true,
    serverConnected: true,
    trackingNumber: '+13125550142',
    campaign: null,
    leadSource: null,
    callData: { leadName: 'Dana Reyes', phone: '+14155550134' },
    process: null,
    callStart: '2026-11-23T15:00:00.000Z',
    endedAt: null,
    endedBy: null,
    sid: null,
    duration: null,
    wizard: null,
    ...overrides,
  };
}
