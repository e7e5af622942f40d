import { useMemo, useState } from 'react';
import { browser } from 'wxt/browser';
import { Button } from '@/app/components/button/button';
import { Logo } from '@/app/components/logo/logo';
import { SignInForm } from '@/app/features/auth/sign-in-form';
import { createPopupSession, openApp, SOCKET_STATUS_TEXT } from '@/extension/pages/page-transport';
import { useLiveState } from '@/extension/pages/use-live-state';
import { useSessionState } from '@/extension/pages/use-session-state';
import { en } from '@/shared/i18n/en';
import type { PortTransport } from '@/shared/transport/port-transport';

const ROLE_TEXT = {
  owner: 'Owner',
  admin: 'Admin',
  operator: 'Agent',
  consultant: 'Consultant',
  system: 'System',
};

/**
 * The toolbar popup: sign-in (the app's own form), who is signed in, the socket's status,
 * the unread notifications and the live call count (the background's one feed), sign
 * out, and the dashboard.
 */
export function Popup({ transport }: { transport: PortTransport }) {
  const state = useSessionState(transport);
  const live = useLiveState(transport);
  const session = useMemo(() => createPopupSession(transport), [transport]);
  const [signingOut, setSigningOut] = useState(false);

  if (!state || state.status === 'restoring') {
    return (
      <main className="ic-popup" aria-busy="true">
        <Logo />
        <p className="ic-popup__muted">Loading…</p>
      </main>
    );
  }

  if (state.status === 'signed-out' || !state.user) {
    return (
      <main className="ic-popup">
        <Logo />
        <h1 className="ic-popup__title">Sign in</h1>
        <p className="ic-popup__muted">One sign-in for Intake Cockpit in all your CRM tabs.</p>
        {state.message ? (
          <p className="ic-popup__message" role="alert">
            {state.message}
          </p>
        ) : null}
        <SignInForm onSignIn={(credentials) => session.signIn(credentials)} />
        <p className="ic-popup__server">Server: {state.appOrigin}</p>
      </main>
    );
  }

  async function signOut() {
    setSigningOut(true);
    try {
      await session.logout();
    } finally {
      setSigningOut(false);
    }
  }

  return (
    <main className="ic-popup">
      <Logo />
      <dl className="ic-popup__facts">
        <dt>Signed in as</dt>
        <dd data-testid="popup-user">
          {state.user.name} <span className="ic-popup__muted">({ROLE_TEXT[state.user.role]})</span>
        </dd>
        <dt>Workspace</dt>
        <dd>{state.workspace?.name ?? '—'}</dd>
        <dt>Live updates</dt>
        <dd data-testid="popup-socket" data-status={state.socket}>
          {SOCKET_STATUS_TEXT[state.socket]}
        </dd>
        <dt>Notifications</dt>
        <dd data-testid="popup-unread" data-unread={live.unread}>
          {live.status === 'ready' ? `${live.unread} unread` : '—'}
        </dd>
        <dt>Live calls</dt>
        <dd data-testid="popup-live-calls">{live.liveCalls ?? '—'}</dd>
      </dl>
      {/* spec: session 4 Sockets, issue #28 — persistent while the socket is in error. */}
      {state.socket === 'error' ? (
        <p className="ic-popup__message" role="alert" data-testid="popup-socket-error">
          <strong>{en.SOCKET_ERROR_TITLE}</strong> {en.SOCKET_ERROR_BODY}
        </p>
      ) : null}
      <div className="ic-popup__actions">
        <Button variant="primary" block onClick={() => openApp(state.appOrigin)}>
          Open the dashboard
        </Button>
        <Button block onClick={() => void signOut()} disabled={signingOut}>
          {signingOut ? 'Signing out…' : 'Sign out'}
        </Button>
      </div>
      {state.user.role === 'owner' || state.user.role === 'admin' ? (
        <button
          type="button"
          className="ic-popup__link"
          onClick={() => void browser.runtime.openOptionsPage()}
        >
          Extension settings
        </button>
      ) : null}
    </main>
  );
}
