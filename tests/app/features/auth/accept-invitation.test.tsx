import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PASSWORD_SET_TEXT } from '@/app/features/auth/accept-invitation';
import { INVITE_PASSWORD_MESSAGES } from '@/app/features/auth/invite-password-draft';
import { INVITATION_ERRORS } from '@/shared/contracts/users-administration';
import { PASSWORD_RULE_MESSAGES } from '@/shared/domain/password-rules';
import { SignInError } from '@/shared/session/sign-in-error';
import { initialSessionState, useSessionStore } from '@/shared/stores/session-store';
import { makeUser, makeWorkspace } from '../../../shared/domain/fixtures';
import { fakeApi, type Handler } from '../../fake-api';
import { fakeSessionService, renderApp } from '../../helpers';

// issue #16 — login/{token}/invite (spec: session 2 route table, 7 GET users/{token}/password
// and POST users/password/confirm).

const TOKEN = 'Abc_def-ghijklmnopqrstuvwxyz0123456789ABCDE';
const INFO = {
  data: {
    username: 'nina.new@lakeside.test',
    firstName: 'Nina',
    lastName: 'New',
    workspaceName: 'Lakeside Law',
    expiresAt: '2026-12-03T10:00:00.000Z',
  },
};

afterEach(() => {
  useSessionStore.setState(initialSessionState);
});

function renderInvite(
  routes: { info?: Handler; confirm?: Handler } = {},
  signIn = vi.fn(async (username: string) => {
    const user = makeUser({ role: 'operator', username });
    useSessionStore.setState({
      user,
      workspace: makeWorkspace({ ctmAccount: 'acct', ctmSetting: true }),
      status: 'signed-in',
    });
    return user;
  }),
  token = TOKEN,
) {
  useSessionStore.setState({ ...initialSessionState, status: 'signed-out' });
  const api = fakeApi({
    [`users/${token}/password`]: routes.info ?? (() => INFO),
    'users/password/confirm':
      routes.confirm ?? (() => ({ data: { username: 'nina.new@lakeside.test' } })),
  });
  const result = renderApp(`/login/${token}/invite`, {
    api,
    services: { session: fakeSessionService({ signIn }) },
  });
  return { ...result, api, signIn };
}

const password = () => screen.getByLabelText('New password') as HTMLInputElement;
const confirmField = () => screen.getByLabelText('Confirm password') as HTMLInputElement;
const submit = () =>
  fireEvent.click(screen.getByRole('button', { name: 'Set password and sign in' }));

function type(newPassword: string, again = newPassword) {
  fireEvent.change(password(), { target: { value: newPassword } });
  fireEvent.change(confirmField(), { target: { value: again } });
}

