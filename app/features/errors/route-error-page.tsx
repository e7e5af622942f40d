import { buttonClassName } from '@/app/components/button/button';
import { Logo } from '@/app/components/logo/logo';
import { SupportLink } from '@/app/config/support-link';
import './error-page.css';

/**
 * What shows when a screen fails to load or render (a chunk missing after a deploy, a
 * bug): a way out instead of a blank page.
 */
export function RouteErrorPage() {
  return (
    <main className="ic-error-page" id="ic-main">
      <div className="ic-error-page__card" role="alert">
        <Logo />
        <h1 className="ic-error-page__title">Something went wrong</h1>
        <p className="ic-error-page__text">
          This page could not be shown. Reloading usually helps; if it keeps happening, please{' '}
          <SupportLink>contact support</SupportLink>.
        </p>
        <div className="ic-error-page__actions">
          <button
            type="button"
            className={buttonClassName({ variant: 'primary' })}
            onClick={() => window.location.reload()}
          >
            Reload the page
          </button>
          <a href="/app" className={buttonClassName({ variant: 'secondary' })}>
            Go to your start page
          </a>
        </div>
      </div>
    </main>
  );
}
