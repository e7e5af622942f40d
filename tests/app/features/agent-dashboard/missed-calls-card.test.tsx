import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { missedCallWhen } from '@/app/features/agent-dashboard/agent-summary-text';
import { MissedCallsCard } from '@/app/features/agent-dashboard/missed-calls-card';
import { LiveProvider } from '@/app/live/live-context';
import {
  MISSED_CALL_NOTIFICATION_TITLE,
  type TrackedCall,
  type TrackingNumber,
} from '@/shared/contracts/call-tracking';
import type { Notification } from '@/shared/contracts/notification';
import type { Role } from '@/shared/contracts/roles';
import { IDLE_LIVE_SNAPSHOT, type LiveFeed } from '@/shared/live/live-feed';
import type { TransportRequest } from '@/shared/transport/transport';
import { makeUser } from '../../../shared/domain/fixtures';
import { providerCall } from '../../../shared/call-fixtures';
import { fakeCallSession, liveCall } from '../../../widgets/fake-call-session';
import { makeHost, renderWithHost } from '../../helpers';
import { fakeApi } from '../../fake-api';
import { reportWorkspace } from '../../reports/filters/fixtures';

// issue #28: the agent's missed calls at the head of the agent dashboard, each with Call
// back (the click-to-call flow); "No missed calls" when none is, nothing without call
// tracking; asked again when a call-back starts and when a "Missed call" notification
// arrives.

const MISSED: TrackedCall = providerCall({
  id: 'call-missed',
  status: 'no-answer',
  leadName: 'Mia Lopez',
  fromNumber: '+15125550211',
  trackingNumber: '+13125550142',
  startedAt: '2026-11-23T15:00:00.000Z',
  endedAt: '2026-11-23T15:00:30.000Z',
  endedBy: 'caller',
});

const UNKNOWN: TrackedCall = providerCall({
  id: 'call-unknown',
  status: 'no-answer',
  leadName: null,
  fromNumber: '+15125550299',
  trackingNumber: '+13125550142',
  startedAt: '2026-11-22T21:30:00.000Z',
  endedAt: '2026-11-22T21:30:20.000Z',
  endedBy: 'caller',
});

const LINE: TrackingNumber = {
  id: 'tn_1',
  number: '+13125550100',
  formatted: '+1 312-555-0100',
  label: 'Main office line',
  valid: true,
  campaign: null,
  leadSource: null,
};

const list = (calls: TrackedCall[]) => ({
  data: calls,
  meta: { total: calls.length, limit: Math.max(1, calls.length), offset: 0 },
});

