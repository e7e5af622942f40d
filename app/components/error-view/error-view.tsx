import { SupportLink } from '@/app/config/support-link';
import { Button } from '@/app/components/button/button';
import './error-view.css';

export const ERROR_VIEW_TEXT = "Sorry! We weren't able to retrieve data at this time.";

export interface ErrorViewProps {
  /** Shows 'Try Again?' where the screen can reload (spec: dashboards 2.10). */
  onRetry?: () => void;
  /** A more precise reason under the standard text, e.g. 'No Data'. */
  detail?: string;
}

/** spec: dashboards 2.10 Generic error view; the support link is the server's (issue #30). */
export function ErrorView({ onRetry, detail }: ErrorViewProps) {
  return (
    <div className="ic-error-view" role="alert">
      <p className="ic-error-view__text">{ERROR_VIEW_TEXT}</p>
      {detail ? <p className="ic-error-view__detail">{detail}</p> : null}
      <p className="ic-error-view__actions">
        <SupportLink className="ic-error-view__support">contact support</SupportLink>
        {onRetry ? (
          <Button variant="secondary" onClick={onRetry}>
            Try Again?
          </Button>
        ) : null}
      </p>
    </div>
  );
}
