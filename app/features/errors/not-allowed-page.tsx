import { useHost } from '@/app/host/host';
import { buttonClassName } from '@/app/components/button/button';
import { HostLink } from '@/app/components/host-link/host-link';
import { isEditionKey } from '@/shared/domain/editions';
import { effectiveEdition } from '@/shared/domain/route-access';
import { safeImageSrc } from './safe-image-src';
import './error-page.css';

export interface NotAllowedPageProps {
  /** The edition query parameter: the edition the route requires. */
  requiredEdition: string | null;
  /** The imgSrc query parameter. */
  imgSrc: string | null;
}

/** spec: session 2 / 6 — reached by appending not-allowed to a path the edition does not include. */
export function NotAllowedPage({ requiredEdition, imgSrc }: NotAllowedPageProps) {
  const { session } = useHost();
  const current = session.user ? effectiveEdition(session.user, session.workspace) : null;
  const required = isEditionKey(requiredEdition) ? requiredEdition : null;

  return (
    <div className="ic-error-page ic-error-page--in-app">
      <div className="ic-error-page__card">
        <img
          className="ic-error-page__illustration"
          src={safeImageSrc(imgSrc)}
          alt=""
          width={240}
          height={160}
        />
        <p className="ic-error-page__eyebrow">Upgrade required</p>
        <h1 className="ic-error-page__title">This feature is not in your edition</h1>
        <p className="ic-error-page__text">
          {current ? `Your edition (${current})` : 'Your edition'} does not include this feature.
          {required ? ` Upgrade to ${required} to use it.` : ' Upgrade your edition to use it.'}
        </p>
        <p className="ic-error-page__text ic-error-page__text--muted">
          Ask your sales rep for more information.
        </p>
        <div className="ic-error-page__actions">
          <HostLink to="/app" className={buttonClassName({ variant: 'primary' })}>
            Back to your start page
          </HostLink>
        </div>
      </div>
    </div>
  );
}
