import { fireEvent, screen, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AgentDashboardScreen } from '@/app/features/agent-dashboard/agent-dashboard-screen';
import { fetchLookup } from '@/shared/api/lookups';
import { fetchAgentSummary } from '@/shared/api/reports/agent-summary';
import { landingPathFor } from '@/shared/domain/landing';
import { createMemoryStorage } from '@/shared/storage/storage';
import { makeUser } from '../../../shared/domain/fixtures';
import { makeHost, renderWithHost } from '../../helpers';
import { startReportServer, type ReportServer } from '../../reports/filters/real-server';

// The operators' landing against the real reference server (seeded demo data): Maya
// Patel, agent@lakeside.test, lands on the Agent dashboard and it shows her own numbers.

let lakeside: ReportServer;

beforeAll(async () => {
  lakeside = await startReportServer('agent@lakeside.test', 'ws_lakeside');
}, 120_000);

afterAll(async () => {
  await lakeside?.close();
});

describe('the Agent dashboard for agent@lakeside.test (real server)', () => {
  it('is where the operator lands, and shows their own week', async () => {
    const user = makeUser({ role: 'operator', workspace: 'ws_lakeside' });
    expect(landingPathFor(user, lakeside.workspace)).toBe('/app/dashboards/agent');
    const agents = await fetchLookup(lakeside.api, 'agents', 'ws_lakeside');
    const maya = agents.find((agent) => agent.name === 'Maya Patel')!;
    expect(maya.active).toBe(true);
    renderWithHost(<AgentDashboardScreen />, {
      host: makeHost({
        api: lakeside.api,
        storage: createMemoryStorage(),
        session: { user, workspace: lakeside.workspace, agent: maya },
      }),
    });
    await screen.findByRole('region', { name: 'Calls' }, { timeout: 15_000 });
    fireEvent.click(screen.getByRole('radio', { name: 'This week' }));
    const rank = await screen.findByRole('region', { name: 'Team rank' }, { timeout: 15_000 });
    await within(rank).findByText(/by sets/);
    expect(screen.getByText('Maya Patel', { selector: 'strong' }).tagName).toBe('STRONG');
    expect(rank.textContent).toMatch(/\d+(st|nd|rd|th)of \d+ agents by sets/);
    const compliance = screen.getByRole('progressbar', { name: 'Call compliance' });
    expect(Number(compliance.getAttribute('aria-valuenow'))).toBeGreaterThanOrEqual(0);
    expect(screen.queryByText("Sorry! We weren't able to retrieve data at this time.")).toBeNull();
    // What it shows is the server's answer for the operator's own agent record.
    const week = await fetchAgentSummary(lakeside.api, 'ws_lakeside', { period: 'week' });
    expect(week.agent.id).toBe(maya.id);
    const funnel = screen.getByRole('region', { name: 'Your funnel' });
    expect(
      within(funnel)
        .getAllByRole('definition')
        .map((d) => Number(d.textContent!.replace(/,/g, ''))),
    ).toEqual([week.funnel.leads, week.funnel.sets, week.funnel.shows, week.funnel.hires]);
    expect(compliance.getAttribute('aria-valuenow')).toBe(String(week.calls.all.percent));
  }, 60_000);
});
