import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MissedCallsCard } from '@/app/features/agent-dashboard/missed-calls-card';
import type { TrackedCall } from '@/shared/contracts/call-tracking';
import type { Role } from '@/shared/contracts/roles';
import { makeUser } from '../../../shared/domain/fixtures';
import { providerCall } from '../../../shared/call-fixtures';
import { makeHost, renderWithHost } from '../../helpers';
import { fakeApi } from '../../fake-api';
import { reportWorkspace } from '../../reports/filters/fixtures';

// issue #28: the agent's missed calls at the head of the agent dashboard, each with Call
// back (the click-to-call flow), nothing while none is missed or without call tracking.

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

function renderCard(options: { missed?: TrackedCall[]; role?: Role; callTracking?: boolean } = {}) {
  const missed = options.missed ?? [MISSED];
  const api = fakeApi({
    'ctm/missed-calls': () => ({
      data: missed,
      meta: { total: missed.length, limit: Math.max(1, missed.length), offset: 0 },
    }),
    'ctm/numbers': () => ({ data: [], meta: { total: 0, limit: 100, offset: 0 } }),
  });
  const host = makeHost({
    api,
    session: {
      user: makeUser({ role: options.role ?? 'operator' }),
      workspace: reportWorkspace({ callTracking: options.callTracking }),
      agent: null,
    },
  });
  const view = renderWithHost(<MissedCallsCard />, { host });
  return { api, view };
}

describe('MissedCallsCard (issue #28)', () => {
  it('lists each missed call with the caller, number, time and tracking number', async () => {
    renderCard();
    const card = await screen.findByTestId('missed-calls');
    await waitFor(() => expect(within(card).getByText('Mia Lopez').isConnected).toBe(true));
    expect(card.textContent).toContain('+1 512-555-0211');
    expect(card.textContent).toContain('on +1 312-555-0142');
    // 15:00 UTC in the workspace's timezone (America/Chicago): 09:00 AM.
    expect(card.textContent).toContain('09:00 AM');
  });

  it('Call back opens the click-to-call flow for that caller and number', async () => {
    renderCard();
    const button = await screen.findByRole('button', { name: 'Call back Mia Lopez' });
    fireEvent.click(button);
    expect((await screen.findByRole('dialog')).textContent).toContain('Mia Lopez');
  });

  it('shows nothing while no call is missed, nor without call tracking', async () => {
    const { api } = renderCard({ missed: [] });
    await waitFor(() => expect(api.calls('ctm/missed-calls')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByTestId('missed-calls')).toBeNull());
    const off = renderCard({ callTracking: false });
    expect(off.api.calls('ctm/missed-calls')).toHaveLength(0);
  });
});
