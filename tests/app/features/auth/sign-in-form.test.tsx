import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EMPTY_CREDENTIALS_TEXT, SignInForm } from '@/app/features/auth/sign-in-form';
import { en } from '@/shared/i18n/en';
import { SignInError } from '@/shared/session/sign-in-error';
import { initialSessionState, useSessionStore } from '@/shared/stores/session-store';
import { makeUser, makeWorkspace } from '../../../shared/domain/fixtures';
import { fakeSessionService, renderApp } from '../../helpers';

afterEach(() => {
  useSessionStore.setState(initialSessionState);
});

function fillAndSubmit(username: string, password: string) {
  fireEvent.change(screen.getByLabelText('Username'), { target: { value: username } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

function alertText(): string {
  return screen.getByRole('alert').textContent ?? '';
}

describe('SignInForm (spec: session 4 Sign-in, 5 Login)', () => {
  it('trims the username and password before signing in', async () => {
    const signIn = vi.fn(async () => makeUser());
    render(<SignInForm onSignIn={signIn} />);
    fillAndSubmit('  owner@lakeside.test \n', '  demo-password  ');
    await waitFor(() => expect(signIn).toHaveBeenCalledTimes(1));
    expect(signIn).toHaveBeenCalledWith({
      username: 'owner@lakeside.test',
      password: 'demo-password',
    });
  });

  it("shows the server's error inline as an alert", async () => {
    const signIn = vi.fn(async () => {
      throw new SignInError(
        'rateLimited',
        'Too many sign-in attempts. Please wait a minute and try again.',
      );
    });
    render(<SignInForm onSignIn={signIn} />);
    fillAndSubmit('owner@lakeside.test', 'wrong');
    await waitFor(() =>
      expect(alertText()).toBe('Too many sign-in attempts. Please wait a minute and try again.'),
    );
    expect(screen.getByLabelText('Username').getAttribute('aria-invalid')).toBe('true');
  });

  it('shows the INACTIVE_USER text for an inactive authorization', async () => {
    const signIn = vi.fn(async () => {
      throw new SignInError('inactive', 'inactive');
    });
    render(<SignInForm onSignIn={signIn} />);
    fillAndSubmit('inactive@summit.test', 'demo-password');
    await waitFor(() => expect(alertText()).toBe(en.INACTIVE_USER));
  });

  it('shows a generic message for an unexpected failure', async () => {
    const signIn = vi.fn(async () => {
      throw new TypeError('boom');
    });
    render(<SignInForm onSignIn={signIn} />);
    fillAndSubmit('a', 'b');
    await waitFor(() => expect(alertText()).toBe(en.GENERIC_HTTP_ERROR));
  });

  it('does not call the server for blank credentials', () => {
    const signIn = vi.fn(async () => makeUser());
    render(<SignInForm onSignIn={signIn} />);
    fillAndSubmit('   ', 'secret');
    expect(signIn).not.toHaveBeenCalled();
    expect(alertText()).toBe(EMPTY_CREDENTIALS_TEXT);
  });

  it('disables submitting while signing in', async () => {
    let finish: () => void = () => {};
    const signIn = vi.fn(
      () =>
        new Promise<ReturnType<typeof makeUser>>((resolve) => {
          finish = () => resolve(makeUser());
        }),
    );
    render(<SignInForm onSignIn={signIn} />);
    fillAndSubmit('owner@lakeside.test', 'demo-password');
    const button = await screen.findByRole('button', { name: 'Signing in…' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    fireEvent.submit(button.closest('form')!);
    expect(signIn).toHaveBeenCalledTimes(1);
    await act(async () => finish());
    expect((screen.getByRole('button', { name: 'Sign in' }) as HTMLButtonElement).disabled).toBe(
      false,
    );
  });
});

describe('sign-in page', () => {
  it('lands a user on their landing page after signing in (spec: session 2 Landing)', async () => {
    useSessionStore.setState({ ...initialSessionState, status: 'signed-out' });
    const signIn = vi.fn(async () => {
      const user = makeUser({ role: 'operator' });
      useSessionStore.setState({
        user,
        workspace: makeWorkspace({ ctmAccount: 'acct', ctmSetting: true }),
        status: 'signed-in',
      });
      return user;
    });
    const { router } = renderApp('/login', {
      services: { session: fakeSessionService({ signIn }) },
    });
    await screen.findByRole('heading', { level: 1, name: 'Sign in' });
    fillAndSubmit('agent@lakeside.test', 'demo-password');
    // The whole app, cold: vitest transforms the shell's and the route's lazy modules on
    // first import, which takes seconds on this 2-core machine. A limit, not a timing check.
    await screen.findByRole('heading', { level: 1, name: 'Agent Dashboard' }, { timeout: 15_000 });
    expect(router.state.location.pathname).toBe('/app/dashboards/agent');
  }, 20_000);

  it('shows AUTH_PATCH_ERROR after a logout caused by a failed refresh (spec: session 4 step 9)', async () => {
    useSessionStore.setState({
      ...initialSessionState,
      status: 'signed-out',
      logoutMessage: en.AUTH_PATCH_ERROR,
    });
    renderApp('/login');
    expect((await screen.findByText(en.AUTH_PATCH_ERROR)).textContent).toBe(en.AUTH_PATCH_ERROR);
  });
});
