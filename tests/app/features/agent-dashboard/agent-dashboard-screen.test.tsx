import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AgentDashboardScreen } from '@/app/features/agent-dashboard/agent-dashboard-screen';
import type { Agent } from '@/shared/contracts/lookups';
import type { AgentSummary } from '@/shared/contracts/reports/agent-summary';
import { makeSummary } from './agent-summary-fixture';
import type { Role } from '@/shared/contracts/roles';
import { makeUser } from '../../../shared/domain/fixtures';
import { makeHost, renderWithHost } from '../../helpers';
import { deferred, fakeApi, type FakeApi, type Handler } from '../../fake-api';
import { reportWorkspace, serverError } from '../../reports/filters/fixtures';
import { LiveProvider } from '@/app/live/live-context';
import { IDLE_LIVE_SNAPSHOT, type LiveFeed, type LiveSnapshot } from '@/shared/live/live-feed';
import { fakeCallSession, liveCall } from '../../../widgets/fake-call-session';

const MAYA: Agent = {
  id: 'agt_1',
  name: 'Maya Patel',
  personId: 'per_1',
  ctmUserId: 'ctm_1',
  zohoUserId: null,
  active: true,
};
const LEO: Agent = { ...MAYA, id: 'agt_2', name: 'Leo Park', personId: 'per_2' };

const QUIET: AgentSummary = makeSummary({
  calls: {
    inbound: { total: 0, connected: 0, percent: 0 },
    outbound: { total: 0, connected: 0, percent: 0 },
    all: { total: 0, connected: 0, percent: 0 },
  },
  funnel: { leads: 0, sets: 0, shows: 0, hires: 0 },
  followUps: {
    callbacks: { due: 0, done: 0 },
    relationship: { due: 0, done: 0 },
    collection: { due: 0, done: 0 },
  },
  open: {
    total: 0,
    byKind: {
      callback: { open: 0, overdue: 0 },
      relationship: { open: 0, overdue: 0 },
      collection: { open: 0, overdue: 0 },
    },
    items: [],
  },
  rank: { metric: 'sets', position: 1, of: 5, sharedWith: 5, best: 0 },
});

function renderAgent(
  options: {
    summary?: Handler;
    role?: Role;
    agent?: Agent | null;
    callTracking?: boolean;
    agents?: Agent[];
  } = {},
): FakeApi {
  const api = fakeApi({
    '/agents/me/summary': options.summary ?? (() => ({ data: makeSummary() })),
    // The agents lookup's path is 'agents' (shared/api/lookups.ts).
    agents: () => ({
      data: options.agents ?? [MAYA, LEO],
      meta: { total: 2, limit: 1000, offset: 0 },
    }),
  });
  const host = makeHost({
    api,
    session: {
      user: makeUser({ role: options.role ?? 'operator' }),
      workspace: reportWorkspace({ callTracking: options.callTracking }),
      agent: options.agent === undefined ? MAYA : options.agent,
    },
  });
  renderWithHost(<AgentDashboardScreen />, { host });
  return api;
}

