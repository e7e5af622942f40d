import { expect } from 'vitest';
import type { CallSnapshot } from '@/shared/contracts/call-session';
import type { TrackedCall } from '@/shared/contracts/call-tracking';
import type { KeyValueStorage } from '@/shared/storage/storage';
import type { BackgroundMessage } from '@/shared/transport/port-protocol';
import { TransportError, type TransportRequest } from '@/shared/transport/transport';
import {
  connect,
  contentSender,
  fakeBackground,
  fakeCallsBrowser,
  settle,
  state,
} from './fake-background';

/** The background's active call (issue #13) over the fake background: what its tests share. */

export const WS = state.workspace?.id ?? '';
export const USER = state.user?.id ?? '';
export const INCOMING_EVENT = `incomingCalls::${USER}`;
export const CRM_URL = 'https://crm.zoho.com/crm/tab/Leads/1';

export function trackedCall(id: string, extra: Partial<TrackedCall> = {}): TrackedCall {
  return {
    id,
    workspaceId: WS,
    sid: null,
    direction: 'inbound',
    status: 'ringing',
    fromNumber: '+14155550134',
    toNumber: '+13125550142',
    agentCtmUserId: 'ctm-1',
    agentId: null,
    trackingNumber: '+13125550142',
    campaign: null,
    leadSource: null,
    leadName: 'Jane Caller',
    startedAt: '2026-01-05T15:00:00.000Z',
    connected: false,
    connectedAt: null,
    endedAt: null,
    duration: null,
    endedBy: null,
    takenAt: null,
    ...extra,
  };
}

/** `incomingCalls::{userId}` as the server sends it. */
export function incoming(callId: string, extra: Record<string, unknown> = {}) {
  return {
    statusCode: 200,
    data: {
      leadName: 'Jane Caller',
      phone: '4155550134',
      callId,
      direction: 'inbound',
      trackingNumber: '+13125550142',
      ...extra,
    },
  };
}

/** The call-tracking calls of the reference server, in memory. */
export function callServer() {
  const log: { method: string; path: string; body?: unknown }[] = [];
  const control = {
    trackingInfoFails: false,
    markConnectedFails: false,
    hangUpError: null as TransportError | null,
    /** GETs of a call answered before the provider reports its sid and duration. */
    getsWithoutSid: 0,
    gets: 0,
    /** While set, the call-flow bookkeeping answers only once it settles (a slow server). */
    holdHistory: null as Promise<void> | null,
  };
  async function request(req: TransportRequest): Promise<unknown> {
    log.push({ method: req.method, path: req.path, body: req.body });
    const tracking = req.path.match(/^workspaces\/[^/]+\/ctm\/tracking-info\/(.+)$/);
    if (tracking && req.method === 'GET') {
      if (control.trackingInfoFails) throw new TransportError('Server error', 500);
      return {
        data: {
          trackingNumber: decodeURIComponent(tracking[1]),
          label: 'Main line',
          campaign: { id: 'cmp1', name: 'Spring radio' },
          leadSource: { id: 'ls1', name: 'Google Ads' },
        },
      };
    }
    const hangUp = req.path.match(/^workspaces\/[^/]+\/ctm\/calls\/([^/]+)\/hangup$/);
    if (hangUp && req.method === 'POST') {
      if (control.hangUpError) throw control.hangUpError;
      const endedAt = '2026-01-05T15:02:00.000Z';
      return { data: trackedCall(hangUp[1], { status: 'completed', endedAt, connected: true }) };
    }
    const one = req.path.match(/^workspaces\/[^/]+\/ctm\/calls\/([^/]+)$/);
    if (one && req.method === 'PUT') {
      if (control.markConnectedFails) throw new TransportError('Call has ended.', 409);
      return { data: trackedCall(one[1], { status: 'in-progress', connected: true }) };
    }
    if (one && req.method === 'GET') {
      control.gets++;
      const done = control.gets > control.getsWithoutSid;
      return {
        data: trackedCall(one[1], {
          status: 'completed',
          connected: true,
          endedAt: '2026-01-05T15:02:00.000Z',
          sid: done ? 'CA0123' : null,
          duration: done ? 75 : null,
        }),
      };
    }
    // The call-flow bookkeeping of a finished flow (issue #28): acknowledged.
    if (req.path.startsWith('process-execution-history/')) {
      if (control.holdHistory) await control.holdHistory;
      return { id: req.path.split('/')[1] };
    }
    return { data: req.path };
  }
  return { request, log, control };
}

export const tabSender = (tabId: number, windowId = 1, url = CRM_URL) => ({
  ...contentSender,
  url,
  tab: { id: tabId, windowId },
});

export function callStates(received: BackgroundMessage[]): CallSnapshot[] {
  return received.flatMap((message) => (message.kind === 'call-state' ? [message.snapshot] : []));
}

/** A fake background with the call-tracking server; storages given to restart it. */
export function callsBackground(
  given: {
    server?: ReturnType<typeof callServer>;
    callStorage?: KeyValueStorage;
    callsBrowser?: ReturnType<typeof fakeCallsBrowser>;
  } = {},
) {
  const server = given.server ?? callServer();
  const callsBrowser = given.callsBrowser ?? fakeCallsBrowser();
  const background = fakeBackground({
    request: server.request,
    callStorage: given.callStorage,
    callsBrowser,
  });
  /** A CRM tab whose panel can show the call flow (facts) and is open in front (visible). */
  async function openTab(
    tabId: number,
    windowId = 1,
    facts: { canShowCallFlow?: boolean; visible?: boolean; url?: string } = {},
  ) {
    const port = connect(background.router, tabSender(tabId, windowId, facts.url));
    port.send({ kind: 'call:facts', canShowCallFlow: facts.canShowCallFlow ?? true });
    if (facts.visible !== undefined) port.send({ kind: 'live:visibility', visible: facts.visible });
    await settle();
    return {
      ...port,
      last: () => callStates(port.received).at(-1),
      rpc: async (message: Record<string, unknown>) => {
        const id = `rpc-${Math.random().toString(36).slice(2)}`;
        port.send({ ...message, id });
        return port.answer(id);
      },
    };
  }
  /** The browser's view: these tabs selected, this window focused (null: none). */
  function front(active: Record<number, number>, focusedWindow: number | null) {
    callsBrowser.world.activeTabs = new Map(
      Object.entries(active).map(([tab, win]) => [Number(tab), win]),
    );
    callsBrowser.world.focusedWindow = focusedWindow;
  }
  async function ring(callId: string, extra: Record<string, unknown> = {}) {
    // Subscribed once the stored call is back (a worker just started listens then).
    await background.calls.idle();
    background.emitSocket(INCOMING_EVENT, incoming(callId, extra));
    await background.calls.idle();
    await settle();
  }
  return { ...background, server, callsBrowser, openTab, front, ring };
}

export function expectOffered(
  tabs: { last: () => CallSnapshot | undefined }[],
  offeredIndex: number | null,
) {
  tabs.forEach((tab, index) => expect(tab.last()?.offered).toBe(index === offeredIndex));
}