/** A live feed whose arrivals the test sends (what the notifications socket event does). */
function fakeFeed() {
  const listeners = new Set<(notification: Notification) => void>();
  const feed: LiveFeed = {
    get: () => IDLE_LIVE_SNAPSHOT,
    subscribe: () => () => {},
    markRead: async () => {},
    markAllRead: async () => {},
    reload: () => {},
    onArrival(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
  const arrive = (title: string) =>
    act(() => {
      for (const listener of [...listeners]) {
        listener({
          id: `n-${title}`,
          title,
          description: '',
          time: '2026-11-23T15:01:00.000Z',
          actionRequired: true,
          path: '/app/dashboards/agent',
          read: false,
        });
      }
    });
  return { feed, arrive };
}

function renderCard(
  options: {
    missed?: TrackedCall[];
    role?: Role;
    callTracking?: boolean;
    feed?: LiveFeed;
    failing?: boolean;
  } = {},
) {
  let missed = options.missed ?? [MISSED];
  let failing = options.failing ?? false;
  const api = fakeApi({
    'ctm/missed-calls': () =>
      failing ? { fail: 503, message: 'The server is busy.' } : list(missed),
    'ctm/numbers': () => ({ data: [LINE], meta: { total: 1, limit: 1, offset: 0 } }),
    // The call-back, placed as the reference server answers it.
    'ctm/calls': (req: TransportRequest) => {
      const body = req.body as { from_number: string; call_number: string };
      return {
        data: providerCall({
          id: 'call-back',
          direction: 'outbound',
          fromNumber: body.from_number,
          toNumber: body.call_number,
          trackingNumber: body.from_number,
        }),
      };
    },
    'ctm/calls/call-back': () => ({
      data: providerCall({ id: 'call-back', direction: 'outbound', connected: true }),
    }),
  });
  const session = fakeCallSession();
  // The started call-back becomes the active call, as the app's call session makes it.
  const outbound = vi.fn(async (call: TrackedCall, leadName: string) => {
    session.push({
      call: liveCall({
        callId: call.id,
        direction: 'outbound',
        callData: { leadName, phone: call.toNumber },
      }),
    });
  });
  const calls = { ...session, outbound };
  const host = makeHost({
    api,
    calls,
    session: {
      user: makeUser({ role: options.role ?? 'operator' }),
      workspace: reportWorkspace({ callTracking: options.callTracking }),
      agent: null,
    },
  });
  const view = renderWithHost(
    <LiveProvider feed={options.feed ?? null}>
      <MissedCallsCard />
    </LiveProvider>,
    { host },
  );
  const setMissed = (next: TrackedCall[]) => {
    missed = next;
  };
  const recover = () => {
    failing = false;
  };
  return { api, calls, view, setMissed, recover };
}

const rows = (card: HTMLElement) =>
  within(within(card).getByRole('list', { name: 'Missed calls to return' })).getAllByRole(
    'listitem',
  );

describe('MissedCallsCard (issue #28)', () => {
  it('lists each missed call with the caller (or "Unknown caller"), number, time and tracking number', async () => {
    renderCard({ missed: [MISSED, UNKNOWN] });
    const card = await screen.findByTestId('missed-calls');
    await waitFor(() => expect(rows(card)).toHaveLength(2));
    const [mia, unknown] = rows(card);
    expect(within(mia).getByText('Mia Lopez').isConnected).toBe(true);
    expect(mia.textContent).toContain('+1 512-555-0211');
    expect(mia.textContent).toContain('on +1 312-555-0142');
    // 15:00 UTC in the workspace's timezone (America/Chicago): 09:00 AM.
    expect(mia.querySelector('time')?.textContent).toContain('09:00 AM');
    expect(mia.querySelector('time')?.getAttribute('dateTime')).toBe(MISSED.startedAt);
    expect(within(unknown).getByText('Unknown caller').isConnected).toBe(true);
    expect(unknown.textContent).toContain('+1 512-555-0299');
    // Each row's button names whom it calls back.
    expect(
      within(card)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual([
      'Call back Mia Lopez, +1 512-555-0211',
      'Call back Unknown caller, +1 512-555-0299',
    ]);
  });

  it('shows a caller who rang three times once, with the count and the latest call', async () => {
    const earlier = (id: string, hour: string) => ({
      ...MISSED,
      id,
      fromNumber: '+1 512 555 0211',
      startedAt: `2026-11-23T${hour}:00:00.000Z`,
    });
    renderCard({ missed: [MISSED, earlier('call-2', '14'), earlier('call-1', '13'), UNKNOWN] });
    const card = await screen.findByTestId('missed-calls');
    await waitFor(() => expect(rows(card)).toHaveLength(2));
    const [mia] = rows(card);
    expect(mia.textContent).toContain('3 missed calls, the last');
    expect(mia.querySelector('time')?.getAttribute('dateTime')).toBe(MISSED.startedAt);
    expect(within(card).getAllByRole('button', { name: /^Call back Mia Lopez/ })).toHaveLength(1);
  });

  it('Call back places the call to that number through click-to-call, and the returned call leaves the list', async () => {
    const { api, calls, setMissed } = renderCard();
    const button = await screen.findByRole('button', { name: /^Call back Mia Lopez/ });
    fireEvent.click(button);
    const picker = await screen.findByRole('dialog', { name: 'Call Mia Lopez' });
    await within(picker).findByText('Main office line');
    // The server no longer lists it once the call-back is placed.
    setMissed([]);
    fireEvent.click(within(picker).getByRole('button', { name: 'Call' }));
    const outcome = await screen.findByRole('dialog', { name: 'Calling Mia Lopez' });
    fireEvent.click(within(outcome).getByRole('button', { name: 'Call' }));

    await waitFor(() => expect(calls.outbound).toHaveBeenCalledTimes(1));
    const placed = api.calls('ctm/calls').find((r) => r.method === 'POST');
    expect(placed?.body).toEqual({ from_number: '+13125550100', call_number: '+15125550211' });
    expect(calls.outbound.mock.calls[0][1]).toBe('Mia Lopez');
    // The list is asked again once the call-back is the active call, and says so.
    const card = screen.getByTestId('missed-calls');
    await waitFor(() => expect(card.textContent).toContain('No missed calls'));
    expect(within(card).queryByRole('button', { name: /^Call back/ })).toBeNull();
  });

  it('asks again when a "Missed call" notification arrives, and not for others', async () => {
    const { feed, arrive } = fakeFeed();
    const { api, setMissed } = renderCard({ missed: [], feed });
    const card = await screen.findByTestId('missed-calls');
    await waitFor(() => expect(card.textContent).toContain('No missed calls'));
    expect(api.calls('ctm/missed-calls')).toHaveLength(1);

    arrive('Task assigned');
    setMissed([MISSED]);
    arrive(MISSED_CALL_NOTIFICATION_TITLE);
    await waitFor(() => expect(within(card).getByText('Mia Lopez').isConnected).toBe(true));
    expect(api.calls('ctm/missed-calls')).toHaveLength(2);
  });

  it('says "No missed calls" while none is, and shows nothing without call tracking', async () => {
    const { api } = renderCard({ missed: [] });
    const card = await screen.findByTestId('missed-calls');
    await waitFor(() => expect(card.textContent).toContain('No missed calls'));
    expect(within(card).queryByRole('list')).toBeNull();
    expect(api.calls('ctm/missed-calls')).toHaveLength(1);
    const off = renderCard({ callTracking: false });
    expect(off.api.calls('ctm/missed-calls')).toHaveLength(0);
    expect(off.view.container.textContent).toBe('');
  });

  it('shows the error with Try Again? when the list cannot be read, and the list once it can', async () => {
    const { recover } = renderCard({ failing: true });
    const card = await screen.findByTestId('missed-calls');
    const retry = await within(card).findByRole('button', { name: 'Try Again?' });
    expect(within(card).queryByRole('list')).toBeNull();
    recover();
    fireEvent.click(retry);
    await waitFor(() => expect(within(card).getByText('Mia Lopez').isConnected).toBe(true));
  });
});

describe('missedCallWhen (issue #28)', () => {
  const now = new Date('2026-11-23T18:00:00.000Z'); // Mon 11/23, 12:00 PM in Chicago
  it('says Today, Yesterday or the day, with the time, in the workspace timezone', () => {
    expect(missedCallWhen('2026-11-23T15:00:00.000Z', 'America/Chicago', now)).toBe(
      'Today 09:00 AM',
    );
    // 03:30 UTC on the 23rd is still the 22nd in Chicago.
    expect(missedCallWhen('2026-11-23T03:30:00.000Z', 'America/Chicago', now)).toBe(
      'Yesterday 09:30 PM',
    );
    expect(missedCallWhen('2026-11-20T15:00:00.000Z', 'America/Chicago', now)).toBe(
      'Fri 11/20 09:00 AM',
    );
  });
  it('reads UTC for a missing or unknown timezone, and nothing for an unreadable time', () => {
    expect(missedCallWhen('2026-11-23T15:00:00.000Z', null, now)).toBe('Today 03:00 PM');
    expect(missedCallWhen('2026-11-23T15:00:00.000Z', 'Mars/Olympus', now)).toBe('Today 03:00 PM');
    expect(missedCallWhen('not a time', 'America/Chicago', now)).toBe('');
  });
});
