import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { initialSessionState, useSessionStore } from '@/shared/stores/session-store';
import { makeUser, makeWorkspace } from '../../shared/domain/fixtures';
import { renderApp, setSession, setViewportWidth } from '../helpers';

afterEach(() => {
  useSessionStore.setState(initialSessionState);
});

async function heading(name: string | RegExp) {
  return screen.findByRole('heading', { level: 1, name }, { timeout: 3000 });
}

describe('route guards (spec: session 6)', () => {
  it('sends an unauthenticated user from an /app page to /login', async () => {
    setSession(null);
    const { router } = renderApp('/app/dashboards/dashboard');
    await heading('Sign in');
    expect(router.state.location.pathname).toBe('/login');
  });

  it('sends a user whose role is not allowed to their landing page', async () => {
    setViewportWidth(1280);
    const workspace = makeWorkspace({ ctmAccount: 'acct_1', ctmSetting: true });
    setSession(makeUser({ role: 'operator', edition: 'professional' }), workspace);
    const { router } = renderApp('/app/settings/users-administration');
    await heading('Agent Dashboard');
    expect(router.state.location.pathname).toBe('/app/dashboards/agent');
  });

  it('sends a user whose edition is below the route to the not-allowed page, naming the edition', async () => {
    setSession(
      makeUser({ role: 'owner', edition: 'starter' }),
      makeWorkspace({ edition: 'starter' }),
    );
    const { router } = renderApp('/app/marketing/lead-source-ranking-v2');
    await heading('This feature is not in your edition');
    expect(router.state.location.pathname).toBe(
      '/app/marketing/lead-source-ranking-v2/not-allowed',
    );
    expect(new URLSearchParams(router.state.location.search).get('edition')).toBe('professional');
    expect(
      screen.getByText(
        'Your edition (starter) does not include this feature. Upgrade to professional to use it.',
      ).textContent,
    ).toBe(
      'Your edition (starter) does not include this feature. Upgrade to professional to use it.',
    );
  });

  it('lets a professional user into the same route', async () => {
    setSession(makeUser({ role: 'owner', edition: 'professional' }), makeWorkspace());
    const { router } = renderApp('/app/marketing/lead-source-ranking-v2');
    await heading('Lead Source Ranking');
    expect(router.state.location.pathname).toBe('/app/marketing/lead-source-ranking-v2');
  });

  it('sends an owner away from the cockpit when the cockpit setting is off', async () => {
    setSession(makeUser({ role: 'owner' }), makeWorkspace({ cockpit: false }));
    const { router } = renderApp('/app/dashboards/cockpit');
    await heading('Classic Dashboard');
    expect(router.state.location.pathname).toBe('/app/dashboards/dashboard');
  });

  it('blocks call flows for a Zoho-vendor workspace', async () => {
    setSession(
      makeUser({ role: 'admin' }),
      makeWorkspace({ zohoVendor: true, isZoho: true, cockpit: true }),
    );
    const { router } = renderApp('/app/automated-intake');
    await heading('Cockpit');
    expect(router.state.location.pathname).toBe('/app/dashboards/cockpit');
  });

  it('waits for a stored session to be restored before deciding', async () => {
    useSessionStore.setState({ ...initialSessionState, status: 'restoring' });
    const { router } = renderApp('/app/profile/user-info');
    await screen.findByText('Restoring your session…');
    act(() => setSession(makeUser({ role: 'consultant' }), makeWorkspace()));
    await heading('User info');
    expect(router.state.location.pathname).toBe('/app/profile/user-info');
  });
});

describe('route table (spec: session 2 / dashboards 2.1)', () => {
  it('opens /app on the landing page', async () => {
    setSession(makeUser({ role: 'system', edition: null, workspace: null }), null);
    const { router } = renderApp('/app');
    await heading('Workspaces');
    expect(router.state.location.pathname).toBe('/app/system/workspaces');
  });

  it('redirects the empty path to /login', async () => {
    setSession(null);
    const { router } = renderApp('/');
    await heading('Sign in');
    expect(router.state.location.pathname).toBe('/login');
  });

  it('redirects callback to the app', async () => {
    setSession(makeUser({ role: 'consultant' }), makeWorkspace());
    const { router } = renderApp('/callback');
    await heading('Credentials');
    expect(router.state.location.pathname).toBe('/app/profile/credentials');
  });

  it('redirects actions/{token}/invite to the invite sign-in', async () => {
    setSession(null);
    const { router } = renderApp('/actions/tok-123/invite');
    await heading('Accept your invitation');
    expect(router.state.location.pathname).toBe('/login/tok-123/invite');
    // issue #16: the token is never shown; this one is not an invitation token at all.
    expect(screen.queryByText(/tok-123/)).toBeNull();
    expect((await screen.findByText(/This invitation link is not valid/)).textContent).toMatch(
      /Ask your administrator to send a new one/,
    );
  });

  it('redirects actions/download/osx to the macOS download card', async () => {
    setSession(null);
    const { router } = renderApp('/actions/download/osx');
    await screen.findByRole('heading', { name: 'Intake Cockpit for macOS' }, { timeout: 3000 });
    expect(router.state.location.pathname).toBe('/login/download/osx');
    expect(screen.getByText(/not available in this edition/).textContent).toMatch(
      /not available in this edition/,
    );
  });

  it('sends an unknown path to the 404 page', async () => {
    setSession(null);
    const { router } = renderApp('/no/such/page');
    await heading('Page not found');
    expect(router.state.location.pathname).toBe('/404');
  });

  it('sends an unknown /app path to the 404 page', async () => {
    setSession(makeUser({ role: 'owner' }), makeWorkspace());
    const { router } = renderApp('/app/dashboards/nothing-here');
    await heading('Page not found');
    expect(router.state.location.pathname).toBe('/404');
  });

  it('redirects the older cockpit route to dashboards/cockpit', async () => {
    setSession(makeUser({ role: 'owner' }), makeWorkspace({ cockpit: true }));
    const { router } = renderApp('/app/cockpit');
    await heading('Cockpit');
    expect(router.state.location.pathname).toBe('/app/dashboards/cockpit');
  });

  it('moves a signed-in user from /login to their landing page', async () => {
    setSession(makeUser({ role: 'owner' }), makeWorkspace({ cockpit: false }));
    const { router } = renderApp('/login');
    await heading('Classic Dashboard');
    expect(router.state.location.pathname).toBe('/app/dashboards/dashboard');
  });

  it('keeps the download page readable for a user who is already signed in', async () => {
    setSession(makeUser({ role: 'owner' }), makeWorkspace());
    const { router } = renderApp('/login/download/windows');
    await screen.findByRole('heading', { name: 'Intake Cockpit for Windows' }, { timeout: 3000 });
    expect(router.state.location.pathname).toBe('/login/download/windows');
    expect(screen.getByText(/You are signed in as Olivia Owner/).textContent).toMatch(
      /You are signed in as Olivia Owner/,
    );
  });

  it('names the Training topic from the URL', async () => {
    setSession(makeUser({ role: 'operator' }), makeWorkspace());
    const { router } = renderApp('/app/coaching/training');
    await heading('Immigration training');
    expect(router.state.location.pathname).toBe('/app/coaching/training/immigration');
  });
});