describe('accepting an invitation (issue #16)', () => {
  it('says whose invitation it is and never shows the token', async () => {
    renderInvite();
    expect(await screen.findByText('You have been invited to Lakeside Law')).toBeInTheDocument();
    expect(screen.getByText('Nina New')).toBeInTheDocument();
    expect(screen.getByText('nina.new@lakeside.test')).toBeInTheDocument();
    expect(document.body.textContent).not.toContain(TOKEN);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Accept your invitation');
  });

  it('shows each password rule live as it is met', async () => {
    renderInvite();
    await screen.findByLabelText('New password');
    const rules = () =>
      [...screen.getByRole('list', { name: 'Password rules' }).querySelectorAll('li')].map(
        (item) => item.textContent,
      );
    expect(rules()).toEqual([
      'At least 10 characters (not met yet)',
      'No space at the start or the end (not met yet)',
      'Not your username or e-mail address (not met yet)',
    ]);
    fireEvent.change(password(), { target: { value: 'nina.new' } });
    expect(rules()).toEqual([
      'At least 10 characters (not met yet)',
      'No space at the start or the end (met)',
      'Not your username or e-mail address (not met yet)',
    ]);
    fireEvent.change(password(), { target: { value: 'river-stone-42' } });
    expect(rules().every((rule) => rule?.endsWith('(met)'))).toBe(true);
  });

  it('shows what is wrong beside each field, focuses it, and sends nothing', async () => {
    const { api } = renderInvite();
    await screen.findByLabelText('New password');
    submit();
    expect(screen.getByText(INVITE_PASSWORD_MESSAGES.enterPassword)).toBeInTheDocument();
    expect(screen.getByText(INVITE_PASSWORD_MESSAGES.enterConfirm)).toBeInTheDocument();
    expect(password().getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(password());

    type('short');
    submit();
    expect(screen.getByText(PASSWORD_RULE_MESSAGES.tooShort)).toBeInTheDocument();

    type('NINA.NEW@lakeside.test');
    submit();
    expect(screen.getByText(PASSWORD_RULE_MESSAGES.sameAsUsername)).toBeInTheDocument();

    type('river-stone-42', 'river-stone-43');
    submit();
    expect(screen.queryByText(PASSWORD_RULE_MESSAGES.sameAsUsername)).toBeNull();
    expect(screen.getByText(INVITE_PASSWORD_MESSAGES.mismatch)).toBeInTheDocument();
    expect(confirmField().getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(confirmField());
    expect(api.calls('users/password/confirm')).toHaveLength(0);
  });

  it('sets the password, signs in with the username and lands on the app', async () => {
    const { api, signIn, router } = renderInvite();
    await screen.findByLabelText('New password');
    type('river-stone-42');
    submit();
    await waitFor(() =>
      expect(signIn).toHaveBeenCalledWith('nina.new@lakeside.test', 'river-stone-42'),
    );
    expect(api.calls('users/password/confirm')[0]?.body).toEqual({
      token: TOKEN,
      password: 'river-stone-42',
    });
    // The route moves the new user on (the lazy screen loads first).
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/dashboards/agent'), {
      timeout: 10_000,
    });
    // The invitation was checked once: not again once set (it would answer "used").
    expect(api.calls(`users/${TOKEN}/password`)).toHaveLength(1);
  }, 20_000);

  it('shows the server refusing the password beside the field, keeping what was typed', async () => {
    renderInvite({
      confirm: () => ({
        fail: 400,
        message: 'password: The password cannot be your username or e-mail address.',
      }),
    });
    await screen.findByLabelText('New password');
    type('river-stone-42');
    submit();
    expect(
      await screen.findByText('The password cannot be your username or e-mail address.'),
    ).toBeInTheDocument();
    expect(password().value).toBe('river-stone-42');
    expect(confirmField().value).toBe('river-stone-42');
  });

  it('says the invitation was used when it is used meanwhile', async () => {
    const { signIn } = renderInvite({
      confirm: () => ({ fail: 410, message: INVITATION_ERRORS.used }),
    });
    await screen.findByLabelText('New password');
    type('river-stone-42');
    submit();
    expect(await screen.findByText(INVITATION_ERRORS.used)).toBeInTheDocument();
    expect(signIn).not.toHaveBeenCalled();
  });

  it('lets the invitee sign in by hand when the automatic sign-in fails', async () => {
    const signIn = vi.fn(async () => {
      throw new SignInError('network', 'The server could not be reached.');
    });
    renderInvite({}, signIn);
    await screen.findByLabelText('New password');
    type('river-stone-42');
    submit();
    expect(await screen.findByText(PASSWORD_SET_TEXT)).toBeInTheDocument();
    expect((screen.getByLabelText('Username') as HTMLInputElement).value).toBe(
      'nina.new@lakeside.test',
    );
  });

  it.each([
    [410, INVITATION_ERRORS.expired],
    [410, INVITATION_ERRORS.revoked],
    [404, INVITATION_ERRORS.unknown],
  ])('explains a %i answer and links to the sign-in page', async (status, message) => {
    const { router } = renderInvite({ info: () => ({ fail: status, message }) });
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.queryByLabelText('New password')).toBeNull();
    fireEvent.click(screen.getByRole('link', { name: 'Go to the sign-in page' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('does not ask the server about a link that is not an invitation token', async () => {
    const { api } = renderInvite({}, undefined, 'not-a-token');
    expect(await screen.findByText(INVITATION_ERRORS.unknown)).toBeInTheDocument();
    expect(api.requests).toHaveLength(0);
    // The page still lets someone with a password sign in.
    expect(screen.getByLabelText('Username')).toBeInTheDocument();
  });

  it('offers Try Again when the invitation cannot be checked', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    let fail = true;
    renderInvite({ info: () => (fail ? { fail: 0, message: 'offline' } : INFO) });
    const retry = await screen.findByRole('button', { name: 'Try Again?' });
    fail = false;
    fireEvent.click(retry);
    expect(await screen.findByText('You have been invited to Lakeside Law')).toBeInTheDocument();
    // The failure is logged, but the token is not (no query key holds it).
    expect(warn).toHaveBeenCalled();
    expect(warn.mock.calls.flat().map(String).join(' ')).toContain('invitation');
    expect(warn.mock.calls.flat().map(String).join(' ')).not.toContain(TOKEN);
    warn.mockRestore();
  });
});
