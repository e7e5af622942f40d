import { buttonClassName } from '@/app/components/button/button';
import { HostLink } from '@/app/components/host-link/host-link';
import { Logo } from '@/app/components/logo/logo';
import { SupportLink } from '@/app/config/support-link';
import './error-page.css';

/** spec: session 2 — the 404 page; any unknown path redirects here. */
export function NotFoundPage() {
  return (
    <main className="ic-error-page" id="ic-main">
      <div className="ic-error-page__card">
        <Logo />
        <p className="ic-error-page__code" aria-hidden="true">
          404
        </p>
        <h1 className="ic-error-page__title">Page not found</h1>
        <p className="ic-error-page__text">
          The page you were looking for does not exist or has moved. Check the address, or start
          again from your start page.
        </p>
        <p className="ic-error-page__text ic-error-page__text--muted">
          A link in the app brought you here? Please <SupportLink>contact support</SupportLink>.
        </p>
        <div className="ic-error-page__actions">
          <HostLink to="/app" className={buttonClassName({ variant: 'primary' })}>
            Go to your start page
          </HostLink>
        </div>
      </div>
    </main>
  );
}
