import type { CallSession } from '@/shared/calls/call-session';
import { act, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { vi } from 'vitest';
import { useClickToCall, type StartedCall } from '@/app/calls/click-to-call';
import type { TrackedCall, TrackingNumber } from '@/shared/contracts/call-tracking';
import type { Agent } from '@/shared/contracts/lookups';
import type { TransportRequest } from '@/shared/transport/transport';
import { fakeApi, type FakeApi } from '../../fake-api';
import { makeHost, renderWithHost } from '../../helpers';
import { makeUser, makeWorkspace } from '../../../shared/domain/fixtures';

// A host page with one call button (as the extension's content script and the contact
// tables will have), the click-to-call flow mounted once, over the fake API.

export const WORKSPACE_ID = 'ws_lakeside';

export const NUMBERS: TrackingNumber[] = [
  {
    id: 'tn_1',
    number: '+13125550100',
    formatted: '+1 312-555-0100',
    label: 'Main office line',
    valid: true,
    campaign: null,
    leadSource: null,
  },
  {
    id: 'tn_2',
    number: '+16305550111',
    formatted: '+1 630-555-0111',
    label: 'Google Ads',
    valid: true,
    campaign: { id: 'c_1', name: 'Google Ads' },
    leadSource: { id: 'ls_1', name: 'Search' },
  },
  {
    id: 'tn_3',
    number: '+442079460958',
    formatted: '+442079460958',
    label: 'London referrals',
    valid: false,
    campaign: null,
    leadSource: null,
  },
];

export function trackedCall(overrides: Partial<TrackedCall> = {}): TrackedCall {
  return {
    id: 'call_9',
    workspaceId: WORKSPACE_ID,
    sid: null,
    direction: 'outbound',
    status: 'ringing',
    fromNumber: '+13125550100',
    toNumber: '+13125550142',
    agentCtmUserId: 'ctm_7',
    agentId: 'ag_1',
    trackingNumber: '+13125550100',
    campaign: null,
    leadSource: null,
    leadName: null,
    startedAt: '2026-11-23T15:00:00.000Z',
    connected: false,
    connectedAt: null,
    endedAt: null,
    duration: null,
    endedBy: null,
    takenAt: null,
    ...overrides,
  };
}

export const LINKED_AGENT: Agent = {
  id: 'ag_1',
  name: 'Ivy Intake',
  personId: 'p_1',
  ctmUserId: 'ctm_7',
  zohoUserId: null,
  active: true,
};

/** The call-tracking answers of the reference server for a linked agent. */
export function callTrackingApi(): FakeApi {
  return fakeApi({
    'ctm/numbers': () => ({
      data: NUMBERS,
      meta: { total: NUMBERS.length, limit: NUMBERS.length, offset: 0 },
    }),
    'ctm/calls': (req: TransportRequest) => {
      const body = req.body as { from_number: string; call_number: string };
      return {
        data: trackedCall({
          fromNumber: body.from_number,
          trackingNumber: body.from_number,
          toNumber: body.call_number,
        }),
      };
    },
    'ctm/calls/call_9': () => ({
      data: trackedCall({
        connected: true,
        status: 'in-progress',
        connectedAt: '2026-11-23T15:00:05.000Z',
      }),
    }),
  });
}

function CallPage({
  phone,
  onCallStarted,
}: {
  phone: string | null;
  onCallStarted: (call: StartedCall) => void;
}) {
  const [started, setStarted] = useState(0);
  const { startCall, dialogs } = useClickToCall({
    onCallStarted: (call) => {
      setStarted((n) => n + 1);
      onCallStarted(call);
    },
  });
  return (
    <main>
      <p>
        Dana Lee <span>{phone}</span>
        <button type="button" onClick={() => startCall({ name: 'Dana Lee', phone })}>
          Call Dana Lee
        </button>
      </p>
      <output aria-label="calls started">{started}</output>
      {dialogs}
    </main>
  );
}

export function renderCallPage(
  options: {
    api?: FakeApi;
    agent?: Agent | null;
    phone?: string | null;
    calls?: CallSession;
  } = {},
) {
  const api = options.api ?? callTrackingApi();
  const onCallStarted = vi.fn<(call: StartedCall) => void>();
  const host = makeHost({
    api,
    session: {
      user: makeUser({ id: 'u_agent', role: 'operator', name: 'Ivy Intake' }),
      workspace: makeWorkspace({ ctmSetting: true, ctmAccount: '1' }),
      agent: options.agent === undefined ? LINKED_AGENT : options.agent,
    },
    ...(options.calls ? { calls: options.calls } : {}),
  });
  const phone = options.phone === undefined ? '(312) 555-0142' : options.phone;
  const view = renderWithHost(<CallPage phone={phone} onCallStarted={onCallStarted} />, {
    host,
  });
  return { ...view, api, onCallStarted };
}

/** Focuses the page's call button and presses it, as a keyboard user would. */
export function pressCallButton(): HTMLElement {
  const trigger = screen.getByRole('button', { name: 'Call Dana Lee' });
  act(() => trigger.focus());
  fireEvent.click(trigger);
  return trigger;
}

export function callButton(): HTMLButtonElement {
  return screen.getByRole('button', { name: 'Call' });
}
