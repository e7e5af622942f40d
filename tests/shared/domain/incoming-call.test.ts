import { describe, expect, it } from 'vitest';
import type { ActiveCall } from '@/shared/contracts/active-call';
import { activeCallReducer } from '@/shared/domain/active-call';
import {
  acceptIncomingCall,
  type OpenTab,
  placeForIncomingCall,
  processForUnnamedCall,
} from '@/shared/domain/incoming-call';

const event = {
  statusCode: 200,
  data: {
    callId: 'call-7',
    direction: 'inbound',
    trackingNumber: '+13125550142',
    leadName: 'Dana Reyes',
    phone: '(415) 555-0134',
  },
};

function heldCall(callId: string): ActiveCall {
  return activeCallReducer(null, {
    type: 'incoming',
    userId: 'user-1',
    workspaceId: 'ws-1',
    call: { ...event.data, direction: 'inbound', callId },
    trackingInfo: null,
    receivedAt: '2026-11-23T15:04:00.000Z',
  }) as ActiveCall;
}

describe('whether an incomingCalls::{userId} event is taken (spec: session 4 Sockets)', () => {
  it('takes a statusCode 200 call for a signed-in user with no call in progress', () => {
    const decision = acceptIncomingCall({ payload: event, userId: 'user-1', activeCall: null });
    expect(decision).toEqual({
      taken: true,
      call: expect.objectContaining({ callId: 'call-7', leadName: 'Dana Reyes' }),
    });
  });

  it('ignores it without a signed-in user', () => {
    expect(acceptIncomingCall({ payload: event, userId: null, activeCall: null })).toEqual({
      taken: false,
      reason: 'not-signed-in',
    });
  });

  it('ignores any statusCode but 200, and payloads that are not objects', () => {
    for (const payload of [{ ...event, statusCode: 500 }, { data: event.data }, 'call', null]) {
      expect(acceptIncomingCall({ payload, userId: 'user-1', activeCall: null })).toEqual({
        taken: false,
        reason: 'status-not-200',
      });
    }
  });

  it('ignores a 200 whose data is not a call', () => {
    const payload = { statusCode: 200, data: { leadName: 'Dana' } };
    expect(acceptIncomingCall({ payload, userId: 'user-1', activeCall: null })).toEqual({
      taken: false,
      reason: 'unreadable',
    });
  });

  it('ignores it while another call is in progress', () => {
    expect(
      acceptIncomingCall({ payload: event, userId: 'user-1', activeCall: heldCall('call-3') }),
    ).toEqual({ taken: false, reason: 'call-in-progress' });
  });

  it('ignores the same call delivered again, even after it ended (never two wizards)', () => {
    const live = heldCall('call-7');
    expect(acceptIncomingCall({ payload: event, userId: 'user-1', activeCall: live })).toEqual({
      taken: false,
      reason: 'already-taken',
    });
    const ended = activeCallReducer(live, {
      type: 'ended',
      callId: 'call-7',
      at: '2026-11-23T15:09:00.000Z',
      by: 'agent',
    });
    expect(acceptIncomingCall({ payload: event, userId: 'user-1', activeCall: ended })).toEqual({
      taken: false,
      reason: 'already-taken',
    });
  });

  it('takes a new call once the previous one ended', () => {
    const ended = activeCallReducer(heldCall('call-3'), {
      type: 'ended',
      callId: 'call-3',
      at: '2026-11-23T15:09:00.000Z',
      by: 'agent',
    });
    expect(acceptIncomingCall({ payload: event, userId: 'user-1', activeCall: ended }).taken).toBe(
      true,
    );
  });
});

function tab(partial: Partial<OpenTab> & Pick<OpenTab, 'tabId'>): OpenTab {
  return {
    windowId: 1,
    kind: 'crm',
    active: false,
    windowFocused: false,
    lastFocusedAt: null,
    canShowCallFlow: true,
    ...partial,
  };
}

