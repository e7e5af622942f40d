import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { initialSessionState, useSessionStore } from '@/shared/stores/session-store';
import { makeUser, makeWorkspace } from '../../../shared/domain/fixtures';
import { renderApp, setSession } from '../../helpers';

afterEach(() => {
  useSessionStore.setState(initialSessionState);
});

const heading = (name: string | RegExp) =>
  // The first render loads the app's lazy routes, cold: slow on a busy machine (a limit, not a check).
  screen.findByRole('heading', { level: 1, name }, { timeout: 10_000 });

// The first test renders the whole app cold (every lazy route transformed): allowed 20 s.
describe('marketing, cash-flow and the other app routes (issue 15)', { timeout: 20_000 }, () => {
  it('sends a starter owner (owner@summit.test) typing the Marketing Plan Essentials URL to the not-allowed page', async () => {
    setSession(
      makeUser({ role: 'owner', edition: 'starter' }),
      makeWorkspace({ edition: 'starter' }),
    );
    const { router } = renderApp('/app/marketing/marketing-plan-essentials');
    await heading('This feature is not in your edition');
    expect(router.state.location.pathname).toBe(
      '/app/marketing/marketing-plan-essentials/not-allowed',
    );
    expect(
      screen.queryByRole('heading', { level: 1, name: 'Marketing Plan Essentials' }),
    ).toBeNull();
  });

  it('opens Marketing Plan Essentials for a professional owner', async () => {
    setSession(makeUser({ role: 'owner', edition: 'professional' }), makeWorkspace());
    const { router } = renderApp('/app/marketing/marketing-plan-essentials');
    await heading('Marketing Plan Essentials');
    expect(router.state.location.pathname).toBe('/app/marketing/marketing-plan-essentials');
  });

  it.each([
    ['/app/top-5', '/app/team/reports'],
    ['/app/finance', '/app/cash-flow-pipeline/quickbooks'],
  ])('redirects %s to %s (docs/other-app-routes.md)', async (from, to) => {
    setSession(
      makeUser({ role: 'owner', edition: 'professional' }),
      makeWorkspace({ quickBooks: true }),
    );
    const { router } = renderApp(from);
    await screen.findAllByRole('heading', { level: 1 }, { timeout: 3000 });
    expect(router.state.location.pathname).toBe(to);
    expect(screen.queryByText(/coming soon/i)).toBeNull();
  });

  it('sends operator-dashboard to the Agent dashboard and promoter-index to the landing page', async () => {
    const workspace = makeWorkspace({ ctmAccount: 'acct_1', ctmSetting: true });
    setSession(makeUser({ role: 'operator', edition: 'professional' }), workspace);
    const first = renderApp('/app/operator-dashboard');
    await heading('Agent Dashboard');
    expect(first.router.state.location.pathname).toBe('/app/dashboards/agent');
    first.unmount();
    const second = renderApp('/app/promoter-index');
    await heading('Agent Dashboard');
    expect(second.router.state.location.pathname).toBe('/app/dashboards/agent');
  });
});

describe('Cash Flow Pipeline route guard (spec 2.2: the menu rule, by URL too)', () => {
  afterEach(() => {
    useSessionStore.setState(initialSessionState);
  });

  it('sends an owner whose workspace has no accounting vendor to the landing page', async () => {
    setSession(
      makeUser({ role: 'owner', edition: 'professional' }),
      makeWorkspace({ quickBooks: false, cockpit: false }),
    );
    const { router } = renderApp('/app/cash-flow-pipeline/collections');
    await screen.findAllByRole('heading', { level: 1 }, { timeout: 3000 });
    expect(router.state.location.pathname).not.toContain('cash-flow-pipeline');
  });

  it('opens Collections where QuickBooks is connected', async () => {
    setSession(
      makeUser({ role: 'owner', edition: 'professional' }),
      makeWorkspace({ quickBooks: true }),
    );
    const { router } = renderApp('/app/cash-flow-pipeline/collections');
    await heading('Collections');
    expect(router.state.location.pathname).toBe('/app/cash-flow-pipeline/collections');
  });
});