describe('AgentDashboardScreen (docs/agent-dashboard.md)', () => {
  it("shows 'Loading Agent Dashboard...' and then the agent's calls, compliance, funnel, follow-ups and rank", async () => {
    const pending = deferred<unknown>();
    const api = renderAgent({ summary: () => pending.promise });
    expect((await screen.findByText('Loading Agent Dashboard...')).textContent).toBe(
      'Loading Agent Dashboard...',
    );
    await act(async () => pending.resolve({ data: makeSummary() }));

    const calls = await screen.findByRole('region', { name: 'Calls' });
    expect(within(calls).getByText('In').nextElementSibling!.textContent).toBe(
      '129 connected · 75%',
    );
    const compliance = within(calls).getByRole('progressbar', { name: 'Call compliance' });
    expect(compliance.getAttribute('aria-valuenow')).toBe('31');
    expect(compliance.getAttribute('aria-valuetext')).toBe(
      '31% (10 of 32 calls connected), minimum 10%',
    );
    const funnel = screen.getByRole('region', { name: 'Your funnel' });
    expect(
      within(funnel)
        .getAllByRole('definition')
        .map((d) => d.textContent),
    ).toEqual(['7', '3', '2', '1']);
    const followUps = screen.getByRole('region', { name: 'Follow-ups' });
    // Each figure says what of its kind is overdue in the list below (issue #30).
    expect(within(followUps).getByText('Callbacks').nextElementSibling!.textContent).toBe(
      '1 of 2 returned today · 1 overdue',
    );
    expect(within(followUps).getByText('Relationship calls').nextElementSibling!.textContent).toBe(
      '1 of 1 made today',
    );
    expect(within(followUps).getByText('Collection calls').nextElementSibling!.textContent).toBe(
      'none due today',
    );
    const open = within(followUps).getAllByRole('listitem');
    expect(open.map((item) => item.textContent)).toEqual([
      'CallbackAna AbleOverdue since Wed 11/18',
      'Relationship callNo contact namedDue today',
    ]);
    expect(open[0]!.getAttribute('data-overdue')).toBe('true');
    const rank = screen.getByRole('region', { name: 'Team rank' });
    expect(rank.textContent).toContain('2nd');
    expect(rank.textContent).toContain('of 5 agents by sets');
    expect(rank.textContent).toContain('3 sets · the top has 6 sets');
    // An operator reads their own dashboard: no agent is named.
    expect(api.calls('/agents/me/summary')[0]!.query).toEqual({ period: 'day' });
  });

  it("states the agent's outbound minimums for the period, and says which are missed", async () => {
    renderAgent({
      summary: () => ({
        data: makeSummary({
          minimums: {
            compliancePercent: 10,
            outboundCalls: 30,
            outboundAnswers: 1,
            outboundSets: 2,
          },
        }),
      }),
    });
    const calls = await screen.findByRole('region', { name: 'Calls' });
    // 20 outbound calls, 1 answered: under 30 calls, level with 1 answered.
    const line = within(calls).getByText(/^Outbound minimum/);
    expect(line.textContent).toBe(
      'Outbound minimum today: 30 calls · 1 answered · 2 sets · below on calls',
    );
    expect(line.className).toContain('ic-agent-dashboard__caption--below');
  });

  it('says nothing of outbound minimums when none is set', async () => {
    renderAgent({
      summary: () => ({
        data: makeSummary({
          minimums: {
            compliancePercent: 10,
            outboundCalls: null,
            outboundAnswers: null,
            outboundSets: null,
          },
        }),
      }),
    });
    await screen.findByRole('region', { name: 'Calls' });
    expect(screen.queryByText(/Outbound minimum/)).toBeNull();
  });

  it('switches to this week with the keyboard-operable period radios', async () => {
    const api = renderAgent({
      summary: (req) =>
        (req.query as { period: string }).period === 'week'
          ? {
              data: makeSummary({ period: 'week', startDate: '2026-11-16', endDate: '2026-11-20' }),
            }
          : { data: makeSummary() },
    });
    await screen.findByRole('region', { name: 'Calls' });
    const week = screen.getByRole('radio', { name: 'This week' });
    fireEvent.click(week);
    expect((await screen.findByText(/Mon 11\/16 – Fri 11\/20/)).textContent).toContain(
      'Maya Patel',
    );
    expect(api.calls('/agents/me/summary').map((req) => req.query)).toEqual([
      { period: 'day' },
      { period: 'week' },
    ]);
    expect((week as HTMLInputElement).checked).toBe(true);
  });

  it('says so when there is nothing yet today, and still shows the zeros', async () => {
    renderAgent({ summary: () => ({ data: QUIET }) });
    const note = await screen.findByText(/No calls, leads or follow-ups of yours yet today/);
    expect(note.getAttribute('role')).toBe('status');
    expect(screen.getByText('Nothing due: every callback and task is done.').tagName).toBe('P');
    expect(screen.getByRole('region', { name: 'Team rank' }).textContent).toContain(
      '0 sets, as many as 4 other agents',
    );
  });

  it('shows the error view when the summary fails, and Try Again? loads it again', async () => {
    let fail = true;
    renderAgent({ summary: () => (fail ? serverError() : { data: makeSummary() }) });
    expect(
      (await screen.findByText("Sorry! We weren't able to retrieve data at this time."))
        .textContent,
    ).toBe("Sorry! We weren't able to retrieve data at this time.");
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try Again?' }));
    expect((await screen.findByRole('region', { name: 'Calls' })).textContent).toContain('Calls');
  });

  it('tells an operator with no agent record why there is nothing to show, without asking', async () => {
    const api = renderAgent({ agent: null });
    expect((await screen.findByText(/not linked to an agent/)).textContent).toContain(
      'Ask your admin to link you.',
    );
    expect(api.calls('/agents/me/summary')).toHaveLength(0);
  });

  it('says call tracking is off instead of loading', async () => {
    const api = renderAgent({ callTracking: false });
    expect((await screen.findByText(/Call tracking is not enabled/)).tagName).toBe('P');
    expect(api.calls('/agents/me/summary')).toHaveLength(0);
  });

  it('lets an owner without an agent record pick whose dashboard to read', async () => {
    const api = renderAgent({
      role: 'owner',
      agent: null,
      summary: (req) => {
        const agent = (req.query as { agent?: string }).agent;
        return {
          data: makeSummary({
            agent:
              agent === 'agt_2'
                ? { id: 'agt_2', name: 'Leo Park' }
                : { id: 'agt_1', name: 'Maya Patel' },
          }),
        };
      },
    });
    const select = (await screen.findByLabelText('Agent')) as HTMLSelectElement;
    await waitFor(() => expect(select.value).toBe('agt_1'));
    fireEvent.change(select, { target: { value: 'agt_2' } });
    expect((await screen.findByText('Leo Park', { selector: 'strong' })).tagName).toBe('STRONG');
    expect(api.calls('/agents/me/summary').at(-1)!.query).toEqual({
      period: 'day',
      agent: 'agt_2',
    });
  });

  // issue #30: after a hang-up the dashboard read "IN 0" until reload.
  describe('follows live changes', () => {
    /** A live feed whose call count the test moves (the `ctmcallsdata` socket event). */
    function movingFeed() {
      let snapshot: LiveSnapshot = { ...IDLE_LIVE_SNAPSHOT, status: 'ready', liveCalls: 2 };
      const listeners = new Set<() => void>();
      const feed: LiveFeed = {
        get: () => snapshot,
        subscribe(listener) {
          listeners.add(listener);
          return () => void listeners.delete(listener);
        },
        markRead: async () => {},
        markAllRead: async () => {},
        reload: () => {},
        onArrival: () => () => {},
      };
      const setLiveCalls = (liveCalls: number) =>
        act(() => {
          snapshot = { ...snapshot, liveCalls };
          for (const listener of [...listeners]) listener();
        });
      return { feed, setLiveCalls };
    }

    /** The summary answers one more inbound call each time it is asked. */
    function countingApi() {
      let inbound = 0;
      return fakeApi({
        '/agents/me/summary': () => {
          const summary = makeSummary();
          const total = inbound++;
          return {
            data: {
              ...summary,
              calls: { ...summary.calls, inbound: { total, connected: total, percent: 100 } },
            },
          };
        },
      });
    }

    const inTile = async (total: string) =>
      waitFor(() =>
        expect(
          within(screen.getByRole('region', { name: 'Calls' })).getByText('In').nextElementSibling!
            .firstElementChild!.textContent,
        ).toBe(total),
      );

    it("asks again when the agent's call ends, and shows the call counted", async () => {
      const api = countingApi();
      const calls = fakeCallSession({ call: liveCall({ callId: 'call-1' }) });
      const host = makeHost({
        api,
        calls,
        session: {
          user: makeUser({ role: 'operator' }),
          workspace: reportWorkspace(),
          agent: MAYA,
        },
      });
      renderWithHost(<AgentDashboardScreen />, { host });
      await inTile('0');
      await act(async () => calls.hangUp());
      await inTile('1');
      expect(api.calls('/agents/me/summary')).toHaveLength(2);
    });

    it('asks again when the live call count moves (a manager reading an agent follows too)', async () => {
      const api = countingApi();
      const { feed, setLiveCalls } = movingFeed();
      const host = makeHost({
        api,
        session: {
          user: makeUser({ role: 'operator' }),
          workspace: reportWorkspace(),
          agent: MAYA,
        },
      });
      renderWithHost(
        <LiveProvider feed={feed}>
          <AgentDashboardScreen />
        </LiveProvider>,
        { host },
      );
      await inTile('0');
      setLiveCalls(1);
      await inTile('1');
      // Nothing moved: nothing asked.
      setLiveCalls(1);
      expect(api.calls('/agents/me/summary')).toHaveLength(2);
    });
  });
});
