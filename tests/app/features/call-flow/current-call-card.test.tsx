import type { ReactElement } from 'react';
import type { RouteObject } from 'react-router';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CurrentCallCard } from '@/app/features/call-flow/current-call-card';
import { ConfirmHost } from '@/app/components/confirm-dialog/confirm-dialog';
import { appRoutes } from '@/app/router';
import { renderWithHost } from '../../helpers';
import { agentWorkspace, callFlowHost, fakeCallCentre } from './call-flow-test-kit';
import { fakeCallSession, liveCall } from '../../../widgets/fake-call-session';

// issue #28: where no wizard runs (the agent dashboard of a Zoho-vendor workspace) the
// call's card still shows everything about the call, its running time, and a Hang up.

describe('the current call card where no call flow runs', () => {
  it('shows the caller, the call’s facts and its time, and asks for the hang-up', async () => {
    const calls = fakeCallSession({ call: liveCall(), offered: false });
    const host = {
      ...callFlowHost(fakeCallCentre(), { workspace: agentWorkspace({ zohoVendor: true }) }),
      calls,
    };
    const view = within(
      renderWithHost(
        <>
          <CurrentCallCard />
          <ConfirmHost />
        </>,
        { host },
      ).container,
    );
    const card = view.getByRole('region', { name: 'Incoming call: Dana Reyes' });
    expect(within(card).getByRole('link', { name: '+1 512-555-0147' }).isConnected).toBe(true);
    for (const fact of ['Tracking number', 'Campaign', 'Lead source', 'Started']) {
      expect(within(card).getByText(fact).isConnected).toBe(true);
    }
    expect(within(card).getByText('09:05 AM').isConnected).toBe(true);
    expect(within(card).getByRole('timer').textContent).toMatch(/^\d+:\d\d$/);
    fireEvent.click(within(card).getByRole('button', { name: 'Hang up' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Hang up?' });
    expect(within(confirm).getByText('The call ends for the caller.').isConnected).toBe(true);
  });
});

describe('the agent dashboard route', () => {
  it('composes the current call card into the agent dashboard (features do not import each other)', async () => {
    const find = (routes: RouteObject[], path: string): RouteObject | undefined =>
      routes.find((route) => route.path === path) ??
      routes.map((route) => find(route.children ?? [], path)).find(Boolean);
    const agent = find(find(appRoutes(), 'dashboards')?.children ?? [], 'agent');
    if (typeof agent?.lazy !== 'function') throw new Error('no lazy agent dashboard route');
    const { element } = (await agent.lazy()) as { element: ReactElement };
    const calls = fakeCallSession({ call: liveCall(), offered: false });
    const host = {
      ...callFlowHost(fakeCallCentre(), { workspace: agentWorkspace({ zohoVendor: true }) }),
      calls,
    };
    const view = within(renderWithHost(element, { host }).container);
    expect(view.getByRole('heading', { name: 'Agent Dashboard' }).isConnected).toBe(true);
    const current = view.getByRole('region', { name: 'Current call' });
    expect(
      within(current).getByRole('region', { name: 'Incoming call: Dana Reyes' }).isConnected,
    ).toBe(true);
  });
});