describe('the one place an incoming call is shown with the extension (issue #13)', () => {
  it("is the agent's focused CRM tab, even with other CRM tabs open", () => {
    const tabs = [
      tab({ tabId: 1, active: true, windowFocused: true, lastFocusedAt: 1_000 }),
      tab({ tabId: 2, lastFocusedAt: 5_000 }),
      tab({ tabId: 3, kind: 'app', lastFocusedAt: 9_000 }),
    ];
    expect(placeForIncomingCall(tabs)).toEqual({ kind: 'crm-tab', tabId: 1 });
  });

  it('with two windows, is the selected CRM tab of the focused window only', () => {
    const tabs = [
      tab({ tabId: 1, windowId: 1, active: true, windowFocused: false, lastFocusedAt: 8_000 }),
      tab({ tabId: 2, windowId: 2, active: true, windowFocused: true, lastFocusedAt: 2_000 }),
    ];
    expect(placeForIncomingCall(tabs)).toEqual({ kind: 'crm-tab', tabId: 2 });
  });

  it('is a notification focusing the most recently focused CRM tab when none is in front', () => {
    const tabs = [
      tab({ tabId: 1, active: true, lastFocusedAt: 1_000 }),
      tab({ tabId: 2, windowId: 2, active: true, lastFocusedAt: 7_000 }),
      tab({ tabId: 3, lastFocusedAt: null }),
    ];
    expect(placeForIncomingCall(tabs)).toEqual({
      kind: 'notification',
      onClick: { kind: 'focus-crm-tab', tabId: 2 },
    });
  });

  it('skips a focused CRM tab whose panel cannot show the call flow', () => {
    const tabs = [
      tab({
        tabId: 1,
        active: true,
        windowFocused: true,
        lastFocusedAt: 9_000,
        canShowCallFlow: false,
      }),
      tab({ tabId: 2, lastFocusedAt: 3_000 }),
    ];
    expect(placeForIncomingCall(tabs)).toEqual({
      kind: 'notification',
      onClick: { kind: 'focus-crm-tab', tabId: 2 },
    });
  });

  it('is the app when the agent is looking at it', () => {
    const tabs = [
      tab({ tabId: 1, lastFocusedAt: 8_000 }),
      tab({ tabId: 4, kind: 'app', active: true, windowFocused: true, lastFocusedAt: 9_000 }),
    ];
    expect(placeForIncomingCall(tabs)).toEqual({ kind: 'app', tabId: 4 });
  });

  it('is the most recently focused app tab when only the app is open', () => {
    const tabs = [
      tab({ tabId: 4, kind: 'app', lastFocusedAt: 2_000 }),
      tab({ tabId: 5, kind: 'app', lastFocusedAt: 6_000 }),
      tab({ tabId: 6, kind: 'crm', canShowCallFlow: false, lastFocusedAt: 9_000 }),
    ];
    expect(placeForIncomingCall(tabs)).toEqual({ kind: 'app', tabId: 5 });
  });

  it('is a notification opening a CRM tab when nothing of ours is open', () => {
    expect(placeForIncomingCall([])).toEqual({
      kind: 'notification',
      onClick: { kind: 'open-crm-tab' },
    });
  });

  it('answers exactly one place, the same for the same tabs in any order', () => {
    const tabs = [
      tab({ tabId: 9, lastFocusedAt: 4_000 }),
      tab({ tabId: 3, lastFocusedAt: 4_000 }),
      tab({ tabId: 5, kind: 'app', lastFocusedAt: 1_000 }),
    ];
    const place = placeForIncomingCall(tabs);
    expect(place).toEqual({ kind: 'notification', onClick: { kind: 'focus-crm-tab', tabId: 3 } });
    expect(placeForIncomingCall([...tabs].reverse())).toEqual(place);
  });
});

describe('the process an incoming call that names none runs (spec 3 processes.leadGeneration)', () => {
  const processes = [{ id: 'intake' }, { id: 'lead-gen' }, { id: 'relationship' }];

  it("is the workspace's lead-generation process when it has it", () => {
    expect(processForUnnamedCall(processes, 'lead-gen')).toBe('lead-gen');
  });

  it('else the only process, else none (the agent chooses)', () => {
    expect(processForUnnamedCall([{ id: 'intake' }], 'gone')).toBe('intake');
    expect(processForUnnamedCall([{ id: 'intake' }], null)).toBe('intake');
    expect(processForUnnamedCall(processes, 'gone')).toBeNull();
    expect(processForUnnamedCall(processes, null)).toBeNull();
    expect(processForUnnamedCall([], 'lead-gen')).toBeNull();
  });
});
