import { lazy, Suspense } from 'react';
import { useAppServices } from '@/app/app-services';
import { HostLink } from '@/app/components/host-link/host-link';
import { Icon } from '@/app/components/icon/icon';
import { LoginLoader } from '@/app/components/login-loader/login-loader';
import { Logo } from '@/app/components/logo/logo';
import { LoadingBlock } from '@/app/components/spinner/spinner';
import { SupportLink } from '@/app/config/support-link';
import { useSessionStore } from '@/shared/stores/session-store';
import { DownloadCard, type DesktopPlatform } from './download-card';
import { SignInForm } from './sign-in-form';
import './sign-in-page.css';

/** spec: session 2 routes — login, login/{token}/invite, login/download/windows|osx. */
export type SignInVariant = 'default' | 'invite' | DesktopPlatform;

export interface SignInPageProps {
  variant: SignInVariant;
  /** The invitation token from login/{token}/invite (never shown, logged or passed on). */
  inviteToken?: string;
}

// Only invitees need the set-password screen: the sign-in page loads it on demand.
const AcceptInvitation = lazy(async () => ({
  default: (await import('./accept-invitation')).AcceptInvitation,
}));

const HIGHLIGHTS = [
  { icon: 'pipeline', text: 'Follow every lead from first call to filed case.' },
  { icon: 'dashboard', text: 'See sets, shows and hires against your weekly goals.' },
  { icon: 'call-flow', text: 'Guide agents through scripted intake while the call is live.' },
] as const;

export function SignInPage({ variant, inviteToken }: SignInPageProps) {
  const { session } = useAppServices();
  const restoring = useSessionStore((state) => state.status === 'restoring');
  const logoutMessage = useSessionStore((state) => state.logoutMessage);
  const signedInAs = useSessionStore((state) =>
    state.status === 'signed-in' ? state.user?.name : undefined,
  );

  return (
    <div className="ic-signin">
      <LoginLoader active={restoring} />
      <aside className="ic-signin__brand" aria-hidden="true">
        <Logo size="lg" />
        <div className="ic-signin__brand-inner">
          <p className="ic-signin__brand-eyebrow">Optimization Software</p>
          <p className="ic-signin__brand-title">
            Every lead, every call, every hire — in one cockpit.
          </p>
          <ul className="ic-signin__highlights">
            {HIGHLIGHTS.map((item) => (
              <li key={item.text}>
                <span className="ic-signin__highlight-icon">
                  <Icon name={item.icon} />
                </span>
                {item.text}
              </li>
            ))}
          </ul>
        </div>
      </aside>
      <main className="ic-signin__main" id="ic-main">
        <div className="ic-signin__card">
          <Logo size="lg" />
          <h1 className="ic-signin__title">
            {variant === 'invite' ? 'Accept your invitation' : 'Sign in'}
          </h1>
          {variant === 'invite' ? null : (
            <p className="ic-signin__subtitle">Welcome back. Sign in to your workspace.</p>
          )}

          {logoutMessage ? (
            <div className="ic-signin__notice" role="status">
              <Icon name="info" size="sm" />
              <span>{logoutMessage}</span>
            </div>
          ) : null}

          {signedInAs ? (
            <div className="ic-signin__notice ic-signin__notice--info">
              <Icon name="user" size="sm" />
              <span>
                You are signed in as {signedInAs}.{' '}
                <HostLink to="/app">Go to your start page</HostLink>
              </span>
            </div>
          ) : null}

          {variant === 'windows' || variant === 'osx' ? <DownloadCard platform={variant} /> : null}

          {variant === 'invite' ? (
            // issue #16: the invitee chooses a password, then is signed in with it.
            <Suspense fallback={<LoadingBlock label="Checking your invitation…" />}>
              <AcceptInvitation token={inviteToken ?? ''} />
            </Suspense>
          ) : (
            <SignInForm onSignIn={({ username, password }) => session.signIn(username, password)} />
          )}

          <p className="ic-signin__help">
            Trouble signing in?{' '}
            {/* noreferrer (SupportLink): an invite page's address holds its token. */}
            <SupportLink>Contact support</SupportLink>
          </p>
        </div>
      </main>
    </div>
  );
}
